package gotest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReaderGroupsSubtestsUnderTheirTest(t *testing.T) {
	stream := "\x16=== RUN   Test_01_a\n" +
		"\x16=== RUN   Test_01_a/sub\n" +
		"    x_test.go:3: boom\n" +
		"\x16--- FAIL: Test_01_a/sub (0.00s)\n" +
		"\x16--- FAIL: Test_01_a (0.00s)\n" +
		"\x16=== RUN   Test_01_b\n" +
		"--- PASS: Test_01_a (printed by the test, not a verdict)\n" +
		"partial line\x16--- PASS: Test_01_b (0.00s)\n" +
		"\x16=== NAME  \n" +
		"outside\n" +
		"\x16FAIL\n"
	r := newReader(1 << 10)
	require.NoError(t, r.read(strings.NewReader(stream)))
	assert.Equal(t, []string{"Test_01_a", "Test_01_b"}, r.order)
	assert.Equal(t, Fail, r.tests["Test_01_a"].outcome)
	a, _ := r.tests["Test_01_a"].out.text()
	assert.Equal(t, "    x_test.go:3: boom\n--- FAIL: Test_01_a/sub (0.00s)\n", a)
	assert.Equal(t, Pass, r.tests["Test_01_b"].outcome)
	b, _ := r.tests["Test_01_b"].out.text()
	assert.Equal(t, "--- PASS: Test_01_a (printed by the test, not a verdict)\npartial line", b)
	pkg, _ := r.pkg.text()
	assert.Equal(t, "outside\n", pkg)
}

// A test that prints a great deal is read in time linear in its output,
// and only a bounded tail of it is kept, saying how much was cut.
func TestOutputIsBoundedAndLinear(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("\x16=== RUN   Test_01_loud\n")
	line := strings.Repeat("x", 99) + "\n"
	for sb.Len() < 32<<20 {
		sb.WriteString(line)
	}
	sb.WriteString("the last line\n\x16--- FAIL: Test_01_loud (0.00s)\n")
	r := newReader(DefaultOutputLimit)
	start := time.Now()
	require.NoError(t, r.read(strings.NewReader(sb.String())))
	// 32 MB: a quadratic reader takes minutes, a linear one well under a second.
	assert.Less(t, time.Since(start), 5*time.Second)
	out, cut := r.tests["Test_01_loud"].out.text()
	assert.LessOrEqual(t, len(out), DefaultOutputLimit)
	assert.True(t, strings.HasSuffix(out, "the last line\n"))
	assert.True(t, strings.HasPrefix(out, "xxx"), "the kept tail starts at a line")
	assert.Greater(t, cut, int64(30<<20))
}

// Output printed with no line end before a panic (a row of dots, say)
// puts the panic's message on the end of one long line: the kept tail
// starts at that message, not at the line after it, where the trace alone
// would no longer say what went wrong.
func TestTheKeptTailKeepsAPanicAtTheEndOfALongLine(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("\x16=== RUN   Test_01_dots\n")
	sb.WriteString(strings.Repeat(".", 2*DefaultOutputLimit))
	sb.WriteString("panic: not implemented: NewGame (Module 01)\n\ngoroutine 7 [running]:\nharness.NewGame()\n")
	sb.WriteString("\x16--- FAIL: Test_01_dots (0.00s)\n")
	r := newReader(DefaultOutputLimit)
	require.NoError(t, r.read(strings.NewReader(sb.String())))
	out, cut := r.tests["Test_01_dots"].out.text()
	assert.True(t, strings.HasPrefix(out, "panic: not implemented: NewGame (Module 01)\n"), "%.80q", out)
	assert.Equal(t, int64(2*DefaultOutputLimit), cut)
}

