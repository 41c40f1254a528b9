package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/modules"
)

// The next step follows from the last started module: its tests, then its
// drop, then the next module.
func TestNextStep(t *testing.T) {
	drop := func(passed, total int, commit string, changes ...expansion.Change) *DropStatus {
		d := &DropStatus{Passed: passed, Total: total, Commit: commit, Verified: commit != "" && len(changes) == 0, changes: changes}
		for _, c := range changes {
			d.EngineChanged = append(d.EngineChanged, c.String())
		}
		return d
	}
	next := ModuleStatus{Number: "02"}
	for _, tc := range []struct {
		name string
		mods []ModuleStatus
		want string
	}{
		{"nothing started", []ModuleStatus{{Number: "00"}}, "start the first module: `course start-module 00`, then `course lesson 00`"},
		{"red", []ModuleStatus{{Number: "01", Started: true, Passed: 1, Total: 4, FirstFailure: "Test_01_zones"}, next},
			"make module 01's tests pass (1 of 4 do; Test_01_zones fails first): `course check` shows why, `course hint 01` helps"},
		{"not built", []ModuleStatus{{Number: "01", Started: true, NotBuilt: true}, next},
			"module 01's tests do not build against your workspace: `course check` shows why (the compiler's error, or the file of yours it refuses)"},
		{"green, no drop", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4}, next},
			"commit, then `course start-module 01 --expansion`"},
		{"drop without a record", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(0, 1, "")}, next},
			"the drop of module 01 was started without a record of its commit: commit your work, then `course start-module 01 --expansion` again"},
		{"drop changed the engine", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(1, 1, "3f2a1c9d", expansion.Change{Path: "engine/world.go", Kind: expansion.Changed})}, next},
			"the drop of module 01 changed engine files (changed: engine/world.go): a drop is written outside the engine; put back a changed or removed file with `git checkout 3f2a1c9 -- FILE`"},
		{"drop added to the engine", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(1, 1, "3f2a1c9d", expansion.Change{Path: "engine/new.go", Kind: expansion.Added}, expansion.Change{Path: "engine/old.go", Kind: expansion.Removed})}, next},
			"the drop of module 01 changed engine files (added: engine/new.go, removed: engine/old.go): a drop is written outside the engine; put back a changed or removed file with `git checkout 3f2a1c9 -- FILE`; move an added file out of the engine folders, or delete it"},
		{"drop only added to the engine", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(1, 1, "3f2a1c9d", expansion.Change{Path: "engine/new.go", Kind: expansion.Added})}, next},
			"the drop of module 01 changed engine files (added: engine/new.go): a drop is written outside the engine; move an added file out of the engine folders, or delete it"},
		{"drop judged from before its record", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: func() *DropStatus {
			d := drop(1, 1, "9f8e7d6c", expansion.Change{Path: "engine/world.go", Kind: expansion.Changed})
			d.JudgedFrom = "1a2b3c4d"
			return d
		}()}, next},
			"the drop of module 01 changed engine files (changed: engine/world.go): a drop is written outside the engine; put back a changed or removed file with `git checkout 1a2b3c4 -- FILE`"},
		{"drop ended, judged to before its record", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: func() *DropStatus {
			d := drop(1, 1, "3f2a1c9d", expansion.Change{Path: "engine/world.go", Kind: expansion.Changed})
			d.End, d.JudgedTo = "9f8e7d6c", "5a4b3c2d"
			return d
		}()}, next},
			"the drop of module 01 changed engine files (changed: engine/world.go) before it ended at 5a4b3c2, so it stays undone; go on with the next module"},
		{"drop red", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(0, 1, "3f2a1c9d")}, next},
			"make drop 01x's test pass without touching the engine: `course check` shows why"},
		{"drop done", []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4, Drop: drop(1, 1, "3f2a1c9d")}, next},
			"commit, then `course start-module 02`"},
		{"all done", []ModuleStatus{{Number: "13", Started: true, Passed: 4, Total: 4, Drop: drop(1, 1, "3f2a1c9d")}},
			"every module and drop is done: the course is finished"},
	} {
		assert.Equal(t, tc.want, nextStep(&StatusReport{Modules: tc.mods}), tc.name)
	}
}

