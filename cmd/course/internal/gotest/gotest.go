// Package gotest runs the course's tests and says what each one really did:
// passed, failed, skipped, crashed the test binary (a stack overflow, a
// runtime throw, os.Exit), ran out of time, or never ran.
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
package gotest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/cmd/course/internal/sandbox"
	"github.com/systemic-game-design/course/internal/regularfile"
)

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
	// ("fatal error: stack overflow"), or what ended it; for a test not
	// run, why, when the run knows (NotStartedAfterTimeout).
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
	goCmd, err := goBinary()
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
	bin := filepath.Join(r.tmp, fmt.Sprintf("p%d.test", i))
	if !r.acquire(ctx) {
		return pr
	}
	r.progress(Progress{Package: p.ImportPath})
	pr.build, pr.err = r.build(ctx, p, bin)
	r.release()
	if pr.err != nil || ctx.Err() != nil {
		return pr
	}
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
	// a crash costs about one --timeout, not one per test. The passes a run
	// did not confirm run again whatever another did (they told already),
	// and so does every test of an every-test-alone check (Alone).
	var hung *atomic.Bool
	if !r.o.Alone {
		hung = new(atomic.Bool)
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
		why, outcome := first.cause, Crash
		switch {
		case first.stuck:
			why, outcome = fmt.Sprintf("the test binary was still starting when the time ran out (%s), before any test ran; look for a package's init, or a package-level variable, that never returns", r.o.Timeout), TimedOut
			pr.timedOut = true
		case why == "":
			why = "the test binary stopped before running any test (" + first.exit + "); look for an os.Exit or a log.Fatal in a package's init, or in a package-level variable's initializer"
		}
		for _, n := range rest {
			t := Test{Package: p.ImportPath, Name: n, Outcome: outcome, Cause: why, Output: first.pkgOut}
			keep([]Test{t})
			r.progress(Progress{Package: p.ImportPath, Test: n, Outcome: outcome})
		}
	default:
		// Something ended the binary early (or every test is to run
		// alone): each test left runs alone, so one more panic costs only
		// its own process.
		if err := r.alone(ctx, p, bin, rest, true, hung, keep, &pr); err != nil {
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
				t.Cause = NotStartedAfterTimeout
			}
			pr.tests = append(pr.tests, t)
		}
	}
	return pr
}

// alone runs each of names in a binary of its own, several at once, and
// keeps what they tell; a pass counts only where its run confirms it.
// progress says whether the runs report progress (not when they run tests
// again that reported already); hung, when not nil, stops the runs not yet
// started once one has run out of time (see runBinary), and their tests
// are left out of what is kept: not run.
func (r *runner) alone(ctx context.Context, p Package, bin string, names []string, progress bool, hung *atomic.Bool, keep func([]Test), pr *pkgResult) error {
	runs := make([]binaryRun, len(names))
	errs := make([]error, len(names))
	var wg sync.WaitGroup
	for j, n := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[j], errs[j] = r.runBinary(ctx, p, bin, []string{n}, progress, hung)
		}()
	}
	wg.Wait()
	for j := range names {
		if errs[j] != nil {
			return errs[j]
		}
		if runs[j].skipped {
			pr.notStarted = append(pr.notStarted, names[j])
			continue
		}
		kept, _ := r.confirm(p, runs[j], true)
		keep(kept)
		pr.timedOut = pr.timedOut || runs[j].timedOut
		pr.running = append(pr.running, runs[j].running...)
	}
	return nil
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

// newerGo is the go command's word for a go.mod (the workspace's, or
// check's copy of it) that asks for a newer Go than itself.
var newerGo = regexp.MustCompile(`requires go >= (\S+) \(running go (\S+?)[;)]`)

// goLine is a Go version as a go.mod's go line gives it: "1.26" of
// "1.26.8".
func goLine(version string) string {
	if parts := strings.SplitN(version, ".", 3); len(parts) == 3 {
		return parts[0] + "." + parts[1]
	}
	return version
}

// testMainDecl is a TestMain's declaration at the start of a line.
var testMainDecl = regexp.MustCompile(`(?m)^func\s+TestMain\s*\(`)

