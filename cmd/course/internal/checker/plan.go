package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/goenv"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// group is the tests one report line counts: a module's, or the learner's
// own (number "").
type group struct {
	number, slug, title string
	owns                func(pkg, test string) bool
}

// plan is what a check runs.
type plan struct {
	groups      []group
	packages    []gotest.Package
	parseErrors []BuildError
	started     []modules.Module // the modules checked
	moduleOf    func(pkg, test string) string
	copies      *courseCopies // the course's test files put in place of tests/'s; nil in the repository
	// untestable says the tests would not state what the course's do (a
	// file of the learner's hides a name they use, see shadow.go): none
	// runs, and each is not run.
	untestable bool
}

// courseFlags is how the course's property tests run, whatever the
// environment says: rapid takes its flags' defaults from RAPID_CHECKS,
// RAPID_STEPS and RAPID_SEED, and an init of the learner's that runs
// before rapid's can set them (one case checked, or a seed their engine
// passes). These are rapid's own defaults; a seed of 0 is a new one each
// run.
var courseFlags = map[string]string{"rapid.checks": "100", "rapid.steps": "30", "rapid.seed": "0"}

var (
	courseTestName = regexp.MustCompile(`^Test_([0-9]{2})x?_`)
	courseTestFile = regexp.MustCompile(`^([0-9]{2})x?_.*_test\.go$`)
)

func moduleGroup(m modules.Module, owns func(pkg, test string) bool) group {
	return group{number: m.Number, slug: m.Slug, title: m.Title, owns: owns}
}

// repositoryPlan is every module of the course repository at dir that has
// tests or an Expansion Drop test, up to upTo.
func repositoryPlan(ws *workspace.Workspace, upTo *modules.Module) (*plan, error) {
	dir := ws.Abs
	courseFS := os.DirFS(filepath.Join(dir, "course"))
	p := &plan{}
	byPkg := map[string]string{}
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
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
			names, bad, err := testNames(ws, "course/"+d)
			if err != nil {
				return nil, err
			}
			p.parseErrors = append(p.parseErrors, bad...)
			p.packages = append(p.packages, gotest.Package{Dir: pkgDir, ImportPath: importPath, Expected: names, Verify: true, Flags: courseFlags})
			owned[importPath] = true
			byPkg[importPath] = m.Number
		}
		if len(owned) == 0 {
			continue
		}
		p.groups = append(p.groups, moduleGroup(m, func(pkg, _ string) bool { return owned[pkg] }))
		p.started = append(p.started, m)
	}
	if len(p.groups) == 0 {
		return nil, errorf("course check: the repository has no module tests yet (course/NN-slug/tests/)")
	}
	p.moduleOf = func(pkg, _ string) string { return byPkg[pkg] }
	return p, nil
}