// Past the last started module's own steps, the course is finished only
// when every module is started and done: an earlier module whose tests fail
// comes before the last one's drop, and a module skipped, or an earlier
// drop not done, before "finished".
func TestNextStepLooksBeyondTheLastModule(t *testing.T) {
	done := func(n string) ModuleStatus {
		return ModuleStatus{Number: n, Started: true, Passed: 4, Total: 4, Done: true,
			Drop: &DropStatus{Passed: 1, Total: 1, Commit: "3f2a1c9d", Verified: true, EngineChanged: []string{}}}
	}
	green := ModuleStatus{Number: "02", Started: true, Passed: 10, Total: 10}
	regressed := ModuleStatus{Number: "01", Started: true, Passed: 2, Total: 4, FirstFailure: "Test_01_names"}
	assert.Equal(t, "make module 01's tests pass (2 of 4 do; Test_01_names fails first): `course check` shows why, `course hint 01` helps",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), regressed, green, {Number: "03"}}}))
	assert.Equal(t, "module 01's tests do not build against your workspace: `course check` shows why (the compiler's error, or the file of yours it refuses)",
		nextStep(&StatusReport{Modules: []ModuleStatus{{Number: "01", Started: true, NotBuilt: true}, done("13")}}))

	assert.Equal(t, "commit, then `course start-module 03`: modules 03, 04 and 07 are not started yet, and the course is finished when every module is done",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), done("13")}, skipped: []string{"03", "04", "07"}}))
	assert.Equal(t, "commit, then `course start-module 12`: module 12 is not started yet, and the course is finished when every module is done",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), done("13")}, skipped: []string{"12"}}))

	noDrop := ModuleStatus{Number: "05", Started: true, Passed: 7, Total: 7}
	assert.Equal(t, "commit, then `course start-module 05 --expansion`",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), noDrop, done("13")}}))
	redDrop := done("06")
	redDrop.Done, redDrop.Drop.Passed = false, 0
	assert.Equal(t, "make drop 06x's test pass without touching the engine: `course check` shows why",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), redDrop, done("13")}}))

	ended := done("02")
	ended.Done, ended.Drop.Verified, ended.Drop.End = false, false, "9e8d7c6b"
	ended.Drop.EngineChanged = []string{"changed: engine/world.go"}
	assert.Equal(t, "every module is started and passes, and drop 02x stays undone, as the engine changed before it ended: the course is otherwise finished",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), ended, done("13")}}))
	// A drop whose test failed as it ended is judged so from then on: its
	// test passing now changes nothing, so status does not ask for it.
	endedRed := done("06")
	endedRed.Done, endedRed.Drop.Passed, endedRed.Drop.End, endedRed.Drop.atEnd = false, 0, "9e8d7c6b", true
	assert.Equal(t, "every module is started and passes, and drop 06x stays undone, as its test failed when it ended: the course is otherwise finished",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), endedRed, done("13")}}))
	assert.Equal(t, "every module is started and passes, and drops 02x and 06x stay undone, as each changed the engine, or failed its test, before it ended: the course is otherwise finished",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), ended, endedRed, done("13")}}))
	assert.Equal(t, "every module and drop is done: the course is finished",
		nextStep(&StatusReport{Modules: []ModuleStatus{done("00"), done("13")}}))
}

// A learner who skipped from Module 0 to Module 13 and did both is told
// to start the first module skipped, not that the course is finished.
func TestStatusNamesTheModulesSkipped(t *testing.T) {
	env, _ := embeddedEnv(t)
	progress := map[string]moduleProgress{}
	results := &checker.Report{}
	for _, n := range []string{"00", "13"} {
		progress[n] = moduleProgress{started: true, dropStarted: true}
		results.Modules = append(results.Modules, checker.Module{Number: n, Tests: []checker.Test{
			{Name: "Test_" + n + "_a", Outcome: "pass"}, {Name: "Test_" + n + "x_b", Outcome: "pass"}}})
		results.Drops = append(results.Drops, checker.Drop{Module: n + "x", Commit: strings.Repeat("a", 40), OK: true})
	}
	rep := &StatusReport{Modules: []ModuleStatus{}}
	fillStatus(env, rep, progress, results)
	assert.Equal(t, 2, rep.Done)
	assert.Equal(t, "commit, then `course start-module 01`: modules 01, 02, 03, 04, 05, 06, 07, 08, 09, 10, 11 and 12 are not started yet, and the course is finished when every module is done", rep.Next)
}

