package devcheck

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/modules"
)

// testEvent is one line of go test -json.
type testEvent struct {
	Action     string `json:"Action"`
	Package    string `json:"Package"`
	ImportPath string `json:"ImportPath"` // of a build event
	Test       string `json:"Test"`
	Output     string `json:"Output"`
	// FailedBuild is set on a package's fail event when its build failed.
	FailedBuild string `json:"FailedBuild"`
}

// devcheckModule is the module path of the workspace the RED run makes.
const devcheckModule = "example.com/devcheck"

// Starter copies a module's tests into a workspace, as course start-module
// does; the command line hands in its own, with the course content.
type Starter func(ws string, m modules.Module) error

// tests runs the reference GREEN and the template RED.
func (c *checker) tests(ctx context.Context) error {
	c.say("running every module's tests against the reference")
	if err := c.green(ctx); err != nil {
		return err
	}
	if c.opts.Start == nil {
		return nil
	}
	c.say("running every module's tests against the workspace template's stubs")
	return c.red(ctx)
}

// green runs the course's tests in the repository: each must pass.
func (c *checker) green(ctx context.Context) error {
	goTmp, err := os.MkdirTemp("", "course-devcheck-go-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(goTmp)
	cmd := goCommand(ctx, c.opts.Repo, goTmp, "test", "-json", "./course/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	procgroup.End(cmd)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return fmt.Errorf("running go test in %s: %w", c.opts.Repo, err)
	}
	passed := map[string]bool{}
	failed := map[string]string{}
	// The course's own tests beside the modules' (course/, course/data/:
	// the catalog, the lessons, the harness contract), by package.
	type pkgTest struct{ pkg, test string }
	var otherFailed []pkgTest
	output := map[pkgTest]*strings.Builder{}
	buildOutput := map[string]*strings.Builder{} // by import path
	var unbuilt []string                         // import paths, as they failed
	// A package's run can fail with no test failing: a test the time limit
	// stopped has no result of its own, and a TestMain that exits 1 or an
	// init that panics fails the package alone. running is each package's
	// tests started and not ended; pkgOutput its lines outside any test.
	running := map[string][]string{}
	pkgOutput := map[string]*strings.Builder{}
	testFailedIn := map[string]bool{}
	var pkgFailed []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev testEvent
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch ev.Action {
		case "build-output":
			if buildOutput[ev.ImportPath] == nil {
				buildOutput[ev.ImportPath] = &strings.Builder{}
			}
			buildOutput[ev.ImportPath].WriteString(ev.Output)
			continue
		case "build-fail":
			unbuilt = append(unbuilt, ev.ImportPath)
			continue
		}
		if ev.Test == "" {
			switch ev.Action {
			case "output":
				if pkgOutput[ev.Package] == nil {
					pkgOutput[ev.Package] = &strings.Builder{}
				}
				pkgOutput[ev.Package].WriteString(ev.Output)
			case "fail":
				if ev.FailedBuild != "" {
					continue
				}
				// The tests still running when the package ended have
				// failed (the time limit, a crash), though no event says so.
				for _, name := range running[ev.Package] {
					key := pkgTest{ev.Package, name}
					failed[name] = "fails"
					otherFailed = append(otherFailed, key)
					testFailedIn[ev.Package] = true
				}
				if !testFailedIn[ev.Package] {
					pkgFailed = append(pkgFailed, ev.Package)
				}
			}
			continue
		}
		// A subtest's output is its test's: it says why the test failed.
		top, _, sub := strings.Cut(ev.Test, "/")
		key := pkgTest{ev.Package, top}
		if !sub {
			switch ev.Action {
			case "run":
				running[ev.Package] = append(running[ev.Package], ev.Test)
			case "pass", "fail", "skip":
				running[ev.Package] = slices.DeleteFunc(running[ev.Package], func(name string) bool { return name == ev.Test })
			}
		}
		if ev.Action == "fail" {
			testFailedIn[ev.Package] = true
		}
		if ev.Action == "output" {
			if output[key] == nil {
				output[key] = &strings.Builder{}
			}
			output[key].WriteString(ev.Output)
		}
		if ev.Action == "fail" && !sub {
			otherFailed = append(otherFailed, key)
		}
		switch ev.Action {
		case "pass":
			passed[ev.Test] = true
		case "fail":
			failed[ev.Test] = "fails"
		case "skip":
			failed[ev.Test] = "is skipped"
		}
	}
	if stderr.Len() > 0 && len(passed) == 0 {
		c.problem("course", 0, "the tests do not build against the reference: %s", trim(stderr.String()))
		return nil
	}
	// A test package that does not compile is one problem, with the
	// compiler's words, not a "did not run" for each of its tests.
	notBuilt := map[string]bool{}
	for _, ip := range unbuilt {
		// "pkg [pkg.test]" names the test build of pkg.
		pkg, _, _ := strings.Cut(ip, " ")
		dir, ok := strings.CutPrefix(pkg, workspace.RepositoryModule+"/")
		if !ok || notBuilt[dir] {
			continue
		}
		notBuilt[dir] = true
		c.unbuilt = true
		why := "the go command gave no reason"
		if b := buildOutput[ip]; b != nil {
			// The compiler's lines, without the header naming the package.
			var lines []string
			for _, l := range strings.Split(b.String(), "\n") {
				if !strings.HasPrefix(l, "# ") {
					lines = append(lines, l)
				}
			}
			why = trim(strings.Join(lines, "\n"))
		}
		c.problem(dir, 0, "does not compile against the reference, so none of its tests ran: %s", why)
	}
	moduleTest := map[string]bool{}
	for _, m := range modules.All() {
		for _, dir := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
			if notBuilt["course/"+dir] {
				continue
			}
			funcs, _ := c.folderTests(dir)
			for name, pos := range funcs {
				moduleTest[name] = true
				if why, bad := failed[name]; bad {
					c.problem(pos.Filename, pos.Line, "%s %s against the reference; the reference must pass every course test", name, why)
				} else if !passed[name] {
					c.problem(pos.Filename, pos.Line, "%s did not run against the reference", name)
				}
			}
		}
	}
	// A failing test of the course's own (the catalog against the card
	// files, a lesson's test against the module's, the harness contract
	// against the stubs) is a course that is not consistent, whatever the
	// modules' tests say.
	for _, k := range otherFailed {
		dir, ok := strings.CutPrefix(k.pkg, workspace.RepositoryModule+"/")
		if !ok || moduleTest[k.test] || notBuilt[dir] {
			continue
		}
		file, line := c.findTest(dir, k.test)
		why := "no output"
		if b := output[k]; b != nil {
			why = failureWhy(b.String())
		}
		c.problem(file, line, "%s fails against the reference (go test ./%s -run '^%s$' shows why): %s", k.test, dir, k.test, trim(why))
	}
	// A package that failed with no test failing and no build failure
	// (its TestMain's exit, a panic in an init) is a problem at its folder.
	for _, pkg := range pkgFailed {
		dir, ok := strings.CutPrefix(pkg, workspace.RepositoryModule+"/")
		if !ok || notBuilt[dir] {
			continue
		}
		why := "no output"
		if b := pkgOutput[pkg]; b != nil {
			why = packageFailureWhy(b.String())
		}
		c.problem(dir, 0, "go test ./%s fails against the reference with no test failing: %s", dir, trim(why))
	}
	return nil
}