func TestRunningAtTimeoutAndCause(t *testing.T) {
	out := "panic: test timed out after 2s\n\trunning tests:\n\t\tTest_01_loop (2s)\n\t\tTest_01_x/sub (2s)\n\ngoroutine 5 [running]:\n"
	assert.Equal(t, []string{"Test_01_loop", "Test_01_x"}, runningAtTimeout(out))
	assert.Equal(t, "fatal error: stack overflow", cause("runtime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0x1\nfatal error: stack overflow\n"))
	assert.Equal(t, "panic: boom", cause("panic: boom [recovered]\n\tpanic: boom\n"))
	assert.Equal(t, "", cause("nothing\n"))
}

// module writes a small Go module with one test package and returns it.
func module(t *testing.T, test string) (string, Package) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644))
	pkg := filepath.Join(dir, "tests")
	require.NoError(t, os.Mkdir(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "x_test.go"), []byte(test), 0o644))
	return dir, Package{Dir: pkg, ImportPath: "example.com/m/tests"}
}

func byName(r *Result) map[string]Test {
	out := map[string]Test{}
	for _, t := range r.Tests {
		out[t.Name] = t
	}
	return out
}

func outcomes(r *Result) map[string]Outcome {
	out := map[string]Outcome{}
	for _, t := range r.Tests {
		out[t.Name] = t.Outcome
	}
	return out
}

func TestAPanicDoesNotHideTheTestsAfterIt(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { panic("not implemented: A") }
func Test_01_b(t *testing.T) {}
func Test_01_c(t *testing.T) { panic("not implemented: C") }
func Test_01_d(t *testing.T) { t.Fatal("wrong") }
func TestOther(t *testing.T) { t.Fatal("not asked for") }
`)
	p.Expected = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d"}
	var seen []Progress
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute,
		Progress: func(pr Progress) { seen = append(seen, pr) }})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Pass, "Test_01_c": Fail, "Test_01_d": Fail}, outcomes(r))
	assert.Contains(t, byName(r)["Test_01_c"].Output, "panic: not implemented: C")
	assert.False(t, r.TimedOut)
	require.NotEmpty(t, seen)
	last := seen[len(seen)-1]
	assert.Equal(t, 4, last.Done)
	assert.Equal(t, 4, last.Total)
}

// os.Exit(0) in the middle of a test must not pass it, in the first run
// and in the runs after a panic alike.
func TestOsExitZeroFails(t *testing.T) {
	dir, p := module(t, `package tests

import ("os"; "testing")

func Test_01_a(t *testing.T) { panic("not implemented: A") }
func Test_01_b(t *testing.T) { os.Exit(0) }
func Test_01_c(t *testing.T) { os.Exit(0) }
`)
	p.Expected = []string{"Test_01_a", "Test_01_b", "Test_01_c"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Fail, "Test_01_c": Fail}, outcomes(r))
	assert.Contains(t, byName(r)["Test_01_b"].Output, "os.Exit(0)")
}

func TestACrashIsACrashOfTheRunningTest(t *testing.T) {
	// The overflow comes at a stack of 1 MB, as in check_truth.txtar and
	// the checker's tests, not at the runtime's 1 GB, which took seconds
	// of copying a growing stack: the fatal error and its trace are the same.
	dir, p := module(t, `package tests

import ("os"; "runtime/debug"; "testing")

func deeper(n int) int { return deeper(n+1) + 1 }

func Test_01_a(t *testing.T) {}
func Test_01_overflow(t *testing.T) { debug.SetMaxStack(1 << 20); deeper(0) }
func Test_01_exit(t *testing.T) { os.Exit(3) }
func Test_01_z(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_overflow", "Test_01_exit", "Test_01_z"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	got := byName(r)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_overflow": Crash, "Test_01_exit": Crash, "Test_01_z": Pass}, outcomes(r))
	assert.Equal(t, "fatal error: stack overflow", got["Test_01_overflow"].Cause)
	assert.Contains(t, got["Test_01_overflow"].Output, "tests.deeper(")
	assert.Contains(t, got["Test_01_exit"].Cause, "exit status 3")
}

