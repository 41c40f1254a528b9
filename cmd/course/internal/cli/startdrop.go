package cli

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

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
