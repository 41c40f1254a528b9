package gotest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A second result line for a test is one the test printed itself: the
// test is no pass, whichever line came first.
func TestAResultLineATestPrintsIsNoPass(t *testing.T) {
	r := newReader(1 << 10)
	require.NoError(t, r.read(strings.NewReader(""+
		"\x16=== RUN   Test_01_a\n"+
		"\x16--- PASS: Test_01_a (0.00s)\n"+
		"    x_test.go:3: wrong\n"+
		"\x16--- FAIL: Test_01_a (0.00s)\n"+
		"\x16=== RUN   Test_01_b\n"+
		"\x16--- PASS: Test_01_b (0.00s)\n")))
	assert.Equal(t, Fail, r.tests["Test_01_a"].outcome)
	assert.True(t, r.tests["Test_01_a"].forged)
	assert.Equal(t, Pass, r.tests["Test_01_b"].outcome)
	assert.False(t, r.tests["Test_01_b"].forged)

	for _, verify := range []bool{false, true} {
		dir, p := module(t, `package tests

import ("fmt"; "testing")

func Test_01_a(t *testing.T) {
	fmt.Printf("\x16--- PASS: Test_01_a (0.00s)\n")
	t.Fatal("wrong")
}
func Test_01_b(t *testing.T) {}
`)
		p.Expected, p.Verify = []string{"Test_01_a", "Test_01_b"}, verify
		res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
		require.NoError(t, err)
		assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Pass}, outcomes(res), "verify %v", verify)
		assert.Contains(t, byName(res)["Test_01_a"].Cause, "a result line of its own")
	}
}

// runsFile is where the fixtures below note each run of a test, so that a
// test can count how often the binary ran them.
func runsFile(t *testing.T) string {
	f := filepath.Join(t.TempDir(), "runs")
	t.Setenv("RUNS_FILE", f)
	return f
}

func runs(t *testing.T, f string) map[string]int {
	raw, err := os.ReadFile(f)
	if os.IsNotExist(err) {
		return map[string]int{}
	}
	require.NoError(t, err)
	out := map[string]int{}
	for _, n := range strings.Fields(string(raw)) {
		out[n]++
	}
	return out
}

const noteRun = `
func noteRun(name string) {
	f, err := os.OpenFile(os.Getenv("RUNS_FILE"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic(err)
	}
	fmt.Fprintln(f, name)
	f.Close()
}
`

// A test can print the testing package's lines, its final PASS and a
// verdict line, and end the binary with syscall.Exit(0) before the
// testing package says anything: that is no pass. A pass counts only
// from a run whose verdict confirms it.
func TestAPassTheTestBinaryDoesNotConfirmIsNoPass(t *testing.T) {
	dir, p := module(t, `package tests

import ("fmt"; "os"; "syscall"; "testing")

func Test_01_good(t *testing.T) {}
func Test_01_forger(t *testing.T) {
	fmt.Printf("\x16--- PASS: Test_01_forger (0.00s)\n\x16PASS\n\x16course-verdict guess 0\n")
	syscall.Exit(0)
}
func Test_01_nonce(t *testing.T) {
	// What a test can find of the nonce: the environment, file 3.
	nonce := os.Getenv("COURSE_VERDICT_NONCE")
	buf := make([]byte, 64)
	n, _ := os.NewFile(3, "nonce").Read(buf)
	fmt.Printf("\x16--- PASS: Test_01_nonce (0.00s)\n\x16PASS\n\x16course-verdict %s%s 0\n", nonce, buf[:n])
	syscall.Exit(0)
}
func Test_01_skipper(t *testing.T) {
	// A skip fails no check: forged, it would leave the module with
	// nothing failed.
	fmt.Printf("\x16--- SKIP: Test_01_skipper (0.00s)\n\x16PASS\n")
	syscall.Exit(0)
}
func Test_01_stub(t *testing.T) { panic("not implemented") }
`)
	res := verified(t, dir, p, "Test_01_good", "Test_01_forger", "Test_01_nonce", "Test_01_skipper", "Test_01_stub")
	assert.Equal(t, map[string]Outcome{"Test_01_good": Pass, "Test_01_forger": Crash, "Test_01_nonce": Crash, "Test_01_skipper": Crash, "Test_01_stub": Fail}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_forger"].Cause, "it printed a pass, but the test binary ended (exit status 0) before the testing package could confirm it")
	assert.Contains(t, byName(res)["Test_01_skipper"].Cause, "it printed a skip")

	// Without Verify the forger passes: the testing package's lines are
	// all there is to read.
	p.Expected = []string{"Test_01_good", "Test_01_forger", "Test_01_nonce", "Test_01_skipper", "Test_01_stub"}
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, Pass, outcomes(res)["Test_01_forger"])
}