// What a check finds besides the modules' tests holds the learner before
// the next step: the audit first, then the card and level files, then the
// learner's own tests; tests of the module that still fail come first.
func TestNextStepWaitsForTheAuditTheFilesAndYourTests(t *testing.T) {
	green := []ModuleStatus{{Number: "01", Started: true, Passed: 4, Total: 4}, {Number: "02"}}
	finding := audit.Finding{Path: "engine/e.go", Line: 2, Column: 7, Name: "Unstable Ghoul", Kind: audit.KindCard, Module: "03", As: "Unstable Ghoul"}
	report := &checker.Report{
		Audit:     &checker.AuditReport{OK: false, Report: &audit.Report{Findings: []audit.Finding{finding}}},
		Validate:  &checker.Validation{OK: false, Lines: []string{"cards/bad.json: not JSON"}},
		YourTests: &checker.Module{FirstFailure: &checker.Failure{Test: "TestMine"}},
	}
	step := func(r *checker.Report, mods []ModuleStatus) string {
		return nextStep(&StatusReport{Modules: mods, holding: holdingStep(r, "")})
	}
	assert.Equal(t, "the coupling audit fails ("+finding.String()+"): move that name out of the engine, to content or the harness; `course check` shows every finding", step(report, green))
	report.Audit = &checker.AuditReport{OK: true, Report: &audit.Report{}}
	assert.Equal(t, "a card or level file does not hold (cards/bad.json: not JSON): `course check` shows every problem", step(report, green))
	report.Validate = &checker.Validation{OK: true}
	assert.Equal(t, "your own tests fail (TestMine first): `course check` shows why", step(report, green))
	report.YourTests = &checker.Module{}
	assert.Equal(t, "commit, then `course start-module 01 --expansion`", step(report, green))

	red := []ModuleStatus{{Number: "01", Started: true, Passed: 1, Total: 4, FirstFailure: "Test_01_zones"}}
	report.YourTests = &checker.Module{FirstFailure: &checker.Failure{Test: "TestMine"}}
	assert.Contains(t, step(report, red), "make module 01's tests pass")
}

// The build reads a file through a link, so status's cache must see an
// edit to what the link leads to, even in .course or .git, which are not
// otherwise part of the fingerprint; and a link round to a folder it is in
// ends the walk.
func TestTheFingerprintFollowsLinks(t *testing.T) {
	ws := t.TempDir()
	write := func(p, text string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(ws, p)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(ws, p), []byte(text), 0o644))
	}
	write(".course/game.go", "package harness\n")
	write(".course/kept/cards.go", "package harness\n")
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "harness"), 0o755))
	require.NoError(t, os.Symlink("../.course/game.go", filepath.Join(ws, "harness", "game.go")))
	require.NoError(t, os.Symlink("../.course/kept", filepath.Join(ws, "harness", "kept")))
	require.NoError(t, os.Symlink("..", filepath.Join(ws, "harness", "up")))
	require.NoError(t, os.Symlink("nowhere", filepath.Join(ws, "harness", "dangling")))

	before, err := workspaceFingerprint(ws)
	require.NoError(t, err)
	again, err := workspaceFingerprint(ws)
	require.NoError(t, err)
	assert.Equal(t, before, again)

	write(".course/game.go", "package harness // edited\n")
	edited, err := workspaceFingerprint(ws)
	require.NoError(t, err)
	assert.NotEqual(t, before, edited, "a file a link leads to")

	write(".course/kept/cards.go", "package harness // edited\n")
	inFolder, err := workspaceFingerprint(ws)
	require.NoError(t, err)
	assert.NotEqual(t, edited, inFolder, "a file in a folder a link leads to")

	write(".course/state.json", "{}")
	unlinked, err := workspaceFingerprint(ws)
	require.NoError(t, err)
	assert.Equal(t, inFolder, unlinked, "the tool's own files no link leads to")
}

// The fingerprint of a workspace given through a link is its real tree's;
// a folder many links lead to is hashed once, so that a chain of doubled
// links does not take time exponential in its length; and a link out of
// the workspace (into /proc, say) is its target's name alone.
func TestTheFingerprintIsBoundedByTheTree(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, "a.go"), []byte("package a\n"), 0o644))
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(ws, link))
	before, err := workspaceFingerprint(link)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "a.go"), []byte("package a // edited\n"), 0o644))
	after, err := workspaceFingerprint(link)
	require.NoError(t, err)
	assert.NotEqual(t, before, after, "through a link to the workspace")

	const depth = 40
	for i := 0; i <= depth; i++ {
		require.NoError(t, os.MkdirAll(filepath.Join(ws, "_x", fmt.Sprint(i)), 0o755))
	}
	for i := range depth {
		for _, n := range []string{"a", "b"} {
			require.NoError(t, os.Symlink(filepath.Join("..", fmt.Sprint(i+1)), filepath.Join(ws, "_x", fmt.Sprint(i), n)))
		}
	}
	require.NoError(t, os.Symlink("/proc/self/fd", filepath.Join(ws, "fd")))
	done := make(chan error, 1)
	go func() { _, err := workspaceFingerprint(ws); done <- err }()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(20 * time.Second):
		t.Fatal("the fingerprint of 40 doubled links did not end")
	}
}