// declaringTestMain is the test files of p's folder (as the module names
// them) that declare a TestMain of their own, for a message.
func declaringTestMain(module string, p Package) []string {
	names, _ := GlobIn(p.Dir, "*_test.go")
	var out []string
	for _, n := range names {
		if _, replaced := p.Replace[n]; replaced {
			continue
		}
		src, err := regularfile.ReadFile(n)
		if err != nil || !testMainDecl.Match(src) {
			continue
		}
		if rel, err := filepath.Rel(module, n); err == nil && filepath.IsLocal(rel) {
			n = filepath.ToSlash(rel)
		}
		out = append(out, n)
	}
	return out
}

// overlaidNames is a compiler's complaint with the files the build took
// from check's folder named as the workspace's files they stand for (the
// compiler names a temporary file nobody can open, by its absolute path or
// its path from the module). A line about check's
// own TestMain goes when there are others, since its errors then follow
// from theirs (a test declared twice is a key twice in its list). When
// the complaint names a course test file's copy, a last line says what
// that copy is: a learner who renamed or copied the course's file sees
// their tests "redeclared" against a file no longer in tests/.
func (r *runner) overlaidNames(msg string, p Package, sources map[string]string) string {
	if len(sources) == 0 {
		return msg
	}
	rel := func(target string) string {
		if name, err := filepath.Rel(r.o.Module, target); err == nil && filepath.IsLocal(name) {
			return filepath.ToSlash(name)
		}
		return target
	}
	pairs := make([]string, 0, 2*len(sources))
	verdict := ""
	for target, src := range sources {
		if _, copied := p.Replace[target]; !copied {
			verdict = rel(target)
		}
		// The go command names a file by its path from the module when
		// that is shorter, as it may be for check's folder.
		pairs = append(pairs, src, rel(target))
		if short, err := filepath.Rel(r.o.Module, src); err == nil {
			pairs = append(pairs, short, rel(target))
		}
	}
	msg = strings.NewReplacer(pairs...).Replace(msg)
	lines := strings.Split(msg, "\n")
	if verdict != "" {
		var kept []string
		others := false
		for _, l := range lines {
			if !strings.Contains(l, verdict+":") {
				kept = append(kept, l)
				others = others || strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#")
			}
		}
		if others {
			lines = kept
		}
	}
	var copies []string
	for target := range p.Replace {
		if name := rel(target); strings.Contains(msg, name+":") {
			copies = append(copies, name)
		}
	}
	sort.Strings(copies)
	msg = strings.Join(lines, "\n")
	switch {
	case len(copies) == 0:
	case strings.Contains(msg, " redeclared"):
		msg += fmt.Sprintf("\n(%s: the course's own copy, which check builds in place of any file of that name; a function of yours with a name it declares clashes with it: rename yours)", strings.Join(copies, ", "))
	case moduleProblem.MatchString(msg):
		// The go command cannot find a module the test imports (testify,
		// rapid) as go.mod and go.sum name it: a hand-edited require line
		// is the cause, not the harness.
		msg += "\n(go.mod or go.sum does not vouch for a module the tests import: put back the require lines `course init` wrote, or run `go mod tidy` in the workspace)"
	default:
		// Most often the harness does not offer what the test calls:
		// the mend is in the harness, and deleting the test file would
		// only take the module out of the check.
		msg += fmt.Sprintf("\n(%s: the course's own copy, which check builds in place of any file of that name; it calls the harness as the contract says: give the harness what it calls, with the parameters it passes, and leave the test file as the course made it)", strings.Join(copies, ", "))
	}
	return msg
}

// moduleProblem is the go command's word for an import that go.mod and
// go.sum do not provide.
var moduleProblem = regexp.MustCompile(`missing go\.sum entry|no required module provides package|updates to go\.mod needed`)

// envProblem is the go command's word for a module it cannot fetch.
var envProblem = regexp.MustCompile(`(module lookup disabled by GOPROXY=off|GOPROXY=off|dial tcp|no such host|proxyconnect|TLS handshake timeout).*`)

// cacheProblem is the go command's word for a module or build cache it
// cannot use: a user of its own, as a class is best checked under, may
// not write where GOMODCACHE or GOCACHE leads. It starts a line, as a
// compiler's complaint (which names a file first) never does, so that
// an import path a learner spells so does not pass for it.
var cacheProblem = regexp.MustCompile(`(?m)^(go: )?(could not create module cache|module cache not found|failed to initialize build cache|build cache is required).*`)