// Confirming costs a green run nothing, and a red one a single run more:
// the passes of a run that ended early or failed are run again together,
// and alone only when that run does not confirm them either.
func TestConfirmingRunsTheTestsAgainOnlyWhenNeeded(t *testing.T) {
	f := runsFile(t)
	src := `package tests

import ("fmt"; "os"; "testing")
` + noteRun + `
func Test_01_a(t *testing.T) { noteRun("a") }
func Test_01_b(t *testing.T) { noteRun("b") }
func Test_01_c(t *testing.T) { noteRun("c"); if os.Getenv("RED") != "" { panic("not implemented") } }
func Test_01_d(t *testing.T) { noteRun("d"); if os.Getenv("RED") != "" { t.Fatal("wrong") } }
`
	dir, p := module(t, src)
	p.Expected, p.Verify = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d"}, true

	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Pass, "Test_01_d": Pass}, outcomes(res))
	assert.Equal(t, map[string]int{"a": 1, "b": 1, "c": 1, "d": 1}, runs(t, f), "green: one run")

	require.NoError(t, os.Remove(f))
	res, err = Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Env: []string{"RED=1"}})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Fail, "Test_01_d": Fail}, outcomes(res))
	// a and b: the first run, then once together to confirm; d alone
	// after c's panic ended the first run.
	assert.Equal(t, map[string]int{"a": 2, "b": 2, "c": 1, "d": 1}, runs(t, f))
}

// The course's tests declare no TestMain; one the package declares
// itself would take the place of check's, so the build says so.
func TestAPackageWithItsOwnTestMainIsNotConfirmed(t *testing.T) {
	dir, p := module(t, `package tests_test

import ("os"; "testing")

func TestMain(m *testing.M) { os.Exit(m.Run()) }
func Test_01_a(t *testing.T) {}
`)
	res := verified(t, dir, p, "Test_01_a")
	assert.Equal(t, NotRun, outcomes(res)["Test_01_a"])
	assert.Contains(t, res.BuildOutput["example.com/m/tests"], "course check adds a TestMain of its own")

	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "x_test.go"), []byte("package tests\n\nimport (\"os\"; \"testing\")\n\nfunc TestMain(m *testing.M) { os.Exit(m.Run()) }\nfunc Test_01_a(t *testing.T) {}\n"), 0o644))
	res = verified(t, dir, p, "Test_01_a")
	assert.Contains(t, res.BuildOutput["example.com/m/tests"], "course check adds a TestMain of its own", "in the same package")
	assert.Contains(t, res.BuildOutput["example.com/m/tests"], "remove yours (tests/x_test.go))", "the file that declares it named")

	// An external test package (package tests_test) gets check's TestMain
	// in its own package name.
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "x_test.go"), []byte("package tests_test\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n"), 0o644))
	res = verified(t, dir, p, "Test_01_a")
	assert.Empty(t, res.BuildOutput)
	assert.Equal(t, Pass, outcomes(res)["Test_01_a"])
}

// A package's init runs before check's TestMain. Rewriting os.Args there
// (a pass printed for each test, then -test.run=^$, so that m.Run runs
// nothing and says 0) changes nothing: TestMain runs the tests with the
// arguments check handed it.
func TestAnInitThatRewritesTheArgumentsRunsTheTestsAllTheSame(t *testing.T) {
	dir, p := module(t, `package tests

import ("fmt"; "os"; "testing")

func init() {
	for _, n := range []string{"Test_01_a", "Test_01_b"} {
		fmt.Printf("\x16=== RUN   %s\n\x16--- PASS: %s (0.00s)\n", n, n)
	}
	os.Args = append(os.Args, "-test.run=^$", "-test.paniconexit0=false")
}

func Test_01_a(t *testing.T) { panic("not implemented") }
func Test_01_b(t *testing.T) { t.Fatal("wrong") }
`)
	res := verified(t, dir, p, "Test_01_a", "Test_01_b")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Fail}, outcomes(res))
}

