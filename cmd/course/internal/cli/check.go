package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/dropstarts"
	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/sandbox"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/internal/usercache"
	"github.com/systemic-game-design/course/modules"
)

// CheckOptions are the arguments of course check.
type CheckOptions struct {
	Workspace string
	// Found is true when WORKSPACE was left out and Workspace is the one
	// the current folder is in: the next step then names none, as the
	// learner runs it there.
	Found bool
	// Workspaces is every WORKSPACE given; more than one (or All) checks a
	// class of workspaces.
	Workspaces []string
	// All is every --all DIR given: every workspace folder inside each.
	All     []string
	Module  string // "" for the highest started
	JSON    bool
	CSV     bool
	Verbose bool
	Timeout time.Duration
	Jobs    int // -j: workspaces at once; 0 for the number of CPUs
	// NoSandbox runs the test binaries unconfined, free to write wherever
	// the user can (see package sandbox).
	NoSandbox bool
}

func newCheckCmd(env *Env, runF func(*CheckOptions) error) *cobra.Command {
	opts := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check [WORKSPACE...] | check --all DIR",
		Short: "The audit, the files, every started module's tests and drops",
		Long: `check runs the coupling audit, then validates the card and level files (as
course validate does), then the tests in WORKSPACE/tests: the course's tests
of every module you have started, up to --module (default: the highest
started), each module's Expansion Drop test once copied in, and the tests you
wrote there yourself (reported under "your tests"). For each Expansion Drop
you started with start-module --expansion, it runs expansion-check against
the commit the drop started from, on the engine as the tests are built from
it: every file is judged before any of your code runs. The commit recorded
in .course/state.json is not taken alone: when the commit before the drop's
test file first appears in HEAD's first-parent history is earlier, the drop
is judged from there, and a line says so ("drop 01x: judged from 1a2b3c4,
the commit before its test file ... first appears, not 9f8e7d6 as
recorded"); a recorded commit not in HEAD's history is said too. An ended
drop is judged no further than the commit before a later module's test file
first appears, since that module's start ended it; an end recorded while no
later module's test file is in tests/ or the history, or one that is not the
drop's start or a commit after it, is not believed, and the drop is judged
as an open one (a line says so).

It prints the audit's line(s), validate's line(s), a line per module with its
first failure in full and every other failing test in one line, a line per
drop ("drop 01x: engine unchanged since 3f2a1c9", or each engine file that
changed), and a closing line that counts what failed:
  4 passed, 0 failed; audit: 1 finding
A coupling finding, a card or level file that does not load, tests that do not
compile or a drop that changed the engine fail check even when every test
passes. A course test file you edited is a warning: its tests may no longer
state the scenario, and check runs the course's copy of it, so a line a
failure names in it is marked "in the course's copy". So is an engineDirs in
.course.json that leaves out engine/, the template's engine folder (the audit
reads only the folders listed), or names other folders than the template's: a
class row then shows its audit as "ok (own engineDirs)". A drop whose tests
run with no record of the commit it started from (.course/ left out of a
hand-in) is a warning too, and "unrecorded" in a class row's drops.

Each test binary is built once and run with a time limit (--timeout): an
endless loop is reported as a timeout of the test that was running, a crash
(a stack overflow, os.Exit) as a crash of that test, with its cause and the
frames of your own code. A build still running after 5 minutes (or after
--timeout, if longer) is stopped and reported as tests that do not compile;
one whose compiler or linker the system ended (most often for want of
memory) is no verdict: check stops with status 2 and says so. So is a
workspace folder, or a TMPDIR, whose path holds a byte that is not UTF-8:
check cannot name its copies of the course's tests there to the go
command; rename or move the folder, or point TMPDIR elsewhere.
A panicking stub does not hide the tests after it: they run again, each on
its own. A panic's trace is cut to your own frames; --verbose shows every
line.
The course's property tests (rapid's) run with rapid's own defaults,
whatever RAPID_CHECKS, RAPID_STEPS or RAPID_SEED say; go test takes those.

Several WORKSPACEs, or --all DIR (every folder and every link inside DIR,
not a file or a name that starts with a dot; give --all again for more
folders), check a class:
-j workspaces at once, one row per workspace (passed/total per module, the
audit, the drops, the first problem in words), --csv for a spreadsheet, or
--json for one document with each workspace's check. A class check keeps,
in your cache folder (COURSE_CACHE_DIR), the start it first saw for each
workspace's drop: a later one that finds another recorded start, or a
history without the first, shows the drop as "moved" and judges it from the
first start while the history holds it. A folder that cannot be
checked is a row with its reason: a link that leads nowhere is one, and so
is the course repository, since the tests it holds would judge it. The
status is 1 when any workspace fails, 2 only when none could be checked.
Workspaces share the go command's build cache, which the go command keeps
whole under builds at once; each gets a scratch cache of its own only when
that cache is off or cannot be written.

On Linux with Landlock, each test binary runs confined: it reads what you
can (save course's own cache folder, where the key that signs a check's
result is kept), but writes only beneath its own workspace, a temporary
folder of the run's (TMPDIR, where t.TempDir and os.CreateTemp put their
files) and /dev/null, it opens no socket (on amd64 and arm64, where a
seccomp filter can be put in force), so what it reads cannot leave over
the network or through a local daemon's socket, and it cannot trace check
or any process outside it (nor, from Linux 6.12, signal them).
So a workspace's tests cannot change another workspace, your Go settings,
build or module cache, or check's own output. A test of yours that writes
elsewhere, or opens a network connection, fails with "permission
denied" under check: write beneath t.TempDir() or your workspace, or run
check with --no-sandbox. Where the
system has no Landlock (macOS, Windows, an old kernel, a container that
refuses it) the tests run unconfined, and a class check says so on stderr;
before Linux 6.12, a class check with more than one job says that the tests
of workspaces checked at once could signal each other's (check with -j 1).
Confined or not, the build runs as you, and the tests can read your files
(and, unconfined, reach your network) as you can: check a class as a user
(or in a container) that holds nothing else (course check WS --json in one
each).

Inside the course repository itself ("course check ."), it checks the
reference engine: the audit on engine/, the repository's card and level
files, then every module's tests and Expansion Drop tests that exist. Run
it with the course program built from the repository (go run ./cmd/course
check .): a repository whose module tests are not this program's own is
refused, since a folder that only passes for the repository would
otherwise be judged by tests of its own making.`,
		Example: `  course check ~/my-engine
  course check ~/my-engine --module 03
  course check . --json
  course check --all ~/class -j 4 --csv > class.csv`,
		Args:              checkArgs(opts),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			if len(a) == 0 && len(opts.All) == 0 {
				ws, err := env.workspaceArg(nil)
				if err != nil {
					return err
				}
				a, opts.Found = []string{ws}, true
			}
			if len(a) > 0 {
				opts.Workspace = a[0]
			}
			opts.Workspaces = a
			if runF != nil {
				return runF(opts)
			}
			return RunCheck(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Module, "module", "", "check modules up to NN only")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	cmd.Flags().BoolVar(&opts.CSV, "csv", false, "print one CSV row per workspace and module")
	cmd.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "show failures whole: every line of a panic's trace")
	timeoutFlag(cmd, &opts.Timeout)
	// An array, not a slice: a comma is part of a folder's name.
	cmd.Flags().StringArrayVar(&opts.All, "all", nil, "check the workspaces in `DIR` (again for each DIR)")
	cmd.Flags().IntVarP(&opts.Jobs, "jobs", "j", 0, "workspaces checked at once (default: one per CPU)")
	cmd.Flags().BoolVar(&opts.NoSandbox, "no-sandbox", false, "run the tests unconfined, free to write anywhere")
	return cmd
}

