package cli

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/modules"
)

// CheckOptions are the arguments of course check.
type CheckOptions struct {
	Workspace string
	Module    string // "" for the highest started
	JSON      bool
	Timeout   time.Duration
}

func newCheckCmd(env *Env) *cobra.Command {
	opts := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check WORKSPACE",
		Short: "The coupling audit, the card and level files, then the tests of every started module",
		Long: `check runs the coupling audit, then validates the card and level files (as
course validate does), then the course's tests of every module you
have started (its tests are in WORKSPACE/tests), up to --module (default: the
highest started), each module's Expansion Drop test included once copied in.
It prints the audit's line(s), validate's line(s), a line per module, the
first failure of each module in full, and a closing line "N passed, N failed".
A coupling finding or a card or level file that does not load makes check
fail even when every test passes; the tests run all the same.

Tests run with a time limit (--timeout): an endless loop is reported as a
timeout, not waited on. A panicking stub stops the test binary; check runs the
remaining tests again so that every test gets an outcome.

Inside the course repository itself ("course check ."), it checks the
reference engine: the audit on engine/, the repository's card and level
files, then every module's tests and Expansion Drop tests that exist.`,
		Example: `  course check ~/my-engine
  course check ~/my-engine --module 03
  course check . --json`,
		Args:              args("WORKSPACE"),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Workspace = a[0]
			return RunCheck(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Module, "module", "", "check modules up to NN only")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", time.Minute, "time limit for each run of the tests")
	return cmd
}

// CheckReport is the whole result, as --json prints it.
type CheckReport struct {
	OK       bool            `json:"ok"`
	Audit    *audit.Report   `json:"audit"`
	Validate *ValidateReport `json:"validate"`
	Modules  []ModuleReport  `json:"modules"`
	Passed   int             `json:"passed"`
	Failed   int             `json:"failed"`
	TimedOut bool            `json:"timedOut"`
}

// ModuleReport is one module's tests.
type ModuleReport struct {
	Number       string        `json:"number"`
	Slug         string        `json:"slug"`
	Passed       int           `json:"passed"`
	Failed       int           `json:"failed"`
	Tests        []TestReport  `json:"tests"`
	FirstFailure *FailureShown `json:"firstFailure,omitempty"`
}

// TestReport is one test's outcome.
type TestReport struct {
	Name    string `json:"name"`
	Outcome string `json:"outcome"`
}

// FailureShown is a module's first failure, in full.
type FailureShown struct {
	Test    string `json:"test"`
	Outcome string `json:"outcome"`
	Output  string `json:"output"`
}

// moduleTests is what check runs for one module.
type moduleTests struct {
	module   modules.Module
	packages []gotest.Package
	// owns reports whether a test of a package belongs to this module.
	owns func(pkg, test string) bool
}

var courseTestName = regexp.MustCompile(`^Test_([0-9]{2})x?_`)