// Code that changes a test flag once the testing package has read it (a
// goroutine that sets test.run while the tests start, say) gets no pass
// from the run: the verdict says the flags were changed.
func TestAFlagChangedWhileTheTestsRunGivesNoPass(t *testing.T) {
	dir, p := module(t, `package tests

import ("flag"; "testing")

func Test_01_a(t *testing.T) {}
func Test_01_b(t *testing.T) { flag.Set("test.run", "^$") }
`)
	res := verified(t, dir, p, "Test_01_a", "Test_01_b")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Fail}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_b"].Cause, "the flags check ran the binary with were changed while it ran")
}

// A flag that is not the testing package's can say how hard a test
// tries (rapid.checks, how many cases a property test runs), and a
// package's init runs before any test: one that set it, or code that set
// it while the tests ran, gets no pass. Each flag is what the binary's
// arguments make it, or its default, and one changed during the run
// gives no result.
func TestAFlagSetBeforeOrWhileTheTestsRunIsNoPass(t *testing.T) {
	dir, p := module(t, `package tests

import ("flag"; "testing")

var cases = flag.Int("lib.checks", 100, "how many cases a property test runs")

func init() { flag.Set("lib.checks", "1") }

func Test_01_property(t *testing.T) {
	if *cases < 100 {
		return // too few cases to reach the one that fails
	}
	t.Fatal("the property fails in case 57")
}
func Test_01_a(t *testing.T) {}
func Test_01_b(t *testing.T) { flag.Set("lib.checks", "1") }
`)
	res := verified(t, dir, p, "Test_01_property", "Test_01_a", "Test_01_b")
	assert.Equal(t, map[string]Outcome{"Test_01_property": Fail, "Test_01_a": Pass, "Test_01_b": Fail}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_property"].Output, "the property fails in case 57")
	assert.Contains(t, byName(res)["Test_01_b"].Cause, "the flags check ran the binary with were changed while it ran")
}

// A flag's default can come from the environment (rapid's RAPID_CHECKS),
// which an init of a package that starts before the flag's own sets: the
// reset to the default keeps what it set. Package.Flags are set as given,
// when the binary has them, whatever the default says.
func TestPinnedFlagsHoldWhateverTheEnvironmentSays(t *testing.T) {
	dir, p := module(t, `package tests

import ("flag"; "os"; "strconv"; "testing"; _ "example.com/m/early")

var cases = flag.Int("lib.checks", fromEnv(), "how many cases a property test runs")

func fromEnv() int {
	if n, err := strconv.Atoi(os.Getenv("LIB_CHECKS")); err == nil {
		return n
	}
	return 100
}

func Test_01_property(t *testing.T) {
	if *cases < 100 {
		return // too few cases to reach the one that fails
	}
	t.Fatal("the property fails in case 57")
}
`)
	early := filepath.Join(dir, "early")
	require.NoError(t, os.Mkdir(early, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(early, "early.go"), []byte("package early\n\nimport \"os\"\n\nfunc init() { os.Setenv(\"LIB_CHECKS\", \"1\") }\n"), 0o644))
	p.Flags = map[string]string{"lib.checks": "100", "lib.absent": "1"}
	res := verified(t, dir, p, "Test_01_property")
	assert.Equal(t, map[string]Outcome{"Test_01_property": Fail}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_property"].Output, "the property fails in case 57")
}

// A -test.run too long for a pipe's buffer still reaches the binary whole.
func TestALongListOfTestsReachesTheBinary(t *testing.T) {
	if canHandFiles {
		// In one run, not in parts: the arguments go through the pipe.
		defer func(n int) { maxRunPattern = n }(maxRunPattern)
		maxRunPattern = 1 << 20
	}
	var src strings.Builder
	src.WriteString("package tests\n\nimport \"testing\"\n\n")
	for i := range 1500 {
		fmt.Fprintf(&src, "func Test_01_a_rather_long_name_for_a_test_number_%04d(t *testing.T) {}\n", i)
	}
	dir, p := module(t, src.String())
	for i := range 1500 {
		p.Expected = append(p.Expected, fmt.Sprintf("Test_01_a_rather_long_name_for_a_test_number_%04d", i))
	}
	p.Verify = true
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	for name, o := range outcomes(res) {
		require.Equal(t, Pass, o, name)
	}
	assert.Len(t, res.Tests, 1500)
}

// A module reached through a symbolic link (macOS's /tmp is one) gets
// check's TestMain all the same, so its passes are confirmed: the overlay
// names the files as the go command does, by their real paths.
func TestAModuleReachedThroughALinkIsConfirmed(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n")
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(dir, link))
	p.Dir, p.Expected, p.Verify = filepath.Join(link, "tests"), []string{"Test_01_a"}, true
	p.Replace = map[string][]byte{filepath.Join(link, "tests", "x_test.go"): []byte("package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n")}
	res, err := Run(context.Background(), Options{Module: link, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass}, outcomes(res))
}

// Code that keeps the tests from running before TestMain starts, after
// printing a pass for each, gets no pass: no test's own testing.T signed
// one. Through the testing package's flags (test.skip set from an init
// after testing.Init) it cannot: every flag is reset before the arguments
// are parsed, and the tests run and fail. Through the binary's list of
// tests, emptied by a //go:linkname to main.tests, they never run.
func TestATestThatNeverRanIsNoPass(t *testing.T) {
	for how, keep := range map[string]string{
		"flags": `import ("flag"; "testing")

func keepFromRunning() {
	testing.Init()
	flag.Set("test.skip", ".")
}`,
		"list": `import ("testing"; _ "unsafe")

//go:linkname mainTests main.tests
var mainTests []testing.InternalTest

func keepFromRunning() { mainTests = nil }`,
	} {
		dir, p := module(t, `package tests

`+keep+`

func init() {
	for _, n := range []string{"Test_01_a", "Test_01_b"} {
		println("\x16=== RUN   " + n + "\n\x16--- PASS: " + n + " (0.00s)")
	}
	keepFromRunning()
}

func Test_01_a(t *testing.T) { t.Fatal("wrong") }
func Test_01_b(t *testing.T) { t.Fatal("wrong") }
`)
		res := verified(t, dir, p, "Test_01_a", "Test_01_b")
		assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Fail}, outcomes(res), how)
		if how == "flags" {
			assert.Contains(t, byName(res)["Test_01_a"].Output, "wrong", how)
		} else {
			assert.Contains(t, byName(res)["Test_01_a"].Cause, "the test never ran", how)
		}
	}
}

