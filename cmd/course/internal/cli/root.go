// Package cli is the course command line: one file per command, each with
// an options struct and a run function that tests call directly. Errors are
// typed (FindingError, UsageError and the packages' own) and mapped to exit
// statuses in exit.go, the one place that decides them.
package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// Env is what every command needs from the outside world.
type Env struct {
	Stdout io.Writer
	Stderr io.Writer
	// Content is the course content the commands read (modules, catalog,
	// lexicon, schemas, card files). When it is nil, openContent opens it
	// the first time a command asks (see Env.content).
	Content *data.Content
	// openContent opens the content once, on first use: a command that
	// reads none of it (expansion-check, init, watch) does not pay for
	// compiling the schemas and checking every card file.
	openContent func() (*data.Content, error)
	// builtin is set when the content is the one built in (no
	// COURSE_CONTENT): parts of it may then be read alone (Env.catalog).
	builtin bool
	// Progress is true when stderr is a terminal: long work then says how
	// far it is.
	Progress bool
	// progressWidth is the width of stderr's terminal now, in cells (0
	// when unknown): a progress line is cut to fit it.
	progressWidth func() int
	// Term is the terminal behind Stdout: rendering, colour and paging.
	Term Terminal
	// Exit ends the process when a command does not stop after a signal
	// (see execute); nil is os.Exit.
	Exit func(status int)
	// reapOrphans is set for the process's own Env (DefaultEnv): the
	// commands that run a learner's tests end what those left running in
	// a session of their own (see adoptOrphans). A test's Env leaves it
	// unset, since the test process's other children are not theirs.
	reapOrphans bool
	// parseOnly is set for the Env of the tree dev check parses a lesson's
	// command lines with (commandsOf): a command takes a workspace left
	// out of its line for none, instead of looking for the one the current
	// folder is in, which is dev check's, not the learner's.
	parseOnly bool
}

// adoptOrphans makes the process the one that the orphans of what a
// command runs are handed to, and returns the function that ends them,
// to be deferred: a learner's test can start a process in a session of
// its own (setsid), out of the process group that ends with the test
// binary, and it outlived check, a class's check and its Ctrl-C. Where
// the system hands orphans to init alone (not Linux), it does nothing.
func (e *Env) adoptOrphans() func() {
	if e.reapOrphans && procgroup.Adopt() {
		return procgroup.EndOrphans
	}
	return func() {}
}

// ContentEnvVar names a course checkout whose course/ and cards/ folders
// replace the ones built into the binary: course authors use it to try
// content before building.
const ContentEnvVar = "COURSE_CONTENT"

// DefaultEnv is the process's own: its stdout and stderr, and the course
// built into the binary (or the checkout COURSE_CONTENT names).
func DefaultEnv() *Env {
	env := &Env{Stdout: os.Stdout, Stderr: os.Stderr, openContent: data.Embedded, builtin: true, reapOrphans: true}
	if dir := os.Getenv(ContentEnvVar); dir != "" {
		env.builtin = false
		env.openContent = sync.OnceValues(func() (*data.Content, error) {
			c, err := data.Open(os.DirFS(filepath.Join(dir, "course")), os.DirFS(filepath.Join(dir, "cards")))
			if err != nil {
				return nil, &contentError{dir: dir, err: err}
			}
			return c, nil
		})
	}
	env.Term = detectTerminal(os.Stdout)
	env.Progress = isatty.IsTerminal(os.Stderr.Fd()) || isatty.IsCygwinTerminal(os.Stderr.Fd())
	env.progressWidth = func() int {
		w, _, err := term.GetSize(int(os.Stderr.Fd()))
		if err != nil {
			return 0
		}
		return w
	}
	return env
}

// progressf says how far long work is, on a terminal only.
func (e *Env) progressf(format string, args ...any) {
	if e.Progress {
		// The line names tests and workspaces: shown as termsafe shows
		// them. It is cut short of the terminal's last column: a line
		// that wrapped left its first part on the screen, above the
		// output, since the next one clears only the line it is on.
		line := termsafe.String(fmt.Sprintf(format, args...))
		if e.progressWidth != nil {
			if w := e.progressWidth(); w > 1 {
				line = ansi.Truncate(line, w-1, "…")
			}
		}
		fmt.Fprint(e.Stderr, "\r\033[K"+line)
	}
}

