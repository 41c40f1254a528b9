// Package gotest runs the course's tests and says what each one really did:
// passed, failed, skipped, crashed the test binary (a stack overflow, a
// runtime throw, os.Exit), ran out of memory, ran out of time, or never
// ran.
//
// Each package's test binary is built once (go test -c) and run directly
// with -test.v=test2json and -test.paniconexit0; its stream is read as it
// arrives, so a caller can show progress live. A panicking stub ends the
// binary and hides the tests after it; those tests are then run each in a
// process of its own, several at once, so every test gets an outcome in
// two rounds at most. Every process runs in a process group of its own,
// and the group is ended when the process ends or the run is cancelled,
// so nothing a test started outlives it, unless it left the group (as
// setsid does): that process lives on, and the run stops reading its
// output 5 s after the binary ended. Build folders live in one
// temporary folder that is removed at the end.
//
// A test's code can print anything, the testing package's own framed lines
// included. A second result line for a test fails it; and for the course's
// tests (Package.Verify) the build gets a TestMain of check's, which signs
// m.Run's exit code and each test's own account of how it ended with a
// nonce the tests cannot read (see verdict.go). A pass counts only from a
// run whose signed verdict says every test passed, with the test's signed
// pass; the passes of any other run are run again together, then alone,
// so that a green run costs nothing more and a red one one run more.
//
// Where the system can (package memlimit: Linux), each test binary may map
// at most memlimit.Default for its data, so that a test that allocates
// without end ends its own process quickly, with the runtime's "out of
// memory", and not the machine's memory: its tests' outcome is
// OutOfMemory, naming the limit.
package gotest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
	"github.com/systemic-game-design/course/cmd/course/internal/sandbox"
)

// memLimitFor is memlimit.For, which a test can replace.
var memLimitFor = memlimit.For

// Outcome is how a test ended.
type Outcome string

// The outcomes.
const (
	Pass     Outcome = "pass"
	Fail     Outcome = "fail"
	Skip     Outcome = "skip"
	Crash    Outcome = "crash"     // the test binary died while it ran: fatal error, os.Exit, a panic outside the test's goroutine
	TimedOut Outcome = "timed out" // it was running when the time ran out
	NotRun   Outcome = "not run"   // the build failed, or the time ran out before it
	// OutOfMemory is a test whose binary ran out of the memory limit
	// check sets (package memlimit) while the test ran, or before any did.
	OutOfMemory Outcome = "out of memory"
)

// foreign is a record's word for a test whose function is not the one its
// name says (see verdict.go); it is no outcome a Test has.
const foreign Outcome = "foreign"

// Test is one top-level test's result.
type Test struct {
	Package string
	Name    string
	Outcome Outcome
	// Output is the last Options.OutputLimit bytes of what the test printed,
	// subtests included; Cut is how many bytes before them were left out.
	Output string
	Cut    int64
	// Cause is, for a crash, the line that says why the binary died
	// ("fatal error: stack overflow"), or what ended it; for a test that
	// ran out of memory, the limit and where to look; for a test not run,
	// why, when the run knows (NotStartedAfterTimeout).
	Cause string
}

// Result is every test of a run, and what went wrong outside tests.
type Result struct {
	Tests []Test
	// BuildOutput is the compiler's complaint for each package (by import
	// path) that did not build.
	BuildOutput map[string]string
	// TimedOut is set when a test binary ran out of time; Running names
	// the tests that were running then.
	TimedOut bool
	Running  []string
	// Confined says the test binaries ran in the sandbox (Options.Sandbox,
	// where the system has it).
	Confined bool
}

// HostBuildEnv is the environment for a go command whose build runs here:
// this process's, in module mode (a workspace is a module, and an old
// GOPATH set-up's GO111MODULE=off would make each build a failure the
// learner is blamed for), for this system (whatever GOOS or GOARCH a
// cross-compiling shell has set, the program built is run here).
func HostBuildEnv() []string {
	return append(os.Environ(), "GO111MODULE=on", "GOOS="+runtime.GOOS, "GOARCH="+runtime.GOARCH)
}