// packageFailureWhy is the first line of a package's own output (outside
// any test) that says why its run failed: not go test's PASS, FAIL or
// exit status lines, unless there is nothing else.
func packageFailureWhy(out string) string {
	var status string
	for _, ln := range strings.Split(out, "\n") {
		t := strings.TrimSpace(ln)
		switch {
		case t == "" || t == "PASS" || t == "FAIL" || strings.HasPrefix(t, "FAIL\t") || strings.HasPrefix(t, "ok "):
		case strings.HasPrefix(t, "exit status "):
			if status == "" {
				status = t
			}
		default:
			return t
		}
	}
	if status != "" {
		return status
	}
	return "it printed nothing but FAIL"
}

// findTest is the file and line of a test function in a package folder
// of the repository, or the folder alone when it is not found.
func (c *checker) findTest(dir, name string) (string, int) {
	files, _ := gotest.GlobIn(filepath.Join(c.opts.Repo, filepath.FromSlash(dir)), "*_test.go")
	for _, p := range files {
		f := c.goFile(dir + "/" + filepath.Base(p))
		if f.ast == nil {
			continue
		}
		for _, d := range f.ast.Decls {
			if n, ok := testName(d); ok && n == name {
				pos := c.fileSet().Position(d.Pos())
				return pos.Filename, pos.Line
			}
		}
	}
	return dir, 0
}