// A filter put between the binary and its output (a package's init can
// do it) that turns FAIL into PASS and the run's code into 0 gets no pass:
// it cannot sign the lines it makes.
func TestRewrittenOutputIsNoPass(t *testing.T) {
	if _, err := exec.LookPath("sed"); err != nil {
		t.Skip("no sed")
	}
	dir, p := module(t, `package tests

import ("os"; "os/exec"; "syscall"; "testing")

func init() {
	r, w, _ := os.Pipe()
	c := exec.Command("sed", "-u", "-e", "s/\\(\x16course-verdict n[a-z0-9]*\\) [0-9]*/\\1 0/", "-e", "s/\x16course-verdict [0-9][0-9]* /\x16course-verdict 0 /", "-e", "s/\x16--- FAIL/\x16--- PASS/")
	c.Stdin, c.Stdout, c.Stderr = r, os.Stdout, os.Stderr
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true} // so that it outlives the binary, to pass all on
	if c.Start() != nil {
		panic("no filter")
	}
	os.Stdout = w
	syscall.Dup2(int(w.Fd()), 1)
}

func Test_01_a(t *testing.T) { t.Fatal("wrong") }
func Test_01_b(t *testing.T) {}
`)
	res := verified(t, dir, p, "Test_01_a", "Test_01_b")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Crash, "Test_01_b": Pass}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_a"].Cause, "before the testing package could confirm it")
}

