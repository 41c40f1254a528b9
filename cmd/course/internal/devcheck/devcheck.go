// Package devcheck proves the course consistent for its authors: every
// module folder whole, every scenario heading one test and every test its
// heading, lessons in the course's section order naming only commands, flags,
// harness functions and paths that exist, the catalog, card files and lexicon
// in agreement, and every module's tests RED against the workspace
// template's stubs and GREEN against the reference.
package devcheck

import (
	"context"
	"fmt"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/modules"
)

// Problem is one thing dev check found, placed at a file (and a line when it
// has one) of the repository.
type Problem struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	What string `json:"what"`
}

func (p Problem) String() string { return p.Where() + ": " + p.What }

// Where is the problem's file, with its line when it has one.
func (p Problem) Where() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return p.File
}

// Commands answers whether a course command line exists, given its words
// after "course" ("start-module", "01", "~/ws", "--expansion"): the command
// and each flag. A nil error means it does.
type Commands func(words []string) error

// Options say what to check.
type Options struct {
	// Repo is the course repository's folder.
	Repo string
	// Commands resolves the course commands a lesson names.
	Commands Commands
	// Tests runs the tests: GREEN against the reference, RED against the
	// template's stubs. Without it only the files are read.
	Tests bool
	// Start copies a module's tests into a workspace, for the RED run;
	// without it the template is not tried.
	Start Starter
	// Progress, when set, is told what is running.
	Progress func(string)
}

// Report is every problem found, in a stable order, and what was checked.
type Report struct {
	Problems []Problem `json:"problems"`
	Modules  int       `json:"modules"`
	Tests    int       `json:"tests"`
}

// Check runs every check and returns the problems; an error means a check
// could not run at all.
func Check(ctx context.Context, opts Options) (*Report, error) {
	if !isRepo(opts.Repo) {
		return nil, &RepoError{Dir: opts.Repo}
	}
	if err := SameModules(opts.Repo); err != nil {
		return nil, err
	}
	if opts.Tests {
		// Only the RED run makes a workspace from the built-in template;
		// the file checks read the checkout's.
		if err := SameTemplate(opts.Repo); err != nil {
			return nil, err
		}
	}
	c := &checker{opts: opts, course: os.DirFS(filepath.Join(opts.Repo, "course")), rep: &Report{Problems: []Problem{}}}
	c.say("reading the modules")
	for _, what := range rowProblems(modules.All()) {
		c.problem(modulesFile, 0, "%s", what)
	}
	listed := map[string]bool{}
	for _, m := range modules.All() {
		listed[m.Slug] = true
	}
	// A folder that starts with a digit and is no module's is a module's
	// folder misnamed or one not listed yet; a module with no folder looks
	// for its own among them (by its name after the number) first.
	strays := map[string]bool{}
	dirs, _ := fs.Glob(c.course, "[0-9]*")
	for _, d := range dirs {
		if st, err := fs.Stat(c.course, d); err == nil && st.IsDir() && !listed[d] {
			strays[d] = true
		}
	}
	for _, m := range modules.All() {
		c.module(m, strays)
	}
	drops := map[string]*Solution{}
	for _, m := range modules.All() {
		if st, err := fs.Stat(c.course, m.Slug); err == nil && st.IsDir() {
			drops[m.Number] = c.solution(m)
		}
	}
	c.sharedPackage()
	for _, d := range dirs {
		if strays[d] {
			c.problem(courseFile(d), 0, "is not a row of modules/modules.go; add it there (number, slug, part, title, harness functions)")
		}
	}
	c.leftAside()
	c.say("reading the catalog, cards and lexicon")
	c.content()
	c.say("reading the workspace template's stubs")
	c.stubs()
	if opts.Tests && ctx.Err() == nil {
		if err := c.tests(ctx); err != nil {
			return nil, err
		}
		if err := c.withoutSolutions(ctx, drops); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(c.rep.Problems, func(i, j int) bool {
		a, b := c.rep.Problems[i], c.rep.Problems[j]
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	return c.rep, ctx.Err()
}

// isRepo reports whether dir is the course repository: it has
// course/catalog.json.
func isRepo(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, "course", "catalog.json"))
	return err == nil && st.Mode().IsRegular()
}

// FindRepo is the course repository start is in: start itself or the
// nearest folder above it that is one, as git finds its repository, so
// that dev check run in a module's folder checks the course it is in.
// Outside any it is a *RepoError naming start.
func FindRepo(start string) (string, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("finding the absolute path of %s: %w", start, err)
	}
	for dir := abs; ; dir = filepath.Dir(dir) {
		if isRepo(dir) {
			return dir, nil
		}
		if filepath.Dir(dir) == dir {
			return "", &RepoError{Dir: abs, Above: true}
		}
	}
}

// RepoError says the folder is not the course repository.
type RepoError struct {
	Dir string
	// Above is true when no folder above Dir is the repository either.
	Above bool
}

func (e *RepoError) Error() string {
	if e.Above {
		return fmt.Sprintf("%s is not in the course repository (neither it nor a folder above it has course/catalog.json); run course dev check in a checkout of it, or name the checkout", e.Dir)
	}
	return fmt.Sprintf("%s is not the course repository (it has no course/catalog.json); run course dev check from a checkout of it", e.Dir)
}

// UserError marks the error as the user's to mend.
func (e *RepoError) UserError() bool { return true }

