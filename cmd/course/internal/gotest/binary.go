package gotest

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
)

// NotStartedAfterTimeout is the Cause of a test that did not run because
// another test of its package, running alone after a crash, ran out of
// time before its turn came.
const NotStartedAfterTimeout = "another test of its package ran out of time before its turn, and no test starts after that; mend the endless loop and check again"

// NotStartedAfterOutOfMemory is the Cause of a test that did not run
// because two other tests of its package had run their binaries out of
// the memory limit before its turn.
const NotStartedAfterOutOfMemory = "two other tests of its package ran out of memory before its turn, and no test starts after that; mend the allocation without end and check again"

// stopper holds back the runs of a package not yet started once one of
// its runs has run out of time or of memory. After a time-out they do not
// start. After a run out of memory they start one at a time: run Jobs at
// once, each could take the whole limit, where the limit is there to
// keep the machine's memory; and once a second run has run out they do
// not start, as when every test reaches the same allocation without end
// each would take seconds to fill the limit.
type stopper struct {
	timedOut    atomic.Bool
	outOfMemory atomic.Int32 // runs that ran out of memory
	serial      sync.Mutex   // held by each run that starts after one ran out of memory
}

// ranOutOfTime and ranOutOfMemory tell the stopper what a run did.
func (s *stopper) ranOutOfTime()   { s.timedOut.Store(true) }
func (s *stopper) ranOutOfMemory() { s.outOfMemory.Add(1) }

// stopped is why the runs not yet started do not start, "" when they go
// on; a nil stopper never stops them.
func (s *stopper) stopped() string {
	switch {
	case s == nil:
		return ""
	case s.timedOut.Load():
		return NotStartedAfterTimeout
	case s.outOfMemory.Load() >= 2:
		return NotStartedAfterOutOfMemory
	}
	return ""
}

// oneAtATime says the runs start one at a time: one has run out of
// memory.
func (s *stopper) oneAtATime() bool { return s != nil && s.outOfMemory.Load() > 0 }

// turn waits, once a run has run out of memory, for the runs started
// since to end, and returns what ends this one's turn.
func (s *stopper) turn() func() {
	if !s.oneAtATime() {
		return func() {}
	}
	s.serial.Lock()
	return s.serial.Unlock
}

// binary is a package's test binary.
type binary struct {
	path string
	// memLimit is the memory each of its processes may map for its data
	// (memlimit.For), or 0 where none is set.
	memLimit uint64
}

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
	// outOfMemory says the binary ran out of its memory limit (and cause,
	// when no test was running, says so).
	outOfMemory bool
	exit        string // how it ended
	pkgOut      string // output outside any test
}

// maxRunPattern bounds the -test.run pattern of one process: Linux takes
// at most 128 KiB in one argument (and about 2 MiB for the arguments and
// the environment together), macOS 1 MiB in all, and Windows 32767
// characters for the whole command line, where check's TestMain is handed
// its arguments in the environment besides. A variable, so that a test
// can make it small.
var maxRunPattern = 16 << 10

// runBinary runs the test binary for the named tests, reading its stream
// as it comes; progress says whether it reports the tests' progress. With
// stop not nil, a run that runs out of time or of memory tells it, and a
// run that finds it stopped when its turn comes does not start (and tells
// nothing): both while holding its place among the Jobs, so no run starts
// after another ran out and gave its place up (see stopper).
//
// Tests too many to name in one -test.run (maxRunPattern) run in parts,
// one process after another, told as one run: a part that leaves a test
// of its own without an outcome (a crash, a time-out) ends it, as such a
// test would end one process of them all, so the tests left are run as
// after a crash; and the run's verdict confirms a pass only if every
// part's says 0. Each part has the whole time limit.
func (r *runner) runBinary(ctx context.Context, p Package, bin binary, names []string, progress bool, stop *stopper) (binaryRun, error) {
	var run binaryRun
	for i, part := range runParts(names) {
		br, err := r.runPart(ctx, p, bin, part, progress, stop)
		if err != nil {
			return br, err
		}
		if i == 0 {
			run = br
		} else {
			run.join(br)
		}
		if br.skipped || br.timedOut || br.stuck || !toldAll(br, part) {
			break
		}
	}
	return run, nil
}

// NameFits reports whether a test's name fits a -test.run pattern of its
// own (maxRunPattern long at most): a longer one cannot be named to the
// test binary on every system's command line (on Linux, past 128 KiB,
// the binary does not even start).
func NameFits(name string) bool { return len(runPattern([]string{name})) <= maxRunPattern }

// MaxNameLength is about the longest name NameFits takes: a name of
// letters, digits and underscores that long fits.
func MaxNameLength() int { return maxRunPattern - len(runPattern(nil)) }