// checkArgs takes any number of WORKSPACEs (none: the workspace the
// current folder is in); one alone that reads as a module's number is
// refused as notAModule says, unless --all gives the folders.
func checkArgs(opts *CheckOptions) cobra.PositionalArgs {
	workspaces := workspaceNotModule(cobra.ArbitraryArgs)
	return func(cmd *cobra.Command, got []string) error {
		if len(opts.All) > 0 {
			return nil
		}
		return workspaces(cmd, got)
	}
}

// CheckerOptions is what checker.Run needs for a workspace, with the audit
// and validate steps as the coupling-audit and validate commands run them,
// but for one thing: check's audit and listed-folders rule read every
// engine file, trusting git's index for none (see session.OpenContent), as
// its drops do. check's verdict is the instructor's, and status records it;
// an index the learner forged, an entry keeping a clean blob's hash with
// an edited file's stat data, must not pass the edit for the clean blob
// whose verdict the user cache holds.
func CheckerOptions(env *Env, dir, module string, timeout time.Duration, verbose bool) checker.Options {
	var courseFS fs.FS
	if content, err := env.content(); err == nil {
		courseFS = content.Course()
	}
	return checker.Options{
		Workspace: dir, Module: module, Timeout: timeout, Verbose: verbose, Course: courseFS, Sandbox: true,
		Audit: func(ws *workspace.Workspace) (*audit.Report, error) { return auditWorkspace(env, ws, true) },
		Validate: func(ws *workspace.Workspace) (*checker.Validation, error) {
			r, err := validateWorkspace(env, ws)
			if err != nil {
				return nil, err
			}
			var buf bytes.Buffer
			printValidate(&Env{Stdout: &buf}, r)
			return &checker.Validation{OK: r.OK, Findings: len(r.Findings),
				Lines: strings.Split(strings.TrimRight(buf.String(), "\n"), "\n"), Doc: r}, nil
		},
	}
}

