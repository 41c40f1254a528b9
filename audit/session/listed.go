package session

import (
	"os"
	"path"
	"path/filepath"
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
	// Dotless is the modules with no dot in their path that go.mod
	// requires or replaces (audit.DotlessModules), whose packages are not
	// the standard library's.
	Dotless []string
	// Inner is the modules inside the workspace's own module path that
	// go.mod requires or replaces (audit.InnerModules), which hold the
	// packages their paths name in place of the workspace's folders.
	Inner []string
}

// CheckListed is the listed-folders rule (see audit.Folders), followed
// from the harness through every import: an *audit.UnlistedPackageError
// for the first package, in the order the folders are read, that the
// harness or a listed folder builds on from outside the folders l lists,
// an *audit.ReplacedModuleError for one of a module the go command would
// take from a folder, an *audit.InnerModuleError for one of a module
// inside the workspace's own path that go.mod requires (it stands in for
// the folder its path names), an *audit.EngineImportError for an import of
// engine code that leads out of the engine and the standard library or
// for a file of an engine folder that is not Go (audit.EngineFile), or an
// *audit.NestedModuleError for a go.mod in or above a folder it reads,
// below the workspace's own.
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
				var p goimports.Package
				p, errs[i] = r.Dir(root, l.ReadLink)
				found[i] = []goimports.Package{p}
			default:
				found[i], errs[i] = r.Packages(root, l.ReadLink)
			}
		})
	}
	g.Wait()
	seen := map[string]bool{}
	var queue []goimports.Package
	modules := s.nestedModules()
	for i, pkgs := range found {
		if errs[i] != nil {
			return errs[i]
		}
		if err := modules.above(path.Clean(roots[i])); err != nil {
			return err
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
		for _, o := range queue[i].Others {
			if path.Base(o) == "go.mod" {
				if o != "go.mod" { // the workspace's own
					return &audit.NestedModuleError{File: o}
				}
			} else if fromEngine {
				if err := audit.EngineFile(o); err != nil {
					return err
				}
			}
		}
		for _, f := range queue[i].Files {
			for _, p := range f.Imports {
				// A module the go command takes from a folder, or one
				// inside the workspace's own path, holds the package in
				// place of the folder its path names, whatever that is.
				if m, local, replaced := audit.LocalReplace(p, l.LocalModules); replaced && m != l.ModulePath {
					return &audit.ReplacedModuleError{File: f.Path, ImportPath: p, Module: m, LocalModule: local}
				}
				if m, inner := audit.InnerModule(p, l.Inner); inner {
					return &audit.InnerModuleError{File: f.Path, ImportPath: p, Module: m}
				}
				rel, ok := audit.ModuleFolder(p, l.ModulePath)
				if ok && !l.Allows(rel) {
					return &audit.UnlistedPackageError{Dir: rel, ImportPath: p, File: f.Path}
				}
				if fromEngine {
					if err := l.EngineImport(f.Path, p, l.ModulePath, l.LocalModules, l.Dotless); err != nil {
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
				if err := modules.above(rel); err != nil {
					return err
				}
				p, err := r.Dir(rel, l.ReadLink)
				if err != nil {
					return err
				}
				queue = append(queue, p)
			}
		}
	}
	return nil
}

// nestedModules finds a go.mod in the folders above one the rule reads,
// up to the workspace's root (whose go.mod is the workspace's own): the
// go command takes a package from the innermost module whose folder holds
// it, so a go.mod there makes the folder another module's. The folders
// the walks read report their own go.mod (goimports.Other); this is for
// the folders above them, each looked at once.
type nestedModules struct {
	dir  string // the workspace
	seen map[string]bool
}

func (s *Session) nestedModules() *nestedModules {
	return &nestedModules{dir: s.dir, seen: map[string]bool{}}
}

// above is a *audit.NestedModuleError for the first go.mod, from the top,
// in a folder above rel (a slash path in the workspace) and below the
// workspace's root. A go.mod that is a folder does not count, as for the
// go command.
func (m *nestedModules) above(rel string) error {
	var up []string
	for d := path.Dir(rel); d != "." && d != "/" && !m.seen[d]; d = path.Dir(d) {
		up = append(up, d)
	}
	for i := len(up) - 1; i >= 0; i-- {
		d := up[i]
		m.seen[d] = true
		file := path.Join(d, "go.mod")
		if st, err := os.Stat(filepath.Join(m.dir, filepath.FromSlash(file))); err == nil && !st.IsDir() {
			return &audit.NestedModuleError{File: file}
		}
	}
	return nil
}