// progressDone clears the progress line.
func (e *Env) progressDone() {
	if e.Progress {
		fmt.Fprint(e.Stderr, "\r\033[K")
	}
}

// NewRoot is the course command with every subcommand.
func NewRoot(env *Env) *cobra.Command { return newRoot(env, nil) }

// parseOnly is a run function for a tree that only parses (parsed is not
// nil): it keeps the options the command line parsed to in parsed and does
// nothing. With parsed nil it is nil, and the command runs.
func parseOnly[O any](parsed *any) func(*O) error {
	if parsed == nil {
		return nil
	}
	return func(o *O) error {
		*parsed = o
		return nil
	}
}

// newRoot is the command tree. With parsed set it is the tree dev check
// reads a lesson's command lines against (commandsOf): every command
// parses its flags and arguments and refuses what it would refuse, but
// runs nothing, and the options of the command reached are left in parsed.
func newRoot(env *Env, parsed *any) *cobra.Command {
	var showVersion bool
	root := &cobra.Command{
		Use:   "course",
		Short: "The systemic game design course: workspaces, modules, and the checks",
		Long: `course makes a learner's workspace, copies each module's tests into it, and
checks the work: the Zero-Coupling Law (coupling-audit), the Expansion Drop
(expansion-check), the card and level files (validate), and every started
module's tests (check).

Learners also have lesson, hint, status and watch; instructors check a
whole class with check --all; authors have dev check and dev new-module.

Exit status: 0 when what was checked holds, 1 when it does not, 2 when the
command could not run (with one line on stderr saying why), 130 or 143 when
Ctrl-C or SIGTERM stopped it.`,
		Example: `  course init ~/my-engine
  cd ~/my-engine
  course start-module 00      # in a workspace, WORKSPACE may be left out
  course lesson 00
  course check
  course check --all ~/class  # an instructor: one row per workspace
  course dev check            # a course author, in this repository`,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if parsed != nil && len(args) == 0 {
				return nil
			}
			if showVersion && parsed == nil {
				return RunVersion(cmd.Context(), env, &VersionOptions{})
			}
			if len(args) > 0 {
				return unknownSubcommand(cmd, args)
			}
			return cmd.Help()
		},
		SuggestionsMinimumDistance: 2,
	}
	root.Flags().BoolVar(&showVersion, "version", false, "print the version (as course version does)")
	root.SetOut(env.Stdout)
	root.SetErr(env.Stderr)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if near := nearFlags(cmd, err); len(near) > 0 {
			return usagef("%s: %v; did you mean %s?", cmd.CommandPath(), err, strings.Join(near, " or "))
		}
		return usagef("%s: %v; run `%s --help`", cmd.CommandPath(), err, cmd.CommandPath())
	})
	root.AddCommand(
		newInitCmd(env, parseOnly[InitOptions](parsed)),
		newModulesCmd(env, parseOnly[ModulesOptions](parsed)),
		newStartModuleCmd(env, parseOnly[StartModuleOptions](parsed)),
		newCouplingAuditCmd(env, parseOnly[CouplingAuditOptions](parsed)),
		newExpansionCheckCmd(env, parseOnly[ExpansionCheckOptions](parsed)),
		newCheckCmd(env, parseOnly[CheckOptions](parsed)),
		newValidateCmd(env, parseOnly[ValidateOptions](parsed)),
		newVersionCmd(env, parseOnly[VersionOptions](parsed)),
		newLessonCmd(env, parseOnly[LessonOptions](parsed)),
		newHintCmd(env, parseOnly[HintOptions](parsed)),
		newDevCmd(env, parsed),
		newStatusCmd(env, parseOnly[StatusOptions](parsed)),
		newWatchCmd(env, parseOnly[WatchOptions](parsed)),
		newPlayCmd(env, parseOnly[PlayOptions](parsed)),
	)
	adoptCompletionCmd(root, parsed != nil)
	return root
}

// Main runs the command line and returns the exit status. Status 2 prints
// one line on stderr; the other statuses print nothing more than the command
// did.
func Main(args []string, env *Env) int {
	return execute(NewRoot(env), args, env)
}

// signalGrace is how long a command has, after a signal, to stop what it
// started and return; then the process ends without it.
var signalGrace = 3 * time.Second