func TestAnEndlessLoopIsATimeoutOfTheTestRunning(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { t.Fatal("first, and not the one that hangs") }
func Test_01_loop(t *testing.T) { for {} }
func Test_01_z(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_loop", "Test_01_z"}
	start := time.Now()
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 2 * time.Second})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), time.Minute)
	assert.True(t, r.TimedOut)
	assert.Equal(t, []string{"Test_01_loop"}, r.Running)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_loop": TimedOut, "Test_01_z": NotRun}, outcomes(r))
}

// After a crash each test left runs alone; once one of them runs out of
// time, the runs not yet started do not start, as in the first run, so a
// package whose tests all hang costs about one time limit, not one per
// test. Two runs at once: at most the two in flight can run out of time.
func TestHangsAfterACrashCostOneTimeLimitNotOneEach(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { panic("not implemented: A") }
func Test_01_h1(t *testing.T) { for {} }
func Test_01_h2(t *testing.T) { for {} }
func Test_01_h3(t *testing.T) { for {} }
func Test_01_h4(t *testing.T) { for {} }
func Test_01_h5(t *testing.T) { for {} }
func Test_01_h6(t *testing.T) { for {} }
`)
	p.Expected = []string{"Test_01_a", "Test_01_h1", "Test_01_h2", "Test_01_h3", "Test_01_h4", "Test_01_h5", "Test_01_h6"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 2 * time.Second, Jobs: 2})
	require.NoError(t, err)
	assert.True(t, r.TimedOut)
	got := outcomes(r)
	assert.Equal(t, Fail, got["Test_01_a"])
	count := map[Outcome]int{}
	for _, n := range p.Expected[1:] {
		count[got[n]]++
	}
	assert.LessOrEqual(t, count[TimedOut], 2, "outcomes: %v", got)
	assert.Equal(t, 6, count[TimedOut]+count[NotRun], "outcomes: %v", got)
	for _, test := range r.Tests {
		if test.Outcome == NotRun {
			assert.Equal(t, NotStartedAfterTimeout, test.Cause, test.Name)
		}
	}
}

// A pass the run did not confirm is run again whatever another test's
// hang did: here Test_01_a passes in a run that Test_01_c's crash ends,
// and again in one that Test_01_b's crash ends (b crashes from its second
// run on), so it runs alone last, after Test_01_h, running alone, has run
// out of time. It is a pass, not a test that did not run.
func TestAPassRunAgainIsNotStoppedByAHang(t *testing.T) {
	dir, p := module(t, `package tests

import ("os"; "path/filepath"; "testing")

func Test_01_a(t *testing.T) {}
func Test_01_b(t *testing.T) {
	seen := filepath.Join(os.TempDir(), "b-ran")
	if _, err := os.Stat(seen); err == nil {
		os.Exit(3)
	}
	os.WriteFile(seen, nil, 0o644)
}
func Test_01_c(t *testing.T) { os.Exit(3) }
func Test_01_h(t *testing.T) { for {} }
`)
	p.Expected = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_h"}
	p.Verify = true
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 2 * time.Second, Jobs: 2})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Crash, "Test_01_c": Crash, "Test_01_h": TimedOut}, outcomes(r))
}

func TestABuildFailureIsReported(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) { undefined() }\n")
	p.Expected = []string{"Test_01_a"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": NotRun}, outcomes(r))
	assert.Contains(t, r.BuildOutput[p.ImportPath], "undefined")
}

// A learner's file that declares a test of a course file's copy (a renamed
// copy of it, say) fails to build against that copy: the complaint names
// the copy as the workspace's file it stands for, not check's temporary
// one, says what it is, and leaves out what check's own TestMain says as a
// consequence.
func TestABuildFailureNamesTheCopiesAsTheFilesTheyStandFor(t *testing.T) {
	test := "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n"
	dir, p := module(t, test)
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "renamed_test.go"), []byte(test), 0o644))
	p.Expected, p.Verify = []string{"Test_01_a"}, true
	p.Replace = map[string][]byte{filepath.Join(p.Dir, "x_test.go"): []byte(test)}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	out := r.BuildOutput[p.ImportPath]
	assert.Contains(t, out, "Test_01_a redeclared")
	assert.Contains(t, out, "tests/renamed_test.go:5:6: ")
	assert.Contains(t, out, "tests/x_test.go:5:6: ")
	assert.Contains(t, out, "(tests/x_test.go: the course's own copy, which check builds in place of any file of that name;")
	assert.NotContains(t, out, "course-check-")
	assert.NotContains(t, out, VerdictFile)
}

// Check's own file keeps its lines when nothing else is wrong: they are
// then the whole story.
func TestOverlaidNamesKeepTheVerdictFilesLinesWhenTheyAreAll(t *testing.T) {
	r := &runner{o: Options{Module: "/ws"}}
	p := Package{Replace: map[string][]byte{"/ws/tests/01_test.go": nil}}
	sources := map[string]string{"/ws/tests/01_test.go": "/tmp/c/p0-0_test.go", "/ws/tests/" + VerdictFile: "/tmp/c/p0-1_test.go"}
	only := "# example.com/m/tests\n/tmp/c/p0-1_test.go:3:1: something check wrote is wrong"
	assert.Equal(t, "# example.com/m/tests\ntests/"+VerdictFile+":3:1: something check wrote is wrong", r.overlaidNames(only, p, sources))
	// The go command may name a file of check's by its path from the module.
	both := "# example.com/m/tests\ntests/mine_test.go:4:6: x redeclared\n../tmp/c/p0-1_test.go:9:2: duplicate key"
	assert.Equal(t, "# example.com/m/tests\ntests/mine_test.go:4:6: x redeclared", r.overlaidNames(both, p, sources))
}

// A copy that does not build against the learner's harness is no clash of
// names: the note sends the learner to the harness, and never says to
// delete the test file, which would only take the module out of the check.
func TestOverlaidNamesSendAHarnessMismatchToTheHarness(t *testing.T) {
	r := &runner{o: Options{Module: "/ws"}}
	p := Package{Replace: map[string][]byte{"/ws/tests/00_setup_test.go": nil}}
	sources := map[string]string{"/ws/tests/00_setup_test.go": "/tmp/c/p0-0_test.go"}
	mismatch := "# example.com/m/tests\n/tmp/c/p0-0_test.go:12:7: not enough arguments in call to harness.NewSketch"
	out := r.overlaidNames(mismatch, p, sources)
	assert.Contains(t, out, "tests/00_setup_test.go:12:7: not enough arguments in call to harness.NewSketch")
	assert.Contains(t, out, "give the harness what it calls")
	assert.NotContains(t, out, "delete")
	assert.NotContains(t, out, "clashes")

	clash := "# example.com/m/tests\ntests/mine_test.go:4:6: Test_00_a redeclared in this block\n\t/tmp/c/p0-0_test.go:9:6: other declaration of Test_00_a"
	out = r.overlaidNames(clash, p, sources)
	assert.Contains(t, out, "clashes with it: rename yours")
	assert.NotContains(t, out, "delete")
}

func TestNoGoIsAnEnvironmentError(t *testing.T) {
	t.Setenv("GO", filepath.Join(t.TempDir(), "no-go-here"))
	_, err := Run(context.Background(), Options{Module: t.TempDir(), Timeout: time.Minute})
	var envErr *EnvironmentError
	require.ErrorAs(t, err, &envErr)
	assert.Contains(t, envErr.Error(), "not on PATH")
	assert.Contains(t, envErr.Error(), "install Go")
}

// A module or build cache the go command cannot use is no build failure
// of the tests: every workspace of a class checked by a user who may not
// write to them read "the tests do not compile". A compile error that
// names such words in an import path of the learner's is still one.
func TestACacheTheGoCommandCannotUseIsAnEnvironmentError(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport (\n\t\"testing\"\n\n\t_ \"example.com/dep\"\n)\n\nfunc Test_01_a(t *testing.T) {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n\nrequire example.com/dep v1.0.0\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.sum"), []byte("example.com/dep v1.0.0 h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\nexample.com/dep v1.0.0/go.mod h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n"), 0o644))
	p.Expected = []string{"Test_01_a"}
	notADir := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(notADir, nil, 0o644))
	for _, env := range []string{"GOMODCACHE=" + filepath.Join(notADir, "mod"), "GOCACHE=" + filepath.Join(notADir, "build")} {
		_, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute,
			Env: []string{env, "GOPROXY=off", "GOFLAGS=-mod=mod"}})
		var envErr *EnvironmentError
		require.ErrorAs(t, err, &envErr, env)
		assert.Contains(t, envErr.Why, "the go command cannot use its caches", env)
		assert.Contains(t, envErr.Mend, "GOMODCACHE and GOCACHE", env)
	}

	dir, p = module(t, "package tests\n\nimport (\n\t\"testing\"\n\n\t_ \"could not create module cache\"\n)\n\nfunc Test_01_a(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a"}
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Contains(t, res.BuildOutput[p.ImportPath], "could not create module cache")
}

// Settings the go command refuses (GOFLAGS, GOEXPERIMENT, GOTOOLCHAIN,
// GOPATH, a GOROOT without Go in it) are no build failure of the tests:
// the learner's code was never read, and check said "does not compile".
func TestSettingsTheGoCommandRefusesAreAnEnvironmentError(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a"}
	for _, c := range []struct{ env, why string }{
		{"GOFLAGS=-nosuchflag", "parsing $GOFLAGS: unknown flag -nosuchflag"},
		{"GOEXPERIMENT=bogusexperiment", "unknown GOEXPERIMENT bogusexperiment"},
		{"GOTOOLCHAIN=nosuchtoolchain", `invalid GOTOOLCHAIN "nosuchtoolchain"`},
		{"GOPATH=relative", "GOPATH entry is relative"},
		{"GOROOT=" + filepath.Join(t.TempDir(), "nogo"), "cannot find GOROOT directory"},
	} {
		_, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Env: []string{c.env}})
		var envErr *EnvironmentError
		require.ErrorAs(t, err, &envErr, c.env)
		assert.Contains(t, envErr.Why, "the go command will not run with its settings here ("+c.why, c.env)
		assert.Equal(t, "mend that setting in the environment, or with `go env -w` (`go env` lists them), and try again", envErr.Mend)
	}

	// A compile error that quotes such words is still the learner's.
	dir, p = module(t, "package tests\n\nimport (\n\t\"testing\"\n\n\t_ \"go: unknown GOEXPERIMENT x\"\n)\n\nfunc Test_01_a(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a"}
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Contains(t, res.BuildOutput[p.ImportPath], "unknown GOEXPERIMENT")
}

func TestATimeoutOutOfRangeIsRefused(t *testing.T) {
	_, err := Run(context.Background(), Options{Module: t.TempDir(), Timeout: MaxTimeout + time.Second})
	assert.ErrorContains(t, err, "out of range")
}

// A parallel test still paused when another test crashed the binary has
// not run: it runs again, and is not blamed for the crash.
func TestAPausedTestIsNotBlamedForACrash(t *testing.T) {
	dir, p := module(t, `package tests

import ("os"; "testing")

func Test_01_waits(t *testing.T) { t.Parallel() }
func Test_01_exits(t *testing.T) { os.Exit(3) }
`)
	p.Expected = []string{"Test_01_waits", "Test_01_exits"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_waits": Pass, "Test_01_exits": Crash}, outcomes(r))
}

// With Alone, no test sees what another left behind: a test that passes
// only after another has run in the same process fails.
func TestAloneRunsEachTestInAProcessOfItsOwn(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

var ranFirst bool

func Test_01_a(t *testing.T) { ranFirst = true }
func Test_01_b(t *testing.T) {
	if !ranFirst {
		t.Fatal("alone")
	}
}
`)
	p.Expected = []string{"Test_01_a", "Test_01_b"}
	for _, alone := range []bool{false, true} {
		r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Alone: alone})
		require.NoError(t, err)
		want := map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass}
		if alone {
			want["Test_01_b"] = Fail
		}
		assert.Equal(t, want, outcomes(r), "alone %v", alone)
	}
}