func TestAgeSaysOneUnitInTheSingular(t *testing.T) {
	for d, want := range map[time.Duration]string{
		time.Second: "1 second", 30 * time.Second: "30 seconds", time.Minute: "1 minute",
		90 * time.Minute: "1 hour", 3 * time.Hour: "3 hours", 72 * time.Hour: "3 days",
	} {
		assert.Equal(t, want, age(d), d.String())
	}
}

// The progress bar fits the terminal: a narrow one does not wrap it (the
// line leaves the last column free, and with no room for a bar the count
// stands alone), a wide one draws it longer, up to a bound, and through a
// pipe it is 28 cells wide whatever the terminal, colour or not.
func TestStatusBarFitsTheTerminal(t *testing.T) {
	rep := &StatusReport{Workspace: "/home/l/ws", Modules: []ModuleStatus{}, Done: 3, Total: 14, Next: "commit"}
	for _, tc := range []struct {
		term Terminal
		want string
	}{
		{Terminal{}, "[######----------------------] 3 of 14 modules done"},
		{Terminal{Width: 30}, "[######----------------------] 3 of 14 modules done"},
		{Terminal{IsTerminal: true}, "[######----------------------] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 80}, "[" + strings.Repeat("#", 12) + strings.Repeat("-", 44) + "] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 200}, "[" + strings.Repeat("#", 12) + strings.Repeat("-", 44) + "] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 60}, "[" + strings.Repeat("#", 7) + strings.Repeat("-", 29) + "] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 40}, "[###-------------] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 34}, "[##--------] 3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 33}, "3 of 14 modules done"},
		{Terminal{IsTerminal: true, Width: 20}, "3 of 14 modules done"},
	} {
		for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI} {
			tc.term.Profile = profile
			env, out, _ := testEnv()
			env.Term = tc.term
			printStatus(env, rep)
			var bar string
			for _, line := range strings.Split(out.String(), "\n") {
				if strings.HasSuffix(line, "modules done") {
					bar = ansi.Strip(line)
				}
			}
			assert.Equal(t, tc.want, bar, "%+v", tc.term)
			if tc.term.IsTerminal && tc.term.Width > len(tc.want) {
				assert.Less(t, len(bar), tc.term.Width, "%+v", tc.term)
			}
		}
	}
}

// On a terminal narrower than a line, status wraps it between words with
// its continuation under the column it belongs to (a drop under the
// tests, the next step under its first word), where the terminal broke
// a commit's hash or a test's name in two; a word wider than the room is
// a line of its own, whole. Through a pipe every line is whole.
func TestStatusWrapsToTheTerminal(t *testing.T) {
	checked := time.Now().Add(-5 * time.Second)
	rep := &StatusReport{Workspace: "/home/l/ws", Done: 1, Total: 14, Cached: true, CheckedAt: &checked,
		Modules: []ModuleStatus{
			{Number: "00", Slug: "00-setup", Started: true, Passed: 4, Total: 4,
				Drop: &DropStatus{Passed: 1, Total: 1, Commit: "97139ce0123456789", Verified: true}},
			{Number: "01", Slug: "01-handles"},
		},
		Next: "make module 01's tests pass (0 of 4 do; Test_01_ids_stable_and_order_increases fails first): `course check` shows why, `course hint 01` helps"}
	for _, tc := range []struct {
		term Terminal
		want string
	}{
		{Terminal{}, `workspace /home/l/ws
  00 setup              4/4 passed  drop 1/1 passed, engine unchanged since 97139ce
  01 handles            next: not started
[##--------------------------] 1 of 14 modules done
next: make module 01's tests pass (0 of 4 do; Test_01_ids_stable_and_order_increases fails first): ` + "`course check` shows why, `course hint 01` helps" + `
(test results from 5 seconds ago; nothing has changed since; --fresh runs them again)
`},
		{Terminal{IsTerminal: true, Width: 80}, `workspace /home/l/ws
  00 setup              4/4 passed
                        drop 1/1 passed, engine unchanged since 97139ce
  01 handles            next: not started
[####----------------------------------------------------] 1 of 14 modules done
next: make module 01's tests pass (0 of 4 do;
      Test_01_ids_stable_and_order_increases fails first): ` + "`course check` shows" + `
      why, ` + "`course hint 01` helps" + `
(test results from 5 seconds ago; nothing has changed since; --fresh runs them
again)
`},
		{Terminal{IsTerminal: true, Width: 40}, `workspace /home/l/ws
  00 setup              4/4 passed
    drop 1/1 passed, engine unchanged
    since 97139ce
  01 handles            next: not
    started
[#---------------] 1 of 14 modules done
next: make module 01's tests pass (0 of
      4 do;
 Test_01_ids_stable_and_order_increases
      fails first): ` + "`course check`" + `
      shows why, ` + "`course hint 01` helps" + `
(test results from 5 seconds ago;
nothing has changed since; --fresh runs
them again)
`},
	} {
		for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI} {
			tc.term.Profile = profile
			env, out, _ := testEnv()
			env.Term = tc.term
			printStatus(env, rep)
			assert.Equal(t, tc.want, ansi.Strip(out.String()), "%+v", tc.term)
		}
	}
}