// build compiles a package's test binary. A compile error is returned as
// the compiler's complaint, as is a build stopped at its time limit; a go
// command that cannot work here is an error.
func (r *runner) build(ctx context.Context, p Package, bin string) (string, error) {
	// -s -w as go test links the binaries it runs itself: no symbol table or
	// DWARF, which traces do not need and the linker spends most time on.
	args := append([]string{"test", "-c", "-vet=off", "-ldflags=-s -w", "-o", bin}, r.modArgs...)
	var sources map[string]string // the overlay's files, by the path each stands for
	if p.Verify || len(p.Replace) > 0 {
		overlay, written, err := writeOverlay(r.tmp, strings.TrimSuffix(filepath.Base(bin), ".test"), p)
		if err != nil {
			return "", err
		}
		args = append(args, "-overlay="+overlay)
		sources = written
	}
	buildCtx, cancel := context.WithTimeout(ctx, r.o.BuildTimeout)
	defer cancel()
	cmd := exec.CommandContext(buildCtx, r.goCmd, append(args, relPattern(r.o.Module, p.Dir))...)
	cmd.Dir = r.o.Module
	cmd.Env = withPWD(r.env, cmd.Dir)
	procgroup.Own(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := procgroup.Start(cmd, (*exec.Cmd).Start)
	if err == nil {
		err = cmd.Wait()
	}
	procgroup.End(cmd)
	if ctx.Err() != nil {
		return "", nil
	}
	if buildCtx.Err() != nil {
		return fmt.Sprintf("the build of %s was still running after %s and was stopped: a compiler it ran waited on, or read without end, something that is not a regular file (a FIFO, or a device such as /dev/zero, that an assembly (.s) or cgo file #includes); look in %[1]s and the packages it imports",
			relPattern(r.o.Module, p.Dir), r.o.BuildTimeout), nil
	}
	msg := strings.TrimSpace(out.String())
	if err != nil {
		if !isExit(err) {
			return "", fmt.Errorf("running %s test -c: %w", r.goCmd, err)
		}
		if m := newerGo.FindStringSubmatch(msg); m != nil {
			return "", &EnvironmentError{
				Why: fmt.Sprintf("%s asks for Go %s, and the go command here is go %s",
					filepath.Join(r.o.Module, "go.mod"), m[1], m[2]),
				Mend:    fmt.Sprintf("install Go %s or later (https://go.dev/dl/), or lower the go line with `go mod edit -go=%s` in %s", m[1], goLine(m[2]), r.o.Module),
				ByGoMod: true,
			}
		}
		if m := cacheProblem.FindString(msg); m != "" {
			return "", &EnvironmentError{
				Why:  fmt.Sprintf("the go command cannot use its caches (%s)", strings.TrimPrefix(strings.TrimSpace(m), "go: ")),
				Mend: fmt.Sprintf("point GOMODCACHE and GOCACHE (go env -w, or the environment) at folders this user can write, and run `go mod download` in %s", r.o.Module),
			}
		}
		if m := envProblem.FindString(msg); m != "" {
			return "", &EnvironmentError{
				Why:     fmt.Sprintf("the go command cannot fetch a module the tests need (%s)", strings.TrimSpace(m)),
				Mend:    fmt.Sprintf("run `go mod download` in %s with the network on, or set GOPROXY to a proxy you can reach", r.o.Module),
				ByGoMod: true,
			}
		}
		if msg == "" {
			msg = err.Error()
		}
		if p.Verify && (strings.Contains(msg, "TestMain redeclared") || strings.Contains(msg, "multiple definitions of TestMain")) {
			yours := "yours"
			if files := declaringTestMain(r.o.Module, p); len(files) > 0 {
				yours += " (" + strings.Join(files, ", ") + ")"
			}
			msg += "\n(course check adds a TestMain of its own, to confirm what the tests did; the course's tests declare none: remove " + yours + ")"
		}
		return r.overlaidNames(msg, p, sources), nil
	}
	if _, err := os.Stat(bin); err != nil {
		return "no test files in " + relPattern(r.o.Module, p.Dir), nil
	}
	return "", nil
}

// realPaths is o with the module's folder, the packages' and the files
// Replace names as the real paths they lead to. The go command finds a
// folder by its real path (unless PWD names it otherwise), and the
// overlay's files must be named as it names them: a workspace reached
// through a symbolic link (macOS's /tmp, say) got no TestMain of check's.
func realPaths(o Options) (Options, error) {
	resolve := func(p string) (string, error) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		r, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return "", fmt.Errorf("finding the folder %s: %w", p, err)
		}
		return r, nil
	}
	var err error
	if o.Module, err = resolve(o.Module); err != nil {
		return o, err
	}
	pkgs := make([]Package, len(o.Packages))
	for i, p := range o.Packages {
		if p.Dir, err = resolve(p.Dir); err != nil {
			return o, err
		}
		if len(p.Replace) > 0 {
			files := make(map[string][]byte, len(p.Replace))
			for f, src := range p.Replace {
				dir, err := resolve(filepath.Dir(f))
				if err != nil {
					return o, err
				}
				files[filepath.Join(dir, filepath.Base(f))] = src
			}
			p.Replace = files
		}
		pkgs[i] = p
	}
	o.Packages = pkgs
	return o, nil
}

