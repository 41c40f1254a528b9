package checker

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/modules"
)

// A learner's tests/ folder is theirs to edit: a course test emptied, one
// deleted, a drop's test removed. check does not test what the folder
// holds but the course's own copies of the started modules' test files
// (and of each started drop's), put in their place for the build: the
// tests it counts are the course's, and no edit passes or hides one.
// editedTests still warns of the edits, since go test sees them.

// courseCopies is the course's test files of the started modules, as
// start-module writes them into a workspace.
type courseCopies struct {
	files map[string][]byte // absolute path in tests/ -> the course's content
	// list is the copies in the order of the modules and their files.
	list []courseCopy
	// names is each module's top-level tests (its drop's included), in the
	// order the files declare them; module is the module of each name.
	names  map[string][]string
	module map[string]string
}

// courseCopy is one of the course's test files as it stands in tests/.
type courseCopy struct {
	module string // "03"
	rel    string // "tests/03_queue_test.go"
	abs    string // the key of courseCopies.files
	drop   bool   // the module's Expansion Drop's
	name   string // its path in the course folder
	source []byte // the course's file, before its harness import is rewritten
}

// copiesFor is the course's copies of the test files of modules (and of
// the drops started among them) for the workspace. A drop is started when
// one of its test files is in tests/ or the workspace's state records it
// (st, as Run read it once for the whole check; none when stErr is set).
func copiesFor(ws *workspace.Workspace, course fs.FS, started []modules.Module, st *workspace.State, stErr error) (*courseCopies, error) {
	modPath := ws.ModulePath
	if modPath == "" {
		var err error
		if modPath, err = workspace.ModulePath(ws.Abs); err != nil {
			return nil, err
		}
	}
	recorded := map[string]bool{}
	if stErr == nil {
		for n := range st.Drops {
			recorded[n] = true
		}
	}
	c := &courseCopies{files: map[string][]byte{}, names: map[string][]string{}, module: map[string]string{}}
	for _, m := range started {
		files := modules.TestFiles(course, m)
		drop := modules.ExpansionTestFiles(course, m)
		dropStarted := recorded[m.Number]
		for _, f := range drop {
			if _, err := ws.ReadFile("tests/" + path.Base(f)); err == nil {
				dropStarted = true
			}
		}
		if !dropStarted {
			drop = nil
		}
		for _, f := range files {
			if err := c.add(ws, course, modPath, m.Number, f, false); err != nil {
				return nil, err
			}
		}
		for _, f := range drop {
			if err := c.add(ws, course, modPath, m.Number, f, true); err != nil {
				return nil, err
			}
		}
	}
	return c, nil
}

// replaces reports whether one of the copies stands in for the file at
// rel (a slash path in the workspace).
func (c *courseCopies) replaces(rel string) bool {
	return slices.ContainsFunc(c.list, func(cc courseCopy) bool { return cc.rel == rel })
}

// add is the course's test file f of module as start-module writes it
// into the workspace.
func (c *courseCopies) add(ws *workspace.Workspace, course fs.FS, modPath, module, f string, drop bool) error {
	src, err := fs.ReadFile(course, f)
	if err != nil {
		return fmt.Errorf("reading the course's %s: %w", f, err)
	}
	want, err := scaffold.RewriteHarnessImport(f, src, path.Join(modPath, "harness"))
	if err != nil {
		return err
	}
	rel := "tests/" + path.Base(f)
	abs := filepath.Join(ws.Abs, filepath.FromSlash(rel))
	c.files[abs] = want
	c.list = append(c.list, courseCopy{module: module, rel: rel, abs: abs, drop: drop, name: f, source: src})
	for _, n := range coursetests.FuncNames(rel, want) {
		c.names[module] = append(c.names[module], n)
		c.module[n] = module
	}
	return nil
}