// execute runs root with args. An interrupt, SIGTERM or SIGHUP cancels the
// command's context, so running tests are stopped instead of left behind,
// and the command then ends with 128 + the signal's number. A command that
// has not returned signalGrace after the signal (it is stuck in a system
// call, say), or a second signal, ends the process with that status at
// once, through env.Exit.
func execute(root *cobra.Command, args []string, env *Env) int {
	root.SetArgs(args)
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 2)
	// A hangup (the terminal's window closed) stops the command as SIGTERM
	// does: what it started runs in sessions of its own, which the
	// terminal's hangup does not reach, and would be left running. Under
	// nohup, which ignores it, it stays ignored.
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	if !signal.Ignored(syscall.SIGHUP) {
		signal.Notify(sigs, syscall.SIGHUP)
	}
	defer signal.Stop(sigs)
	defer takePipeSignals()()
	// A reader that went away (EPIPE) stops the command as Ctrl-C does,
	// whether it read stdout or stderr (`2>&1 | head`). The writers are in
	// place before the signals' goroutine starts, which writes to errOut
	// and not to env (put back as it was once the goroutine is done).
	var readerGone atomic.Bool
	gone := func() {
		if !readerGone.Swap(true) {
			cancel(&SignalError{Signal: syscall.SIGPIPE})
		}
	}
	out := &outputWriter{w: env.Stdout, gone: gone}
	errOut := &outputWriter{w: env.Stderr, gone: gone}
	env.Stdout, env.Stderr = out, errOut
	defer func() { env.Stdout, env.Stderr = out.w, errOut.w }()
	grace := signalGrace
	returned, watched := make(chan struct{}), make(chan struct{})
	defer func() {
		close(returned)
		<-watched
	}()
	go func() {
		defer close(watched)
		var s os.Signal
		select {
		case s = <-sigs:
		case <-returned:
			return
		}
		sigErr := &SignalError{Signal: s}
		cancel(sigErr)
		timer := time.NewTimer(grace)
		defer timer.Stop()
		select {
		case <-returned:
			return
		case <-sigs:
		case <-timer.C:
		}
		fmt.Fprintf(errOut, "course: stopped by %s before it could finish stopping what it started; check for processes it may have left running\n", sigErr.name())
		exit := env.Exit
		if exit == nil {
			exit = os.Exit
		}
		exit(Status(sigErr))
	}()
	cmd, err := root.ExecuteContextC(ctx)
	path := "course"
	if cmd != nil {
		path = cmd.CommandPath()
	}
	if lost := out.failed(); lost != nil && Status(err) <= StatusCannot {
		// The output is lost: a status 0 would pass a report that no one
		// can read (a full disk behind `course check > report.txt`).
		// A finding keeps its status; anything else becomes this error.
		if Status(err) != StatusFinding {
			err = &OutputError{Err: lost}
		} else {
			fmt.Fprintln(env.Stderr, MessageOf(path, &OutputError{Err: lost}))
		}
	}
	if readerGone.Load() {
		// Whatever the command found, its reader saw only part of it:
		// the status is a broken pipe's, as git's and most tools' are,
		// and nothing is said, since no one reads on.
		return Status(&SignalError{Signal: syscall.SIGPIPE})
	}
	status := Status(err)
	if status == StatusCannot || status > StatusCannot {
		fmt.Fprintln(env.Stderr, MessageOf(path, err))
	}
	return status
}

// takePipeSignals takes SIGPIPE, raised by a write to a pipe no one reads
// any more (`course check | head`), from the runtime, which would end the
// process on it at once: the adopted orphans of the learner's tests
// (EndOrphans, run as the command returns) would then run on, and a file
// being written would be left as far as it got. The write fails instead
// (EPIPE), and outputWriter stops the command. The signals need no one:
// the channel holds one and drops the rest.
func takePipeSignals() (stop func()) {
	pipes := make(chan os.Signal, 1)
	signal.Notify(pipes, syscall.SIGPIPE)
	return func() { signal.Stop(pipes) }
}

// jsonFlag adds a command's --json flag; schema is the base name of the
// document's schema in course/schema/output.
func jsonFlag(cmd *cobra.Command, p *bool, schema string) {
	cmd.Flags().BoolVar(p, "json", false, "print one JSON document (schema: "+schema+".schema.json)")
}

// writeJSON prints v as the one indented JSON document a --json flag asks for.
func writeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return err
	}
	// The document quotes text the course did not write (test output,
	// file and folder names): a terminal must not act on any of it.
	_, err := w.Write(termsafe.JSON(buf.Bytes()))
	return err
}
