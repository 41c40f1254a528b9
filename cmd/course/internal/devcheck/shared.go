package devcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"

	"github.com/systemic-game-design/course/modules"
)

// sharedPackage reports a package-level name that two modules' test
// folders (or a module's and its drop's) both declare. In the repository
// each folder is a package of its own, so both build and GREEN passes; in
// a workspace start-module copies them all into one package, tests/,
// where the second declaration does not compile, and the RED run could
// only blame the template.
func (c *checker) sharedPackage() {
	type decl struct {
		pos token.Position
		dir string
	}
	first := map[string]decl{}
	fset := token.NewFileSet()
	for _, m := range modules.All() {
		for _, dir := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
			files, _ := fs.Glob(c.course, path.Join(dir, "*.go"))
			for _, p := range files {
				raw, err := fs.ReadFile(c.course, p)
				if err != nil {
					continue
				}
				f, err := parser.ParseFile(fset, courseFile(p), raw, parser.SkipObjectResolution)
				if err != nil {
					continue // sync says so
				}
				for _, id := range packageNames(f) {
					d, seen := first[id.Name]
					if !seen {
						first[id.Name] = decl{pos: fset.Position(id.Pos()), dir: dir}
						continue
					}
					if d.dir == dir {
						continue // the compiler's to report, and GREEN's
					}
					pos := fset.Position(id.Pos())
					c.problem(pos.Filename, pos.Line, "declares %s, as %s:%d does; a workspace holds every module's tests in one package, where the two do not compile: give it the module's prefix (m%s%s)",
						id.Name, d.pos.Filename, d.pos.Line, m.Number, id.Name)
				}
			}
		}
	}
}

// packageNames are the identifiers a file declares at package level, but
// for methods, which belong to their type, and init and _, which may be
// declared many times.
func packageNames(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out = append(out, d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out = append(out, s.Name)
				case *ast.ValueSpec:
					out = append(out, s.Names...)
				}
			}
		}
	}
	kept := out[:0]
	for _, id := range out {
		if id.Name != "init" && id.Name != "_" {
			kept = append(kept, id)
		}
	}
	return kept
}
