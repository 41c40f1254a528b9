package session

import (
	"path"
	"sync"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/goimports"
)

// Listed is what the listed-folders rule needs to know of a workspace.
type Listed struct {
	ModulePath string // the module's path, from go.mod
	audit.Folders
	// Path refuses a folder (a slash path in the workspace) that leads out
	// of the workspace through a link; ReadLink reads a link to a Go file,
	// where links may lead.
	Path     func(rel string) error
	ReadLink goimports.ReadLink
	// LocalModules is the modules the go command would take from a folder
	// (go.mod's or a go.work's replace directives, a go.work's use), by
	// module path.
	LocalModules map[string]audit.LocalModule
}

// CheckListed is the listed-folders rule (see audit.Folders), followed
// from the harness through every import: an *audit.UnlistedPackageError
// for the first package, in the order the folders are read, that the
// harness or a listed folder builds on from outside the folders l lists,
// an *audit.ReplacedModuleError for one of a module the go command would
// take from a folder, or an *audit.EngineImportError for an import of
// engine code that leads out of the engine and the standard library.
func (s *Session) CheckListed(l Listed) error {
	r := s.Imports()
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
		fromEngine := l.IsEngine(queue[i].Dir)
		for _, f := range queue[i].Files {
			for _, p := range f.Imports {
				rel, ok := audit.ModuleFolder(p, l.ModulePath)
				if !ok {
					if m, local, replaced := audit.LocalReplace(p, l.LocalModules); replaced {
						return &audit.ReplacedModuleError{File: f.Path, ImportPath: p, Module: m, LocalModule: local}
					}
				} else if !l.Allows(rel) {
					return &audit.UnlistedPackageError{Dir: rel, ImportPath: p, File: f.Path}
				}
				if fromEngine {
					if err := l.EngineImport(f.Path, p, l.ModulePath, l.LocalModules); err != nil {
						return err
					}
				}
				if !ok || seen[rel] {
					continue
				}
				seen[rel] = true
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
