package workspace

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/modules"
)

// CardFiles is the workspace's card files, read: cards/*.json, and in the
// course repository each module's course/NN-slug/cards/*.json too. Each is
// named by its slash path inside the workspace. A file that leads out of
// the workspace or is not a regular file is an *Error.
func (w *Workspace) CardFiles() ([]data.File, error) {
	patterns := []string{"cards/*.json"}
	if w.Kind == Repository {
		patterns = append(patterns, "course/*/cards/*.json")
	}
	return w.readAll(patterns...)
}

// LevelFiles is the workspace's level files, read: levels/*.json.
func (w *Workspace) LevelFiles() ([]data.File, error) { return w.readAll("levels/*.json") }

// readAll reads the files matching each slash pattern, in name order per
// pattern. The pattern is matched inside the workspace, so that a
// workspace's own name, which may hold [, * or ?, is not read as one.
func (w *Workspace) readAll(patterns ...string) ([]data.File, error) {
	var out []data.File
	for _, pat := range patterns {
		matches, err := fs.Glob(os.DirFS(w.Abs), pat)
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", pat, err)
		}
		slices.Sort(matches)
		for _, rel := range matches {
			raw, err := w.readAtMost(rel, data.MaxFileSize, tooLargeContent)
			if err != nil {
				return nil, err
			}
			out = append(out, data.File{Path: rel, Data: raw})
		}
	}
	return out, nil
}

// tooLargeContent is why a card or level file past data.MaxFileSize is
// refused.
func tooLargeContent(e *regularfile.TooLargeError) string {
	return fmt.Sprintf("is %d bytes, more than any card or level file needs (at most %d MiB); remove it, or keep one card or one level to a file", e.Size, data.MaxFileSize>>20)
}

// TestPackage is one Go package of course tests: its folder, import path
// and the top-level tests of one module declared in it.
type TestPackage struct {
	Dir        string // absolute
	ImportPath string
	Tests      []string
}

// ModuleTests is the tests of one module: in the course repository the
// module's own packages (its tests and its Expansion Drop's), in a
// learner's workspace the module's tests in tests/ (the Test_NN_ and
// Test_NNx_ functions), which every module shares.
type ModuleTests struct {
	Module   modules.Module
	Packages []TestPackage
}

// TestPackages is the tests of every module up to upTo (nil: every module
// of the repository; in a learner's workspace, every module started): the
// modules that have tests, in order. A learner's workspace with no module
// started, or with upTo not started, is an *Error saying what to run.
func (w *Workspace) TestPackages(upTo *modules.Module) ([]ModuleTests, error) {
	if w.Kind == Repository {
		return w.repositoryTests(upTo)
	}
	return w.learnerTests(upTo)
}

func (w *Workspace) repositoryTests(upTo *modules.Module) ([]ModuleTests, error) {
	var out []ModuleTests
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
		mt := ModuleTests{Module: m}
		for _, d := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
			dir := filepath.Join(w.Abs, "course", filepath.FromSlash(d))
			names, err := w.testNames(path.Join("course", d))
			if err != nil {
				return nil, err
			}
			files, _ := fs.Glob(os.DirFS(dir), "*.go")
			if len(files) == 0 {
				continue
			}
			mt.Packages = append(mt.Packages, TestPackage{Dir: dir, ImportPath: RepositoryModule + "/course/" + d, Tests: names})
		}
		if len(mt.Packages) > 0 {
			out = append(out, mt)
		}
	}
	if len(out) == 0 {
		return nil, &Error{Path: w.Dir, Why: "the repository has no module tests yet (course/NN-slug/tests/)"}
	}
	return out, nil
}

func (w *Workspace) learnerTests(upTo *modules.Module) ([]ModuleTests, error) {
	if w.ModulePath == "" {
		if _, err := ModulePath(w.Dir); err != nil {
			return nil, err
		}
	}
	dir := filepath.Join(w.Abs, "tests")
	if _, err := w.FolderPath("tests"); err != nil {
		return nil, err
	}
	names, err := w.testNames("tests")
	if err != nil {
		return nil, err
	}
	byModule := map[string][]string{}
	for n, m := range coursetests.Group(names) {
		byModule[n] = append(m.Tests, m.DropTests...)
	}
	if len(byModule) == 0 {
		return nil, &Error{Path: w.Dir, Why: fmt.Sprintf("no module is started (no course tests in %s); run `course start-module %s %s`", filepath.Join(w.Dir, "tests"), modules.All()[0].Number, w.Dir)}
	}
	if upTo != nil && len(byModule[upTo.Number]) == 0 {
		return nil, &Error{Path: w.Dir, Why: fmt.Sprintf("module %s is not started; run `course start-module %s %s`, or leave out --module", upTo.Number, upTo.Number, w.Dir)}
	}
	importPath := path.Join(w.ModulePath, "tests")
	var out []ModuleTests
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break
		}
		if tests := byModule[m.Number]; len(tests) > 0 {
			out = append(out, ModuleTests{Module: m, Packages: []TestPackage{{Dir: dir, ImportPath: importPath, Tests: tests}}})
		}
	}
	if len(out) == 0 {
		return nil, &Error{Path: w.Dir, Why: fmt.Sprintf("no started module is at or below module %s", upTo.Number)}
	}
	return out, nil
}

// testNames is the top-level Test functions declared in the _test.go
// files of the workspace folder rel, in file and declaration order; each
// file is read as ReadFile reads it. A file that does not parse is left for
// the compiler to report.
// StartedModules is what the workspace's tests folder holds of each module
// (see coursetests), by module number: what start-module copied there, and
// the drops its state records as started, files or not. A module whose
// files are gone is not started (check warns of it).
func (w *Workspace) StartedModules() (map[string]*coursetests.Module, error) {
	names, err := w.testNames("tests")
	if err != nil {
		return nil, err
	}
	mods := coursetests.Group(names)
	st, err := LoadState(w)
	if err != nil {
		return mods, nil // the state's own readers say what is wrong with it
	}
	at := func(n string) *coursetests.Module {
		if mods[n] == nil {
			mods[n] = &coursetests.Module{}
		}
		return mods[n]
	}
	for n := range st.Drops {
		at(n).DropStarted = true
	}
	return mods, nil
}

func (w *Workspace) testNames(rel string) ([]string, error) {
	if _, err := w.FolderPath(rel); err != nil {
		return nil, err
	}
	return coursetests.Names(filepath.Join(w.Abs, filepath.FromSlash(rel)), func(p string) ([]byte, error) {
		return w.ReadFile(rel + "/" + filepath.Base(p))
	})
}
