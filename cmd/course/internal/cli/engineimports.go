package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/systemic-game-design/course/audit/goimports"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// The coupling audit and expansion-check read the engine folders that
// .course.json lists. A package the harness builds on that is in no listed
// folder (a new rules/ the learner forgot to list, or an engine moved out
// of engine/ and the list edited to match) would be engine code neither
// of them reads: its card names would pass the audit, and a drop could
// change it. So every package of the workspace's module that the harness
// imports, directly or through other packages, must be under engineDirs,
// contentDirs (where card names belong), harness/ or tests/.

// UnlistedPackageError is a package the harness builds on that .course.json
// lists in neither engineDirs nor contentDirs.
type UnlistedPackageError struct {
	Dir        string // its folder, a slash path in the workspace ("rules")
	ImportPath string
	File       string // a file that imports it ("harness/game.go")
}

func (e *UnlistedPackageError) Error() string {
	return fmt.Sprintf("%s imports %s, whose folder (%s) is in neither engineDirs nor contentDirs of .course.json, so the audit would not read it; add %q to engineDirs (or to contentDirs, if it is card content)",
		e.File, e.ImportPath, e.Dir, e.Dir)
}

// UserError marks the error as the learner's to mend.
func (e *UnlistedPackageError) UserError() bool { return true }

// checkEngineListed refuses a learner's workspace whose harness builds on
// a package outside the folders .course.json lists (see above). The
// course repository lays itself out differently and is not asked.
func checkEngineListed(ws *workspace.Workspace) error {
	if ws.Kind == workspace.Repository {
		return nil
	}
	modPath := ws.ModulePath
	if modPath == "" {
		// No go.mod: nothing builds, so nothing is imported (check says
		// what is missing).
		return nil
	}
	listed := append(append([]string{"harness", "tests"}, ws.Config.EngineDirs...), ws.Config.ContentDirs...)
	under := func(dir string) bool {
		for _, l := range listed {
			l = path.Clean(l)
			if l == "." || dir == l || strings.HasPrefix(dir, l+"/") {
				return true
			}
		}
		return false
	}
	// From the harness and every package of the listed folders: engine
	// code builds on what it imports, whether or not the harness uses it
	// yet.
	roots := []packageFolder{{rel: "harness"}}
	for _, d := range append(append([]string{}, ws.Config.EngineDirs...), ws.Config.ContentDirs...) {
		sub, err := packageDirs(ws, path.Clean(d))
		if err != nil {
			return err
		}
		roots = append(roots, sub...)
	}
	r, err := goimports.Open(ws.Dir)
	if err != nil {
		return err
	}
	defer r.Save()
	seen := map[string]bool{}
	var queue []string
	var folders []packageFolder
	for _, root := range roots {
		if !seen[root.rel] {
			seen[root.rel] = true
			queue = append(queue, root.rel)
			folders = append(folders, root)
		}
	}
	// The roots are read at once, a folder to each worker, as the audit's
	// walk reads; the folders the imports lead to after them, one by one.
	// Either way the folders are judged in the same order, so the error is
	// the same.
	read := make([]dirImports, len(folders))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, f := range folders {
		g.Go(func() error {
			if f.entries == nil {
				read[i] = importsOf(ws, r, f.rel)
			} else {
				files, err := r.Files(f.rel, f.abs, f.entries, ws.ReadFile)
				read[i] = dirImports{files: files, err: err}
			}
			return nil
		})
	}
	_ = g.Wait()
	for i := 0; i < len(queue); i++ {
		var d dirImports
		if i < len(read) {
			d = read[i]
		} else {
			d = importsOf(ws, r, queue[i])
		}
		if d.err != nil {
			return d.err
		}
		for _, f := range d.files {
			for _, p := range f.Imports {
				rel, ok := strings.CutPrefix(p, modPath+"/")
				if p == modPath {
					rel, ok = ".", true // the module's root folder
				}
				if !ok || seen[rel] {
					continue
				}
				seen[rel] = true
				if !under(rel) {
					return &UnlistedPackageError{Dir: rel, ImportPath: p, File: f.Path}
				}
				queue = append(queue, rel)
			}
		}
	}
	return nil
}

// dirImports is what the Go files of one folder import, or why they could
// not be read.
type dirImports struct {
	files []goimports.File
	err   error
}

// importsOf is the imports of the Go files the go command would build in
// the workspace folder dir; a file that does not parse imports nothing
// (the build will say so). A link is followed only inside the workspace.
func importsOf(ws *workspace.Workspace, r *goimports.Reader, dir string) dirImports {
	abs, err := ws.Path(dir)
	if err != nil {
		return dirImports{err: err}
	}
	files, err := r.Dir(dir, abs, ws.ReadFile)
	return dirImports{files: files, err: err}
}

// packageFolder is a folder that may hold a package, and its entries.
type packageFolder struct {
	rel, abs string        // a slash path in the workspace; where it is on disk
	entries  []fs.DirEntry // nil when not yet listed
}

// packageDirs is dir and every folder under it, each listed once, in the
// order of a walk by name; links are not followed. As for the go command,
// dot and underscore folders and testdata hold no package.
func packageDirs(ws *workspace.Workspace, dir string) ([]packageFolder, error) {
	abs, err := ws.Path(dir)
	if err != nil {
		return nil, err
	}
	var out []packageFolder
	var walk func(rel, abs string) error
	walk = func(rel, abs string) error {
		entries, err := os.ReadDir(abs)
		if err != nil {
			if rel == dir && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if entries == nil {
			entries = []fs.DirEntry{} // listed, and empty
		}
		out = append(out, packageFolder{rel: rel, abs: abs, entries: entries})
		for _, e := range entries {
			n := e.Name()
			if !e.IsDir() || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata" {
				continue
			}
			if err := walk(path.Join(rel, n), filepath.Join(abs, n)); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk(dir, abs)
}
