package session

import (
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/systemic-game-design/course/audit/goimports"
)

// The coupling audit and expansion-check read the engine folders that
// .course.json lists. A package the harness builds on that is in no listed
// folder (a new rules/ the learner forgot to list, or an engine moved out
// of engine/ and the list edited to match) would be engine code neither
// of them reads: its card names would pass the audit, and a drop could
// change it. So every package of the workspace's module that the harness
// imports, directly or through other packages, must be under engineDirs,
// contentDirs (where card names belong), harness/ or tests/.

// Listed is what the listed-folders rule needs to know of a workspace.
type Listed struct {
	ModulePath  string   // the module's path, from go.mod
	EngineDirs  []string // as .course.json lists them
	ContentDirs []string
	// Path refuses a folder (a slash path in the workspace) that leads out
	// of the workspace through a link; ReadLink reads a link to a Go file,
	// where links may lead.
	Path     func(rel string) error
	ReadLink goimports.ReadLink
}

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

// CheckListed is the listed-folders rule (see above): an
// *UnlistedPackageError for the first package, in the order the folders
// are read, that the harness or a listed folder builds on from outside the
// folders l lists.
func (s *Session) CheckListed(l Listed) error {
	allowed := append(append([]string{"harness", "tests"}, l.EngineDirs...), l.ContentDirs...)
	under := func(dir string) bool {
		for _, a := range allowed {
			a = path.Clean(a)
			if a == "." || dir == a || strings.HasPrefix(dir, a+"/") {
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
	roots := append(append([]string{"harness"}, l.EngineDirs...), l.ContentDirs...)
	found := make([][]goimports.Package, len(roots))
	errs := make([]error, len(roots))
	var g sync.WaitGroup
	for i, root := range roots {
		root = path.Clean(root)
		g.Go(func() {
			switch err := l.Path(root); {
			case err != nil:
				errs[i] = err
			case i == 0:
				var files []goimports.File
				files, errs[i] = r.Dir(root, l.ReadLink)
				found[i] = []goimports.Package{{Dir: root, Files: files}}
			default:
				found[i], errs[i] = r.Packages(root, l.ReadLink)
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
				rel, ok := strings.CutPrefix(p, l.ModulePath+"/")
				if p == l.ModulePath {
					rel, ok = ".", true // the module's root folder
				}
				if !ok || seen[rel] {
					continue
				}
				seen[rel] = true
				if !under(rel) {
					return &UnlistedPackageError{Dir: rel, ImportPath: p, File: f.Path}
				}
				if err := l.Path(rel); err != nil {
					return err
				}
				files, err := r.Dir(rel, l.ReadLink)
				if err != nil {
					return err
				}
				queue = append(queue, goimports.Package{Dir: rel, Files: files})
			}
		}
	}
	return nil
}
