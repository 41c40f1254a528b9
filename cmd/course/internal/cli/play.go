package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/mattn/go-isatty"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/play"
	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
)

// PlayOptions are the arguments of course play.
type PlayOptions struct {
	Level string
	List  bool
	Cards bool
	// Workspace is the workspace whose engine plays; "" is the reference.
	Workspace string
	Record    string
	Replay    bool
	Every     time.Duration
}

// workspaceHere is --workspace given without a folder.
const workspaceHere = "."

func newPlayCmd(env *Env, runF func(*PlayOptions) error) *cobra.Command {
	opts := &PlayOptions{}
	cmd := &cobra.Command{
		Use:   "play [--workspace [WS]] LEVEL | --list | --cards",
		Short: "Play a level or the card table in the terminal",
		Long: `play puts an engine on the screen. LEVEL is a level file or the name of a
level built into course (--list shows them; a unique prefix such as 03 will
do; a path into any folder but levels/ is always a file of yours). A rule-grid
level is a grid with the rules in force and the YOU objects beside it; a
SpellGrid level (one with cards or a hand) adds the hand, each minion's Health
and the log of the last move. --cards opens the card table of Part I instead:
both boards, the hands and the log tree of the last action.

The keys are always on screen: arrows, hjkl or wasd step; u or Backspace
undoes; r restarts; tab selects a history row to go back to; q or Ctrl-C
quits. On a SpellGrid level c casts and p plays a card; there is no undo
there, so going back restarts the level and replays the history.

By default the reference engine plays. --workspace plays the engine of a
workspace (the current folder, or WS): course writes a small program into
WS/.course/play/ that speaks to this screen through the workspace's harness,
builds it with the go command and runs it. A harness function that is still
a stub shows its "not implemented" message in the status line, and a panic
the file and line of yours it came from; r builds your engine again as it
restarts, so mend your code and press r. An engine that takes too long
over a move (a loop that never ends) is given up after ` + driver.Timeout.String() + `, with the line
of yours it was running; while the screen waits for it, Ctrl-C quits, and
q too once the screen says it is waiting. What your engine prints
(fmt.Println, log) is kept in WS/.course/play/output.txt.

--record FILE writes the moves played as the level's solution (the level
file with its "solution"); a file already at FILE is kept as FILE.orig (or
FILE.orig.1, ... when one is kept already). --replay plays a level's
recorded solution, one move per key (space) or one every --every, up to the
move that wins the level; the screen says how many moves it left unplayed.`,
		Example: `  course play --list
  course play 01-push
  course play levels/03-text-is-push.json --record my-solution.json
  course play 05 --replay --every 400ms
  course play --workspace ~/my-engine 01-push
  course play --cards`,
		Args:              cobra.ArbitraryArgs,
		ValidArgsFunction: levelNames,
		RunE: func(cmd *cobra.Command, a []string) error {
			if err := playArgs(cmd, opts, a); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return RunPlay(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.List, "list", false, "list the levels built into course")
	cmd.Flags().BoolVar(&opts.Cards, "cards", false, "open Part I's card table instead of a level")
	cmd.Flags().StringVar(&opts.Workspace, "workspace", "", "play the engine of `WS` (default: the current folder)")
	cmd.Flags().Lookup("workspace").NoOptDefVal = workspaceHere
	cmd.Flags().StringVar(&opts.Record, "record", "", "write the moves played to `FILE` as its solution")
	cmd.Flags().BoolVar(&opts.Replay, "replay", false, "play the level's recorded solution")
	cmd.Flags().DurationVar(&opts.Every, "every", 0, "with --replay, a move this often, not one per key")
	return cmd
}

// playArgs sorts the positional arguments: LEVEL, and the folder of a
// --workspace written without "=".
func playArgs(cmd *cobra.Command, opts *PlayOptions, a []string) error {
	want := 1
	if opts.List || opts.Cards {
		want = 0
	}
	if opts.List && opts.Cards {
		return usagef("course play: --list and --cards do not go together; give one")
	}
	if opts.Workspace == workspaceHere && cmd.Flags().Changed("workspace") && len(a) == want+1 {
		// the folder is the argument after --workspace; flags may come
		// after LEVEL, so a LEVEL first and a folder second swap
		if want == 1 && !isDir(a[0]) && isDir(a[1]) {
			a[0], a[1] = a[1], a[0]
		}
		opts.Workspace, a = a[0], a[1:]
	}
	if len(a) != want {
		if want == 0 {
			return usagef("course play takes no LEVEL with --list or --cards, and got %d argument(s); run `course play --help`", len(a))
		}
		return usagef("course play takes one LEVEL (a level file or a name from `course play --list`) and got %d argument(s); run `course play --help`", len(a))
	}
	if want == 1 {
		opts.Level = a[0]
	}
	if opts.Every < 0 {
		return usagef("course play: --every %s is negative; give a duration such as 500ms", opts.Every)
	}
	if opts.Every > 0 && !opts.Replay {
		return usagef("course play: --every paces a replay; add --replay")
	}
	if opts.Cards && (opts.Record != "" || opts.Replay) {
		return usagef("course play: --record and --replay are for levels, not the card table")
	}
	return nil
}

// levelNames completes LEVEL with the built-in levels' names, and files.
func levelNames(_ *cobra.Command, a []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(a) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	all, err := play.Builtin()
	if err != nil {
		return nil, cobra.ShellCompDirectiveDefault
	}
	var names []string
	for _, l := range all {
		names = append(names, l.Name+"\t"+l.Title)
	}
	return names, cobra.ShellCompDirectiveDefault
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// RunPlay lists the levels, or plays a level or the card table.
func RunPlay(ctx context.Context, env *Env, opts *PlayOptions) error {
	if opts.List {
		return listLevels(env)
	}
	var lv play.Level
	if !opts.Cards {
		var err error
		if lv, err = play.Load(opts.Level); err != nil {
			return playError(err)
		}
		if opts.Replay && len(lv.Solution) == 0 {
			return playError(&play.NoSolutionError{Level: lv.Name})
		}
	}
	ws, mp, err := playWorkspace(opts)
	if err != nil {
		return err
	}
	if !isatty.IsTerminal(os.Stdin.Fd()) || !isatty.IsTerminal(os.Stdout.Fd()) {
		return usagef("course play needs a terminal to draw in; run it in one (course play --list works anywhere)")
	}
	engine, name, err := playEngine(ctx, env, opts, ws, mp)
	if err != nil {
		return err
	}
	styles := playStyles(env.Term)
	// A workspace's engine runs its packages' init functions before it
	// greets, which a loop there holds up until it is given up: said,
	// not a blank terminal meanwhile.
	starting := func() {
		if ws != "" {
			env.progressf("starting the %s ...", name)
		}
	}
	if opts.Cards {
		content, err := env.content()
		if err != nil {
			return err
		}
		cat := content.Catalog()
		var names []string
		for _, c := range cat.Cards {
			names = append(names, c.Name)
		}
		starting()
		t, err := play.NewTable(ctx, play.TableOptions{Engine: engine, EngineName: name, Styles: styles, Cards: names})
		env.progressDone()
		if err != nil {
			return playError(err)
		}
		defer t.Close()
		return play.Run(ctx, t, styles.Profile)
	}
	starting()
	g, err := play.NewGrid(ctx, play.GridOptions{
		Level: lv, Engine: engine, EngineName: name, Styles: styles,
		Record: opts.Record, Replay: opts.Replay, Every: opts.Every,
	})
	env.progressDone()
	if err != nil {
		return playError(err)
	}
	defer g.Close()
	if err := play.Run(ctx, g, styles.Profile); err != nil {
		return err
	}
	if g.Won() {
		fmt.Fprintf(env.Stdout, "%s won in %s\n", lv.Name, count(g.MoveCount(), "move"))
	}
	if opts.Record != "" {
		if kept := g.Kept(); kept != "" {
			fmt.Fprintf(env.Stdout, "the file that was at %s is kept as %s\n", opts.Record, kept)
		}
		if err := g.RecordErr(); err != nil {
			return playError(err)
		}
		fmt.Fprintf(env.Stdout, "recorded %s to %s\n", count(len(g.Moves()), "move"), opts.Record)
		if !g.Won() {
			// a file that holds a level's solution is taken to win it
			// (--replay says when it does not): said now, while the
			// player can still play again
			fmt.Fprintf(env.Stdout, "the level was not won, so they do not solve it: play it to the win with --record %s to record a solution\n", opts.Record)
		}
	}
	return nil
}

// playStyles paints the screen as the other commands paint their output:
// in the terminal's colour profile as termenv reads it (Terminal.Profile),
// plain when it has no colour or the environment forbids it (NO_COLOR,
// CLICOLOR=0, TERM=dumb).
func playStyles(term Terminal) play.Styles {
	if !term.colored() {
		return play.NewStyles(colorprofile.ASCII)
	}
	switch term.Profile {
	case termenv.TrueColor:
		return play.NewStyles(colorprofile.TrueColor)
	case termenv.ANSI256:
		return play.NewStyles(colorprofile.ANSI256)
	case termenv.ANSI:
		return play.NewStyles(colorprofile.ANSI)
	case termenv.Ascii:
	}
	return play.NewStyles(colorprofile.ASCII)
}

// playWorkspace is the workspace whose engine plays and its module path,
// or "" for the reference.
func playWorkspace(opts *PlayOptions) (ws, modulePath string, err error) {
	if opts.Workspace == "" {
		return "", "", nil
	}
	ws, err = filepath.Abs(opts.Workspace)
	if err != nil {
		return "", "", fmt.Errorf("course play: find the workspace %s: %w", opts.Workspace, err)
	}
	if _, err := workspace.Open(ws); err != nil {
		return "", "", err
	}
	mp, err := workspace.ModulePath(ws)
	if err != nil {
		return "", "", err
	}
	return ws, mp, nil
}

// playEngine is the engine that plays: the reference, or a workspace's
// driver, built first. A workspace's engine is built again each time the
// screen starts it after the first (r, or a restart after it stopped), so
// that the learner's mend of what the status line named is what plays.
func playEngine(ctx context.Context, env *Env, opts *PlayOptions, ws, modulePath string) (play.Engine, string, error) {
	if ws == "" {
		return func(context.Context) (*driver.Client, error) { return driver.Reference(), nil }, "reference engine", nil
	}
	shown := shownWorkspace(opts.Workspace, ws)
	env.progressf("building the engine of %s ...", shown)
	program, err := driver.Build(ctx, ws, modulePath)
	env.progressDone()
	if err != nil {
		return nil, "", playError(err)
	}
	built := true
	return func(ctx context.Context) (*driver.Client, error) {
		if !built {
			if _, err := driver.Build(ctx, ws, modulePath); err != nil {
				return nil, err
			}
		}
		built = false
		return driver.StartProcess(ctx, program, ws)
	}, "engine of " + shown, nil
}

// shownWorkspace is the workspace as play names it: as given, or, when
// it is the current folder (--workspace with no folder), by the folder's
// name (abs, its absolute path), not ".".
func shownWorkspace(given, abs string) string {
	if given == workspaceHere {
		return filepath.Base(abs)
	}
	return given
}

// playError gives the errors that are the user's to mend their one line;
// a signal that stopped play keeps its own status.
func playError(err error) error {
	var user interface{ UserError() bool }
	var level *data.FileError
	var sig *SignalError
	if errors.As(err, &sig) {
		return err
	}
	if errors.As(err, &level) || errors.As(err, &user) && user.UserError() {
		return usagef("course play: %v", err)
	}
	return err
}

func listLevels(env *Env) error {
	all, err := play.Builtin()
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "LEVEL\tSIZE\tKIND\tSOLUTION\tTITLE")
	for _, l := range all {
		kind := "rule grid"
		if l.Spell() {
			kind = "SpellGrid"
		}
		fmt.Fprintf(w, "%s\t%dx%d\t%s\t%d moves\t%s\n", l.Name, l.Width, l.Height, kind, len(l.Solution), l.Title)
	}
	return w.Flush()
}