// runParts is names in runs of the binary whose -test.run pattern
// (runPattern) is at most maxRunPattern long, in their order; always one
// at least. A name longer than that alone is a part of its own.
func runParts(names []string) [][]string {
	var parts [][]string
	var part []string
	size := 0 // of part's pattern
	for _, n := range names {
		q := len(regexp.QuoteMeta(n))
		if len(part) > 0 && size+len("|")+q > maxRunPattern {
			parts = append(parts, part)
			part = nil
		}
		if len(part) == 0 {
			size = len(runPattern(nil)) + q
		} else {
			size += len("|") + q
		}
		part = append(part, n)
	}
	return append(parts, part)
}

// runPattern is the -test.run pattern that runs the named top-level tests
// and no other.
func runPattern(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

// toldAll reports whether every test of names has an outcome in br.
func toldAll(br binaryRun, names []string) bool {
	told := make(map[string]bool, len(br.tests))
	for _, t := range br.tests {
		told[t.Name] = true
	}
	for _, n := range names {
		if !told[n] {
			return false
		}
	}
	return true
}

// join adds the next part's run to run, as one run of them all would have
// told it: a verdict only if each part gave one, the first code that is
// not 0, and how the run ended as the last part, which ended it, tells.
func (run *binaryRun) join(next binaryRun) {
	run.tests = append(run.tests, next.tests...)
	run.verdict = run.verdict && next.verdict
	if run.code == 0 {
		run.code = next.code
	}
	run.records = run.records && next.records
	if len(next.ended) > 0 {
		if run.ended == nil {
			run.ended = map[string]Outcome{}
		}
		maps.Copy(run.ended, next.ended)
	}
	run.timedOut = run.timedOut || next.timedOut
	run.running = append(run.running, next.running...)
	run.stuck = run.stuck || next.stuck
	run.skipped = run.skipped || next.skipped
	run.cause, run.exit, run.pkgOut, run.outOfMemory = next.cause, next.exit, next.pkgOut, next.outOfMemory
}

// runPart runs the test binary once, for the named tests: see runBinary.
func (r *runner) runPart(ctx context.Context, p Package, bin binary, names []string, progress bool, stop *stopper) (binaryRun, error) {
	var br binaryRun
	// Before a place among the Jobs, so that a run waiting for its turn
	// holds none another package could use.
	defer stop.turn()()
	if !r.acquire(ctx) {
		return br, nil
	}
	defer r.release()
	if stop.stopped() != "" {
		br.skipped = true
		return br, nil
	}
	// The binary's own alarm ends it at the time limit with a trace that
	// names the running test; this deadline is for a binary too stuck to
	// hear its alarm.
	runCtx, cancel := context.WithTimeout(ctx, r.o.Timeout+stuckGrace)
	defer cancel()
	cmd := exec.CommandContext(runCtx, bin.path, "-test.v=test2json", "-test.paniconexit0",
		"-test.timeout", r.o.Timeout.String(), "-test.run", runPattern(names))
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
	// The limit comes once the binary runs (os/exec runs nothing between
	// fork and exec); one that mapped past it before is ended here, and
	// its tests ran out of memory as surely as if the limit had stopped it.
	overLimit, err := memlimit.Bound(cmd, bin.memLimit)
	if err != nil {
		return br, fmt.Errorf("bounding the memory of the tests of %s: %w", p.ImportPath, err)
	}

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
	// Out of memory only where check set the limit: elsewhere the
	// machine ran out, or a limit of the user's own, and the crash's
	// cause, the runtime's own line, says so.
	ranOut := func(out string) bool { return memlimit.Ended(bin.memLimit, overLimit, out) }
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
			case ranOut(all):
				br.outOfMemory = true
				test.Outcome = OutOfMemory
				test.Cause = outOfMemoryCause(bin.memLimit, true)
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
		if br.outOfMemory = ranOut(pkgOut); br.outOfMemory {
			br.cause = outOfMemoryCause(bin.memLimit, false)
		}
	}
	if stop != nil {
		switch {
		case br.timedOut || br.stuck:
			stop.ranOutOfTime()
		case br.ranOutOfMemory():
			stop.ranOutOfMemory()
		}
	}
	return br, nil
}

// ranOutOfMemory says the run's binary ran out of its memory limit, in a
// test or before any.
func (br *binaryRun) ranOutOfMemory() bool {
	return br.outOfMemory || slices.ContainsFunc(br.tests, func(t Test) bool { return t.Outcome == OutOfMemory })
}

// outOfMemoryCause is the Cause of a test the memory limit ended:
// running says a test was running then, not the binary's start.
func outOfMemoryCause(limit uint64, running bool) string {
	when := "while this test ran"
	if !running {
		when = "before any test ran, in a package's init or a package-level variable's initializer"
	}
	return "the test binary ran out of its memory limit of " + memlimit.Size(limit) + " " + when + "; " + memlimit.Mend
}

func isExit(err error) bool {
	var exitErr *exec.ExitError
	return errors.As(err, &exitErr)
}
