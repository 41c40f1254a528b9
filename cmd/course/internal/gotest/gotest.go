// Package gotest runs go test -json and reads its test2json stream: which
// tests passed, which failed and with what output, and which never ran
// because the test binary died (a panic ends every test after it) or ran
// out of time.
package gotest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
)

// Event is one line of the test2json stream.
type Event struct {
	Time    time.Time
	Action  string // start, run, pause, cont, pass, bench, fail, output, skip, build-output, build-fail
	Package string
	Test    string
	Elapsed float64
	Output  string
	// ImportPath is set on build-output and build-fail events.
	ImportPath string
	// FailedBuild names the package whose build failed, on a package's fail.
	FailedBuild string
}

// Outcome is how a test ended.
type Outcome string

// The outcomes.
const (
	Pass     Outcome = "pass"
	Fail     Outcome = "fail"
	Skip     Outcome = "skip"
	NotRun   Outcome = "not run"   // the binary died before reaching it, or the build failed
	TimedOut Outcome = "timed out" // it was running when the time ran out
)

// Test is one top-level test's result.
type Test struct {
	Package string
	Name    string
	Outcome Outcome
	Output  string // everything the test printed, subtests included
}

// Result is every test of a run, and what went wrong outside tests.
type Result struct {
	Tests []Test
	// BuildOutput is the compiler's complaint for packages that did not
	// build, by package.
	BuildOutput map[string]string
	// TimedOut is set when the run hit its deadline.
	TimedOut bool
}

// Package is one package to test.
type Package struct {
	Dir        string   // its folder
	ImportPath string   // as test2json reports it
	Expected   []string // the top-level tests its files declare
}

// Options says what to run.
type Options struct {
	Module   string    // the module folder the packages belong to
	Packages []Package //
	Run      string    // -test.run regexp; "" for all
	Timeout  time.Duration
}

// parse reads a test2json stream.
func parse(r io.Reader) (tests map[string]*Test, order []string, err error) {
	tests = map[string]*Test{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil || e.Test == "" {
			continue
		}
		top, _, _ := strings.Cut(e.Test, "/")
		t, ok := tests[top]
		if !ok {
			t = &Test{Package: e.Package, Name: top, Outcome: NotRun}
			tests[top] = t
			order = append(order, top)
		}
		switch e.Action {
		case "output":
			t.Output += e.Output
		case "pass", "fail", "skip":
			if e.Test == top {
				t.Outcome = Outcome(e.Action)
			}
		}
	}
	return tests, order, sc.Err()
}

var timeoutPanic = regexp.MustCompile(`panic: test timed out after`)

