package cli

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/modules"
)

// StatusOptions are the arguments of course status.
type StatusOptions struct {
	Workspace string // "" for the one the current folder is in
	Fresh     bool   // run the tests even when the last result still holds
	JSON      bool
}

func newStatusCmd(env *Env, runF func(*StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{}
	cmd := &cobra.Command{
		Use:   "status [WORKSPACE]",
		Short: "Where you stand: each module's tests and drop, the next step",
		Long: `status says where a workspace stands (WORKSPACE, or the one the current
folder is in): a line for each module you have started, and for the next one,
with its tests passed of total, whether its Expansion Drop is started and
whether its engine is unchanged since the drop's start; then a progress bar
for the course and the next step in words.

It runs the tests it needs with course check. When no file of the workspace
has changed since the last check or status, it shows that result instead and
says how old it is; --fresh runs the tests again all the same.`,
		Example: `  course status
  course status ~/my-engine --fresh
  course status --json`,
		Args:              workspaceNotModule(optionalArgs("[WORKSPACE]")),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			if len(a) == 1 {
				opts.Workspace = a[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return RunStatus(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Fresh, "fresh", false, "run the tests again even if nothing changed")
	jsonFlag(cmd, &opts.JSON, "status")
	return cmd
}

// StatusReport is where a workspace stands, as status --json prints it.
type StatusReport struct {
	SchemaVersion int            `json:"schemaVersion"`
	Workspace     string         `json:"workspace"`
	Modules       []ModuleStatus `json:"modules"`
	Done          int            `json:"done"`
	Total         int            `json:"total"`
	Next          string         `json:"next"`
	// CheckedAt is when the tests shown ran; Cached is true when that was
	// an earlier command's run.
	CheckedAt *time.Time `json:"checkedAt,omitempty"`
	Cached    bool       `json:"cached"`

	// holding is what the check found wrong outside the modules' tests
	// (the audit, the card and level files, the learner's own tests), as
	// the step that comes before moving on; "" when nothing is.
	holding string
	// ws is the workspace as the steps' commands name it (see wsArg).
	ws wsArg
	// lost is the modules start-module recorded when tests/ holds no
	// module's test files at all (the folder deleted, say).
	lost []string
	// skipped is the modules the course offers that are not started,
	// below the highest started one, in order.
	skipped []string
}

// ModuleStatus is one module's line.
type ModuleStatus struct {
	Number  string `json:"number"`
	Slug    string `json:"slug"`
	Title   string `json:"title"`
	Started bool   `json:"started"`
	Passed  int    `json:"passed"`
	Total   int    `json:"total"`
	// FirstFailure is the first failing test's name.
	FirstFailure string `json:"firstFailure,omitempty"`
	// NotBuilt is set when the module's tests did not compile.
	NotBuilt bool        `json:"notBuilt,omitempty"`
	Drop     *DropStatus `json:"drop,omitempty"`
	Done     bool        `json:"done"`
}

// DropStatus is a started Expansion Drop's state.
type DropStatus struct {
	Passed int `json:"passed"`
	Total  int `json:"total"`
	// Commit is the commit start-module --expansion recorded ("" when it
	// has no record); EngineChanged lists the engine files that differ from
	// it.
	Commit        string   `json:"commit,omitempty"`
	EngineChanged []string `json:"engineChanged"`
	Verified      bool     `json:"verified"`
	// End is the commit the drop ended at, when a later module started;
	// Error says why its engine cannot be checked (its commit gone, say).
	End   string `json:"end,omitempty"`
	Error string `json:"error,omitempty"`
	// JudgedFrom is the commit the drop is judged from when it is not
	// Commit: the history shows the drop began earlier than recorded
	// (see checker.Drop). Span says so in words.
	JudgedFrom string `json:"judgedFrom,omitempty"`
	// JudgedTo is the commit an ended drop is judged to when it is not
	// End: the commit before a later module's test file first appears,
	// whose start ended the drop (see checker.Drop).
	JudgedTo string `json:"judgedTo,omitempty"`
	// span is the commits the drop is judged over, as check says it
	// (checker.Drop.Span); "" for DropSpan of Commit and End.
	span string
	// changes is EngineChanged as the check found them, kinds and all,
	// for the advice on putting them back.
	changes []expansion.Change
	// atEnd says Passed and Total are how its tests did when it ended,
	// which no later check changes: a drop that ended undone stays so.
	atEnd bool
}

// judgedFrom is the commit the drop is judged from: the engine as it was
// there is what putting it back means.
func (d *DropStatus) judgedFrom() string {
	if d.JudgedFrom != "" {
		return d.JudgedFrom
	}
	return d.Commit
}

// judgedTo is the commit an ended drop is judged to: what it changed, it
// changed before there.
func (d *DropStatus) judgedTo() string {
	if d.JudgedTo != "" {
		return d.JudgedTo
	}
	return d.End
}

// judgedSpan is the commits the drop is judged over, in words: check's
// (with why, when they are not the ones recorded), or for a status not
// made from a check, DropSpan of the commits judged.
func (d *DropStatus) judgedSpan() string {
	if d.span != "" {
		return d.span
	}
	return checker.DropSpan(d.judgedFrom(), d.judgedTo())
}

// RunStatus prints where the workspace stands.
func RunStatus(ctx context.Context, env *Env, opts *StatusOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	defer env.adoptOrphans()() // status may run the tests, as check does
	rep, err := workspaceStatus(ctx, env, opts.Workspace, opts.Fresh)
	if err != nil {
		return err
	}
	if opts.JSON {
		return writeJSON(env.Stdout, rep)
	}
	printStatus(env, rep)
	return nil
}

// workspaceStatus works out where a workspace stands, running check when
// the cached result no longer holds.
func workspaceStatus(ctx context.Context, env *Env, dir string, fresh bool) (*StatusReport, error) {
	given := wsArg(shellarg.Quote(dir)) // "" when found: the steps name it as given
	if dir == "" {
		found, err := findWorkspace("")
		if err != nil {
			return nil, err
		}
		dir = found
	}
	ws, err := workspace.Open(dir)
	if err != nil {
		return nil, err
	}
	if ws.Kind == workspace.Repository {
		return nil, usagef("course status: %s is the course repository, which starts no module; run `course check .` to check the reference", dir)
	}
	// What the modules' progress reads past (a file where the tests
	// folder should be) is said here, not shown as "not started".
	if _, err := ws.StartedModules(); err != nil {
		return nil, err
	}
	progress := workspaceProgress(ws)
	rep := &StatusReport{SchemaVersion: 1, Workspace: ws.Abs, Modules: []ModuleStatus{}, ws: given}
	anyStarted := false
	for _, p := range progress {
		anyStarted = anyStarted || p.started
	}
	var results *checker.Report
	if anyStarted {
		results, rep.CheckedAt, rep.Cached, err = checkResults(ctx, env, ws, fresh)
		if err != nil {
			return nil, err
		}
	}
	if !anyStarted {
		if st, err := workspace.LoadState(ws); err == nil {
			rep.lost = slices.Sorted(maps.Keys(st.Modules))
		}
	}
	fillStatus(env, rep, progress, results)
	return rep, nil
}

// fillStatus lays a check's report out as where the workspace stands.
func fillStatus(env *Env, rep *StatusReport, progress map[string]moduleProgress, results *checker.Report) {
	byNumber, dropOf := indexResults(results)
	highest := -1
	for i, m := range modules.All() {
		if progress[m.Number].started {
			highest = i
		}
	}
	nextShown := false
	for i, m := range modules.All() {
		p := progress[m.Number]
		rep.Total++
		if !p.started && i < highest && modules.Available(mustCourse(env), m) {
			rep.skipped = append(rep.skipped, m.Number)
		}
		if !p.started {
			if !nextShown && i > highest && modules.Available(mustCourse(env), m) {
				rep.Modules = append(rep.Modules, ModuleStatus{Number: m.Number, Slug: m.Slug, Title: m.Title})
				nextShown = true
			}
			continue
		}
		ms := moduleStatusOf(m, p, results, byNumber, dropOf)
		if ms.Done {
			rep.Done++
		}
		rep.Modules = append(rep.Modules, ms)
	}
	rep.holding = holdingStep(results, rep.ws)
	rep.Next = nextStep(rep)
}

// holdingStep is what a check found wrong besides the modules' tests, as
// a step: a module whose tests pass is not done while the engine names a
// card, a card file does not load, or the learner's own tests fail.
func holdingStep(r *checker.Report, ws wsArg) string {
	switch {
	case r == nil:
		return ""
	case r.Audit != nil && !r.Audit.OK && len(r.Audit.Findings) > 0:
		return fmt.Sprintf("the coupling audit fails (%s): move that name out of the engine, to content or the harness; `%s` shows every finding",
			termsafe.String(r.Audit.Findings[0].String()), ws.course("check"))
	case r.Validate != nil && !r.Validate.OK && len(r.Validate.Lines) > 0:
		return fmt.Sprintf("a card or level file does not hold (%s): `%s` shows every problem", termsafe.String(r.Validate.Lines[0]), ws.course("check"))
	case r.YourTests != nil && r.YourTests.FirstFailure != nil:
		return fmt.Sprintf("your own tests fail (%s first): `%s` shows why", termsafe.String(r.YourTests.FirstFailure.Test), ws.course("check"))
	}
	return ""
}

// passedOutcome reports whether a test's outcome, as a report (or an
// older one's cache) writes it, is a pass.
func passedOutcome(o string) bool { return o == "pass" || o == "passed" }

// moduleTests is module m's tests in a check's line for it, its own and
// its Expansion Drop's apart.
func moduleTests(m modules.Module, cm checker.Module) (own, drop []checker.Test) {
	for _, t := range cm.Tests {
		if strings.HasPrefix(t.Name, m.ExpansionTestPrefix()) {
			drop = append(drop, t)
		} else {
			own = append(own, t)
		}
	}
	return own, drop
}

// tally is how many of tests passed, of how many.
func tally(tests []checker.Test) (passed, total int) {
	for _, t := range tests {
		if passedOutcome(t.Outcome) {
			passed++
		}
	}
	return passed, len(tests)
}

// indexResults is a check's modules and drops by module number ("01").
func indexResults(results *checker.Report) (map[string]checker.Module, map[string]checker.Drop) {
	byNumber := map[string]checker.Module{}
	dropOf := map[string]checker.Drop{}
	if results != nil {
		for _, m := range results.Modules {
			byNumber[m.Number] = m
		}
		for _, d := range results.Drops {
			dropOf[strings.TrimSuffix(d.Module, "x")] = d
		}
	}
	return byNumber, dropOf
}

// moduleStatusOf is a started module as status shows it, from a check's
// results (nil: none yet), by module number: its own tests, and its drop's
// test and engine verdict. It is done when its tests and its drop's all
// pass with the engine unchanged; modules says "done" by the same rule.
func moduleStatusOf(m modules.Module, p moduleProgress, results *checker.Report, byNumber map[string]checker.Module, dropOf map[string]checker.Drop) ModuleStatus {
	ms := ModuleStatus{Number: m.Number, Slug: m.Slug, Title: m.Title, Started: true}
	if cm, ok := byNumber[m.Number]; results != nil && (!ok || cm.NotBuilt || len(cm.Tests) == 0) {
		ms.NotBuilt = true
	}
	own, dropTests := moduleTests(m, byNumber[m.Number])
	var drop DropStatus
	drop.Passed, drop.Total = tally(dropTests)
	ms.Passed, ms.Total = tally(own)
	for _, t := range own {
		if !passedOutcome(t.Outcome) {
			ms.FirstFailure = t.Name
			break
		}
	}
	if p.dropStarted {
		drop.EngineChanged = []string{}
		if d, ok := dropOf[m.Number]; ok && d.Commit != "" {
			drop.Commit, drop.End, drop.Error = d.Commit, d.End, d.Error
			drop.JudgedFrom, drop.JudgedTo, drop.span = d.JudgedFrom, d.JudgedTo, d.Span()
			if d.End != "" && d.EndTests > 0 {
				// An ended drop is done as it was when it ended: later
				// modules' work may make its tests pass.
				drop.Passed, drop.Total, drop.atEnd = d.EndPassed, d.EndTests, true
			}
			for _, c := range d.Changes {
				drop.EngineChanged = append(drop.EngineChanged, c.String())
			}
			drop.changes = d.Changes
			drop.Verified = d.OK && d.Error == ""
		}
		ms.Drop = &drop
	}
	ms.Done = ms.Total > 0 && ms.Passed == ms.Total && ms.Drop != nil && ms.Drop.Verified &&
		ms.Drop.Total > 0 && ms.Drop.Passed == ms.Drop.Total
	return ms
}

func mustCourse(env *Env) fs.FS {
	c, err := env.content()
	if err != nil {
		return nil
	}
	return c.Course()
}

// nextStep says in words what the learner does next: the last started
// module's tests first, then what else holds the learner (the audit, the
// files, their own tests, an earlier module's tests that fail), then the
// last module's drop, then the next module. Past the last module, the
// course is finished only when every module is started and done: a
// module skipped, or an earlier drop not started or not passing, is the
// next step.
func nextStep(rep *StatusReport) string {
	var last *ModuleStatus
	for i := range rep.Modules {
		if rep.Modules[i].Started {
			last = &rep.Modules[i]
		}
	}
	upcoming := ""
	for _, m := range rep.Modules {
		if !m.Started {
			upcoming = m.Number
		}
	}
	switch {
	case last == nil && len(rep.lost) == 1:
		return fmt.Sprintf("tests/ holds none of module %s's test files, though start-module started it: run `%s` to put them back", rep.lost[0], rep.ws.course("start-module", rep.lost[0]))
	case last == nil && len(rep.lost) > 1:
		return fmt.Sprintf("tests/ holds none of the test files of modules %s, though start-module started them: run `%s` for each to put them back", joinAnd(rep.lost), rep.ws.course("start-module", "NN"))
	case last == nil && upcoming != "":
		return fmt.Sprintf("start the first module: `%s`, then `course lesson %s`", rep.ws.course("start-module", upcoming), upcoming)
	case last == nil:
		return "this course has no module ready to start"
	}
	if step := testsStep(last, rep.ws); step != "" {
		return step
	}
	if rep.holding != "" {
		return rep.holding
	}
	for i := range rep.Modules {
		if m := &rep.Modules[i]; m.Started && m != last {
			if step := testsStep(m, rep.ws); step != "" {
				return step
			}
		}
	}
	if step, _ := dropStep(last, rep.ws); step != "" {
		return step
	}
	if upcoming != "" {
		return fmt.Sprintf("commit, then `%s`", rep.ws.course("start-module", upcoming))
	}
	if len(rep.skipped) > 0 {
		what := "module " + rep.skipped[0] + " is"
		if len(rep.skipped) > 1 {
			what = "modules " + joinAnd(rep.skipped) + " are"
		}
		return fmt.Sprintf("commit, then `%s`: %s not started yet, and the course is finished when every module is done", rep.ws.course("start-module", rep.skipped[0]), what)
	}
	var stuck []string
	engineStuck := 0 // how many of stuck changed the engine; the others' tests failed as they ended
	for i := range rep.Modules {
		if m := &rep.Modules[i]; m.Started && m != last && !m.Done {
			switch step, stuckDrop := dropStep(m, rep.ws); {
			case stuckDrop:
				stuck = append(stuck, m.Number+"x")
				if len(m.Drop.EngineChanged) > 0 {
					engineStuck++
				}
			case step != "":
				return step
			}
		}
	}
	if len(stuck) > 0 {
		what := "drop " + stuck[0] + " stays"
		if len(stuck) > 1 {
			what = "drops " + joinAnd(stuck) + " stay"
		}
		why := "the engine changed before it ended"
		switch {
		case engineStuck == 0 && len(stuck) == 1:
			why = "its test failed when it ended"
		case engineStuck == 0:
			why = "their tests failed when they ended"
		case engineStuck < len(stuck):
			why = "each changed the engine, or failed its test, before it ended"
		}
		return fmt.Sprintf("every module is started and passes, and %s undone, as %s: the course is otherwise finished", what, why)
	}
	return "every module and drop is done: the course is finished"
}

// testsStep is what a started module's tests ask of the learner; "" when
// they all pass.
func testsStep(m *ModuleStatus, ws wsArg) string {
	switch {
	case m.NotBuilt:
		return fmt.Sprintf("module %s's tests do not build against your workspace: `%s` shows why (the compiler's error, or the file of yours it refuses)", m.Number, ws.course("check"))
	case m.Passed < m.Total:
		return fmt.Sprintf("make module %s's tests pass (%d of %d do; %s fails first): `%s` shows why, `course hint %s` helps",
			m.Number, m.Passed, m.Total, m.FirstFailure, ws.course("check"), m.Number)
	}
	return ""
}

// dropStep is what a started module's Expansion Drop asks of the learner;
// "" when it is done. stuck is true when nothing can be done: the drop
// changed the engine before it ended.
func dropStep(m *ModuleStatus, ws wsArg) (step string, stuck bool) {
	d := m.Drop
	switch {
	case d == nil:
		return fmt.Sprintf("commit, then `%s`", ws.course("start-module", m.Number, "--expansion")), false
	case d.Commit == "":
		return fmt.Sprintf("the drop of module %s was started without a record of its commit: commit your work, then `%s` again", m.Number, ws.course("start-module", m.Number, "--expansion")), false
	case d.Error != "":
		return fmt.Sprintf("the drop of module %s cannot be checked (%s): name the commit it started from to `%s`, or start it again with `%s` after removing its record from %s",
			m.Number, d.Error, ws.course("expansion-check", "COMMIT"), ws.course("start-module", m.Number, "--expansion"), workspace.StateFile), false
	case len(d.EngineChanged) > 0 && d.End != "":
		return fmt.Sprintf("the drop of module %s changed %s (%s) before it ended at %s, so it stays undone; go on with the next module",
			m.Number, changedWhat(d.changes), strings.Join(d.EngineChanged, ", "), shortHash(d.judgedTo())), true
	case len(d.EngineChanged) > 0:
		return fmt.Sprintf("the drop of module %s changed %s (%s): a drop is written outside the engine; %s",
			m.Number, changedWhat(d.changes), strings.Join(d.EngineChanged, ", "), putBack(d.judgedFrom(), d.changes)), false
	case d.Passed < d.Total && d.atEnd:
		// Passing now would not count: the drop is judged as it ended.
		return fmt.Sprintf("drop %sx's test passed %d of %d when it ended at %s, so it stays undone; go on with the next module",
			m.Number, d.Passed, d.Total, shortHash(d.End)), true
	case d.Passed < d.Total:
		return fmt.Sprintf("make drop %sx's test pass without touching the engine: `%s` shows why", m.Number, ws.course("check")), false
	}
	return "", false
}

// joinAnd is "03", "03 and 04", "03, 04 and 07".
func joinAnd(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// printStatus writes the report for a person.
func printStatus(env *Env, rep *StatusReport) {
	st := env.Term.styles()
	w := env.Stdout
	fmt.Fprintln(w, env.Term.hang("workspace ", termsafe.String(rep.Workspace)))
	for _, m := range rep.Modules {
		lead := fmt.Sprintf("  %s %-18s ", m.Number, m.Slug[3:])
		if !m.Started {
			fmt.Fprintln(w, env.Term.hang(lead, st.dim.Render("next: not started")))
			continue
		}
		tests := fmt.Sprintf("%d/%d passed", m.Passed, m.Total)
		if m.NotBuilt {
			tests = "does not build"
		}
		if m.Passed == m.Total && m.Total > 0 {
			tests = st.pass.Render(tests)
		} else {
			tests = st.fail.Render(tests)
		}
		drop := st.dim.Render("drop not started")
		if d := m.Drop; d != nil {
			switch {
			case d.Commit == "":
				drop = st.warn.Render(fmt.Sprintf("drop %d/%d passed, started without a record of its commit", d.Passed, d.Total))
			case d.Error != "":
				drop = st.fail.Render(fmt.Sprintf("drop %d/%d passed, its engine cannot be checked: %s", d.Passed, d.Total, termsafe.String(d.Error)))
			case len(d.EngineChanged) > 0:
				drop = st.fail.Render(fmt.Sprintf("drop %d/%d passed, engine changed %s: %s", d.Passed, d.Total, d.judgedSpan(), termsafe.String(strings.Join(d.EngineChanged, ", "))))
			default:
				passed := fmt.Sprintf("drop %d/%d passed", d.Passed, d.Total)
				if d.atEnd && d.Passed < d.Total {
					// A check now may pass it: say whose count this is.
					passed += " when it ended, so it stays undone"
				}
				text := fmt.Sprintf("%s, engine unchanged %s", passed, d.judgedSpan())
				if d.Passed == d.Total {
					drop = st.pass.Render(text)
				} else {
					drop = st.fail.Render(text)
				}
			}
		}
		line := env.Term.hang(lead, tests+"  "+drop)
		if strings.Contains(line, "\n") && !strings.Contains(env.Term.hang(lead, tests), "\n") {
			// The drop on lines of its own, under the tests.
			line = lead + tests + "\n" + env.Term.hang(strings.Repeat(" ", len(lead)), drop)
		}
		fmt.Fprintln(w, line)
	}
	count := fmt.Sprintf("%d of %d modules done", rep.Done, rep.Total)
	if width := barWidth(env.Term, count); width > 0 {
		count = progressBar(st, rep.Done, rep.Total, width) + " " + count
	}
	fmt.Fprintf(w, "%s\n", count)
	fmt.Fprintln(w, env.Term.hang("next: ", termsafe.String(rep.Next)))
	if rep.Cached && rep.CheckedAt != nil {
		fmt.Fprintln(w, env.Term.hang("", st.dim.Render(fmt.Sprintf("(test results from %s ago; nothing has changed since; --fresh runs them again)", age(time.Since(*rep.CheckedAt))))))
	}
}

// The progress bar's width between its brackets: pipeBar through a pipe
// (or on a terminal of unknown width); on a terminal, what the line has
// room for beside its count, from minBar up to maxBar.
const (
	pipeBar = 28
	minBar  = 10
	maxBar  = 56
)

// barWidth is the width of the bar drawn before count, 0 for none: on a
// terminal the line leaves the last column free, so that it never wraps,
// and a terminal with no room for minBar cells shows the count alone.
func barWidth(term Terminal, count string) int {
	if !term.IsTerminal || term.Width <= 0 {
		return pipeBar
	}
	room := term.Width - 1 - len("[] ") - len(count)
	if room < minBar {
		return 0
	}
	return min(room, maxBar)
}

func progressBar(st styles, done, total, width int) string {
	if total <= 0 {
		total = 1
	}
	filled := done * width / total
	return "[" + st.pass.Render(strings.Repeat("#", filled)) + st.dim.Render(strings.Repeat("-", width-filled)) + "]"
}

// age says a duration as a person would: "12 seconds", "3 minutes".
func age(d time.Duration) string {
	n, unit := 0, ""
	switch {
	case d < time.Minute:
		n, unit = int(d.Seconds()), "second"
	case d < time.Hour:
		n, unit = int(d.Minutes()), "minute"
	case d < 48*time.Hour:
		n, unit = int(d.Hours()), "hour"
	default:
		n, unit = int(d.Hours()/24), "day"
	}
	if n != 1 {
		unit += "s"
	}
	return fmt.Sprintf("%d %s", n, unit)
}

// DefaultTimeout is check's time limit for each run of the tests, and the

// wsArg is the workspace as the commands a step suggests name it: as the
// learner gave it to the command, quoted for a shell (shellarg.Quote), or
// "" when the command found it from the current folder, where the
// commands need none.
type wsArg string

// course is the course command sub with args (a flag's after the
// positional ones and the workspace, which goes where sub takes it:
// after start-module's module, before expansion-check's commit).
func (w wsArg) course(sub string, args ...string) string {
	words := []string{"course", sub}
	var flags []string
	for _, a := range args {
		if strings.HasPrefix(a, "--") {
			flags = append(flags, a)
		} else {
			words = append(words, a)
		}
	}
	if w != "" {
		switch sub {
		case "start-module":
			words = append(words, string(w))
		default:
			words = slices.Insert(words, 2, string(w))
		}
	}
	return strings.Join(append(words, flags...), " ")
}