type checker struct {
	opts        Options
	course      fs.FS
	rep         *Report
	knownNames  map[string]bool
	decls       *declarations     // the reference's exported names, read once
	harnessBy   map[string]string // the module or drop that adds each harness function, read once
	testNames   map[string]bool   // every course test, by name
	cardNames   map[string]string // every card of the catalog, by name: its module
	catalogDoc  *catalogFile      // course/catalog.json, read once; nil when it does not read
	catalogRead bool
	// requires are the modules the template's go.mod requires, read
	// once; haveTemplate says the template was there to read.
	requires     []string
	haveTemplate bool
	unbuilt      bool                  // a course test package does not compile against the reference
	folders      map[string]testFolder // testFuncs of each course folder, read once
	// parsed is every Go file read a run, by its path from the
	// repository's root, its positions in fset; reference is the
	// reference's files among them.
	parsed    map[string]*goFile
	fset      *token.FileSet
	reference []referenceFile
	// harnessContract is modules/modules.go's harness contract, read once.
	harnessContract *contract
}

// testFolder is what testFuncs found in a folder: its tests and the
// problems of its files.
type testFolder struct {
	funcs    map[string]token.Position
	problems []Problem
}

// folderTests is testFuncs of a folder of the course, read and parsed once a
// run: sync keeps its problems, and the name lists, GREEN and RED ask
// for its tests again.
func (c *checker) folderTests(dir string) (map[string]token.Position, []Problem) {
	f, ok := c.folders[dir]
	if !ok {
		f.funcs, f.problems = c.testFuncs(dir)
		if c.folders == nil {
			c.folders = map[string]testFolder{}
		}
		c.folders[dir] = f
	}
	return f.funcs, f.problems
}

func (c *checker) say(what string) {
	if c.opts.Progress != nil {
		c.opts.Progress(what)
	}
}

func (c *checker) problem(file string, line int, format string, args ...any) {
	c.rep.Problems = append(c.rep.Problems, Problem{File: file, Line: line, What: fmt.Sprintf(format, args...)})
}

// read returns a course file's text, or "" with a problem when it is missing.
func (c *checker) read(p string) (string, bool) {
	raw, err := fs.ReadFile(c.course, p)
	if err != nil {
		return "", false
	}
	return string(raw), true
}

func goFiles(fsys fs.FS, dir string) []string {
	matches, _ := fs.Glob(fsys, dir+"/*_test.go")
	return matches
}

// courseFile is a course path as the repository names it.
func courseFile(p string) string { return "course/" + p }

// module checks one module folder's files, headings, tests and lesson.
// A folder of strays that is m's under another number is named as m's,
// and taken out of strays, so that the mend is the rename, not a module
// made again beside the author's work.
func (c *checker) module(m modules.Module, strays map[string]bool) {
	c.rep.Modules++
	st, err := fs.Stat(c.course, m.Slug)
	switch {
	case err != nil:
		for _, d := range slices.Sorted(maps.Keys(strays)) {
			if strings.TrimLeft(d, "0123456789") == "-"+m.Name() {
				delete(strays, d)
				c.problem(courseFile(m.Slug), 0, "module %s has no folder, and %s looks like it under another number; rename it %s", m.Number, courseFile(d), courseFile(m.Slug))
				return
			}
		}
		c.problem(courseFile(m.Slug), 0, "module %s has no folder; make it with `course dev new-module %s %s`", m.Number, m.Number, m.Name())
		return
	case !st.IsDir():
		c.problem(courseFile(m.Slug), 0, "is a file, not module %s's folder; move it aside and make the folder with `course dev new-module %s %s`", m.Number, m.Number, m.Name())
		return
	}
	for _, f := range []string{"lesson.md", "scenarios.md", "expansion/README.md", "expansion/solution.md"} {
		if _, ok := c.read(m.Slug + "/" + f); !ok {
			c.problem(courseFile(m.Slug+"/"+f), 0, "is missing; every module has a lesson, scenarios, tests and an Expansion Drop")
		}
	}
	c.strayGoFiles(m)
	c.imports(m)
	c.laterCards(m)
	c.laterHarness(m)
	c.sync(m, m.Slug+"/scenarios.md", m.TestsDir(), m.TestPrefix())
	c.sync(m, m.Slug+"/expansion/README.md", m.ExpansionTestsDir(), m.ExpansionTestPrefix())
	if text, ok := c.read(m.Slug + "/lesson.md"); ok {
		c.lesson(m, text)
	}
	for _, f := range []string{"scenarios.md", "expansion/README.md", "expansion/solution.md"} {
		if text, ok := c.read(m.Slug + "/" + f); ok {
			c.names(m, courseFile(m.Slug+"/"+f), text)
		}
	}
}

// strayGoFiles reports each Go file of a module's folder outside tests/
// and expansion/tests/: start-module copies only those two folders' files
// into a workspace (not their subfolders), so a test anywhere else never
// reaches a learner, and neither sync nor the GREEN run looks at it.
func (c *checker) strayGoFiles(m modules.Module) {
	_ = fs.WalkDir(c.course, m.Slug, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		if dir := path.Dir(p); dir != m.TestsDir() && dir != m.ExpansionTestsDir() {
			c.problem(courseFile(p), 0, "is a Go file outside %s and %s, so start-module never copies it into a workspace; move it into the first for the module's tests or the second for the drop's",
				courseFile(m.TestsDir()), courseFile(m.ExpansionTestsDir()))
		}
		return nil
	})
}

// trim keeps problem text to one line.
func trim(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		return s[:157] + "..."
	}
	return s
}

func osDirFS(dir string) fs.FS { return os.DirFS(dir) }