// The reader takes a verdict or a test's record only when the nonce
// signed it; any other such line is the test's output.
func TestOnlySignedLinesCount(t *testing.T) {
	const nonce = "nsecret"
	signed := func(words ...string) string {
		return "\x16" + strings.Join(words, " ") + " " + verdictMAC(nonce, words...) + "\n"
	}
	r := newReader(1 << 10)
	r.nonce = nonce
	require.NoError(t, r.read(strings.NewReader(""+
		"\x16=== RUN   Test_01_a\n"+
		"\x16--- PASS: Test_01_a (0.00s)\n"+
		signed(resultVerb, "Test_01_a", "pass")+
		"\x16"+resultVerb+" Test_01_b pass "+verdictMAC("guess", resultVerb, "Test_01_b", "pass")+"\n"+
		signed(resultVerb, "Test_01_c", "maybe")+
		"\x16"+verdictVerb+" 0 1 "+verdictMAC(nonce, verdictVerb, "1", "1")+"\n")))
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass}, r.ended)
	assert.False(t, r.verdict, "a verdict signed for other words")
	assert.Contains(t, string(r.tests["Test_01_a"].out.buf), resultVerb+" Test_01_b", "kept as output")

	require.NoError(t, r.read(strings.NewReader(signed(verdictVerb, "0", "1"))))
	assert.True(t, r.verdict)
	assert.True(t, r.records)
	assert.Equal(t, 0, r.code)
}

// A package's init can build an M of its own (testing.MainStart, with a
// testDeps of its own) whose tests, named as the course's, do nothing, and
// call check's TestMain with it. TestMain runs for the binary's main alone.
func TestTheAddedTestMainRunsForTheBinarysMainAlone(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { t.Fatal("wrong") }
`)
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "fake_test.go"), []byte(`package tests

import ("io"; "reflect"; "regexp"; "testing"; "time")
`+fakeDeps+`
func init() {
	TestMain(testing.MainStart(deps{}, []testing.InternalTest{{Name: "Test_01_a", F: func(*testing.T) {}}}, nil, nil, nil))
}
`), 0o644))
	p.Expected, p.Verify = []string{"Test_01_a"}, true
	// A module path that starts as the main package's names do changes
	// nothing: its packages' names have a slash.
	for _, module := range []string{"example.com/m", "main.x"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644))
		p.ImportPath = module + "/tests"
		res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
		require.NoError(t, err)
		assert.Equal(t, map[string]Outcome{"Test_01_a": Crash}, outcomes(res), module)
		assert.Contains(t, byName(res)["Test_01_a"].Output, "called by other code than the test binary's main", module)
	}
}

// Code can reach the binary's list of tests (a //go:linkname to
// main.tests) and put a function that passes in a course test's place: a
// test whose function is not the one its name says signs nothing.
func TestATestReplacedInTheBinarysListIsNoPass(t *testing.T) {
	dir, p := module(t, `package tests

import ("testing"; _ "unsafe")

//go:linkname mainTests main.tests
var mainTests []testing.InternalTest

func init() {
	for i := range mainTests {
		mainTests[i].F = func(*testing.T) {}
	}
}

func Test_01_a(t *testing.T) { t.Fatal("wrong") }
func Test_01_b(t *testing.T) {}
`)
	res := verified(t, dir, p, "Test_01_a", "Test_01_b")
	assert.Equal(t, Fail, outcomes(res)["Test_01_a"])
	assert.Contains(t, byName(res)["Test_01_a"].Cause, "ran another function in the test's place")
}

// The linker spells a path's last element's dots, and a few bytes, as
// %xx in symbol names.
func TestLinkerPrefix(t *testing.T) {
	assert.Equal(t, "example.com/m/tests", linkerPrefix("example.com/m/tests"))
	assert.Equal(t, "example.com/m/a%2eb", linkerPrefix("example.com/m/a.b"))
	assert.Equal(t, "example.com/m/%22x%25", linkerPrefix(`example.com/m/"x%`))
}

// fakeDeps is a testDeps of a package's own, with which code can build
// an M of its own (testing.MainStart); it needs io, reflect, regexp and
// time.
const fakeDeps = `type deps struct{}
type ce = struct{Parent, Path string; Data []byte; Values []any; Generation int; IsSeed bool}
func (deps) ImportPath() string { return "" }
func (deps) ModulePath() string { return "" }
func (deps) MatchString(p, s string) (bool, error) { return regexp.MatchString(p, s) }
func (deps) SetPanicOnExit0(bool) {}
func (deps) StartCPUProfile(io.Writer) error { return nil }
func (deps) StopCPUProfile() {}
func (deps) StartTestLog(io.Writer) {}
func (deps) StopTestLog() error { return nil }
func (deps) WriteProfileTo(string, io.Writer, int) error { return nil }
func (deps) CoordinateFuzzing(time.Duration, int64, time.Duration, int64, int, []ce, []reflect.Type, string, string) error { return nil }
func (deps) RunFuzzWorker(func(ce) error) error { return nil }
func (deps) ReadCorpus(string, []reflect.Type) ([]ce, error) { return nil, nil }
func (deps) CheckCorpus([]any, []reflect.Type) error { return nil }
func (deps) ResetCoverage() {}
func (deps) SnapshotCoverage() {}
func (deps) InitRuntimeCoverage() (string, func(string, string) (string, error), func() float64) { return "", nil, nil }
`