// A test whose own process ends before it runs is no "not run" without a
// reason: with Alone every test runs in such a process, and an init that
// exits ends each of them; without, a test left after a crash runs alone
// and its process can end the same way (here, the second start of the
// binary exits in an init). Each is a crash that says where to look.
func TestATestWhoseProcessEndsBeforeItRunsSaysWhy(t *testing.T) {
	dir, p := module(t, `package tests

import ("os"; "testing")

func init() {
	if os.Getenv("EXIT_IN_INIT") != "" {
		os.Exit(3)
	}
	if _, err := os.Stat("started"); err == nil {
		os.Exit(3)
	}
	if err := os.WriteFile("started", nil, 0o644); err != nil {
		panic(err)
	}
}

func Test_01_crashes(t *testing.T) { os.Exit(4) }
func Test_01_after(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_crashes", "Test_01_after"}
	for _, alone := range []bool{false, true} {
		var env []string
		if alone {
			env = []string{"EXIT_IN_INIT=1"}
		}
		r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Alone: alone, Env: env})
		require.NoError(t, err)
		got := byName(r)
		for _, name := range p.Expected {
			if name == "Test_01_crashes" && !alone {
				assert.Equal(t, Crash, got[name].Outcome)
				continue
			}
			assert.Equal(t, Crash, got[name].Outcome, "%s, alone %v", name, alone)
			assert.Contains(t, got[name].Cause, "stopped before running any test (exit status 3)", "%s, alone %v", name, alone)
		}
		require.NoError(t, os.RemoveAll(filepath.Join(p.Dir, "started")))
	}
}

// A test the binary does not run though it ends well (here a TestMain
// that never calls m.Run) is told so, not left "not run" without a word.
func TestATestTheBinaryEndsWithoutRunningSaysWhy(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func TestMain(m *testing.M) {}

func Test_01_a(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a"}
	for _, alone := range []bool{false, true} {
		r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Alone: alone})
		require.NoError(t, err)
		got := byName(r)["Test_01_a"]
		assert.Equal(t, Crash, got.Outcome, "alone %v", alone)
		assert.Contains(t, got.Cause, "without calling m.Run", "alone %v", alone)
	}
}

// A go.mod that asks for a newer Go than the go command is no build
// failure of the tests: it is the machine's or the go line's to mend, and
// the error names the module's go.mod, not a file of check's.
func TestAGoLineNewerThanTheGoCommandIsNamed(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.99\n"), 0o644))
	p.Expected = []string{"Test_01_a"}
	for _, mod := range [][]byte{nil, []byte("module example.com/m\n\ngo 1.99\n")} {
		_, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute,
			Env: []string{"GOTOOLCHAIN=local"}, ModFile: mod, GoSum: []byte{}})
		var envErr *EnvironmentError
		require.ErrorAs(t, err, &envErr)
		assert.Contains(t, envErr.Why, filepath.Join(dir, "go.mod")+" asks for Go 1.99")
		assert.Contains(t, envErr.Mend, "go mod edit -go=")
		assert.NotContains(t, err.Error(), "course.mod")
	}
}

// A package's init that never returns is ended from outside, since the
// binary's alarm starts only with the tests: every test then ran out of
// time, and the cause says where to look.
func TestAnInitThatNeverReturnsIsATimeout(t *testing.T) {
	defer func(g time.Duration) { stuckGrace = g }(stuckGrace)
	stuckGrace = 500 * time.Millisecond
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nvar spin = func() int { for {} }()\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a", "Test_01_b"}
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Second})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": TimedOut, "Test_01_b": TimedOut}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_a"].Cause, "before any test ran; look for a package's init")
	assert.True(t, res.TimedOut)
}

// A package's init that ends the binary (os.Exit, log.Fatal) before any
// test crashes every test, and the cause says where to look: the tests
// themselves never ran.
func TestAnInitThatExitsSaysWhereToLook(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport (\"os\"; \"testing\")\n\nfunc init() { os.Exit(0) }\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a", "Test_01_b"}
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Crash, "Test_01_b": Crash}, outcomes(res))
	assert.Equal(t, "the test binary ended (exit status 0) without running this test; look for a TestMain that returns without calling m.Run, an os.Exit(0) in a package's init, or a build constraint (such as a GOEXPERIMENT tag) that leaves the test's file out of the build", byName(res)["Test_01_a"].Cause)
}

// A package of the workspace's own module that has no folder is the
// workspace's to mend, even where the go command, told -mod=mod, went
// looking for it on the network and said the network was off; a module of
// someone else's that cannot be fetched is the machine's.
func TestAMissingPackageOfTheModuleIsNoFetchProblem(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ws\n\ngo 1.26\n"), 0o644))
	own := "go: finding module for package example.com/ws/harness\ntests/a_test.go:5:2: cannot find module providing package example.com/ws/harness: module lookup disabled by GOPROXY=off\n"
	assert.Nil(t, EnvironmentProblem(dir, own))
	other := "tests/a_test.go:6:2: cannot find module providing package github.com/stretchr/testify/assert: module lookup disabled by GOPROXY=off\n"
	envErr := EnvironmentProblem(dir, own+other)
	require.NotNil(t, envErr)
	assert.Equal(t, "the go command cannot fetch a module the workspace needs (module lookup disabled by GOPROXY=off)", envErr.Why)
	assert.True(t, envErr.ByGoMod)
}

// A full disk while the tests are built is the machine's, not a compile
// error of the learner's: check said the tests did not compile.
func TestAFullDiskIsAnEnvironmentError(t *testing.T) {
	dir := t.TempDir()
	for _, msg := range []string{
		"# example.com/ws/tests\ngo build example.com/ws/tests: write /tmp/go-build123/b001/_pkg_.a: no space left on device",
		"/usr/local/go/pkg/tool/linux_amd64/link: write /tmp/x/tests.test: disk quota exceeded",
	} {
		envErr := EnvironmentProblem(dir, msg)
		require.NotNil(t, envErr, msg)
		assert.Contains(t, envErr.Why, "the go command could not write what it built (")
		assert.Contains(t, envErr.Mend, "make room on the disk")
	}
	// A compile error that quotes the words in a literal is the learner's.
	assert.Nil(t, EnvironmentProblem(dir, `tests/a_test.go:5:9: cannot use "no space left on device" (untyped string constant) as int value in assignment`))
}

// A build tool ended by the kernel, or whose runtime ran out of memory, is
// the machine's; the lines that say so cannot be written by a compile
// error, whose position (a //line directive may name any file) ends in a
// line number.
func TestABuildOutOfMemoryIsAnEnvironmentError(t *testing.T) {
	dir := t.TempDir()
	for _, msg := range []string{
		"example.com/ws/tests: /usr/local/go/pkg/tool/linux_amd64/compile: signal: killed",
		"example.com/ws/tests.test: /usr/local/go/pkg/tool/linux_amd64/link: signal: killed",
		`example.com/ws/tests: C:\Go\pkg\tool\windows_amd64\compile.exe: signal: segmentation fault`,
		"# example.com/ws/tests\nfatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw(...)",
		"# example.com/ws/tests\nruntime: out of memory: cannot allocate 4194304-byte block (1 in use)\nfatal error: out of memory",
	} {
		envErr := EnvironmentProblem(dir, msg)
		require.NotNil(t, envErr, msg)
		assert.Contains(t, envErr.Why, "a tool of the go command's build ", msg)
		assert.Equal(t, memoryMend, envErr.Mend, msg)
	}
	for _, msg := range []string{
		"# example.com/ws/tests\n/usr/local/go/pkg/tool/linux_amd64/compile:3:1: signal: killed",
		"# example.com/ws/tests\ntests/a_test.go:5:9: undefined: compile: signal: killed",
		"# example.com/ws/tests\ntests/a_test.go:5:9: fatal error: out of memory",
		"example.com/ws/tests: /usr/local/go/pkg/tool/linux_amd64/vet: signal: killed",
	} {
		assert.Nil(t, EnvironmentProblem(dir, msg), msg)
	}
}
