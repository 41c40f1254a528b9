package audit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"math"
)

// constValue is the value the compiler gives e, where e is a constant
// expression the file alone settles: literals, parentheses, the
// constants the file declares (as the parser resolved them, so that a
// parameter or variable of the same name is not taken for one), '+' of
// strings, integer arithmetic, and conversions by string, a string type
// the file declares, or an integer type (string(rune(87)) is "W"). A
// constant of another file, and anything else, is Unknown: the audit
// judges a file by its own bytes. busy holds the constants being
// evaluated, so that a cycle (which the compiler refuses) ends.
func constValue(e ast.Expr, busy map[*ast.Object]bool) constant.Value {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return constValue(e.X, busy)
	case *ast.BasicLit:
		return constant.MakeFromLiteral(e.Value, e.Kind, 0)
	case *ast.Ident:
		o := e.Obj
		if o == nil || o.Kind != ast.Con || busy[o] {
			return constant.MakeUnknown()
		}
		spec, ok := o.Decl.(*ast.ValueSpec)
		if !ok || len(spec.Values) != len(spec.Names) {
			// An implicit value (iota's repetition) or a call's results.
			return constant.MakeUnknown()
		}
		for i, n := range spec.Names {
			if n.Obj == o {
				if busy == nil {
					busy = map[*ast.Object]bool{}
				}
				busy[o] = true
				v := constValue(spec.Values[i], busy)
				delete(busy, o)
				return v
			}
		}
	case *ast.BinaryExpr:
		x, y := constValue(e.X, busy), constValue(e.Y, busy)
		switch {
		case x.Kind() == constant.String && y.Kind() == constant.String && e.Op == token.ADD:
			return constant.BinaryOp(x, token.ADD, y)
		case x.Kind() == constant.Int && y.Kind() == constant.Int:
			switch e.Op {
			case token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR, token.AND_NOT:
				return constant.BinaryOp(x, e.Op, y)
			case token.QUO:
				if constant.Sign(y) != 0 {
					return constant.BinaryOp(x, token.QUO_ASSIGN, y)
				}
			case token.SHL, token.SHR:
				if s, ok := constant.Uint64Val(y); ok && s < 64 {
					return constant.Shift(x, e.Op, uint(s))
				}
			}
		}
	case *ast.CallExpr:
		fun, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok || len(e.Args) != 1 || e.Ellipsis.IsValid() {
			return constant.MakeUnknown()
		}
		v := constValue(e.Args[0], busy)
		switch {
		case stringType(fun):
			switch v.Kind() {
			case constant.String:
				return v
			case constant.Int:
				// string(rune(n)): n's character, or U+FFFD for no
				// character, as Go converts it.
				if n, ok := constant.Int64Val(v); ok && n >= 0 && n <= math.MaxInt32 {
					return constant.MakeString(string(rune(n)))
				}
				return constant.MakeString("\uFFFD")
			}
		case integerType(fun) && v.Kind() == constant.Int:
			return v
		}
	}
	return constant.MakeUnknown()
}

// stringType reports whether the identifier called as a conversion is
// the predeclared string or a type the file declares as string.
func stringType(fun *ast.Ident) bool {
	if fun.Obj == nil {
		return fun.Name == "string"
	}
	if fun.Obj.Kind != ast.Typ {
		return false
	}
	spec, ok := fun.Obj.Decl.(*ast.TypeSpec)
	if !ok {
		return false
	}
	u, ok := spec.Type.(*ast.Ident)
	return ok && u.Obj == nil && u.Name == "string"
}

// integerType reports whether the identifier is a predeclared integer
// type (one the file does not declare again).
func integerType(fun *ast.Ident) bool {
	if fun.Obj != nil {
		return false
	}
	switch fun.Name {
	case "rune", "byte", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr":
		return true
	}
	return false
}

// constString is the string value of e, if the file alone settles it.
func constString(e ast.Expr) (string, bool) {
	if v := constValue(e, nil); v.Kind() == constant.String {
		return constant.StringVal(v), true
	}
	return "", false
}
