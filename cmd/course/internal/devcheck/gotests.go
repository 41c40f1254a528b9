package devcheck

import "go/ast"

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
