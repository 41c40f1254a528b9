// Package gotest runs the course's tests with go test -json and reads the
// test2json stream: which tests passed, which failed and with what output,
// and which never ran because the test binary died (a panic ends every test
// after it) or ran out of time. Tests that a panic cut off are run again,
// from a test binary built once, skipping those already reported, so every
// test gets an outcome.
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
	"runtime"
	"strings"
	"sync"
	"time"
)

// Event is one line of the test2json stream.
type Event struct {
	Action     string // start, run, pause, cont, pass, fail, output, skip, build-output, build-fail
	Package    string
	Test       string
	Output     string
	ImportPath string // on build-output and build-fail
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
	// BuildOutput is the compiler's complaint for each package that did
	// not build.
	BuildOutput map[string]string
	// TimedOut is set when a package ran out of time.
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
	Module   string // the folder of the Go module the packages belong to
	Packages []Package
	Run      string        // -run regexp; "" for all
	Timeout  time.Duration // for each test binary
}

var timeoutPanic = regexp.MustCompile(`panic: test timed out after`)

// stream is a parsed test2json stream.
type stream struct {
	tests map[string]map[string]*Test // package, top-level test
	order map[string][]string         // package: tests in the order they appeared
	build map[string]string           // package: build output
}

func parse(r io.Reader) (*stream, error) {
	s := &stream{tests: map[string]map[string]*Test{}, order: map[string][]string{}, build: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil {
			continue
		}
		if e.Action == "build-output" {
			s.build[e.ImportPath] += e.Output
			continue
		}
		if e.Test == "" {
			continue
		}
		top, _, _ := strings.Cut(e.Test, "/")
		if s.tests[e.Package] == nil {
			s.tests[e.Package] = map[string]*Test{}
		}
		t, ok := s.tests[e.Package][top]
		if !ok {
			t = &Test{Package: e.Package, Name: top, Outcome: NotRun}
			s.tests[e.Package][top] = t
			s.order[e.Package] = append(s.order[e.Package], top)
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
	return s, sc.Err()
}

// Run tests every package: one go test -json for all of them (built in
// parallel, results cached by the go command), then, for each package whose
// binary died before reaching every expected test, reruns from a binary built
// once, skipping what is already reported, until each test has an outcome or
// a run makes no progress. A package that hits the time limit is not rerun:
// its running test is TimedOut and the rest NotRun.
func Run(ctx context.Context, o Options) (*Result, error) {
	res := &Result{BuildOutput: map[string]string{}}
	args := []string{"test", "-json", "-timeout", o.Timeout.String()}
	if o.Run != "" {
		args = append(args, "-run", o.Run)
	}
	for _, p := range o.Packages {
		args = append(args, relPattern(o.Module, p.Dir))
	}
	// The test binaries time themselves; the deadline covers building too,
	// and is the last resort if a binary ignores its own timer.
	runCtx, cancel := context.WithTimeout(ctx, 2*o.Timeout+5*time.Minute)
	defer cancel()
	out, stderr, err := run(runCtx, o.Module, goBinary(), args...)
	if ctx.Err() != nil {
		return nil, fmt.Errorf("running go test: %w", ctx.Err())
	}
	deadline := errors.Is(runCtx.Err(), context.DeadlineExceeded)
	if err != nil && !isExit(err) && !deadline {
		return nil, fmt.Errorf("running go test: %w", err)
	}
	s, err := parse(bytes.NewReader(out))
	if err != nil {
		return nil, fmt.Errorf("reading go test's output: %w", err)
	}

	var again []Package
	for _, p := range o.Packages {
		got := s.tests[p.ImportPath]
		if b, ok := s.build[p.ImportPath]; ok || (len(got) == 0 && err != nil && len(stderr) > 0 && len(p.Expected) > 0) {
			if !ok {
				b = string(stderr)
			}
			res.BuildOutput[p.ImportPath] = strings.TrimSpace(b)
			res.Tests = append(res.Tests, notRun(p, nil)...)
			continue
		}
		timedOut := deadline
		for _, t := range got {
			if timeoutPanic.MatchString(t.Output) {
				timedOut = true
				if t.Outcome != Pass {
					t.Outcome = TimedOut
				}
			}
		}
		res.TimedOut = res.TimedOut || timedOut
		complete := true
		for _, n := range p.Expected {
			if _, ok := got[n]; !ok {
				complete = false
			}
		}
		if complete || timedOut {
			for _, n := range s.order[p.ImportPath] {
				res.Tests = append(res.Tests, *got[n])
			}
			res.Tests = append(res.Tests, notRun(p, got)...)
			continue
		}
		again = append(again, p)
	}
	if len(again) == 0 {
		return res, nil
	}
	more, err := rerun(ctx, o, again, s)
	if err != nil {
		return nil, err
	}
	res.Tests = append(res.Tests, more.Tests...)
	res.TimedOut = res.TimedOut || more.TimedOut
	for k, v := range more.BuildOutput {
		res.BuildOutput[k] = v
	}
	return res, nil
}

// notRun is an outcome for every expected test not in got.
func notRun(p Package, got map[string]*Test) []Test {
	var out []Test
	for _, n := range p.Expected {
		if _, ok := got[n]; !ok {
			out = append(out, Test{Package: p.ImportPath, Name: n, Outcome: NotRun})
		}
	}
	return out
}

// rerun builds each package's test binary once and runs it again and again,
// skipping the tests already reported.
func rerun(ctx context.Context, o Options, pkgs []Package, first *stream) (*Result, error) {
	res := &Result{BuildOutput: map[string]string{}}
	tmp, err := os.MkdirTemp("", "course-check-")
	if err != nil {
		return nil, fmt.Errorf("making a folder for test binaries: %w", err)
	}
	defer os.RemoveAll(tmp)
	test2json, err := toolPath(ctx, o.Module, "test2json")
	if err != nil {
		return nil, err
	}
	bins := make([]string, len(pkgs))
	builds := make([]string, len(pkgs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, p := range pkgs {
		bins[i] = filepath.Join(tmp, fmt.Sprintf("p%d.test", i))
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			builds[i] = build(ctx, o.Module, p.Dir, bins[i])
		}()
	}
	wg.Wait()
	for i, p := range pkgs {
		done := first.tests[p.ImportPath]
		order := append([]string(nil), first.order[p.ImportPath]...)
		if builds[i] != "" {
			res.BuildOutput[p.ImportPath] = builds[i]
		} else {
			timedOut, err := runUntilDone(ctx, o, p, test2json, bins[i], done, &order)
			if err != nil {
				return nil, err
			}
			res.TimedOut = res.TimedOut || timedOut
		}
		for _, n := range order {
			res.Tests = append(res.Tests, *done[n])
		}
		res.Tests = append(res.Tests, notRun(p, done)...)
	}
	return res, nil
}

// runUntilDone runs a binary, skipping the tests in done, until every
// expected test is in done or a run adds nothing.
func runUntilDone(ctx context.Context, o Options, p Package, test2json, bin string, done map[string]*Test, order *[]string) (bool, error) {
	for {
		var skip []string
		for _, n := range *order {
			skip = append(skip, regexp.QuoteMeta(n))
		}
		args := []string{"-t", "-p", p.ImportPath, bin, "-test.v=test2json", "-test.timeout", o.Timeout.String()}
		if o.Run != "" {
			args = append(args, "-test.run", o.Run)
		}
		if len(skip) > 0 {
			args = append(args, "-test.skip", "^("+strings.Join(skip, "|")+")$")
		}
		runCtx, cancel := context.WithTimeout(ctx, o.Timeout+30*time.Second)
		out, _, err := run(runCtx, p.Dir, test2json, args...)
		deadline := errors.Is(runCtx.Err(), context.DeadlineExceeded)
		cancel()
		if ctx.Err() != nil {
			return false, fmt.Errorf("running the tests of %s: %w", p.ImportPath, ctx.Err())
		}
		if err != nil && !isExit(err) && !deadline {
			return false, fmt.Errorf("running the tests of %s: %w", p.ImportPath, err)
		}
		s, err := parse(bytes.NewReader(out))
		if err != nil {
			return false, fmt.Errorf("reading the test output of %s: %w", p.ImportPath, err)
		}
		progress := false
		timedOut := deadline
		for _, n := range s.order[p.ImportPath] {
			t := s.tests[p.ImportPath][n]
			if timeoutPanic.MatchString(t.Output) {
				timedOut = true
				if t.Outcome != Pass {
					t.Outcome = TimedOut
				}
			}
			if _, seen := done[n]; !seen {
				done[n] = t
				*order = append(*order, n)
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
			return timedOut, nil
		}
	}
}

// build compiles a package's test binary; it returns the compiler's
// complaint, or "" when the build succeeded.
func build(ctx context.Context, module, dir, out string) string {
	b, _, err := run(ctx, module, goBinary(), "test", "-c", "-vet=off", "-o", out, relPattern(module, dir))
	if err != nil {
		if msg := strings.TrimSpace(string(b)); msg != "" {
			return msg
		}
		return err.Error()
	}
	if _, err := os.Stat(out); err != nil {
		return "no test files"
	}
	return ""
}

// run runs a command in dir and returns its stdout (stderr too when
// combined output matters) and stderr.
func run(ctx context.Context, dir, name string, args ...string) (stdout, stderr []byte, err error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.WaitDelay = 5 * time.Second
	var o, e bytes.Buffer
	cmd.Stdout = &o
	cmd.Stderr = &e
	err = cmd.Run()
	if name == goBinary() && len(args) > 0 && args[0] == "test" && args[1] == "-c" {
		o.Write(e.Bytes())
	}
	return o.Bytes(), e.Bytes(), err
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

// toolPath is the path of a go tool's binary, so that it runs without the
// go command's start-up each time.
func toolPath(ctx context.Context, dir, tool string) (string, error) {
	out, _, err := run(ctx, dir, goBinary(), "tool", "-n", tool)
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