// Run builds each package's test binary once, then runs it under test2json.
// When a binary dies before reaching every expected test (a panic ends
// every test after it), it runs again skipping the tests already reported,
// until every test has an outcome or a run makes no progress. A run that
// hits the time limit stops its package: the test that was running is
// TimedOut, the rest NotRun.
func Run(ctx context.Context, o Options) (*Result, error) {
	res := &Result{BuildOutput: map[string]string{}}
	tmp, err := os.MkdirTemp("", "course-check-")
	if err != nil {
		return nil, fmt.Errorf("making a folder for the test binaries: %w", err)
	}
	defer os.RemoveAll(tmp)
	test2json, err := toolPath(ctx, o.Module, "test2json")
	if err != nil {
		return nil, err
	}
	bins := make([]string, len(o.Packages))
	builds := make([]string, len(o.Packages))
	var wg sync.WaitGroup
	for i, p := range o.Packages {
		bins[i] = filepath.Join(tmp, fmt.Sprintf("p%d.test", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			builds[i] = build(ctx, o.Module, p.Dir, bins[i])
		}()
	}
	wg.Wait()
	for i, p := range o.Packages {
		if builds[i] != "" {
			res.BuildOutput[p.ImportPath] = builds[i]
			for _, n := range p.Expected {
				res.Tests = append(res.Tests, Test{Package: p.ImportPath, Name: n, Outcome: NotRun})
			}
			continue
		}
		tests, timedOut, err := runPackage(ctx, o, p, test2json, bins[i])
		if err != nil {
			return nil, err
		}
		res.Tests = append(res.Tests, tests...)
		res.TimedOut = res.TimedOut || timedOut
	}
	return res, nil
}

// build compiles a package's test binary; it returns the compiler's
// complaint, or "" when the build succeeded.
func build(ctx context.Context, module, dir, out string) string {
	rel, err := filepath.Rel(module, dir)
	if err != nil {
		rel = dir
	}
	cmd := exec.CommandContext(ctx, goBinary(), "test", "-c", "-vet=off", "-o", out, "./"+filepath.ToSlash(rel))
	cmd.Dir = module
	b, err := cmd.CombinedOutput()
	if err != nil {
		msg := strings.TrimSpace(string(b))
		if msg == "" {
			msg = err.Error()
		}
		return msg
	}
	if _, err := os.Stat(out); err != nil {
		// A package with no test files builds no binary.
		return "no test files"
	}
	return ""
}

// runPackage runs one binary until every expected test has an outcome.
func runPackage(ctx context.Context, o Options, p Package, test2json, bin string) ([]Test, bool, error) {
	done := map[string]*Test{}
	var order []string
	var skip []string
	for {
		tests, ord, timedOut, err := runOnce(ctx, o, p, test2json, bin, skip)
		if err != nil {
			return nil, false, err
		}
		progress := false
		for _, n := range ord {
			if _, seen := done[n]; !seen {
				done[n] = tests[n]
				order = append(order, n)
				skip = append(skip, regexp.QuoteMeta(n))
				progress = true
			}
		}
		missing := false
		for _, n := range p.Expected {
			if _, ok := done[n]; !ok {
				missing = true
			}
		}
		if timedOut || !progress || !missing {
			var out []Test
			for _, n := range order {
				t := done[n]
				if timedOut && timeoutPanic.MatchString(t.Output) && t.Outcome != Pass {
					t.Outcome = TimedOut
				}
				out = append(out, *t)
			}
			for _, n := range p.Expected {
				if _, ok := done[n]; !ok {
					out = append(out, Test{Package: p.ImportPath, Name: n, Outcome: NotRun})
				}
			}
			return out, timedOut, nil
		}
	}
}

// runOnce is one run of a test binary under test2json.
func runOnce(ctx context.Context, o Options, p Package, test2json, bin string, skip []string) (map[string]*Test, []string, bool, error) {
	// The binary's own timer (-test.timeout) reports which test hung; the
	// context deadline is the last resort if the binary ignores it.
	runCtx, cancel := context.WithTimeout(ctx, o.Timeout+30*time.Second)
	defer cancel()
	args := []string{"-t", "-p", p.ImportPath, bin, "-test.v=test2json", "-test.timeout", o.Timeout.String()}
	if o.Run != "" {
		args = append(args, "-test.run", o.Run)
	}
	if len(skip) > 0 {
		args = append(args, "-test.skip", "^("+strings.Join(skip, "|")+")$")
	}
	cmd := exec.CommandContext(runCtx, test2json, args...)
	cmd.Dir = p.Dir
	cmd.WaitDelay = 5 * time.Second
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stdout
	err := cmd.Run()
	deadline := errors.Is(runCtx.Err(), context.DeadlineExceeded)
	if ctx.Err() != nil {
		return nil, nil, false, fmt.Errorf("running the tests of %s: %w", p.ImportPath, ctx.Err())
	}
	var exitErr *exec.ExitError
	if err != nil && !errors.As(err, &exitErr) && !deadline {
		return nil, nil, false, fmt.Errorf("running the tests of %s: %w", p.ImportPath, err)
	}
	tests, order, perr := parse(&stdout)
	if perr != nil {
		return nil, nil, false, fmt.Errorf("reading the test output of %s: %w", p.ImportPath, perr)
	}
	timedOut := deadline
	for _, t := range tests {
		if timeoutPanic.MatchString(t.Output) {
			timedOut = true
		}
	}
	return tests, order, timedOut, nil
}

// toolPath is the path of a go tool's binary, so it can be run without the
// go command's start-up each time.
func toolPath(ctx context.Context, dir, tool string) (string, error) {
	cmd := exec.CommandContext(ctx, goBinary(), "tool", "-n", tool)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("finding go tool %s (is Go installed and on PATH?): %w", tool, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func goBinary() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}