// red makes a fresh workspace from the template, starts every module in it,
// and runs each course test alone: each must fail, and fail on a stub.
func (c *checker) red(ctx context.Context) error {
	tmp, err := os.MkdirTemp("", "course-devcheck-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ws := filepath.Join(tmp, "ws")
	if _, err := scaffold.Init(ws, devcheckModule); err != nil {
		return fmt.Errorf("making a workspace from the template: %w", err)
	}
	var started []modules.Module
	for _, m := range modules.All() {
		if len(goFiles(c.course, m.TestsDir())) == 0 {
			continue
		}
		if err := c.opts.Start(ws, m); err != nil {
			c.problem(courseFile(m.Slug), 0, "start-module %s fails in a new workspace: %s", m.Number, trim(err.Error()))
			continue
		}
		started = append(started, m)
	}
	// Each test runs alone, so that none passes or fails on what another
	// left behind.
	var names []string
	for _, m := range started {
		funcs, _ := c.folderTests(m.TestsDir())
		for name := range funcs {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	const importPath = devcheckModule + "/tests"
	res, err := gotest.Run(ctx, gotest.Options{
		Module:   ws,
		Packages: []gotest.Package{{Dir: filepath.Join(ws, "tests"), ImportPath: importPath, Expected: names}},
		Timeout:  30 * time.Second,
		Jobs:     2,
		Alone:    true,
	})
	if err != nil {
		return err
	}
	if out, ok := res.BuildOutput[importPath]; ok {
		// Tests that do not compile against the reference either are the
		// tests' fault, which green has reported, not the template's.
		if !c.unbuilt {
			c.problem("templates/go", 0, "the course's tests do not compile against the template's stubs: %s", trim(out))
		}
		return nil
	}
	results := map[string]gotest.Test{}
	for _, t := range res.Tests {
		results[t.Name] = t
	}
	for _, m := range started {
		funcs, _ := c.folderTests(m.TestsDir())
		for name, pos := range funcs {
			r := results[name]
			switch {
			case r.Outcome == gotest.Pass:
				c.problem(pos.Filename, pos.Line, "%s passes against the template's stubs; a course test must fail until the learner builds the rule", name)
			case !strings.Contains(r.Output+r.Cause, "not implemented"):
				c.problem(pos.Filename, pos.Line, "%s fails against the template's stubs, but not on a stub: %s", name, trim(firstFailure(r.Output+r.Cause)))
			}
		}
	}
	return nil
}

// firstFailure is the first line of a test's output that says why it failed.
func firstFailure(out string) string {
	for _, ln := range strings.Split(out, "\n") {
		t := strings.TrimSpace(ln)
		if t != "" && !strings.HasPrefix(t, "=== RUN") {
			return t
		}
	}
	return "no output"
}

// failureWhy is what a failing test's output says of why: testify's
// Messages line (the test's own words) or else its Error line, or else
// the first line of the output that is not a RUN line.
func failureWhy(out string) string {
	var errLine string
	for _, ln := range strings.Split(out, "\n") {
		t := strings.TrimSpace(ln)
		if m, ok := strings.CutPrefix(t, "Messages:"); ok && strings.TrimSpace(m) != "" {
			return strings.TrimSpace(m)
		}
		if e, ok := strings.CutPrefix(t, "Error:"); ok && errLine == "" {
			errLine = strings.TrimSpace(e)
		}
	}
	if errLine != "" {
		return errLine
	}
	return firstFailure(out)
}

// goCommand is the go command with args in dir, its own temporary files
// (GOTMPDIR) in goTmp, which the caller removes: stopped, the go command
// and everything it started end together (package procgroup), and what it
// had not cleaned up goes with goTmp.
func goCommand(ctx context.Context, dir, goTmp string, args ...string) *exec.Cmd {
	name, err := gotest.GoCommand()
	if err != nil {
		name = "go" // the run fails and says so, as it would have
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOTMPDIR="+goTmp)
	procgroup.Own(cmd)
	return cmd
}