// RunCheck audits the workspace and runs its tests.
func RunCheck(ctx context.Context, env *Env, opts *CheckOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	if opts.Timeout <= 0 {
		return usagef("course check: --timeout must be more than 0, e.g. --timeout 1m")
	}
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	var upTo *modules.Module
	if opts.Module != "" {
		m, err := modules.Lookup(opts.Module)
		if err != nil {
			return err
		}
		upTo = &m
	}
	var plan []moduleTests
	var runPattern string
	if workspace.IsCourseRepository(ws.Dir) {
		plan, err = repositoryPlan(ws.Abs, upTo)
	} else {
		plan, runPattern, err = workspacePlan(ws.Abs, upTo)
	}
	if err != nil {
		return err
	}

	env.progressf("check: coupling audit of %s", strings.Join(ws.Config.EngineDirs, ", "))
	auditReport, err := auditWorkspace(env, ws)
	if err != nil {
		env.progressDone()
		return err
	}
	env.progressf("check: validating the card and level files")
	validateReport, err := validateWorkspace(env, ws)
	if err != nil {
		env.progressDone()
		return err
	}

	var pkgs []gotest.Package
	for _, p := range plan {
		pkgs = append(pkgs, p.packages...)
	}
	env.progressf("check: running the tests of module(s) %s to %s", plan[0].module.Number, plan[len(plan)-1].module.Number)
	res, err := gotest.Run(ctx, gotest.Options{Module: ws.Abs, Packages: pkgs, Run: runPattern, Timeout: opts.Timeout})
	env.progressDone()
	if err != nil {
		return err
	}

	report := &CheckReport{Audit: auditReport, Validate: validateReport, TimedOut: res.TimedOut}
	for _, p := range plan {
		mr := ModuleReport{Number: p.module.Number, Slug: p.module.Slug, Tests: []TestReport{}}
		for _, t := range res.Tests {
			if !p.owns(t.Package, t.Name) || t.Outcome == gotest.Skip {
				continue
			}
			mr.Tests = append(mr.Tests, TestReport{Name: t.Name, Outcome: string(t.Outcome)})
			if t.Outcome == gotest.Pass {
				mr.Passed++
				continue
			}
			mr.Failed++
			if mr.FirstFailure == nil {
				mr.FirstFailure = &FailureShown{Test: t.Name, Outcome: string(t.Outcome), Output: failureText(t, res)}
			}
		}
		sort.Slice(mr.Tests, func(i, j int) bool { return mr.Tests[i].Name < mr.Tests[j].Name })
		report.Passed += mr.Passed
		report.Failed += mr.Failed
		report.Modules = append(report.Modules, mr)
	}
	report.OK = len(auditReport.Findings) == 0 && validateReport.OK && report.Failed == 0

	if opts.JSON {
		if err := writeJSON(env.Stdout, report); err != nil {
			return err
		}
	} else {
		printAudit(env, auditReport)
		printValidate(env, validateReport)
		for i, mr := range report.Modules {
			fmt.Fprintf(env.Stdout, "module %s %s: %d passed, %d failed\n", mr.Number, plan[i].module.Name(), mr.Passed, mr.Failed)
			if f := mr.FirstFailure; f != nil {
				fmt.Fprintf(env.Stdout, "  first failure: %s (%s)\n", f.Test, f.Outcome)
				for _, line := range strings.Split(strings.TrimRight(f.Output, "\n"), "\n") {
					fmt.Fprintf(env.Stdout, "    %s\n", line)
				}
			}
		}
		if report.TimedOut {
			fmt.Fprintf(env.Stdout, "the tests ran out of time (--timeout %s): look for an endless loop in the test named above\n", opts.Timeout)
		}
		fmt.Fprintf(env.Stdout, "%d passed, %d failed\n", report.Passed, report.Failed)
	}
	if !report.OK {
		return &FindingError{Summary: fmt.Sprintf("%d failed, %d coupling finding(s), %d file(s) that do not load",
			report.Failed, len(auditReport.Findings), len(validateReport.Findings))}
	}
	return nil
}

// failureText is what to show of a failed test: its output without the
// test runner's bookkeeping lines, or why it did not run.
func failureText(t gotest.Test, res *gotest.Result) string {
	if t.Outcome == gotest.NotRun {
		if out, ok := res.BuildOutput[t.Package]; ok {
			return "the tests did not build:\n" + strings.TrimRight(out, "\n")
		}
		for pkg, out := range res.BuildOutput {
			if strings.HasPrefix(t.Package, pkg) || strings.HasPrefix(pkg, t.Package) {
				return "the tests did not build:\n" + strings.TrimRight(out, "\n")
			}
		}
		if len(res.BuildOutput) > 0 {
			for _, out := range res.BuildOutput {
				return "the tests did not build:\n" + strings.TrimRight(out, "\n")
			}
		}
		if res.TimedOut {
			return "did not run: the run timed out before reaching it"
		}
		return "did not run: the test binary stopped before reaching it"
	}
	var keep []string
	for _, line := range strings.Split(t.Output, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "=== ") || trimmed == "" {
			continue
		}
		keep = append(keep, line)
	}
	return strings.Join(keep, "\n")
}

