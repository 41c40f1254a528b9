package checker

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture writes a minimal workspace: go.mod, .course.json, an empty
// engine and the files given (slash paths), and returns its folder.
func fixture(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	return testws.New(t, files)
}

const loudTest = `package tests

import (
	"fmt"
	"strings"
	"testing"
)

func Test_01_loud(t *testing.T) {
	line := strings.Repeat("x", 99)
	for i := 0; i < 40000; i++ {
		fmt.Println(line)
	}
	t.Fatal("the last word")
}
`

// A test that prints 4 MB: check keeps a bounded tail, says it cut the
// rest, and takes no more than three times as long as go test -json.
func TestLoudOutputIsCutAndLinear(t *testing.T) {
	ws := fixture(t, map[string]string{"tests/01_loud_test.go": loudTest})
	o := Options{Workspace: ws, Timeout: time.Minute}
	check := func() (*Report, time.Duration) {
		start := time.Now()
		r, err := Run(context.Background(), o, nil)
		require.NoError(t, err)
		return r, time.Since(start)
	}
	goTest := func() time.Duration {
		start := time.Now()
		cmd := exec.Command("go", "test", "-json", "./tests")
		cmd.Dir = ws
		_ = cmd.Run()
		return time.Since(start)
	}
	goTest() // warm the build cache for both
	r, _ := check()
	require.Len(t, r.Modules, 1)
	f := r.Modules[0].FirstFailure
	require.NotNil(t, f)
	assert.Greater(t, f.Cut, int64(3<<20))
	assert.Contains(t, f.Output, "bytes of output before this were cut")
	assert.Contains(t, f.Output, "the last word")
	assert.Less(t, len(f.Output), 70<<10)

	_, c1 := check()
	_, c2 := check()
	g := min(goTest(), goTest())
	c := min(c1, c2)
	t.Logf("check %v, go test -json %v", c, g)
	assert.Less(t, c, 3*g+500*time.Millisecond, "check %v against go test -json %v", c, g)
}

func TestLearnersTestsRunUnderYourTests(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_02_not_started_here(t *testing.T) {}\n",
		"tests/mine_test.go":       "package tests\n\nimport \"testing\"\n\nfunc TestStress(t *testing.T) { t.Error(\"too slow\") }\nfunc TestMine(t *testing.T) {}\nfunc Testify(t *testing.T) {}\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute, Module: "01"}, nil)
	require.NoError(t, err)
	require.Len(t, r.Modules, 1)
	assert.Equal(t, 1, r.Modules[0].Passed)
	require.NotNil(t, r.YourTests)
	assert.Equal(t, 1, r.YourTests.Passed)
	assert.Equal(t, 1, r.YourTests.Failed)
	assert.Equal(t, "TestStress", r.YourTests.FirstFailure.Test)
	assert.False(t, r.OK)
	var sb strings.Builder
	r.WriteText(&sb)
	assert.Contains(t, sb.String(), "\nyour tests: 1 passed, 1 failed\n  first failure: TestStress (fail)\n")
	assert.Contains(t, sb.String(), "too slow")
}

