package audit

import (
	"errors"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// constants is the string values the compiler gives the constant
// expressions of Go files that make one package (one file, as File reads
// it; a folder's files of one package clause, as Package reads them), as
// far as those files settle them: their literals, the constants they
// declare (in their scopes: a parameter or variable of the same name is
// not one), '+' of strings, and conversions (string(rune(87)) is "W",
// kind("ck") of a string type kind is "ck"). A constant of an imported
// package is not known. The files are type-checked together on the first
// question, and only then.
type constants struct {
	fset   *token.FileSet
	files  []*ast.File // the first declares a name that two declare (build constraints can let both be)
	info   *types.Info
	consts map[string]bool // the names the files declare as constants, once asked
}

// declared is the names the files declare as constants, anywhere in them.
func (c *constants) declared() map[string]bool {
	if c.consts == nil {
		c.consts = map[string]bool{}
		for _, f := range c.files {
			c.declare(f)
		}
	}
	return c.consts
}

// declare notes the names f declares as constants.
func (c *constants) declare(f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
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

// noImports is an importer that gives no package: what the file's
// imports declare is unknown, and so is any constant built on it.
type noImports struct{}

func (noImports) Import(string) (*types.Package, error) {
	return nil, errors.New("the audit reads no imported package")
}

// String is the constant string value of e, if the files settle it and e
// is an operand the audit joins: a name the files declare as a constant,
// or a conversion by string (string(rune(84))). Anything else (x + 1, a
// call, a conversion by another type) is not asked about, so that most
// files, whose '+'s add numbers, are never type-checked; the sieve's
// mayFold gives up on a file exactly where such an operand can have a
// string value (and foldingFiles on a folder where one may come from
// another file).
func (c *constants) String(e ast.Expr) (string, bool) {
	if c == nil || len(c.files) == 0 {
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
		_, _ = conf.Check(c.files[0].Name.Name, c.fset, c.files, c.info)
	}
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}