// withPWD is env with PWD set to dir, the folder a command starts in: the
// go command and os.Getwd take PWD's word for the folder when it leads
// there, so a PWD inherited from a link to it would name it otherwise.
func withPWD(env []string, dir string) []string {
	return append(slices.Clip(env), "PWD="+dir)
}

// NotStartedAfterTimeout is the Cause of a test that did not run because
// another test of its package, running alone after a crash, ran out of
// time before its turn came.
const NotStartedAfterTimeout = "another test of its package ran out of time before its turn, and no test starts after that; mend the endless loop and check again"

// stuckGrace is how long after its time limit a test binary is ended
// from outside: its own alarm should have ended it by then.
var stuckGrace = 15 * time.Second

// binaryRun is what one run of a test binary told.
type binaryRun struct {
	tests []Test
	// verdict is whether the run ended with check's TestMain's verdict
	// (Package.Verify), and code the exit code it gave.
	verdict  bool
	code     int
	records  bool               // the binary signed how each test ended
	ended    map[string]Outcome // how each test ended, as it signed it
	timedOut bool
	running  []string
	stuck    bool   // it was killed at check's own deadline, its alarm unheard
	skipped  bool   // it did not start: another run of its package had run out of time
	cause    string // why the binary died, when no test was running
	exit     string // how it ended
	pkgOut   string // output outside any test
}