// A learner's own test that skips is counted and shown with its reason, and
// fails no check; a course test that skips has run no scenario, so it
// fails, whatever made it skip.
func TestSkippedTestsAreShownAndACourseTestThatSkipsFails(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) { t.Skip(\"not today\") }\n",
		"tests/mine_test.go":       "package tests\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\nfunc TestLater(t *testing.T) { t.Skip(\"the stress case waits for module 06\") }\nfunc TestQuiet(t *testing.T) { t.SkipNow() }\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute, Module: "01"}, nil)
	require.NoError(t, err)
	require.Len(t, r.Modules, 1)
	m := r.Modules[0]
	assert.Equal(t, 1, m.Passed)
	assert.Equal(t, 1, m.Failed, "the course test that skipped")
	assert.Equal(t, 0, m.Skipped)
	require.NotNil(t, m.FirstFailure)
	assert.Equal(t, "Test_01_b", m.FirstFailure.Test)
	assert.Equal(t, "fail", m.FirstFailure.Outcome)
	assert.Contains(t, m.FirstFailure.Output, "it was skipped")
	require.NotNil(t, r.YourTests)
	assert.Equal(t, 1, r.YourTests.Passed)
	assert.Equal(t, 0, r.YourTests.Failed)
	assert.Equal(t, 2, r.YourTests.Skipped)
	assert.Nil(t, r.YourTests.FirstFailure)
	assert.False(t, r.OK, "a course test skipped")
	assert.Equal(t, 2, r.Passed)
	assert.Equal(t, 1, r.Failed)

	var sb strings.Builder
	r.WriteText(&sb)
	out := sb.String()
	assert.Contains(t, out, "module 01 handles: 1 passed, 1 failed\n  first failure: Test_01_b (fail)\n")
	assert.Contains(t, out, "\nyour tests: 1 passed, 0 failed, 2 skipped\n")
	assert.Regexp(t, `\n  skipped: TestLater: mine_test\.go:\d+: the stress case waits for module 06\n`, out)
	assert.Contains(t, out, "\n  skipped: TestQuiet: no reason given\n")
	assert.NotContains(t, out, "also failed: TestLater")
	assert.True(t, strings.HasSuffix(out, "2 passed, 1 failed\n"), "the closing line counts no skip: %q", out)
}

// A learner's TestMain is the package's main, not a test of theirs: it
// clashes with check's, and the build error says so and names the file.
func TestALearnersTestMainIsNoTestAndIsNamed(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
		"tests/main_test.go":       "package tests\n\nimport (\"os\"; \"testing\")\n\nfunc TestMain(m *testing.M) { os.Exit(m.Run()) }\n\nfunc TestMine(t *testing.T) {}\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute, Module: "01"}, nil)
	require.NoError(t, err)
	require.NotNil(t, r.YourTests)
	var names []string
	for _, tt := range r.YourTests.Tests {
		names = append(names, tt.Name)
	}
	assert.Equal(t, []string{"TestMine"}, names)
	require.Len(t, r.BuildErrors, 1)
	assert.Contains(t, r.BuildErrors[0].Output, "remove yours (tests/main_test.go))")
}

func TestProgressComesLiveWithTheModule(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_a_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) { panic(\"not implemented: B\") }\nfunc Test_01_c(t *testing.T) {}\n",
	})
	var seen []Progress
	_, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, func(p Progress) { seen = append(seen, p) })
	require.NoError(t, err)
	var tests []Progress
	for _, p := range seen {
		if p.Phase == "test" {
			tests = append(tests, p)
		}
	}
	require.NotEmpty(t, tests)
	assert.Equal(t, "01", tests[0].Module)
	assert.Equal(t, 3, tests[len(tests)-1].Done)
	assert.Equal(t, 3, tests[len(tests)-1].Total)
}

// Workspaces share the go command's build cache, which it keeps whole;
// each gets a scratch one only when that cache cannot be used.
func TestScratchCachesOnlyWhereNeeded(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Setenv("GOCACHE", t.TempDir())
	dirs, cleanup, err := scratchCaches(3)
	require.NoError(t, err)
	cleanup()
	assert.Nil(t, dirs)

	t.Setenv("GOCACHE", "off")
	dirs, cleanup, err = scratchCaches(3)
	require.NoError(t, err)
	defer cleanup()
	require.Len(t, dirs, 3)
	assert.NotEqual(t, dirs[0], dirs[1])
}