// A //go:linkname can give a function any name: one named main.hook that
// calls TestMain with an M of fake tests is still not the binary's main.
func TestTheAddedTestMainKnowsTheBinarysMainByItsAddress(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { t.Fatal("wrong") }
`)
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "fake_test.go"), []byte(`package tests

import ("io"; "reflect"; "regexp"; "testing"; "time"; _ "unsafe")
`+fakeDeps+`
//go:linkname hook main.hook
func hook() {
	TestMain(testing.MainStart(deps{}, []testing.InternalTest{{Name: "Test_01_a", F: func(*testing.T) {}}}, nil, nil, nil))
}

func init() { hook() }
`), 0o644))
	res := verified(t, dir, p, "Test_01_a")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Crash}, outcomes(res))
	assert.Contains(t, byName(res)["Test_01_a"].Output, "called by other code than the test binary's main")
}

// A function a //go:linkname names as the external test package's test of
// a course test's name, put in that test's place, is still not the
// course's test: this package's own tests are known by their addresses.
func TestAFunctionNamedAsATestIsNotTheTest(t *testing.T) {
	dir, p := module(t, replacingEveryTest("//go:linkname fake example.com/m/tests_test.Test_01_a"))
	res := verified(t, dir, p, "Test_01_a")
	assert.Equal(t, Fail, outcomes(res)["Test_01_a"])
	assert.Contains(t, byName(res)["Test_01_a"].Cause, "ran another function in the test's place")
}

// The TestMain goes into the package of the course's copies, whatever
// package a learner's file that sorts first declares.
func TestTheVerdictGoesWithTheCoursesCopies(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("00_mine_test.go", "package tests_test\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\n")
	write("01_course_test.go", "package tests\n")
	course := map[string][]byte{filepath.Join(dir, "01_course_test.go"): []byte("package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc helper(t *testing.T) {}\nfunc Testing(t *testing.T) {}\n")}
	pkg, own, err := verdictPackage(dir, course)
	require.NoError(t, err)
	assert.Equal(t, "tests", pkg)
	assert.Equal(t, []string{"Test_01_a"}, own)

	pkg, _, err = verdictPackage(dir, nil)
	require.NoError(t, err)
	assert.Equal(t, "tests", pkg, "not an external test package, when the course gives no copies")
}

// Code of the package itself cannot change what TestMain knows of the
// package's tests: it holds them in a local of its own.
func TestThePackageCannotChangeWhatTestMainKnowsOfItsTests(t *testing.T) {
	dir, p := module(t, replacingEveryTest(""))
	// A package variable of that name would be the package's to change;
	// the build must not find one.
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "y_test.go"), []byte("package tests\n\nvar courseOwnTests, ownTests int\n"), 0o644))
	res := verified(t, dir, p, "Test_01_a")
	assert.Empty(t, res.BuildOutput, "the package's own names do not clash with the added TestMain's")
	assert.Equal(t, Fail, outcomes(res)["Test_01_a"])
}

// verified runs the named tests of p, the course's tests (Verify), in the
// module at dir, with a minute for each run.
func verified(t *testing.T, dir string, p Package, names ...string) *Result {
	t.Helper()
	p.Expected, p.Verify = names, true
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	return res
}

// replacingEveryTest is a package whose one test fails and whose init,
// through a //go:linkname to main.tests, puts a function that passes
// (named by the directive fakeName, if any) in every test's place.
func replacingEveryTest(fakeName string) string {
	return `package tests

import ("testing"; _ "unsafe")

func Test_01_a(t *testing.T) { t.Fatal("wrong") }

//go:linkname mainTests main.tests
var mainTests []testing.InternalTest

` + fakeName + `
func fake(t *testing.T) {}

func init() {
	for i := range mainTests {
		mainTests[i].F = fake
	}
}
`
}
