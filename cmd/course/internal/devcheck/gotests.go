package devcheck

import (
	"go/ast"
	"strconv"
	"strings"
)

// testName is the name of a top-level func TestXxx(t *testing.T).
func testName(d ast.Decl) (string, bool) {
	fn, ok := d.(*ast.FuncDecl)
	if !ok || fn.Recv != nil || len(fn.Name.Name) < 5 || fn.Name.Name[:4] != "Test" {
		return "", false
	}
	if fn.Type.Params == nil || len(fn.Type.Params.List) != 1 {
		return "", false
	}
	star, ok := fn.Type.Params.List[0].Type.(*ast.StarExpr)
	if !ok {
		return "", false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "T" {
		return "", false
	}
	return fn.Name.Name, true
}

// checkers are the names a test file gives testify's assert and require.
func checkers(f *ast.File) map[string]bool {
	out := map[string]bool{}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if p != "github.com/stretchr/testify/assert" && p != "github.com/stretchr/testify/require" {
			continue
		}
		name := p[strings.LastIndex(p, "/")+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		out[name] = true
	}
	return out
}

// asserts reports whether a test can fail other than by a panic: it calls
// an assert or require function, a testing method that fails (Error,
// Fatal, Fail and their kin, on t or a subtest's), or hands its t to a
// helper (assert.New(t), a check of the module's own). A test that does
// none of these passes against the reference whatever the reference does,
// and fails against the stubs only because they panic, so neither run
// tells that it states nothing.
func asserts(fn *ast.FuncDecl, checkers map[string]bool) bool {
	t := ""
	if names := fn.Type.Params.List[0].Names; len(names) == 1 && names[0].Name != "_" {
		t = names[0].Name
	}
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if found || !ok {
			return !found
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				switch sel.Sel.Name {
				case "Error", "Errorf", "Fatal", "Fatalf", "Fail", "FailNow":
					found = true
				}
				found = found || checkers[id.Name]
			}
		}
		for _, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok && t != "" && id.Name == t {
				found = true
			}
		}
		return !found
	})
	return found
}

// skipCall is the first Skip, Skipf or SkipNow a test calls on its own t
// (not on a t a function literal in it declares, a subtest's or
// rapid's), or "".
func skipCall(fn *ast.FuncDecl) string {
	names := fn.Type.Params.List[0].Names
	if len(names) != 1 || names[0].Name == "_" {
		return ""
	}
	return findSkip(fn.Body, names[0].Name)
}

func findSkip(body ast.Node, t string) string {
	found := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			for _, f := range n.Type.Params.List {
				for _, id := range f.Names {
					if id.Name == t {
						return false // another t from here on
					}
				}
			}
		case *ast.CallExpr:
			sel, ok := n.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == t {
				switch sel.Sel.Name {
				case "Skip", "Skipf", "SkipNow":
					found = sel.Sel.Name
				}
			}
		}
		return true
	})
	return found
}
