package cli

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/systemic-game-design/course/audit/goimports"
	"github.com/systemic-game-design/course/audit/session"
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
func checkEngineListed(ws *workspace.Workspace, s *session.Session) error {
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
	r := s.Imports()
	defer r.Save()
	// From the harness and every package of the listed folders: engine
	// code builds on what it imports, whether or not the harness uses it
	// yet. Those are read at once, the folders the imports lead to after
	// them one by one; either way the folders are judged in the same
	// order, so the error is the same.
	roots := append(append([]string{"harness"}, ws.Config.EngineDirs...), ws.Config.ContentDirs...)
	found := make([][]goimports.Package, len(roots))
	errs := make([]error, len(roots))
	var g sync.WaitGroup
	for i, root := range roots {
		root = path.Clean(root)
		g.Go(func() {
			// (A folder that is a link out of the workspace is refused.)
			_, err := ws.Path(root)
			switch {
			case err != nil:
				errs[i] = err
			case i == 0:
				var files []goimports.File
				files, errs[i] = r.Dir(root, ws.ReadFile)
				found[i] = []goimports.Package{{Dir: root, Files: files}}
			default:
				found[i], errs[i] = r.Packages(root, ws.ReadFile)
			}
		})
	}
	g.Wait()
	seen := map[string]bool{}
	var queue []goimports.Package
	for i, pkgs := range found {
		if errs[i] != nil {
			return errs[i]
		}
		for _, p := range pkgs {
			if !seen[p.Dir] {
				seen[p.Dir] = true
				queue = append(queue, p)
			}
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, f := range queue[i].Files {
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
				if _, err := ws.Path(rel); err != nil {
					return err
				}
				files, err := r.Dir(rel, ws.ReadFile)
				if err != nil {
					return err
				}
				queue = append(queue, goimports.Package{Dir: rel, Files: files})
			}
		}
	}
	return nil
}