// Package is one package to test.
type Package struct {
	Dir        string   // its folder
	ImportPath string   // its import path
	Expected   []string // the top-level tests to run; no other test runs
	// Verify says the tests are the course's, so a pass must be one the
	// testing package confirms (see verdict.go): the build adds a TestMain
	// of check's, which the package must not declare itself, and a pass
	// counts only from a run whose verdict says every test passed.
	Verify bool
	// Replace is files (by absolute path) the build takes from here instead
	// of the disk: check's own copies of the course's test files.
	Replace map[string][]byte
	// Flags, with Verify, are flags set to these values before the tests
	// run, when the binary has them: whatever their defaults say, which
	// can come from the environment (rapid's RAPID_CHECKS), and a
	// package's init can set that.
	Flags map[string]string
}

// Progress is what a run has done so far, sent as the stream arrives.
type Progress struct {
	Package string
	Test    string  // the test that started or ended; "" while building
	Outcome Outcome // "" when Test started
	Done    int     // tests with an outcome, over every package
	Total   int     // tests expected, over every package
}

// Options says what to run.
type Options struct {
	Module   string // the folder of the Go module the packages belong to
	Packages []Package
	Timeout  time.Duration // for each run of a test binary
	// Jobs is how many processes (builds, test binaries) run at once;
	// 0 is GOMAXPROCS.
	Jobs int
	// Env is added to the environment of every go command and test binary
	// (GOCACHE=..., say).
	Env []string
	// OutputLimit bounds the output kept of each test; 0 is
	// DefaultOutputLimit.
	OutputLimit int
	// Progress, when not nil, is called (never concurrently) as tests
	// start and end.
	Progress func(Progress)
	// ModFile, when not nil, is the go.mod the builds use instead of the
	// module's (go test -modfile, with GoSum as its go.sum), with
	// -mod=readonly, so no vendor folder, and GOWORK=off: the checker's
	// own, so that the modules the tests import are the ones go.sum
	// vouches for, whatever the learner's go.mod replaces.
	ModFile, GoSum []byte
	// Alone runs every test in a process of its own from the start,
	// instead of all in one and only those a crash cut off alone: for a
	// check that no test leans on what another left behind.
	Alone bool
	// BuildTimeout bounds each build of a package's test binary; 0 is
	// DefaultBuildTimeout, or Timeout when that is longer.
	BuildTimeout time.Duration
	// Sandbox confines each test binary (package sandbox) to writing
	// beneath Module, the run's temporary folder and /dev/null, and keeps
	// it from reading course's cache folder (usercache.Dir), where the
	// system can; elsewhere (sandbox.Available says why) the binaries run
	// as they do without it. The builds are never confined.
	Sandbox bool
}

// DefaultBuildTimeout is how long a build of a package's test binary may
// take: a cold build of a workspace takes seconds, but the go command
// waits for ever on a file that never ends (a FIFO an assembly or cgo file
// #includes, say), and a class's check would wait with it, every other row unshown.
const DefaultBuildTimeout = 5 * time.Minute

// MaxTimeout is the longest time limit a run accepts; a longer one is
// almost surely a typing slip, and timers overflow not far beyond.
const MaxTimeout = 24 * time.Hour

// EnvironmentError says the go command cannot do its job on this machine:
// it is not on PATH, or the module cache lacks what the workspace needs and
// downloads are off. No test ran; nothing is the learner's code's fault.
type EnvironmentError struct {
	Why  string // what is wrong
	Mend string // how to mend it
	// ByGoMod says an edit of the workspace's go.mod can mend it (its go
	// line, a module it requires), so watch waits for one; nothing in
	// the workspace mends a go command or a cache it cannot use.
	ByGoMod bool
}

func (e *EnvironmentError) Error() string { return e.Why + "; " + e.Mend }

// UserError marks the error as the user's to mend.
func (e *EnvironmentError) UserError() bool { return true }

