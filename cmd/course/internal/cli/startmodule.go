package cli

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// StartModuleOptions are the arguments of course start-module.
type StartModuleOptions struct {
	Module    string
	Workspace string
	// Found is true when WORKSPACE was left out and Workspace is the one
	// the current folder is in: the next step is then shown without it,
	// as the learner runs it there.
	Found     bool
	Force     bool
	Expansion bool
	JSON      bool
}

func newStartModuleCmd(env *Env, runF func(*StartModuleOptions) error) *cobra.Command {
	opts := &StartModuleOptions{}
	cmd := &cobra.Command{
		Use:   "start-module NN [WORKSPACE]",
		Short: "Copy a module's tests and cards into the workspace",
		Long: `start-module copies module NN's tests into WORKSPACE/tests/ and the card files
the module brings into WORKSPACE/cards/, rewriting the tests' harness import to
the workspace's module path (from its go.mod). It then prints the harness
functions the module adds, in Go spelling.

It never overwrites a file you changed: a file that is already there and
identical is left alone, and so is a card file that holds the same data laid
out otherwise (the card you wrote for an earlier Expansion Drop stays yours);
a different one is refused (status 2, the file named) unless --force, which
first keeps the old file beside it. Every earlier version is kept: the first
as NAME.orig, the next as NAME.orig.1, then NAME.orig.2, and so on; nothing
kept before is replaced. A file that cannot be read, or that is not a regular
file (a FIFO, a folder), stops the command instead. Running it twice changes
nothing.

It writes only inside the workspace: a tests/ or cards/ folder, or a file in
them, that is a symbolic link leading out of the workspace (dangling or not)
is refused with status 2, naming the path.

The Expansion Drop's test is not copied with the module: once your module is
done and committed, copy it with --expansion (the drop's card, if it has one,
is yours to write). That records the commit the drop starts from in the
workspace's .course/state.json (git-ignored), which check compares the engine
folders with; it is refused (status 2) while the engine folders have
uncommitted changes, since the drop would be blamed for them, for a module
whose tests tests/ does not hold (start the module first), and while any of the
module's own tests fails (the work still to come would be blamed on the drop,
for good): your last check says how they stand when nothing has changed since,
and otherwise start-module runs them first, as check would. Starting the drop
again keeps the commit first recorded. Once a later module is started, the
engine is that module's to change, so a drop started then ends where it starts,
at HEAD: check runs its test and judges no engine change against it.

It ends by saying where to read the module's lesson: course lesson NN.
--json prints one JSON document (course/schema/output/start-module.schema.json).`,
		Example: `  course start-module 01                          # in the workspace you are in
  course start-module 01 ~/my-engine
  course start-module 01 ~/my-engine --expansion  # the Expansion Drop's test
  course start-module 01 ~/my-engine --force      # keep changed copies as .orig`,
		Args: argsWithWorkspace("NN"),
		ValidArgsFunction: func(cmd *cobra.Command, a []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(a) == 0 {
				var out []string
				for _, m := range modules.All() {
					out = append(out, m.Number+"\t"+m.Title)
				}
				return out, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		RunE: func(cmd *cobra.Command, a []string) error {
			if err := swappedArgs(cmd, a); err != nil {
				return err
			}
			opts.Module = a[0]
			ws, err := workspaceArg(a[1:])
			if err != nil {
				return err
			}
			opts.Workspace, opts.Found = ws, len(a) == 1
			if runF != nil {
				return runF(opts)
			}
			return RunStartModule(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace changed copies, keeping each old one as NAME.orig")
	cmd.Flags().BoolVar(&opts.Expansion, "expansion", false, "copy the module's Expansion Drop test instead")
	jsonFlag(cmd, &opts.JSON, "start-module")
	return cmd
}

// StartModuleReport is start-module's --json document
// (course/schema/output/start-module.schema.json).
type StartModuleReport struct {
	SchemaVersion int                   `json:"schemaVersion"`
	Module        string                `json:"module"`
	Expansion     bool                  `json:"expansion"`
	Files         []scaffold.FileResult `json:"files"`
	Harness       []string              `json:"harness"`
	// Drop is the commit the Expansion Drop starts from (with --expansion).
	Drop *workspace.Drop `json:"drop,omitempty"`
	// Lesson is the command that prints the module's lesson, or with
	// --expansion its Expansion Drop.
	Lesson string `json:"lesson"`
}

// RunStartModule copies the module into the workspace; with Expansion it
// copies the drop's test and records the commit the drop starts from.
func RunStartModule(ctx context.Context, env *Env, opts *StartModuleOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	defer env.adoptOrphans()() // ending a drop runs its tests, as check does
	m, err := modules.Lookup(opts.Module)
	if err != nil {
		return err
	}
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	if ws.Kind == workspace.Repository {
		// Copied there, the tests would land in the course's own tree,
		// which status and check then do not count as a started module.
		return usagef("course start-module: %s is the course repository, which starts no module; make your workspace with `course init DIR` and start module %s there",
			opts.Workspace, m.Number)
	}
	if ws.ModulePath == "" {
		if _, err := workspace.ModulePath(ws.Dir); err != nil {
			return err
		}
	}
	content, err := env.content()
	if err != nil {
		return err
	}
	so := scaffold.StartOptions{
		Course: content.Course(), Cards: content.Cards(), Catalog: content.Catalog(), Module: m,
		Workspace: ws, ModulePath: ws.ModulePath, Expansion: opts.Expansion, Force: opts.Force,
	}
	var state *workspace.State
	var drop *workspace.Drop
	var ended map[string]string // the drops this start ends, by number: what is wrong with each
	var results []scaffold.FileResult
	for attempt := 1; ; attempt++ {
		// What to record is decided from the state read before the lock:
		// ending a drop runs its tests, which the lock must not wait for.
		if opts.Expansion {
			state, drop, err = dropStart(ctx, env, ws, m)
		} else {
			state, ended, err = dropsEnd(ctx, env, ws, m)
		}
		if err != nil {
			return err
		}
		if results, err = nothingToWrite(so, state, ended); err != nil {
			return err
		}
		if results != nil {
			break
		}
		var opened string
		results, state, opened, err = startLocked(ctx, ws, so, state, drop, ended)
		if err != nil {
			return err
		}
		if opened == "" {
			break
		}
		if attempt == startAttempts {
			return &workspace.Error{Path: ws.Dir, Why: fmt.Sprintf(
				"drop %sx was started by another course command while start-module %s ran, %d times over, and module %s would leave it open; let that command finish, then run start-module %s again",
				opened, m.Number, attempt, m.Number, m.Number)}
		}
	}
	lesson := "course lesson " + m.Number
	if opts.Expansion {
		lesson += " --drop" // the drop's own page, not the lesson it ends
	}
	if opts.JSON {
		return writeJSON(env.Stdout, StartModuleReport{
			SchemaVersion: 1, Module: m.Number, Expansion: opts.Expansion, Files: results,
			Harness: append([]string{}, m.Harness...), Drop: drop, Lesson: lesson,
		})
	}
	what := "module"
	if opts.Expansion {
		what = "Expansion Drop of module"
	}
	st := env.Term.styles()
	env.sayf("start-module: ", "%s %s %s (%s)", what, m.Number, m.Name(), m.Title)
	numbers := make([]string, 0, len(ended))
	for n := range ended {
		numbers = append(numbers, n)
	}
	sort.Strings(numbers)
	for _, n := range numbers {
		d := state.Drops[n]
		env.sayf("", "drop %sx ends at commit %s: check judges it by the engine from %s to there, and the engine is module %s's to change from now on",
			n, shortHash(d.End), shortHash(d.Commit), m.Number)
		if note := ended[n]; note != "" {
			env.sayf(st.warn.Render("warning:")+" ", "drop %sx: %s", n, note)
		}
	}
	for _, r := range results {
		file := r.Path
		if r.Action == scaffold.Replaced {
			file += " (the old one is " + r.Kept + ")"
		}
		env.sayf("  "+padded(actionStyle(st, r.Action), string(r.Action), 9)+" ", "%s", file)
	}
	if _, restarted := state.Drops[m.Number]; opts.Expansion && drop.End == drop.Commit && !restarted {
		_, later := startedAround(ws, m)
		env.sayf("", "drop %sx starts and ends at commit %s, since module %s is started already and the engine is its to change: check runs the drop's test, and judges no engine change against the drop",
			m.Number, shortHash(drop.Commit), later)
		fmt.Fprintf(env.Stdout, "read the drop: %s\n", lesson)
		env.sayf("", "implement the drop outside the engine folders (in harness/, content/ or cards/, as the lesson says): course check runs its test")
		return nil
	}
	if opts.Expansion && drop.End != "" {
		// Starting an ended drop again restores its test only: its
		// window is the record check judges it by, and it is closed.
		env.sayf("", "drop %sx ended at commit %s, when a later module started: check judges it by the engine from %s to there, as before", m.Number, shortHash(drop.End), shortHash(drop.Commit))
		fmt.Fprintf(env.Stdout, "read the drop: %s\n", lesson)
		return nil
	}
	if opts.Expansion {
		env.sayf("", "drop %sx starts from commit %s (kept in %s)", m.Number, shortHash(drop.Commit), workspace.StateFile)
		fmt.Fprintf(env.Stdout, "read the drop: %s\n", lesson)
		env.sayf("", "implement the drop outside the engine folders (in harness/, content/ or cards/, as the lesson says): course check runs its test and checks the engine is unchanged since %s", shortHash(drop.Commit))
		return nil
	}
	if len(m.Harness) > 0 {
		env.sayf("", "harness functions module %s adds (harness/, Go):", m.Number)
		for _, h := range m.Harness {
			// A declaration wraps under its name, in from its "func".
			if keyword, decl, ok := strings.Cut(h, " "); ok {
				env.sayf("  "+keyword+" ", "%s", decl)
			} else {
				env.sayf("  ", "%s", h)
			}
		}
	}
	if m.Note != "" {
		env.sayf(st.warn.Render("note:")+" ", "%s", m.Note)
	}
	if skipped := notStartedBefore(ws, m); len(skipped) > 0 {
		env.sayf(st.warn.Render("note:")+" ", "module %s comes after %s, not started here; its tests build on what those modules build, so start them first unless you mean to skip ahead",
			m.Number, numberRange(skipped))
	}
	fmt.Fprintf(env.Stdout, "read the lesson: %s\n", lesson)
	check := "course check"
	if !opts.Found {
		check += " " + shellarg.Quote(opts.Workspace)
	}
	env.sayf(st.pass.Render("next:")+" ", "%s: the module's tests fail (RED) until you build what they state; course status says where you stand", check)
	return nil
}

// actionStyle is how start-module shows what it did with a file: a new
// file in the passing colour, a replaced one (its old copy kept) as a
// warning, an unchanged one faint.
func actionStyle(st styles, a scaffold.Action) lipgloss.Style {
	switch a {
	case scaffold.Copied:
		return st.pass
	case scaffold.Replaced:
		return st.warn
	case scaffold.Unchanged:
		return st.dim
	}
	return st.dim
}

// startFiles copies the module's files: scaffold.StartModule, a variable
// so that a test can hold start-module between its copy and its record,
// and run another command then.
var startFiles = scaffold.StartModule

// lockStart takes the state lock for startLocked: workspace.LockState, a
// variable so that a test can save the state from another command between
// start-module's first read of the state and its lock.
var lockStart = workspace.LockState

// startAttempts is how many times start-module decides again what to
// record when a drop it must end was started meanwhile.
const startAttempts = 3

// startLocked copies the module's files and records the start, both under
// the workspace's state lock, so that no other command reads the state
// between the two or writes the same files meanwhile: another start-module
// would otherwise decide from a state without this start's record (end no
// drop this one records, keep an old file under a name this one takes).
// before is the state the start was decided from. A drop of an earlier
// module that the state read under the lock has open and before has not
// (started by another command since) is one a module's start must end, as
// dropsEnd decided without it: nothing is written, and its number is
// returned for the start to be decided again.
func startLocked(ctx context.Context, ws *workspace.Workspace, so scaffold.StartOptions, before *workspace.State, drop *workspace.Drop, ended map[string]string) (results []scaffold.FileResult, after *workspace.State, opened string, err error) {
	held, err := lockStart(ctx, ws)
	if err != nil {
		return nil, nil, "", err
	}
	defer func() {
		if uerr := held.Unlock(); uerr != nil && err == nil {
			err = uerr
		}
	}()
	if !so.Expansion {
		now, err := workspace.LoadState(ws)
		if err != nil {
			return nil, nil, "", err
		}
		if n := openedSince(before, now, so.Module); n != "" {
			return nil, nil, n, nil
		}
	}
	if results, err = startFiles(so); err != nil {
		return nil, nil, "", err
	}
	if so.Expansion {
		return results, before, "", recordDrop(held, so.Module, before, drop)
	}
	after, err = recordModule(held, so.Module, before, ended)
	return results, after, "", err
}

// openedSince is the first drop of a module before m that is open in now
// and that before (the state the start was decided from, with the drops
// it ends ended) has no record of from the same commit; "" for none.
func openedSince(before, now *workspace.State, m modules.Module) string {
	var opened []string
	for n, d := range now.Drops {
		if !d.Open() || n >= m.Number || d.Commit == "" {
			continue
		}
		if was, ok := before.Drops[n]; ok && was.Commit == d.Commit {
			continue
		}
		opened = append(opened, n)
	}
	if len(opened) == 0 {
		return ""
	}
	sort.Strings(opened)
	return opened[0]
}

// nothingToWrite is the files when the start would write nothing: the
// state records it already (the module, or the drop, and no drop to end)
// and every file is the course's; nil otherwise, or the copy's refusal.
// Such a start takes no lock, so that a workspace its user may only read
// starts a module again as before.
func nothingToWrite(so scaffold.StartOptions, state *workspace.State, ended map[string]string) ([]scaffold.FileResult, error) {
	if so.Expansion {
		if _, recorded := state.Drops[so.Module.Number]; !recorded {
			return nil, nil
		}
	} else if _, recorded := state.Modules[so.Module.Number]; !recorded || len(ended) > 0 {
		return nil, nil
	}
	results, err := scaffold.Plan(so)
	if err != nil {
		return nil, err
	}
	for _, r := range results {
		if r.Action != scaffold.Unchanged {
			return nil, nil
		}
	}
	return results, nil
}

// recordDrop records the drop dropStart found to start, unless before (the
// state dropStart read) has it. The state is read again under the state
// lock, so that what another command saved since (watch's last check, a
// hint) is kept; a record of the drop found there then is kept too, as the
// first one recorded always is, and becomes *drop, what the output shows.
func recordDrop(held *workspace.HeldState, m modules.Module, before *workspace.State, drop *workspace.Drop) error {
	if _, recorded := before.Drops[m.Number]; recorded {
		return nil
	}
	return held.Update(func(st *workspace.State) error {
		if d, recorded := st.Drops[m.Number]; recorded {
			*drop = d
			return workspace.ErrUnchanged
		}
		if st.Drops == nil {
			st.Drops = map[string]workspace.Drop{}
		}
		st.Drops[m.Number] = *drop
		return nil
	})
}

// recordModule records that m started, and the drops dropsEnd ended in
// before (the state it read), on the state read again under the state
// lock, so that what another command saved since is kept. A drop whose
// record changed meanwhile (ended by another start-module) keeps the
// record found; one that is gone is recorded again, since nothing of the
// course's removes a drop. It returns the state as it is then, for the
// output's drops.
func recordModule(held *workspace.HeldState, m modules.Module, before *workspace.State, ended map[string]string) (*workspace.State, error) {
	if _, recorded := before.Modules[m.Number]; recorded && len(ended) == 0 {
		return before, nil
	}
	after := before
	err := held.Update(func(st *workspace.State) error {
		after = st
		changed := false
		if _, recorded := st.Modules[m.Number]; !recorded {
			if st.Modules == nil {
				st.Modules = map[string]time.Time{}
			}
			st.Modules[m.Number] = time.Now().UTC().Truncate(time.Second)
			changed = true
		}
		for n := range ended {
			d := before.Drops[n]
			if now, recorded := st.Drops[n]; recorded && (!now.Open() || now.Commit != d.Commit) {
				continue
			}
			if st.Drops == nil {
				st.Drops = map[string]workspace.Drop{}
			}
			st.Drops[n] = d
			changed = true
		}
		if !changed {
			return workspace.ErrUnchanged
		}
		return nil
	})
	return after, err
}

// dropStart is the commit an Expansion Drop starts from: the one recorded
// when it was first started, or else HEAD, whose engine folders must match
// the files on disk and at which the module's own tests must all pass. It
// returns the state it read, which recordDrop records the drop against.
func dropStart(ctx context.Context, env *Env, ws *workspace.Workspace, m modules.Module) (*workspace.State, *workspace.Drop, error) {
	state, err := workspace.LoadState(ws)
	if err != nil {
		return nil, nil, err
	}
	if d, ok := state.Drops[m.Number]; ok {
		return state, &d, nil
	}
	started, later := startedAround(ws, m)
	if !started {
		// Left open from a commit before the module's own work, the drop
		// would be blamed for every engine change up to it, and starting
		// the module would not end it.
		return nil, nil, usagef("course start-module: module %s is not started in %s, and its Expansion Drop comes once its tests pass; run `course start-module %s %s` first, then start the drop once they pass and are committed",
			m.Number, ws.Dir, m.Number, shellarg.Quote(ws.Dir))
	}
	now := time.Now().UTC().Truncate(time.Second)
	if later != "" {
		// The engine is the later module's to change already: a drop left
		// open would be blamed for that module's work, and no start of a
		// module would ever end it. It ends where it starts, at HEAD, and
		// the engine's uncommitted changes are the later module's.
		head := headCheck(ws)
		if head.err != nil {
			return nil, nil, head.err
		}
		return state, &workspace.Drop{Commit: head.res.Commit, StartedAt: now, End: head.res.Commit, EndedAt: now}, nil
	}
	head, err := engineAtHead(ws, "the drop would be blamed for them", "your module", "start the drop")
	if err != nil {
		return nil, nil, err
	}
	// A module still in progress would have its engine work to come count
	// against the drop, and for good: starting the drop again keeps this
	// commit, and so does an instructor's record of it. A check that still
	// holds says how the tests stand; otherwise they run now. The drop's
	// own test, there when a drop whose record was lost starts again, is
	// not the module's.
	cm, when := moduleAtLastCheck(env, ws, m), "at your last check, and nothing has changed since"
	if cm == nil {
		r, err := testsNow(ctx, env, ws, m.Number, fmt.Sprintf("start-module: running module %s's tests, which its drop starts after ...", m.Number))
		if err != nil {
			return nil, nil, fmt.Errorf("module %s's tests, which must pass before its Expansion Drop starts, could not be run: %w", m.Number, err)
		}
		cm, when = moduleOf(r, m), "as they ran just now"
	}
	own, _ := moduleTests(m, *cm)
	passed, total := tally(own)
	const why = "its Expansion Drop starts from the finished module: the engine work still to come would count against the drop; make them pass, commit, and start the drop then"
	if cm.NotBuilt || total == 0 {
		return nil, nil, usagef("course start-module: module %s's tests do not build (%s; `course check` shows why), and %s", m.Number, when, why)
	}
	if passed < total {
		return nil, nil, usagef("course start-module: module %s's tests do not all pass (%d of %d failed %s), and %s", m.Number, total-passed, total, when, why)
	}
	return state, &workspace.Drop{Commit: head, StartedAt: now}, nil
}

// moduleAtLastCheck is m's line in the workspace's last check, when that
// check still holds (nothing it depends on has changed since); else nil.
func moduleAtLastCheck(env *Env, ws *workspace.Workspace, m modules.Module) *checker.Module {
	cached, _, err := holdingCheck(env, ws)
	if err != nil {
		return nil
	}
	if r := cached.report(); r != nil {
		return lineOf(r, m)
	}
	return nil
}

// moduleOf is m's line in a check's report: one with no tests when the
// report has none for m.
func moduleOf(r *checker.Report, m modules.Module) *checker.Module {
	if l := lineOf(r, m); l != nil {
		return l
	}
	return &checker.Module{Number: m.Number}
}

// lineOf is m's line in a check's report, nil when it has none.
func lineOf(r *checker.Report, m modules.Module) *checker.Module {
	for i := range r.Modules {
		if r.Modules[i].Number == m.Number {
			return &r.Modules[i]
		}
	}
	return nil
}

// startedAround reports whether tests/ holds any of m's tests, which is
// what check counts as started, and the first module after m whose tests
// it holds ("" for none), from one read of tests/. A tests/ that cannot be
// read counts m started and none after: the drop's start reads the
// workspace again, and says what is wrong.
func startedAround(ws *workspace.Workspace, m modules.Module) (started bool, after string) {
	all, err := ws.StartedModules()
	if err != nil {
		return true, ""
	}
	if s := all[m.Number]; s != nil && len(s.Tests) > 0 {
		started = true
	}
	for n, s := range all {
		if n > m.Number && len(s.Tests) > 0 && (after == "" || n < after) {
			after = n
		}
	}
	return started, after
}

// engineAtHead is HEAD's commit when the engine folders on disk are
// HEAD's, every file read (expansion.CheckContent), as a drop's start or
// end needs them; otherwise an error saying
// what the uncommitted changes would cause (blame), and to commit what
// (work) before doing what (then).
func engineAtHead(ws *workspace.Workspace, blame, work, then string) (string, error) {
	return headCommit(ws, headCheck(ws), blame, work, then)
}

// headCheck is the engine folders on disk against HEAD, every file read.
func headCheck(ws *workspace.Workspace) checked {
	res, err := expansion.CheckContent(ws.Dir, "HEAD", ws.Config.EngineDirs)
	return checked{res, err}
}

// checked is an expansion check's result or its error.
type checked struct {
	res *expansion.Result
	err error
}

// headCommit is engineAtHead of a headCheck made already.
func headCommit(ws *workspace.Workspace, head checked, blame, work, then string) (string, error) {
	res, err := head.res, head.err
	if err != nil {
		return "", err
	}
	if len(res.Changes) > 0 {
		return "", &workspace.Error{Path: ws.Dir, Why: fmt.Sprintf(
			"%s (%s), and %s; commit %s first (git add -A && git commit), then %s",
			uncommitted(res.Changes), changeList(res.Changes), blame, work, then)}
	}
	return res.Commit, nil
}

// dropsEnd ends every open drop of a module before m: starting m is where
// the engine becomes the learner's to change again. A drop ends at HEAD,
// whose engine folders must be the files on disk (the drop's work
// committed) and the drop's start commit's (a drop changes no engine
// file); otherwise m does not start, and the message says what to mend.
// It returns the state with the drops ended, and for each ended (by
// number) what is wrong with it ("" for nothing).
func dropsEnd(ctx context.Context, env *Env, ws *workspace.Workspace, m modules.Module) (*workspace.State, map[string]string, error) {
	state, err := workspace.LoadState(ws)
	if err != nil {
		return nil, nil, err
	}
	var open []string
	for n, d := range state.Drops {
		if d.Open() && n < m.Number && d.Commit != "" {
			open = append(open, n)
		}
	}
	if len(open) == 0 {
		return state, nil, nil
	}
	sort.Strings(open)
	notes := map[string]string{} // each drop ended: what is wrong with it, if anything
	started, err := ws.StartedModules()
	if err != nil {
		return nil, nil, err
	}
	atHead := headCheck(ws)
	if err := uncommittedDropChanges(ws, state, open, started, m, atHead); err != nil {
		return nil, nil, err
	}
	head, err := headCommit(ws, atHead, fmt.Sprintf("drop %sx, which module %s ends, would be judged without them", open[0], m.Number),
		"your work", "start module "+m.Number)
	if err != nil {
		return nil, nil, err
	}
	now := time.Now().UTC().Truncate(time.Second)
	for _, n := range open {
		d := state.Drops[n]
		res, err := expansion.Between(ws.Dir, d.Commit, head, ws.Config.EngineDirs)
		var lost *expansion.RevisionError
		switch {
		case errors.As(err, &lost):
			// The start commit is gone (history rewritten): the drop cannot
			// be judged, and refusing would leave the learner no way on. It
			// ends here, and check says it cannot be checked.
			d.End, d.EndedAt = head, now
			state.Drops[n] = d
			notes[n] = fmt.Sprintf("its start commit %s is not in the repository any more, so it stays unchecked, and undone", shortHash(d.Commit))
			continue
		case err != nil:
			return nil, nil, err
		}
		// A later module already started with the drop open is a state
		// from before drops ended: the engine is that module's work, and
		// refusing would leave the learner no way on. The drop ends here,
		// judged as it is (check names the changes).
		if len(res.Changes) > 0 && laterStarted(started, n, m.Number) {
			notes[n] = fmt.Sprintf("the engine changed meanwhile (%s), so it stays undone", changeList(res.Changes))
		} else if len(res.Changes) > 0 {
			return nil, nil, &workspace.Error{Path: ws.Dir, Why: fmt.Sprintf(
				"drop %sx changed %s since it started at %s (%s), and starting module %s would end it so; a drop is written outside the engine: %s, commit, then start module %s",
				n, changedWhat(res.Changes), shortHash(d.Commit), changeList(res.Changes), m.Number, putBack(d.Commit, res.Changes), m.Number)}
		}
		if _, noted := notes[n]; !noted {
			notes[n] = ""
		}
		d.End, d.EndedAt = head, now
		state.Drops[n] = d
	}
	// How the drops' tests do at their end is what they are done by from
	// now on: one check of the modules up to the highest drop ending.
	results, err := dropTestsNow(ctx, env, ws, open[len(open)-1])
	if ctx.Err() != nil {
		return nil, nil, err
	}
	if err != nil {
		// Tests that cannot run (a module's files gone, say) leave no
		// record: status then judges the drop by its tests as they run.
		for _, n := range open {
			if notes[n] == "" {
				notes[n] = fmt.Sprintf("its tests could not be run as it ends (%s)", Message(err))
			}
		}
		return state, notes, nil
	}
	for _, n := range open {
		d := state.Drops[n]
		if d.End == "" {
			continue
		}
		d.EndPassed, d.EndTests = results[n][0], results[n][1]
		state.Drops[n] = d
		if d.EndTests > 0 && d.EndPassed < d.EndTests && notes[n] == "" {
			notes[n] = fmt.Sprintf("its tests pass %d of %d as it ends, so it stays undone", d.EndPassed, d.EndTests)
		}
	}
	return state, notes, nil
}

// dropTestsNow runs check on the workspace as it is, modules up to upTo,
// and returns each drop's tests as passed and total, by module number.
func dropTestsNow(ctx context.Context, env *Env, ws *workspace.Workspace, upTo string) (map[string][2]int, error) {
	r, err := testsNow(ctx, env, ws, upTo, "start-module: running the drops' tests as they end ...")
	if err != nil {
		return nil, err
	}
	out := map[string][2]int{}
	for _, mr := range r.Modules {
		if m, err := modules.Lookup(mr.Number); err == nil {
			_, drop := moduleTests(m, mr)
			passed, total := tally(drop)
			out[mr.Number] = [2]int{passed, total}
		}
	}
	return out, nil
}

// testsNow runs check's tests alone (no audit, no validation) on the
// workspace as it is, modules up to upTo, saying what runs on a terminal.
func testsNow(ctx context.Context, env *Env, ws *workspace.Workspace, upTo, progress string) (*checker.Report, error) {
	env.progressf("%s", progress)
	o := CheckerOptions(env, ws.Dir, upTo, DefaultTimeout, false)
	o.Audit, o.Validate = nil, nil
	r, err := checker.Run(ctx, o, nil)
	env.progressDone()
	return r, err
}

// uncommittedDropChanges refuses to end an open drop whose engine folders
// differ from its start commit by changes not yet committed: committing
// them, as "commit your work" would have the learner do, only makes the
// drop one that changed the engine. They are put back, or kept aside for
// module m with git stash. A drop a later module already started past is
// judged as it is (see dropsEnd), and a start commit that is gone is said
// below. head is the engine folders against HEAD (headCheck), which
// dropsEnd judges HEAD by too.
func uncommittedDropChanges(ws *workspace.Workspace, state *workspace.State, open []string, started map[string]*coursetests.Module, m modules.Module, head checked) error {
	atHead := head.res
	if head.err != nil || len(atHead.Changes) == 0 {
		return nil // headCommit says what is wrong with HEAD
	}
	for _, n := range open {
		d := state.Drops[n]
		if laterStarted(started, n, m.Number) {
			continue
		}
		res, err := expansion.CheckContent(ws.Dir, d.Commit, ws.Config.EngineDirs)
		if err != nil || len(res.Changes) == 0 {
			continue
		}
		// Against HEAD, which is the drop's engine here: put back as
		// putBack says, without a commit to name.
		back := strings.ReplaceAll(putBack("HEAD", atHead.Changes), "git checkout HEAD -- FILE", "git checkout -- FILE")
		return &workspace.Error{Path: ws.Dir, Why: fmt.Sprintf(
			"%s (%s), and drop %sx, which module %s ends, would be judged by them: a drop is written outside the engine; %s; or keep them for module %s with `git stash -u`, start module %s, then `git stash pop`",
			uncommitted(atHead.Changes), changeList(atHead.Changes), n, m.Number, back, m.Number, m.Number)}
	}
	return nil
}

// laterStarted reports whether a module after drop's module and before
// upTo is started.
func laterStarted(started map[string]*coursetests.Module, drop, upTo string) bool {
	for n, s := range started {
		if n > drop && n < upTo && len(s.Tests) > 0 {
			return true
		}
	}
	return false
}

// notStartedBefore is the modules before m that tests/ holds nothing of
// (after start-module m has copied m's files in).
func notStartedBefore(ws *workspace.Workspace, m modules.Module) []string {
	started, err := ws.StartedModules()
	if err != nil {
		return nil
	}
	var out []string
	for _, before := range modules.All() {
		if before.Number >= m.Number {
			break
		}
		if s := started[before.Number]; s == nil || len(s.Tests) == 0 {
			out = append(out, before.Number)
		}
	}
	return out
}

// numberRange is module numbers as a message names them: "01", "01 and
// 02", or "01 to 12" (a run with gaps is listed).
func numberRange(ns []string) string {
	switch {
	case len(ns) == 1:
		return "module " + ns[0]
	case len(ns) == 2:
		return "modules " + ns[0] + " and " + ns[1]
	}
	first, _ := strconv.Atoi(ns[0])
	last, _ := strconv.Atoi(ns[len(ns)-1])
	if last-first == len(ns)-1 {
		return "modules " + ns[0] + " to " + ns[len(ns)-1]
	}
	return "modules " + strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// changeCounts is how many of changes are engine files' and how many
// settings of how the engine runs.
func changeCounts(changes []expansion.Change) (files, settings int) {
	for _, c := range changes {
		if c.Directive != "" {
			settings++
		} else {
			files++
		}
	}
	return files, settings
}

// changedWhat is what changes changed, as a message names it: engine
// files, how the engine runs (go.mod's go line, say), or both.
func changedWhat(changes []expansion.Change) string {
	switch files, settings := changeCounts(changes); {
	case files > 0 && settings > 0:
		return "engine files and how the engine runs"
	case settings > 0:
		return "how the engine runs"
	}
	return "engine files"
}

// uncommitted says that changes are not committed, naming what they change.
func uncommitted(changes []expansion.Change) string {
	switch files, settings := changeCounts(changes); {
	case files > 0 && settings > 0:
		return "the engine folders and how the engine runs have uncommitted changes"
	case settings > 0:
		return "how the engine runs has uncommitted changes"
	}
	return "the engine folders have uncommitted changes"
}

// changeList is engine changes as a message lists them.
func changeList(changes []expansion.Change) string {
	return strings.Join(changeStrings(changes), ", ")
}

func changeStrings(changes []expansion.Change) []string {
	var files []string
	for _, c := range changes {
		files = append(files, c.String())
	}
	return files
}

// putBack is how to undo a drop's changes to the engine since commit: git
// checkout brings back a file that was changed or removed, but knows
// nothing of one that was added, which must go; a setting of how the
// engine runs (go.mod's go line, say) is put back as its Mend says.
func putBack(commit string, changes []expansion.Change) string {
	added, other := false, false
	var settings []string
	for _, c := range changes {
		if mend := c.Mend(commit); mend != "" {
			settings = append(settings, mend)
			continue
		}
		if c.Kind == expansion.Added {
			added = true
		} else {
			other = true
		}
	}
	var ways []string
	if other {
		ways = append(ways, fmt.Sprintf("put back a changed or removed file with `git checkout %s -- FILE`", shortHash(commit)))
	}
	if added {
		ways = append(ways, "move an added file out of the engine folders, or delete it")
	}
	ways = append(ways, settings...)
	return strings.Join(ways, "; ")
}

// shortHash is a commit's hash as git abbreviates it, 7 digits.
func shortHash(h string) string {
	if len(h) > 7 {
		return h[:7]
	}
	return h
}