// validate refuses options that do not hold together, before anything is
// read: dev check holds the command lines lessons show to it too.
func (o *CheckOptions) validate() error {
	if err := checkTimeout("course check", o.Timeout); err != nil {
		return err
	}
	if o.Jobs < 0 {
		return usagef("course check: -j %d is below zero; give how many workspaces to check at once, or 0 for the number of CPUs", o.Jobs)
	}
	if o.JSON && o.CSV {
		return usagef("course check: --json and --csv cannot go together; choose one")
	}
	// An empty name is no folder: it is most often a shell variable left
	// unset, and a class's row for it would have no name at all.
	for i, w := range o.Workspaces {
		if w == "" {
			return usagef("course check: WORKSPACE %d of %d is empty; give the folder of a workspace (a shell variable left unset gives an empty one)", i+1, len(o.Workspaces))
		}
	}
	for _, a := range o.All {
		if a == "" {
			return usagef("course check: --all is given an empty DIR; give a folder of workspaces (a shell variable left unset gives an empty one)")
		}
	}
	return nil
}

// RunCheck checks a workspace, or a class of them.
func RunCheck(ctx context.Context, env *Env, opts *CheckOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	defer env.adoptOrphans()()
	if err := opts.validate(); err != nil {
		return err
	}
	// A --module that names no module is said once, not as a row of
	// every workspace of a class.
	if opts.Module != "" {
		if _, err := modules.Lookup(opts.Module); err != nil {
			return err
		}
	}
	if len(opts.All) > 0 || len(opts.Workspaces) > 1 {
		return runClass(ctx, env, opts)
	}
	if opts.CSV {
		return usagef("course check: --csv is for several workspaces (WORKSPACE... or --all DIR); use --json for one")
	}
	if opts.Workspace == "" && len(opts.Workspaces) > 0 {
		opts.Workspace = opts.Workspaces[0]
	}
	o := CheckerOptions(env, opts.Workspace, opts.Module, opts.Timeout, opts.Verbose)
	o.Sandbox = !opts.NoSandbox
	// What the result is kept under is the workspace as the run found it:
	// a file saved while the tests ran (from an editor, another terminal)
	// makes the kept result stale, and status must run the tests again.
	key := ""
	if ws, err := workspace.Open(opts.Workspace); err == nil && ws.Kind != workspace.Repository {
		key, _ = cacheKey(env, ws)
	}
	report, err := checker.Run(ctx, o, func(p checker.Progress) { env.progressf("%s", progressLine(p)) })
	env.progressDone()
	if err != nil {
		return err
	}
	// A check up to --module is not the whole workspace's: status does
	// not take it as its result, nor does it lead to the next step. Nor
	// does status take a check run with a time limit of its own, which can
	// pass a test that status's (and an instructor's) check times out, or
	// the reverse; it still leads to the next step. Nor, for the same
	// reason, one run unconfined: a test that writes outside the
	// workspace passes there and fails under status's check.
	next := ""
	if opts.Module == "" {
		next = rememberCheck(ctx, env, opts.Workspace, opts.Found, report, key, opts.Timeout == DefaultTimeout && !opts.NoSandbox)
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, report); err != nil {
			return err
		}
	} else {
		printCheck(env, report, next)
	}
	if !report.OK {
		return &FindingError{Summary: report.Summary()}
	}
	return nil
}