// CanceledError says the run was stopped (an interrupt, a signal) before it
// ended; Cause is the context's cause.
type CanceledError struct{ Cause error }

func (e *CanceledError) Error() string { return "the tests were stopped: " + e.Cause.Error() }

func (e *CanceledError) Unwrap() error { return e.Cause }

// Run builds and runs every package's tests.
func Run(ctx context.Context, o Options) (*Result, error) {
	if o.Timeout <= 0 || o.Timeout > MaxTimeout {
		return nil, fmt.Errorf("gotest: time limit %s is out of range (0, %s]", o.Timeout, MaxTimeout)
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.GOMAXPROCS(0)
	}
	if o.OutputLimit <= 0 {
		o.OutputLimit = DefaultOutputLimit
	}
	if o.BuildTimeout <= 0 {
		o.BuildTimeout = max(DefaultBuildTimeout, o.Timeout)
	}
	goCmd, err := GoCommand()
	if err != nil {
		return nil, err
	}
	if o, err = realPaths(o); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "course-check-")
	if err != nil {
		return nil, fmt.Errorf("making a folder for test binaries: %w", err)
	}
	defer os.RemoveAll(tmp)
	goTmp := filepath.Join(tmp, "go")
	if err := os.Mkdir(goTmp, 0o700); err != nil {
		return nil, fmt.Errorf("making a folder for the go command's work: %w", err)
	}

	// The tests' own temporary files go in a folder of the run's, apart
	// from the test binaries, which a confined test must not rewrite, and
	// go with it: os.CreateTemp's by TMPDIR, t.TempDir's by GOTMPDIR
	// (which the testing package prefers) or else TMPDIR.
	testTmp := filepath.Join(tmp, "tmp")
	if err := os.Mkdir(testTmp, 0o700); err != nil {
		return nil, fmt.Errorf("making a folder for the tests' temporary files: %w", err)
	}

	r := &runner{o: o, goCmd: goCmd, tmp: tmp, sem: make(chan struct{}, o.Jobs),
		env: append(append(HostBuildEnv(), "GOTMPDIR="+goTmp), o.Env...)}
	r.testEnv = append(slices.Clip(r.env), "TMPDIR="+testTmp, "GOTMPDIR="+testTmp)
	if o.Sandbox && sandbox.Available() == nil {
		// course's cache folder is not the tests' to read: it keeps the
		// key that signs a check's result, which a learner's test, run by
		// an instructor, would otherwise read and sign a result of its
		// own with, for the instructor's status to believe.
		if r.sandbox, err = sandbox.NewHiding(sandbox.CacheToHide(tmp), o.Module, testTmp); err != nil {
			return nil, err
		}
		defer r.sandbox.Close()
	}
	if o.ModFile != nil {
		mod := filepath.Join(tmp, "course.mod")
		if err := os.WriteFile(mod, o.ModFile, 0o600); err != nil {
			return nil, fmt.Errorf("writing the go.mod the tests build with: %w", err)
		}
		if err := os.WriteFile(strings.TrimSuffix(mod, ".mod")+".sum", o.GoSum, 0o600); err != nil {
			return nil, fmt.Errorf("writing the go.sum the tests build with: %w", err)
		}
		r.modArgs = []string{"-modfile=" + mod, "-mod=readonly"}
		r.env = append(r.env, "GOWORK=off")
	}
	for _, p := range o.Packages {
		r.total += len(p.Expected)
	}
	results := make([]pkgResult, len(o.Packages))
	var wg sync.WaitGroup
	for i, p := range o.Packages {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = r.pkg(ctx, i, p)
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, &CanceledError{Cause: context.Cause(ctx)}
	}
	res := &Result{BuildOutput: map[string]string{}, Confined: r.sandbox != nil}
	for i, pr := range results {
		if pr.err != nil {
			return nil, pr.err
		}
		if pr.build != "" {
			res.BuildOutput[o.Packages[i].ImportPath] = pr.build
		}
		res.Tests = append(res.Tests, pr.tests...)
		res.TimedOut = res.TimedOut || pr.timedOut
		res.Running = append(res.Running, pr.running...)
	}
	return res, nil
}