// workspacePlan is every started module of the workspace at dir, up to
// upTo (default the highest started), and the learner's own tests.
// With the course folder (course not nil), the module tests it counts are
// the course's own copies (see copies.go), whatever tests/ holds.
func workspacePlan(ws *workspace.Workspace, upTo *modules.Module, course fs.FS, st *workspace.State, stErr error) (*plan, error) {
	dir := ws.Dir
	modPath := ws.ModulePath
	if modPath == "" {
		if _, err := workspace.ModulePath(ws.Abs); err != nil {
			return nil, err
		}
	}
	testsDir := filepath.Join(ws.Abs, "tests")
	names, bad, err := testNames(ws, "tests")
	if err != nil {
		return nil, err
	}
	byModule := map[string][]string{}
	var yours []string
	for _, n := range names {
		if m := courseTestName.FindStringSubmatch(n); m != nil {
			byModule[m[1]] = append(byModule[m[1]], n)
		} else {
			yours = append(yours, n)
		}
	}
	// A course file that does not parse still says which module it is.
	startedByFile := map[string]bool{}
	for _, b := range bad {
		if m := courseTestFile.FindStringSubmatch(path.Base(b.Package)); m != nil {
			startedByFile[m[1]] = true
		}
	}
	if len(byModule) == 0 && len(startedByFile) == 0 {
		if len(bad) > 0 {
			return &plan{parseErrors: bad, moduleOf: func(string, string) string { return "" }}, nil
		}
		// Modules start-module recorded whose files are all gone (tests/
		// deleted, say) are what to put back: Module 0 alone would leave
		// the rest out of every later check.
		// A save mends it too (the files put back from git), so it is no
		// NotStarted error: watch waits for one.
		if stErr == nil && len(st.Modules) > 0 {
			recorded := slices.Sorted(maps.Keys(st.Modules))
			if len(recorded) == 1 {
				return nil, errorf("course check: tests/ holds none of module %s's test files, though start-module started it; run `course start-module %s %s` to put them back (or restore them from git)", recorded[0], recorded[0], shellarg.Quote(dir))
			}
			return nil, errorf("course check: tests/ holds none of the test files of modules %s and %s, though start-module started them; run `course start-module NN %s` for each to put them back (or restore them from git)",
				strings.Join(recorded[:len(recorded)-1], ", "), recorded[len(recorded)-1], shellarg.Quote(dir))
		}
		return nil, notStartedf("course check: no module is started in %s (no course tests in %s); run `course start-module %s %s`", dir, filepath.Join(dir, "tests"), modules.All()[0].Number, shellarg.Quote(dir))
	}
	if upTo != nil && len(byModule[upTo.Number]) == 0 && !startedByFile[upTo.Number] {
		return nil, notStartedf("course check: module %s is not started in %s; run `course start-module %s %s`, or leave out --module", upTo.Number, dir, upTo.Number, shellarg.Quote(dir))
	}
	importPath := path.Join(modPath, "tests")
	var started []modules.Module
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
		if len(byModule[m.Number]) > 0 || startedByFile[m.Number] {
			started = append(started, m)
		}
	}
	if len(started) == 0 {
		return nil, notStartedf("course check: no started module is at or below --module %s in %s", upTo.Number, dir)
	}
	// Which module a test counts for: by its name, or, with the course's
	// copies, only if the course's files declare it.
	moduleOf := func(test string) string {
		if m := courseTestName.FindStringSubmatch(test); m != nil {
			return m[1]
		}
		return ""
	}
	var replace map[string][]byte
	var copies *courseCopies
	if course != nil {
		var err error
		if copies, err = copiesFor(ws, course, started, st, stErr); err != nil {
			return nil, err
		}
		replace = copies.files
		for _, m := range started {
			byModule[m.Number] = copies.names[m.Number]
		}
		moduleOf = func(test string) string { return copies.module[test] }
		// The learner's own tests: every other test of tests/, Test_NN_
		// names the course does not declare included, but those of a
		// module above --module, which is left out whole.
		yours = nil
		for _, n := range names {
			if m := courseTestName.FindStringSubmatch(n); m != nil && upTo != nil && m[1] > upTo.Number {
				continue
			}
			if copies.module[n] == "" {
				yours = append(yours, n)
			}
		}
		// A file the course's copy replaces is not built as it is.
		bad = slices.DeleteFunc(bad, func(b BuildError) bool { return copies.replaces(b.Package) })
	}
	shadows, err := shadowing(ws, copies)
	if err != nil {
		return nil, err
	}
	p := &plan{parseErrors: append(bad, shadows...), copies: copies, started: started, untestable: len(shadows) > 0}
	var expected []string
	for _, m := range started {
		number := m.Number
		p.groups = append(p.groups, moduleGroup(m, func(pkg, test string) bool {
			return pkg == importPath && moduleOf(test) == number
		}))
		expected = append(expected, byModule[m.Number]...)
	}
	expected = append(expected, yours...)
	p.groups = append(p.groups, group{number: "", slug: "your-tests", title: "your tests", owns: func(pkg, test string) bool {
		return pkg == importPath && moduleOf(test) == ""
	}})
	p.moduleOf = func(_, test string) string { return moduleOf(test) }
	p.packages = []gotest.Package{{Dir: testsDir, ImportPath: importPath, Expected: expected, Verify: true, Replace: replace, Flags: courseFlags}}
	return p, nil
}

// testNames is the top-level Test functions declared in the _test.go
// files of the workspace folder rel, and a build error for each file that
// does not parse (Package is then the file's slash path). Files are read as
// the workspace reads every file: regular files inside it only.
func testNames(ws *workspace.Workspace, rel string) ([]string, []BuildError, error) {
	dir, err := ws.FolderPath(rel)
	if err != nil {
		return nil, nil, err
	}
	files, err := gotest.GlobIn(dir, "*_test.go")
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(files)
	var names []string
	var bad []BuildError
	fset := token.NewFileSet()
	ctx := goenv.Context() // the build go test makes, GOFLAGS's tags and all
	for _, f := range files {
		name := path.Join(rel, filepath.Base(f))
		src, err := ws.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		if ok, err := ctx.MatchFile(dir, filepath.Base(f)); err == nil && !ok {
			continue // build constraints leave it out, as go test will
		}
		file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			bad = append(bad, BuildError{Package: name, Output: parseMessage(err)})
			continue
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			// TestMain is the package's main, not a test, whatever its
			// signature (the go command refuses any but *testing.M's).
			if !ok || fn.Recv != nil || !gotest.IsTestName(fn.Name.Name) || fn.Name.Name == "TestMain" {
				continue
			}
			if !gotest.NameFits(fn.Name.Name) {
				bad = append(bad, BuildError{Package: name, Output: fmt.Sprintf(
					"%s: declares a test whose name is %d bytes long (%.40s…), longer than check can name to the test binary on a command line (%d at most), so check runs none of the tests; give it a shorter name",
					fset.Position(fn.Name.Pos()), len(fn.Name.Name), fn.Name.Name, gotest.MaxNameLength())})
				continue
			}
			names = append(names, fn.Name.Name)
		}
	}
	return names, bad, nil
}

func parseMessage(err error) string {
	if list, ok := err.(scanner.ErrorList); ok {
		var lines []string
		for i, e := range list {
			if i == 10 {
				lines = append(lines, "(and more)")
				break
			}
			lines = append(lines, e.Error())
		}
		return strings.Join(lines, "\n")
	}
	return err.Error()
}
