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
	fset *token.FileSet
	file *ast.File
	info *types.Info
}

// noImports is an importer that gives no package: what the file's
// imports declare is unknown, and so is any constant built on it.
type noImports struct{}

func (noImports) Import(string) (*types.Package, error) {
	return nil, errors.New("the audit reads one file")
}

// String is the constant string value of e, if the file settles it.
func (c *constants) String(e ast.Expr) (string, bool) {
	if c == nil || c.file == nil {
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
