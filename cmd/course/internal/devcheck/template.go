package devcheck

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
)

// stubsDir is where the workspace template keeps the harness stubs.
const stubsDir = "templates/go/harness"

// stubs checks that every contract function's stub in the workspace
// template does nothing but panic with its own name and the module that
// adds it: notImplemented("Game.Summon", "01"). The RED run cannot tell a
// stub that returns a zero value, or panics with another function's name:
// every course test calls a constructor first, whose panic it sees, and
// the learner's check would send them to build the wrong function.
func (c *checker) stubs() {
	want := c.contract().firstModule // Game.Summon -> 01, the first module to list it
	files, _ := filepath.Glob(filepath.Join(c.opts.Repo, filepath.FromSlash(stubsDir), "*.go.tmpl"))
	if len(files) == 0 {
		return // a repository without the template: the RED run says so
	}
	fset := c.fileSet()
	seen := map[string]bool{}
	for _, p := range files {
		rel := stubsDir + "/" + filepath.Base(p)
		gf := c.goFile(rel)
		switch {
		case gf.readErr:
			c.problem(rel, 0, "cannot be read: %v", gf.err)
			continue
		case gf.err != nil:
			c.problem(rel, 0, "does not parse: %s", trim(gf.err.Error()))
			continue
		}
		f := gf.ast
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			key := fn.Name.Name
			if r := receiverName(fn); r != "" {
				key = r + "." + key
			}
			module, contract := want[key]
			if !contract {
				continue
			}
			seen[key] = true
			if name, num, ok := stubCall(fn); !ok || name != key || num != module {
				pos := fset.Position(fn.Pos())
				c.problem(rel, pos.Line, "%s is not a stub: its body must start notImplemented(%q, %q), so that a learner's check names the function to build and its module", key, key, module)
			}
		}
	}
	var missing []string
	for key := range want {
		if !seen[key] {
			missing = append(missing, key)
		}
	}
	slices.Sort(missing)
	for _, key := range missing {
		c.problem(stubsDir, 0, "has no stub for %s (Module %s), which modules/modules.go lists; add one that calls notImplemented(%q, %q)", key, want[key], key, want[key])
	}
}

// stubCall is the name and module of the notImplemented call a function's
// body starts with.
func stubCall(fn *ast.FuncDecl) (name, module string, ok bool) {
	if fn.Body == nil || len(fn.Body.List) == 0 {
		return "", "", false
	}
	stmt, isExpr := fn.Body.List[0].(*ast.ExprStmt)
	if !isExpr {
		return "", "", false
	}
	call, isCall := stmt.X.(*ast.CallExpr)
	if !isCall || len(call.Args) != 2 {
		return "", "", false
	}
	if id, isIdent := call.Fun.(*ast.Ident); !isIdent || id.Name != "notImplemented" {
		return "", "", false
	}
	var args [2]string
	for i, a := range call.Args {
		lit, isLit := a.(*ast.BasicLit)
		if !isLit || lit.Kind != token.STRING {
			return "", "", false
		}
		args[i], _ = strconv.Unquote(lit.Value)
	}
	return args[0], args[1], true
}