// An ended drop judged to a commit before the end recorded (a later
// module's start ended it) carries that commit in status, as in check.
func TestStatusCarriesTheEndADropIsJudgedTo(t *testing.T) {
	const (
		start = "1111111111111111111111111111111111111111"
		to    = "2222222222222222222222222222222222222222"
		end   = "3333333333333333333333333333333333333333"
	)
	m, err := modules.Lookup("01")
	require.NoError(t, err)
	dropOf := map[string]checker.Drop{"01": {Module: "01x", Commit: start, End: end, JudgedTo: to, OK: true}}
	ms := moduleStatusOf(m, moduleProgress{started: true, dropStarted: true}, &checker.Report{Drops: []checker.Drop{dropOf["01"]}}, map[string]checker.Module{}, dropOf)
	require.NotNil(t, ms.Drop)
	assert.Equal(t, to, ms.Drop.JudgedTo)
	assert.Equal(t, to, ms.Drop.judgedTo())
	assert.Contains(t, ms.Drop.judgedSpan(), "from 1111111 to 2222222")
	ms.Drop.span = ""
	assert.Equal(t, "from 1111111 to 2222222, where it ended", ms.Drop.judgedSpan())
}

// The commands a step suggests name the workspace where each command
// takes it, when the learner named it; none when it was found from the
// current folder.
func TestStepsNameTheWorkspaceAsGiven(t *testing.T) {
	for _, tc := range []struct {
		ws   wsArg
		args []string
		want string
	}{
		{"", []string{"check"}, "course check"},
		{"ws1", []string{"check"}, "course check ws1"},
		{"'my ws'", []string{"start-module", "00", "--expansion"}, "course start-module 00 'my ws' --expansion"},
		{"ws1", []string{"start-module", "NN", "--force"}, "course start-module NN ws1 --force"},
		{"ws1", []string{"expansion-check", "COMMIT"}, "course expansion-check ws1 COMMIT"},
		{"", []string{"start-module", "02"}, "course start-module 02"},
	} {
		assert.Equal(t, tc.want, tc.ws.course(tc.args[0], tc.args[1:]...))
	}
	red := ModuleStatus{Number: "01", Started: true, Passed: 1, Total: 4, FirstFailure: "Test_01_a"}
	assert.Equal(t, "make module 01's tests pass (1 of 4 do; Test_01_a fails first): `course check 'my ws'` shows why, `course hint 01` helps",
		nextStep(&StatusReport{Modules: []ModuleStatus{red}, ws: "'my ws'"}))
}

// A file or folder that goes while the fingerprint is taken (an editor's
// backup of a save, a temporary file of the learner's program) is not part
// of the tree, where status, check and watch ended with "no such file or
// directory" and a request to report it.
func TestTheFingerprintTakesAFileThatGoesMeanwhile(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, "a.go"), []byte("package a\n"), 0o644))
	churn := filepath.Join(ws, "churn")
	stop := make(chan struct{})
	churned := make(chan struct{})
	go func() {
		defer close(churned)
		for {
			select {
			case <-stop:
				return
			default:
			}
			_ = os.MkdirAll(churn, 0o755)
			for i := range 50 {
				_ = os.WriteFile(filepath.Join(churn, fmt.Sprint(i)), []byte("x"), 0o644)
				_ = os.Symlink("../a.go", filepath.Join(churn, fmt.Sprint("l", i)))
			}
			_ = os.RemoveAll(churn)
		}
	}()
	defer func() { close(stop); <-churned }()
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		_, err := workspaceFingerprint(ws)
		require.NoError(t, err)
	}
}
