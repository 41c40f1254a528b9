package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"path/filepath"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/internal/goenv"
)

// The course's copies are built in one package with the learner's own
// files of tests/, and a package-level declaration of a name Go
// predeclares (true, nil, string, len) hides the predeclared one from every
// file of the package: `const true = false` has a course test's
// []any{2, 1, true} ask for false. The compiler takes it, so check looks
// for it itself, and runs none of the tests while a file declares a name
// the copies use. Nor does it refuse a file of the package that refers to
// a variable the copies declare at package level: an init of the
// learner's that set Module 13's mutants, or the cards its random games
// draw from, would have the course's tests check something else. Nor
// does it refuse a test of the external test package (tests_test) named
// as a course test: the binary runs both under the one name, and their
// results cannot be told apart.

// shadowing is a build error for each of the learner's Go files in tests/
// (as the build takes them) that, in the copies' package, declares at
// package level a predeclared name the copies use or refers to a variable
// the copies declare at package level, or, in the external test package,
// declares a test the copies declare.
func shadowing(ws *workspace.Workspace, copies *courseCopies) ([]BuildError, error) {
	if copies == nil || len(copies.list) == 0 {
		return nil, nil
	}
	pkg, used, tests, vars := "", map[string]bool{}, map[string]string{}, map[string]string{}
	for _, c := range copies.list {
		f, err := parser.ParseFile(token.NewFileSet(), c.rel, copies.files[c.abs], parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("the course's copy of %s does not parse: %w", c.rel, err)
		}
		pkg = f.Name.Name
		for _, id := range coursetests.PackageNames(f) {
			if gotest.IsTestName(id.Name) {
				tests[id.Name] = c.rel
			}
		}
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, spec := range g.Specs {
					for _, id := range spec.(*ast.ValueSpec).Names {
						if id.Name != "_" {
							vars[id.Name] = c.rel
						}
					}
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				ast.Inspect(n.X, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && predeclared(id.Name) {
						used[id.Name] = true
					}
					return true
				})
				return false // n.Sel is a field or a package's name
			case *ast.Ident:
				if predeclared(n.Name) {
					used[n.Name] = true
				}
			}
			return true
		})
	}
	dir, err := ws.FolderPath("tests")
	if err != nil {
		return nil, err
	}
	files, err := gotest.GlobIn(dir, "*.go")
	if err != nil {
		return nil, err
	}
	var out []BuildError
	ctx := goenv.Context() // the build go test makes, GOFLAGS's tags and all
	for _, name := range files {
		rel := path.Join("tests", filepath.Base(name))
		if copies.replaces(rel) {
			continue
		}
		if ok, _ := goenv.Match(ctx, name, nil); !ok {
			continue // its name leaves it out of the build
		}
		src, err := ws.ReadFile(rel)
		if err != nil {
			return nil, err
		}
		if ok, err := goenv.Builds(ctx, name, src); err != nil || !ok {
			continue // its constraints leave it out, in every setting
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, rel, src, 0) // objects resolved, for firstReference
		if err != nil {
			continue // the compiler says what is wrong with it
		}
		switch f.Name.Name {
		case pkg + "_test":
			for _, d := range f.Decls {
				if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && tests[fn.Name.Name] != "" {
					out = append(out, BuildError{Package: rel, Output: fmt.Sprintf(
						"%s: declares %s, a test %s declares: go test runs both, and check cannot tell their results apart, so it runs none of the tests; rename yours",
						fset.Position(fn.Name.Pos()), fn.Name.Name, tests[fn.Name.Name])})
				}
			}
		case pkg:
			for _, id := range coursetests.PackageNames(f) {
				if used[id.Name] {
					out = append(out, BuildError{Package: rel, Output: fmt.Sprintf(
						"%s: declares %s, a name Go predeclares, in the package of the course's tests, which use it: they would state something else with yours, so check runs none of them; rename it",
						fset.Position(id.Pos()), id.Name)})
				}
			}
			if id := firstReference(f, vars); id != nil {
				out = append(out, BuildError{Package: rel, Output: fmt.Sprintf(
					"%s: refers to %s, a variable the course's %s declares: code in the package of the course's tests that sets it would have them state something else, so check runs none of them; copy what you need under a name of your own",
					fset.Position(id.Pos()), id.Name, vars[id.Name])})
			}
		}
	}
	return out, nil
}

// firstReference is the first identifier of f, parsed with its objects
// resolved, that refers to one of names declared in another file of the
// package: one the file leaves unresolved (a field, a local of that name,
// a key of a struct literal is not one).
func firstReference(f *ast.File, names map[string]string) *ast.Ident {
	var found *ast.Ident
	for _, id := range f.Unresolved {
		if names[id.Name] != "" && (found == nil || id.Pos() < found.Pos()) {
			found = id
		}
	}
	return found
}

// predeclared reports whether name is one Go predeclares: a type, a
// constant, nil or a built-in function.
func predeclared(name string) bool {
	return types.Universe.Lookup(name) != nil
}