// runBinary runs the test binary for the named tests, reading its stream
// as it comes; progress says whether it reports the tests' progress. With
// hung not nil, a run that runs out of time sets it, and a run that finds
// it set when its turn comes does not start (and tells nothing): both
// while holding its place among the Jobs, so no run starts after another
// ran out of time and gave its place up.
func (r *runner) runBinary(ctx context.Context, p Package, bin string, names []string, progress bool, hung *atomic.Bool) (binaryRun, error) {
	var br binaryRun
	if !r.acquire(ctx) {
		return br, nil
	}
	defer r.release()
	if hung != nil && hung.Load() {
		br.skipped = true
		return br, nil
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	// The binary's own alarm ends it at the time limit with a trace that
	// names the running test; this deadline is for a binary too stuck to
	// hear its alarm.
	runCtx, cancel := context.WithTimeout(ctx, r.o.Timeout+stuckGrace)
	defer cancel()
	cmd := exec.CommandContext(runCtx, bin, "-test.v=test2json", "-test.paniconexit0",
		"-test.timeout", r.o.Timeout.String(), "-test.run", "^("+strings.Join(quoted, "|")+")$")
	cmd.Dir = p.Dir
	cmd.Env = withPWD(r.testEnv, cmd.Dir)
	procgroup.Own(cmd)
	pr, pw, err := os.Pipe()
	if err != nil {
		return br, fmt.Errorf("making a pipe for the tests of %s: %w", p.ImportPath, err)
	}
	defer pr.Close()
	cmd.Stdout, cmd.Stderr = pw, pw
	rd := newReader(r.o.OutputLimit)
	started := func() {}
	if p.Verify {
		rd.nonce = newNonce()
		if started, err = handNonce(cmd, rd.nonce); err != nil {
			pw.Close()
			return br, err
		}
	}
	err = procgroup.Start(cmd, r.sandbox.Start)
	started()
	if err != nil {
		pw.Close()
		return br, fmt.Errorf("starting the tests of %s: %w", p.ImportPath, err)
	}
	pw.Close()

	if progress {
		rd.onStart = func(name string) { r.progress(Progress{Package: p.ImportPath, Test: name}) }
		rd.onEnd = func(t *running) { r.progress(Progress{Package: p.ImportPath, Test: t.name, Outcome: t.outcome}) }
	}
	readErr := make(chan error, 1)
	go func() { readErr <- rd.read(pr) }()
	waitErr := cmd.Wait()
	// Whatever the tests started dies with the binary.
	procgroup.End(cmd)
	_ = pr.SetReadDeadline(time.Now().Add(5 * time.Second))
	<-readErr // a read error after the process ended only cuts the output short
	if ctx.Err() != nil {
		return br, &CanceledError{Cause: context.Cause(ctx)}
	}
	stuck := errors.Is(runCtx.Err(), context.DeadlineExceeded)
	if waitErr != nil && !isExit(waitErr) && !stuck {
		return br, fmt.Errorf("running the tests of %s: %w", p.ImportPath, waitErr)
	}
	br.stuck = stuck
	br.exit = "exit status 0"
	if waitErr != nil {
		br.exit = waitErr.Error()
	}

	pkgOut, _ := rd.pkg.text()
	br.pkgOut = pkgOut
	br.verdict, br.code, br.records, br.ended = rd.verdict, rd.code, rd.records, rd.ended
	for _, name := range rd.order {
		t := rd.tests[name]
		out, cut := t.out.text()
		test := Test{Package: p.ImportPath, Name: name, Outcome: t.outcome, Output: out, Cut: cut}
		if t.forged {
			test.Cause = "it printed a result line of its own, as the testing package writes them"
		}
		if test.Outcome == "" && t.paused {
			continue // it never went on: run it again like a test not reached
		}
		if test.Outcome == "" {
			all := out + pkgOut
			switch {
			case timeoutPanic.MatchString(all) || stuck:
				test.Outcome = TimedOut
				br.timedOut = true
			default:
				test.Outcome = Crash
				test.Cause = cause(all)
				if test.Cause == "" {
					test.Cause = "the test binary ended while this test ran (" + br.exit + "); look for an os.Exit or a log.Fatal"
				}
			}
			if progress {
				r.progress(Progress{Package: p.ImportPath, Test: name, Outcome: test.Outcome})
			}
		}
		br.tests = append(br.tests, test)
	}
	if br.timedOut {
		for _, t := range br.tests {
			all := t.Output + pkgOut
			if names := runningAtTimeout(all); len(names) > 0 {
				br.running = names
				break
			}
		}
		if len(br.running) == 0 {
			for _, t := range br.tests {
				if t.Outcome == TimedOut {
					br.running = append(br.running, t.Name)
				}
			}
		}
	}
	if len(br.tests) == 0 {
		br.cause = cause(pkgOut)
	}
	if hung != nil && (br.timedOut || br.stuck) {
		hung.Store(true)
	}
	return br, nil
}

func isExit(err error) bool {
	var exitErr *exec.ExitError
	return errors.As(err, &exitErr)
}

// relPattern is dir as a package pattern relative to the module folder.
func relPattern(module, dir string) string {
	rel, err := filepath.Rel(module, dir)
	if err != nil {
		return dir
	}
	return "./" + filepath.ToSlash(rel)
}

// goBinary is the go command: $GO, or go on PATH.
func goBinary() (string, error) {
	name := "go"
	if g := os.Getenv("GO"); g != "" {
		name = g
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &EnvironmentError{
			Why:  fmt.Sprintf("the go command (%s) is not on PATH, so no test can be built", name),
			Mend: "install Go (https://go.dev/dl/) and put its bin folder on PATH, then run check again",
		}
	}
	return p, nil
}