type runner struct {
	o       Options
	goCmd   string
	tmp     string
	env     []string
	testEnv []string        // env and the tests' temporary folder, for the test binaries
	modArgs []string        // -modfile and -mod, with Options.ModFile
	sandbox *sandbox.Policy // with Options.Sandbox, where the system has it
	sem     chan struct{}

	mu    sync.Mutex
	done  int
	total int
}

type pkgResult struct {
	tests    []Test
	build    string
	timedOut bool
	running  []string
	// notStarted is the tests whose runs did not start because another
	// run of the package had run out of time.
	notStarted []string
	err        error
}

func (r *runner) progress(p Progress) {
	if r.o.Progress == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if p.Outcome != "" {
		r.done++
	}
	p.Done, p.Total = r.done, r.total
	r.o.Progress(p)
}

func (r *runner) acquire(ctx context.Context) bool {
	select {
	case r.sem <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (r *runner) release() { <-r.sem }

// pkg builds one package's binary and runs its tests.
func (r *runner) pkg(ctx context.Context, i int, p Package) pkgResult {
	var pr pkgResult
	if len(p.Expected) == 0 {
		return pr
	}
	bin := binary{path: filepath.Join(r.tmp, fmt.Sprintf("p%d.test", i))}
	if !r.acquire(ctx) {
		return pr
	}
	r.progress(Progress{Package: p.ImportPath})
	pr.build, pr.err = r.build(ctx, p, bin.path)
	r.release()
	if pr.err != nil || ctx.Err() != nil {
		return pr
	}
	// Read once, before any run: how the binary was built says whether
	// it can run under a memory limit (see memlimit.For).
	bin.memLimit = memLimitFor(bin.path)
	if pr.build != "" {
		pr.tests = NotRunOf(p, nil)
		for _, t := range pr.tests {
			r.progress(Progress{Package: p.ImportPath, Test: t.Name, Outcome: NotRun})
		}
		return pr
	}

	got := map[string]*Test{}
	keep := func(ts []Test) {
		for _, t := range ts {
			if _, ok := got[t.Name]; !ok {
				got[t.Name] = &t
			}
		}
	}
	// unconfirmed is the passes of runs whose verdict did not confirm
	// them: they are run again before they count.
	var unconfirmed []string
	var first binaryRun
	if !r.o.Alone {
		var err error
		if first, err = r.runBinary(ctx, p, bin, p.Expected, true, nil); err != nil {
			pr.err = err
			return pr
		}
		var kept []Test
		kept, unconfirmed = r.confirm(p, first, false)
		keep(kept)
		pr.timedOut, pr.running = first.timedOut, first.running
	}
	// After the first run, the first run of this package to run out of
	// time stops the runs not yet started (as a time-out in the first run
	// stops the tests after it), so that a package whose tests hang after
	// a crash costs about one --timeout, not one per test. After a run out
	// of memory, the first run's included, the runs left start one at a
	// time, and after a second none starts (see stopper). The passes a run
	// did not confirm run again whatever another did (they told already),
	// and so does every test of an every-test-alone check (Alone).
	var stop *stopper
	if !r.o.Alone {
		stop = new(stopper)
		if first.ranOutOfMemory() {
			stop.ranOutOfMemory()
		}
	}
	rest := missing(p.Expected, got)
	rest = slices.DeleteFunc(rest, func(n string) bool { return slices.Contains(unconfirmed, n) })
	// The passes the run did not confirm run again together, beside the
	// tests left to run alone: when they are passes, this run says so.
	var again binaryRun
	var againErr error
	againDone := make(chan struct{})
	if len(unconfirmed) > 0 {
		go func() {
			defer close(againDone)
			// Passes told already: not stopped by another's hang.
			again, againErr = r.runBinary(ctx, p, bin, unconfirmed, false, nil)
		}()
	} else {
		close(againDone)
	}
	switch {
	case len(rest) == 0, pr.timedOut:
	case !r.o.Alone && len(first.tests) == 0:
		// The binary died before any test: every test would die the same way.
		for _, n := range rest {
			t := r.beforeAnyTest(p, first, n)
			keep([]Test{t})
			r.progress(Progress{Package: p.ImportPath, Test: n, Outcome: t.Outcome})
		}
		pr.timedOut = pr.timedOut || first.stuck
	default:
		// Something ended the binary early (or every test is to run
		// alone): each test left runs alone, so one more panic costs only
		// its own process.
		if err := r.alone(ctx, p, bin, rest, true, stop, keep, &pr); err != nil {
			<-againDone
			pr.err = err
			return pr
		}
	}
	<-againDone
	if len(unconfirmed) > 0 && ctx.Err() == nil {
		// Those the run again did not confirm run alone, and a pass counts
		// only if its own run confirms it.
		if againErr != nil {
			pr.err = againErr
			return pr
		}
		kept, _ := r.confirm(p, again, false) // what it leaves out runs alone
		keep(kept)
		if err := r.alone(ctx, p, bin, missing(unconfirmed, got), false, nil, keep, &pr); err != nil {
			pr.err = err
			return pr
		}
	}
	// In the order the files declare them, whichever run told.
	for _, n := range p.Expected {
		if t, ok := got[n]; ok {
			pr.tests = append(pr.tests, *t)
		} else {
			t := Test{Package: p.ImportPath, Name: n, Outcome: NotRun}
			if slices.Contains(pr.notStarted, n) {
				t.Cause = stop.stopped()
			}
			pr.tests = append(pr.tests, t)
		}
	}
	return pr
}

// alone runs each of names in a binary of its own, several at once, and
// keeps what they tell; a pass counts only where its run confirms it.
// progress says whether the runs report progress (not when they run tests
// again that reported already); stop, when not nil, stops the runs not
// yet started once one has run out of time or of memory (see runBinary),
// and their tests are left out of what is kept: not run.
func (r *runner) alone(ctx context.Context, p Package, bin binary, names []string, progress bool, stop *stopper, keep func([]Test), pr *pkgResult) error {
	runs := make([]binaryRun, len(names))
	errs := make([]error, len(names))
	if stop.oneAtATime() {
		// In order, so that which tests ran before the runs stopped is
		// the same from one check to the next.
		for j, n := range names {
			runs[j], errs[j] = r.runBinary(ctx, p, bin, []string{n}, progress, stop)
		}
	} else {
		var wg sync.WaitGroup
		for j, n := range names {
			wg.Add(1)
			go func() {
				defer wg.Done()
				runs[j], errs[j] = r.runBinary(ctx, p, bin, []string{n}, progress, stop)
			}()
		}
		wg.Wait()
	}
	for j := range names {
		if errs[j] != nil {
			return errs[j]
		}
		if runs[j].skipped {
			pr.notStarted = append(pr.notStarted, names[j])
			continue
		}
		kept, _ := r.confirm(p, runs[j], true)
		if !slices.ContainsFunc(kept, func(t Test) bool { return t.Name == names[j] }) {
			// Its own process ended before it ran: say how, not "not run".
			t := r.beforeAnyTest(p, runs[j], names[j])
			kept = append(kept, t)
			if progress {
				r.progress(Progress{Package: p.ImportPath, Test: t.Name, Outcome: t.Outcome})
			}
		}
		keep(kept)
		pr.timedOut = pr.timedOut || runs[j].timedOut || runs[j].stuck
		pr.running = append(pr.running, runs[j].running...)
	}
	return nil
}

// beforeAnyTest is how the test named ended in a run of the binary that
// ended before it ran any test: out of memory, out of time while still
// starting, or stopped (an os.Exit in an init, or a TestMain that never
// ran the tests), with the output the binary gave outside any test.
func (r *runner) beforeAnyTest(p Package, br binaryRun, name string) Test {
	t := Test{Package: p.ImportPath, Name: name, Outcome: Crash, Cause: br.cause, Output: br.pkgOut}
	switch {
	case br.outOfMemory:
		t.Outcome = OutOfMemory
	case br.stuck:
		t.Outcome = TimedOut
		t.Cause = fmt.Sprintf("the test binary was still starting when the time ran out (%s), before any test ran; look for a package's init, or a package-level variable, that never returns", r.o.Timeout)
	case t.Cause != "":
	case br.code == 0 && br.exit == "exit status 0":
		t.Cause = "the test binary ended (exit status 0) without running this test; look for a TestMain that returns without calling m.Run, an os.Exit(0) in a package's init, or a build constraint (such as a GOEXPERIMENT tag) that leaves the test's file out of the build"
	default:
		t.Cause = "the test binary stopped before running any test (" + br.exit + "); look for an os.Exit or a log.Fatal in a package's init, or in a package-level variable's initializer"
	}
	return t
}

// confirm is the tests of a run as they count. Where the package is the
// course's, a pass (or a skip, which fails no check) is taken only from a
// run whose signed verdict says 0, with the test's own signed record of
// the same outcome (when the binary could keep records); otherwise, in a
// run of one test (alone), it becomes a failure that says why, and in
// others it is left out, its name in unconfirmed, to be run again.
func (r *runner) confirm(p Package, br binaryRun, alone bool) (out []Test, unconfirmed []string) {
	if !p.Verify {
		return br.tests, nil
	}
	for _, t := range br.tests {
		recorded, ok := br.ended[t.Name]
		switch {
		case t.Outcome != Pass && t.Outcome != Skip,
			br.verdict && br.code == 0 && (!br.records || ok && recorded == t.Outcome):
			out = append(out, t)
			continue
		case !alone:
			unconfirmed = append(unconfirmed, t.Name)
			continue
		}
		what := map[Outcome]string{Pass: "a pass", Skip: "a skip"}[t.Outcome]
		switch {
		case br.verdict && br.code == flagsChanged:
			t.Outcome = Fail
			t.Cause = "it printed " + what + ", but the flags check ran the binary with were changed while it ran, so no result of that run counts; look for code that sets os.Args or calls flag.Set"
		case br.verdict && recorded == foreign:
			t.Outcome = Fail
			t.Cause = "it printed " + what + ", but the binary ran another function in the test's place; look for a //go:linkname to main.tests (if there is none, this Go release lists tests in a way course check does not know: update the course tool)"
		case br.verdict && br.code == 0 && !ok:
			t.Outcome = Fail
			t.Cause = "it printed " + what + ", but the test never ran: its own testing.T told nothing; look for code that keeps the tests from running or puts others in their place (flag.Set, testing.Init, //go:linkname)"
		case br.verdict && br.code == 0:
			t.Outcome = Fail
			t.Cause = fmt.Sprintf("it printed %s, but its own testing.T says it ended as a %s", what, recorded)
		case br.verdict:
			t.Outcome = Fail
			t.Cause = fmt.Sprintf("it printed %s, but the testing package failed the run (exit code %d)", what, br.code)
		default:
			t.Outcome = Crash
			t.Cause = "it printed " + what + ", but the test binary ended (" + br.exit + ") before the testing package could confirm it; look for a syscall.Exit, or output that imitates the testing package's"
		}
		out = append(out, t)
	}
	return out, unconfirmed
}

func missing(expected []string, got map[string]*Test) []string {
	var out []string
	for _, n := range expected {
		if _, ok := got[n]; !ok {
			out = append(out, n)
		}
	}
	return out
}

// NotRunOf is an outcome of NotRun for every test p expects that got
// does not hold (every one, for a nil got).
func NotRunOf(p Package, got map[string]*Test) []Test {
	var out []Test
	for _, n := range missing(p.Expected, got) {
		out = append(out, Test{Package: p.ImportPath, Name: n, Outcome: NotRun})
	}
	return out
}
