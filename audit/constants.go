package audit

import (
	"errors"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// constants is the string values the compiler gives the constant
// expressions of one Go file, as far as the file alone settles them: its
// literals, the constants it declares (in their scopes: a parameter or
// variable of the same name is not one), '+' of strings, and conversions
// (string(rune(87)) is "W", kind("ck") of a string type kind is "ck"). A
// constant of another file, or of an imported package, is not known: the
// audit judges a file by its own bytes. The file is type-checked on the
// first question, and only then.
type constants struct {
	fset   *token.FileSet
	file   *ast.File
	info   *types.Info
	consts map[string]bool // the names the file declares as constants, once asked
}

// declared is the names the file declares as constants, anywhere in it.
func (c *constants) declared() map[string]bool {
	if c.consts == nil {
		c.consts = map[string]bool{}
		ast.Inspect(c.file, func(n ast.Node) bool {
			if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
				for _, spec := range d.Specs {
					for _, name := range spec.(*ast.ValueSpec).Names {
						c.consts[name.Name] = true
					}
				}
			}
			return true
		})
	}
	return c.consts
}

// noImports is an importer that gives no package: what the file's
// imports declare is unknown, and so is any constant built on it.
type noImports struct{}

func (noImports) Import(string) (*types.Package, error) {
	return nil, errors.New("the audit reads one file")
}

// String is the constant string value of e, if the file settles it and e
// is an operand the audit joins: a name the file declares as a constant,
// or a conversion by string (string(rune(84))). Anything else (x + 1, a
// call, a conversion by another type) is not asked about, so that most
// files, whose '+'s add numbers, are never type-checked; the sieve's
// mayFold gives up on a file exactly where such an operand can have a
// string value.
func (c *constants) String(e ast.Expr) (string, bool) {
	if c == nil || c.file == nil {
		return "", false
	}
	switch x := e.(type) {
	case *ast.Ident:
		if !c.declared()[x.Name] {
			return "", false
		}
	case *ast.CallExpr:
		if fun, ok := ast.Unparen(x.Fun).(*ast.Ident); !ok || fun.Name != "string" || len(x.Args) != 1 {
			return "", false
		}
		// string(b) of a variable, the common case, is no constant.
		switch a := ast.Unparen(x.Args[0]).(type) {
		case *ast.BasicLit, *ast.CallExpr, *ast.BinaryExpr:
		case *ast.Ident:
			if !c.declared()[a.Name] {
				return "", false
			}
		default:
			return "", false
		}
	default:
		return "", false
	}
	if c.info == nil {
		c.info = &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: noImports{}, Error: func(error) {}}
		// The errors (undefined names, imports not read) are expected;
		// what is settled without them is kept in info.
		_, _ = conf.Check(c.file.Name.Name, c.fset, []*ast.File{c.file}, c.info)
	}
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