// printCheck writes a workspace's report as text, and the next step when
// it passed: coloured on a terminal with colour, and wrapped between words
// on a narrow one.
func printCheck(env *Env, report *checker.Report, next string) {
	out, done := reportLines(env.Stdout, env.Term)
	defer done()
	// The report quotes the workspace (panic messages, test output,
	// file names): shown as termsafe shows it, before the colours.
	report.WriteText(termsafe.NewWriter(out))
	if report.OK && next != "" {
		fmt.Fprintf(out, "next: %s\n", termsafe.String(next))
	}
}

// unconfinedNote tells the instructor, once a class's check has run
// tests, that they ran unconfined because the system cannot confine them
// (not when --no-sandbox asked for it): each workspace's tests could then
// change the others' rows, the Go settings and caches, and the output.
// Confined where the kernel's Landlock does not scope signals (before
// Linux 6.12), the tests of workspaces checked at once (jobs of them)
// could still signal each other's, and fail a row not their own: that is
// said too, with -j 1 as the mend. It goes to stderr, where neither --csv
// nor --json output has it.
func unconfinedNote(env *Env, opts *CheckOptions, jobs int) {
	if opts.NoSandbox {
		return
	}
	if err := sandboxAvailable(); err != nil {
		fmt.Fprintf(env.Stderr, "note: %s, so each workspace's tests could write to the others, your Go settings and caches, and this output, and reach the network; check a class in a container, or as a user, of its own\n", err)
		return
	}
	if jobs > 1 && !signalsScoped() {
		fmt.Fprintf(env.Stderr, "note: this system's Landlock does not keep the tests from signalling processes outside them (from Linux 6.12 it does), so the tests of one workspace could stop those of another checked at the same time and fail its row; check with -j 1, or on a newer kernel\n")
	}
	if !networkRefused() {
		fmt.Fprintf(env.Stderr, "note: this system does not keep the tests off the network (that takes a seccomp filter on amd64 or arm64), so what they can read of your files could leave it; check a class in a container, or as a user, of its own\n")
	}
}

// sandboxAvailable, signalsScoped and networkRefused are package
// sandbox's answers, which tests stand in for.
var (
	sandboxAvailable = sandbox.Available
	signalsScoped    = sandbox.Scoped
	networkRefused   = sandbox.Offline
)

// maxTimeout bounds --timeout: beyond it timers overflow, and it is surely
// a typing slip.
const maxTimeout = 24 * time.Hour

// timeoutFlag is check's and watch's --timeout, the time limit of each
// test run.
func timeoutFlag(cmd *cobra.Command, p *time.Duration) {
	cmd.Flags().DurationVar(p, "timeout", DefaultTimeout, "time limit per test run, at most 24h")
}

// checkTimeout refuses a --timeout that is no time limit (0 or less) or
// past maxTimeout, in the words of the command (cmd) given it.
func checkTimeout(cmd string, d time.Duration) error {
	if d <= 0 || d > maxTimeout {
		return usagef("%s: --timeout %s is out of range; give a time limit above 0 and at most 24h, e.g. --timeout 1m", cmd, d)
	}
	return nil
}

// progressLine is a check's progress in words.
func progressLine(p checker.Progress) string {
	switch p.Phase {
	case "audit":
		return "check: coupling audit"
	case "validate":
		return "check: validating the card and level files"
	case "build":
		return "check: building the tests"
	case "drops":
		return "check: checking the Expansion Drops"
	}
	where := "your tests"
	if p.Module != "" {
		where = "module " + p.Module
	}
	return fmt.Sprintf("check: %s, %d of %d tests done (%s)", where, p.Done, p.Total, p.Test)
}

// classEntry is one folder a class check names: a workspace it checks, or,
// when sameAs is set, a second name of the workspace checked as sameAs.
type classEntry struct{ dir, sameAs string }