// repositoryPlan is every module of the course repository at dir that has
// tests or an Expansion Drop test, up to upTo.
func repositoryPlan(dir string, upTo *modules.Module) ([]moduleTests, error) {
	courseFS := os.DirFS(filepath.Join(dir, "course"))
	var plan []moduleTests
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
		mt := moduleTests{module: m}
		owned := map[string]bool{}
		for _, d := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
			files := modules.TestFiles(courseFS, m)
			if d == m.ExpansionTestsDir() {
				files = modules.ExpansionTestFiles(courseFS, m)
			}
			if len(files) == 0 {
				continue
			}
			importPath := workspace.RepositoryModule + "/course/" + d
			pkgDir := filepath.Join(dir, "course", filepath.FromSlash(d))
			names, err := testNames(pkgDir)
			if err != nil {
				return nil, err
			}
			mt.packages = append(mt.packages, gotest.Package{Dir: pkgDir, ImportPath: importPath, Expected: names})
			owned[importPath] = true
		}
		if len(mt.packages) == 0 {
			continue
		}
		mt.owns = func(pkg, _ string) bool { return owned[pkg] }
		plan = append(plan, mt)
	}
	if len(plan) == 0 {
		return nil, usagef("course check: the repository has no module tests yet (course/NN-slug/tests/)")
	}
	return plan, nil
}

// workspacePlan is every started module of the workspace at dir, up to
// upTo (default the highest started), and the -run pattern that selects
// their tests.
func workspacePlan(dir string, upTo *modules.Module) ([]moduleTests, string, error) {
	modPath, err := workspace.ModulePath(dir)
	if err != nil {
		return nil, "", err
	}
	testsDir := filepath.Join(dir, "tests")
	names, err := testNames(testsDir)
	if err != nil {
		return nil, "", err
	}
	byModule := map[string][]string{}
	for _, n := range names {
		if m := courseTestName.FindStringSubmatch(n); m != nil {
			byModule[m[1]] = append(byModule[m[1]], n)
		}
	}
	if len(byModule) == 0 {
		return nil, "", usagef("course check: no module is started in %s (no course tests in %s); run `course start-module 01 %s`", dir, filepath.Join(dir, "tests"), dir)
	}
	if upTo != nil && len(byModule[upTo.Number]) == 0 {
		return nil, "", usagef("course check: module %s is not started in %s; run `course start-module %s %s`, or leave out --module", upTo.Number, dir, upTo.Number, dir)
	}
	importPath := path.Join(modPath, "tests")
	var plan []moduleTests
	var numbers, expected []string
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
		tests := byModule[m.Number]
		if len(tests) == 0 {
			continue
		}
		prefix, xprefix := m.TestPrefix(), m.ExpansionTestPrefix()
		plan = append(plan, moduleTests{
			module: m,
			owns: func(pkg, test string) bool {
				return pkg == importPath && (strings.HasPrefix(test, prefix) || strings.HasPrefix(test, xprefix))
			},
		})
		numbers = append(numbers, m.Number)
		expected = append(expected, tests...)
	}
	if len(plan) == 0 {
		return nil, "", usagef("course check: no started module is at or below --module %s in %s", upTo.Number, dir)
	}
	abs, err := filepath.Abs(testsDir)
	if err != nil {
		return nil, "", err
	}
	plan[0].packages = []gotest.Package{{Dir: abs, ImportPath: importPath, Expected: expected}}
	return plan, "^Test_(" + strings.Join(numbers, "|") + ")x?_", nil
}

// testNames is the top-level Test functions declared in the folder's
// _test.go files.
func testNames(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	var names []string
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			// The compiler will say what is wrong when the tests run.
			continue
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				names = append(names, fn.Name.Name)
			}
		}
	}
	return names, nil
}
