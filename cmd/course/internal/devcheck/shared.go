package devcheck

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/internal/courserepo"
	"github.com/systemic-game-design/course/internal/coursetests"
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
	for _, m := range modules.All() {
		c.testFiles(m, func(dir string, fset *token.FileSet, f *ast.File) {
			for _, id := range coursetests.PackageNames(f) {
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
		})
	}
}

// testFiles calls fn with each Go file of a module's tests and its drop's
// that parses, and the folder it is in; a file that does not parse is
// sync's to report.
func (c *checker) testFiles(m modules.Module, fn func(dir string, fset *token.FileSet, f *ast.File)) {
	for _, dir := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
		for _, gf := range c.courseGoFiles(dir, "*.go") {
			if gf.ast != nil {
				fn(dir, c.fileSet(), gf.ast)
			}
		}
	}
}

// imports reports each import of a module's or drop's test files that a
// learner's workspace cannot build: start-module rewrites the harness's
// import to the workspace's own, and the workspace's go.mod (the
// template's) requires nothing but what it lists, so an import of the
// reference engine, or of a module the template does not require, builds
// in the repository and nowhere else.
func (c *checker) imports(m modules.Module) {
	required, ok := c.templateRequires()
	c.testFiles(m, func(_ string, fset *token.FileSet, f *ast.File) {
		file := fset.Position(f.Package).Filename
		for _, im := range f.Imports {
			ip, err := strconv.Unquote(im.Path.Value)
			if err != nil || ip == scaffold.HarnessImport || stdlib(ip) {
				continue
			}
			if ip == courserepo.Module || strings.HasPrefix(ip, courserepo.Module+"/") {
				c.problem(file, fset.Position(im.Pos()).Line, "imports %s, which a learner's workspace does not have; a course test imports the harness (%s), the standard library and what %s requires", ip, scaffold.HarnessImport, templateGoMod)
				continue
			}
			if ok && !requiredBy(required, ip) {
				c.problem(file, fset.Position(im.Pos()).Line, "imports %s, which %s does not require, so a learner's workspace does not build it; add the module there (and its lines to go.sum.tmpl), or drop the import", ip, templateGoMod)
			}
		}
	})
}

// templateGoMod is the workspace template's go.mod.
const templateGoMod = "templates/go/go.mod.tmpl"

// templateRequires are the module paths the template's go.mod requires,
// read once; ok is false when the repository has no template to read.
func (c *checker) templateRequires() (required []string, ok bool) {
	if c.requires == nil {
		c.requires = []string{}
		raw, err := os.ReadFile(filepath.Join(c.opts.Repo, filepath.FromSlash(templateGoMod)))
		if err != nil {
			return nil, false
		}
		mf, err := modfile.ParseLax(templateGoMod, raw, nil)
		if err != nil {
			c.problem(templateGoMod, 0, "does not parse: %s", trim(err.Error()))
			return nil, false
		}
		for _, r := range mf.Require {
			c.requires = append(c.requires, r.Mod.Path)
		}
		c.haveTemplate = true
	}
	return c.requires, c.haveTemplate
}

func requiredBy(required []string, ip string) bool {
	for _, r := range required {
		if ip == r || strings.HasPrefix(ip, r+"/") {
			return true
		}
	}
	return false
}

// stdlib reports whether an import path is the standard library's: its
// first element has no dot.
func stdlib(ip string) bool {
	first, _, _ := strings.Cut(ip, "/")
	return !strings.Contains(first, ".")
}

// laterCards reports each card a module's or drop's test names (a string
// literal that is a card of the catalog, or one Assemble made of it) that
// the catalog introduces later than the test runs: start-module copies a
// module's cards and the earlier drops' with its tests, so a learner at
// that point has not met the card, and the workspace may not have its
// file. Module 0's sketch is the exception: its cards are the ones its
// lesson describes, which the learner writes into the sketch by hand,
// before any card of the catalog reaches the workspace.
func (c *checker) laterCards(m modules.Module) {
	cards := c.catalogCards()
	if cards == nil || m.Part == "0" {
		return
	}
	c.testFiles(m, func(dir string, fset *token.FileSet, f *ast.File) {
		at, where := stage(m.Number), "module "+m.Number
		if dir == m.ExpansionTestsDir() {
			at, where = at+1, "Expansion Drop "+m.Number+"x"
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			name, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			name = card.BaseName(name)
			module, ok := cards[name]
			if !ok || stage(module) <= at {
				return true
			}
			pos := fset.Position(lit.Pos())
			c.problem(pos.Filename, pos.Line, "uses card %q, which course/catalog.json introduces in %s, after %s, so a learner there has not met it and their workspace may lack its card file; use a card %s or an earlier one introduces, or give %q module %s in the catalog",
				name, introducedIn(module), where, where, name, m.Number)
			return true
		})
	})
}

// introducedIn names a catalog card's module: "module 03", or
// "Expansion Drop 03x".
func introducedIn(module string) string {
	if strings.HasSuffix(module, "x") {
		return "Expansion Drop " + module
	}
	return "module " + module
}