// classDirs is the folders a class check covers: those named, then the
// folders of each --all in turn (a link to a folder among them, as a
// class gathered from elsewhere may hold). Each workspace is checked once
// however often it is named: under the first name that is not a link,
// else the first, so that a link (alice -> bob) does not show bob's
// workspace under alice's name in place of bob's own row. Every other
// name of it is an entry too, with the name it is checked under: the
// instructor sees that alice is bob's, not a class one row short. A name
// given twice alike is one entry.
func classDirs(opts *CheckOptions) ([]classEntry, error) {
	dirs := append([]string(nil), opts.Workspaces...)
	for _, all := range opts.All {
		found, err := classFolders(all)
		if err != nil {
			return nil, err
		}
		dirs = append(dirs, found...)
	}
	chosen := map[string]int{} // each workspace's name, by its index in dirs
	keys := make([]string, len(dirs))
	for i, d := range dirs {
		key, err := filepath.EvalSymlinks(d)
		if err == nil {
			key, err = filepath.Abs(key)
		}
		if err != nil {
			key = filepath.Clean(d) // its row will say why it cannot be checked
		}
		keys[i] = key
		if j, ok := chosen[key]; !ok || isLink(dirs[j]) && !isLink(d) {
			chosen[key] = i
		}
	}
	var out []classEntry
	named := map[string]bool{}
	for i, d := range dirs {
		if named[filepath.Clean(d)] {
			continue
		}
		named[filepath.Clean(d)] = true
		e := classEntry{dir: d}
		if j := chosen[keys[i]]; j != i {
			e.sameAs = dirs[j]
		}
		out = append(out, e)
	}
	return out, nil
}

// classFolders is the folders of --all DIR, in name order.
func classFolders(all string) ([]string, error) {
	if st, err := os.Lstat(filepath.Join(all, workspace.ConfigFile)); err == nil && st.Mode().IsRegular() {
		// Its folders are its engine/, tests/...: a row each, every
		// one "inside the workspace".
		return nil, usagef("course check: --all %s is a workspace, not a folder of workspaces; check it with `course check %s`, or give the folder that holds it", all, shellarg.Quote(all))
	}
	entries, err := os.ReadDir(all)
	if err != nil {
		return nil, usagef("course check: --all %s cannot be read (%v); give a folder of workspaces", all, err)
	}
	var found []string
	for _, e := range entries {
		p := filepath.Join(all, e.Name())
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		// A link is an entry whatever it leads to: a class gathered
		// from elsewhere is made of links, and one that leads nowhere
		// (a workspace moved or deleted) is a row saying so, not a
		// learner missing from the table. A file is not a workspace
		// (a roster, notes) and is left out.
		if e.Type()&fs.ModeSymlink == 0 && !e.IsDir() {
			continue
		}
		found = append(found, p)
	}
	sort.Strings(found)
	if len(found) == 0 {
		return nil, usagef("course check: --all %s holds no folder; give a folder of workspaces", all)
	}
	return found, nil
}

// checkedDirs is the folders of entries that are checked, in order.
func checkedDirs(entries []classEntry) []string {
	var dirs []string
	for _, e := range entries {
		if e.sameAs == "" {
			dirs = append(dirs, e.dir)
		}
	}
	return dirs
}

// SameWorkspaceError is the row of a folder that is another name (a link)
// of a workspace the class check checks under another name. Link says Dir
// is itself a link; otherwise it is the folder by another path (the class
// folder given once by its path from here and once from /, or through a
// link to a folder above it).
type SameWorkspaceError struct {
	Dir, CheckedAs string
	Link           bool
}

func (e *SameWorkspaceError) Error() string {
	how := "a link to it"
	if !e.Link {
		how = "its folder by another path"
	}
	return fmt.Sprintf("%s is the same workspace as %s (%s), which has its own row", e.Dir, e.CheckedAs, how)
}

// UserError marks the error as the user's to mend.
func (e *SameWorkspaceError) UserError() bool { return true }

// CheckedUnder is the name the workspace is checked under, which the
// class's --json gives as sameAs.
func (e *SameWorkspaceError) CheckedUnder() string { return e.CheckedAs }

// errUnreached is the reason of a workspace whose check a stop cut short
// or never began.
var errUnreached error = &UsageError{Msg: "the check was stopped before this workspace's ended"}

// classRows is a row for each of entries, in their order: the result of
// each folder checked; for a second name of a workspace, whose it is; and
// for a folder a stop left without a result, that it was stopped, so that
// a --json or --csv file kept after the stop does not read as the whole
// class.
func classRows(entries []classEntry, results []checker.Checked) []checker.Checked {
	ended := make(map[string]checker.Checked, len(results))
	for _, c := range results {
		ended[c.Workspace] = c
	}
	rows := make([]checker.Checked, 0, len(entries))
	for _, e := range entries {
		c, ok := ended[e.dir]
		switch {
		case e.sameAs != "":
			c = checker.Checked{Workspace: e.dir, Err: &SameWorkspaceError{Dir: e.dir, CheckedAs: e.sameAs, Link: isLink(e.dir)}}
		case !ok:
			c = checker.Checked{Workspace: e.dir, Err: errUnreached}
		}
		rows = append(rows, c)
	}
	return rows
}