// A crash is shown as a crash of the test that ran: the runtime's cause,
// then the learner's own frames, a recursion once with its count.
func TestACrashShowsItsCauseAndTheLearnersFrames(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_deep_test.go": `package tests

import (
	"runtime/debug"
	"testing"
)

func m01deeper(n int) int { return m01deeper(n+1) + 1 }

func Test_01_deep(t *testing.T) {
	debug.SetMaxStack(1 << 20)
	m01deeper(0)
}
`,
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, nil)
	require.NoError(t, err)
	require.Len(t, r.Modules, 1)
	f := r.Modules[0].FirstFailure
	require.NotNil(t, f)
	assert.Equal(t, "crash", f.Outcome)
	lines := strings.Split(f.Output, "\n")
	assert.Equal(t, "crashed the test binary: fatal error: stack overflow", lines[0])
	require.Greater(t, len(lines), 1, f.Output)
	assert.Regexp(t, `^    tests\.m01deeper \(tests/01_deep_test\.go:8\) \(and \d+ more times\)$`, lines[1])
	assert.NotContains(t, f.Output, "runtime.")
	assert.Equal(t, "crashed the test binary: fatal error: stack overflow", r.Modules[0].Tests[0].Reason)
	assert.False(t, r.OK)
}

// A test file that build constraints leave out is not expected to run.
func TestFilesLeftOutByConstraintsAreNotPlanned(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_a_test.go":       "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
		"tests/01_ignored_test.go": "//go:build ignore\n\npackage tests\n\nimport \"testing\"\n\nfunc Test_01_never(t *testing.T) {}\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, nil)
	require.NoError(t, err)
	require.Len(t, r.Modules, 1)
	assert.Equal(t, []Test{{Name: "Test_01_a", Outcome: "pass"}}, r.Modules[0].Tests)
	assert.True(t, r.OK)
}

// The audit's findings in check's text are followed by the line that
// counts them and says how to mend them, as coupling-audit prints it.
func TestCheckTextSaysHowToMendTheAuditsFindings(t *testing.T) {
	a := &audit.Report{Findings: []audit.Finding{{Path: "engine/a.go", Line: 3, Column: 5, Name: "Test Filler", Kind: audit.KindCard, Module: "01", As: "testFiller"}}}
	r := &Report{Audit: &AuditReport{OK: false, Report: a}}
	var sb strings.Builder
	r.WriteText(&sb)
	assert.True(t, strings.HasPrefix(sb.String(), "engine/a.go:3:5: engine names \"Test Filler\" (a card, Module 01) as testFiller\n"+
		"coupling-audit: "+a.Mend()+"\n"), sb.String())

	sb.Reset()
	r = &Report{Audit: &AuditReport{OK: true, Report: &audit.Report{}}}
	r.WriteText(&sb)
	assert.True(t, strings.HasPrefix(sb.String(), "coupling-audit: ok\n"), sb.String())
}

// A workspace whose path holds a line break, by its own name or through a
// link to it, is refused with that reason, not checked into a build error
// of the learner's: the go command refuses such a package folder.
func TestAWorkspaceTheGoCommandCannotBuildInIsRefused(t *testing.T) {
	ws := fixture(t, nil)
	odd := filepath.Join(t.TempDir(), "a\nb")
	require.NoError(t, os.Rename(ws, odd))
	link := filepath.Join(t.TempDir(), "plain")
	require.NoError(t, os.Symlink(odd, link))
	for _, dir := range []string{odd, link} {
		_, err := Run(context.Background(), Options{Workspace: dir, Timeout: time.Minute}, nil)
		var wsErr *workspace.Error
		require.ErrorAs(t, err, &wsErr, dir)
		assert.Contains(t, wsErr.Why, `holds a line break, which the go command refuses in a package's folder`)
		assert.Contains(t, wsErr.Why, "rename the folder, or move it, so that its path has none")
	}
}

// A check judges the workspace as it found it when it began: a drop that
// start-module records while the tests run (a second terminal, say) is
// not reported as checked, engine unchanged, when its test was never run.
func TestADropRecordedDuringTheRunIsNotReportedWithoutItsTest(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	ws := testws.Committed(t, map[string]string{
		"go.mod":                   "module " + testws.ModulePath + "\n\ngo 1.26\n",
		".course.json":             testws.Config,
		"engine/doc.go":            "// Package engine is empty.\npackage engine\n",
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_one(t *testing.T) {}\n",
	})
	head := testws.Git(t, ws, "rev-parse", "HEAD")
	recorded := false
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, func(p Progress) {
		if p.Phase == "build" && !recorded {
			recorded = true
			w, err := workspace.Open(ws)
			require.NoError(t, err)
			require.NoError(t, workspace.Save(w, &workspace.State{Drops: map[string]workspace.Drop{"01": {Commit: head}}}))
		}
	})
	require.NoError(t, err)
	require.True(t, recorded, "the run had no build phase")
	assert.Empty(t, r.Drops, "the drop was recorded after the check read the workspace")
	assert.Equal(t, 1, r.Passed)
}

// A test of the learner's whose name is too long to name to the test
// binary on a command line is refused by name, with the mend, before
// anything runs: started with it, the binary would not start at all
// ("argument list too long"), and check could only give up.
func TestATestNameTooLongToRunIsRefusedByName(t *testing.T) {
	long := "TestLong" + strings.Repeat("x", 140<<10)
	ws := fixture(t, map[string]string{
		"tests/mine_test.go": "package tests\n\nimport \"testing\"\n\nfunc TestShort(t *testing.T) {}\n\nfunc " + long + "(t *testing.T) {}\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, nil)
	require.NoError(t, err)
	assert.False(t, r.OK)
	require.Len(t, r.BuildErrors, 1)
	assert.Equal(t, "tests/mine_test.go", r.BuildErrors[0].Package)
	assert.Contains(t, r.BuildErrors[0].Output, "tests/mine_test.go:7:6: declares a test whose name is 143368 bytes long (TestLongxxxx")
	assert.Contains(t, r.BuildErrors[0].Output, "give it a shorter name")
}
