package cli

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/termsafe"
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

A test file start-module copied for the module path go.mod named before (you
changed it since) is still the course's copy: its harness import is rewritten
for the new module path (updated), and nothing is kept, since nothing in it is
yours. An earlier drop's card is yours when you started that drop before a
module brought the card; otherwise it is the course's copy, and a refusal of
it names the data that differs.

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
			ws, err := env.workspaceArg(a[1:])
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
		so.State = state // who made a card the start would refuse
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
		switch r.Action {
		case scaffold.Replaced:
			file += " (the old one is " + r.Kept + ")"
		case scaffold.Updated:
			file += " (its harness import rewritten for go.mod's module path, " + termsafe.String(ws.ModulePath) + "; it was " + termsafe.String(r.Was) + ")"
		default:
			// copied or unchanged: the file's name says it all
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
	env.sayf(st.pass.Render("next:")+" ", "%s: the module's tests fail (RED) until you build what they state; course status says where you stand", termsafe.String(check))
	return nil
}

// actionStyle is how start-module shows what it did with a file: a new
// file, or one rewritten for go.mod's module path, in the passing colour, a
// replaced one (its old copy kept) as a warning, an unchanged one faint.
func actionStyle(st styles, a scaffold.Action) lipgloss.Style {
	switch a {
	case scaffold.Copied, scaffold.Updated:
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