// isLink reports whether the path's last part is a symbolic link.
func isLink(p string) bool {
	st, err := os.Lstat(filepath.Clean(p))
	return err == nil && st.Mode()&fs.ModeSymlink != 0
}

func runClass(ctx context.Context, env *Env, opts *CheckOptions) error {
	entries, err := classDirs(opts)
	if err != nil {
		return err
	}
	dirs := checkedDirs(entries)
	o := CheckerOptions(env, "", opts.Module, opts.Timeout, opts.Verbose)
	o.Learner = true
	o.Sandbox = !opts.NoSandbox
	// The class's own record of where each drop started: a learner's
	// check of their own workspace runs in their account, where such a
	// record would be theirs to edit too, so only a class check keeps one.
	book := dropstarts.Open(usercache.Dir())
	if book != nil {
		o.Starts = book
	}
	results, err := checker.Class(ctx, dirs, o, opts.Jobs, func(p checker.ClassProgress) {
		if !env.Progress {
			return
		}
		const width = 20
		bar := strings.Repeat("#", width*p.Done/max(1, p.Total)) + strings.Repeat(".", width-width*p.Done/max(1, p.Total))
		// Each name as the table shows it: a folder named with a line
		// break in it would otherwise split the one progress line, and
		// leave its first part on the screen above the table.
		running := make([]string, len(p.Running))
		for i, dir := range p.Running {
			running[i] = checker.ShownName(dir)
		}
		env.progressf("check: [%s] %d of %d workspaces done; checking %s", bar, p.Done, p.Total, strings.Join(running, ", "))
	})
	env.progressDone()
	// Stopped part-way, the workspaces that ended are still shown: a
	// class's check can take long, and its finished rows are worth having.
	var canceled *gotest.CanceledError
	stopped := errors.As(err, &canceled)
	if err != nil && (!stopped || len(results) == 0) {
		return err
	}
	stop := err
	ended := len(results)
	results = classRows(entries, results)
	reason := func(err error) string {
		msg := Message(err)
		msg = strings.TrimPrefix(msg, "course: ")
		return strings.TrimPrefix(msg, "course check: ")
	}
	switch {
	case opts.JSON:
		err = writeJSON(env.Stdout, checker.NewClassDocument(results, reason))
	case opts.CSV:
		err = checker.WriteClassCSV(env.Stdout, results, reason)
	default:
		checker.WriteClassTable(termsafe.NewWriter(env.Stdout), results, reason)
		if stopped {
			fmt.Fprintf(env.Stdout, "(stopped with %d of %d workspaces checked)\n", ended, len(dirs))
		}
	}
	if book != nil {
		if why := book.Unkept(); why != nil {
			fmt.Fprintf(env.Stderr, "note: the class's record of where each drop started could not be kept (%v), so a start a learner moves before the next class check is not caught; make the cache folder writable, or name another with COURSE_CACHE_DIR\n", why)
		}
	}
	if err != nil {
		return err
	}
	if stop != nil {
		return stop
	}
	checked, failing, rows := 0, 0, 0
	var firstReason string
	for _, c := range results {
		// A second name of a workspace is told of in its row, and
		// counted once, under the name it is checked as.
		var same *SameWorkspaceError
		if errors.As(c.Err, &same) {
			continue
		}
		rows++
		if c.Report == nil {
			failing++
			if firstReason == "" {
				// Most reasons name the folder already, spelled out
				// where it holds what a terminal acts on.
				firstReason = reason(c.Err)
				if !strings.HasPrefix(firstReason, c.Workspace+":") && !strings.HasPrefix(firstReason, termsafe.String(c.Workspace)+":") {
					firstReason = c.Workspace + ": " + firstReason
				}
			}
			continue
		}
		checked++
		if !c.Report.OK {
			failing++
		}
	}
	if checked == 0 {
		return usagef("course check: none of the %d folders could be checked (%s)", rows, firstReason)
	}
	// How many workspaces ran at once, at most.
	jobs := opts.Jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	unconfinedNote(env, opts, min(jobs, len(dirs)))
	if failing > 0 {
		return &FindingError{Summary: fmt.Sprintf("%d of %d workspaces fail", failing, rows)}
	}
	return nil
}