// stage orders the course's modules and drops as a learner meets them:
// module 03's tests (6), then its drop, 03x (7), then module 04's (8).
// A catalog module that is neither reads as the first.
func stage(module string) int {
	num, drop := strings.CutSuffix(module, "x")
	n, ok := modules.NumberValue(num)
	if !ok {
		return 0
	}
	s := 2 * n
	if drop {
		s++
	}
	return s
}

// laterHarness reports each harness function a module's or drop's test
// calls that a later module adds to the contract: a learner at the test's
// module has only its stub, which panics, so the test cannot pass until
// that later module is built, and neither run tells (GREEN runs the
// reference, RED takes any stub's panic). A method is known by its
// receiver's type where the test file says it: a variable a harness
// constructor made (g := harness.NewGame(...)), a parameter or variable
// of a harness type (g *harness.Game), or the constructor's call itself.
func (c *checker) laterHarness(m modules.Module) {
	added := c.harnessModules()
	constructors := c.contract().constructors
	c.testFiles(m, func(dir string, fset *token.FileSet, f *ast.File) {
		pkg := harnessName(f)
		if pkg == "" {
			return
		}
		at, where := stage(m.Number), "module "+m.Number
		if dir == m.ExpansionTestsDir() {
			at, where = at+1, "Expansion Drop "+m.Number+"x"
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			types := harnessVars(fn, pkg, constructors)
			ast.Inspect(fn, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				typ, known := receiverType(sel.X, pkg, types, constructors)
				if !known {
					return true
				}
				key := sel.Sel.Name
				if typ != "" {
					key = typ + "." + key
				}
				if by, ok := added[key]; ok && stage(by) > at {
					pos := fset.Position(sel.Sel.Pos())
					c.problem(pos.Filename, pos.Line, "calls %s, which %s adds to the harness, after %s, so a learner there has only its stub, which panics, and cannot pass the test; call only what %s or an earlier one adds, or move the test to %s",
						key, introducedIn(by), where, where, introducedIn(by))
				}
				return true
			})
		}
	})
}

// harnessModules is the module that first lists each contract function,
// by name ("NewGame") or type and method ("Game.Summon"); or the drop
// whose solution writes it ("01x" for Game.Play, which Module 1 lists
// and leaves a stub until its drop).
func (c *checker) harnessModules() map[string]string {
	if c.harnessBy != nil {
		return c.harnessBy
	}
	out := maps.Clone(c.contract().firstModule)
	c.harnessBy = out
	for _, m := range modules.All() {
		raw, err := fs.ReadFile(c.course, m.Slug+"/expansion/solution.json")
		if err != nil {
			continue // the drop's check says so
		}
		var s Solution
		if json.Unmarshal(raw, &s) != nil {
			continue
		}
		for _, fn := range s.Funcs {
			if _, name, ok := strings.Cut(fn, ":"); ok {
				out[name] = m.Number + "x"
			}
		}
	}
	return out
}

// harnessName is the name a test file imports the harness under, or "".
func harnessName(f *ast.File) string {
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p != scaffold.HarnessImport {
			continue
		}
		if im.Name != nil {
			return im.Name.Name
		}
		return "harness"
	}
	return ""
}

// harnessVars are the variables of a function (its parameters and those
// its body declares, in any of its function literals too) whose harness
// type the code states: made by a constructor, or declared of the type
// (*harness.Game). A name given two types is left out.
func harnessVars(fn *ast.FuncDecl, pkg string, constructors map[string]string) map[string]string {
	out := map[string]string{}
	bind := func(id *ast.Ident, typ string) {
		if id == nil || id.Name == "_" || typ == "" {
			return
		}
		if have, ok := out[id.Name]; ok && have != typ {
			typ = "?"
		}
		out[id.Name] = typ
	}
	fields := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				bind(id, namedType(f.Type, pkg))
			}
		}
	}
	fields(fn.Type.Params)
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			fields(n.Type.Params)
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					id, _ := l.(*ast.Ident)
					typ, _ := receiverType(n.Rhs[i], pkg, nil, constructors)
					bind(id, typ)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if n.Type != nil {
					bind(id, namedType(n.Type, pkg))
				} else if i < len(n.Values) {
					typ, _ := receiverType(n.Values[i], pkg, nil, constructors)
					bind(id, typ)
				}
			}
		}
		return true
	})
	for name, typ := range out {
		if typ == "?" {
			delete(out, name)
		}
	}
	return out
}

// namedType is T for a type written harness.T or *harness.T, else "".
func namedType(e ast.Expr, pkg string) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkg {
			return sel.Sel.Name
		}
	}
	return ""
}

// receiverType says what a call's receiver is: the harness package itself
// ("", true), a value of a harness type the code states (its type, true),
// a variable of vars or a contract constructor's call, or neither (false).
func receiverType(e ast.Expr, pkg string, vars, constructors map[string]string) (string, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		if e.Name == pkg {
			return "", true
		}
		typ, ok := vars[e.Name]
		return typ, ok
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == pkg {
				typ, ok := constructors[sel.Sel.Name]
				return typ, ok
			}
		}
	case *ast.ParenExpr:
		return receiverType(e.X, pkg, vars, constructors)
	}
	return "", false
}
