package goimports

import (
	"go/scanner"
	"go/token"
)

// scanHeader reads a Go file's package clause and import declarations
// with go/scanner alone, for the usual file whose header is well formed:
// the package clause's offset and the import paths as written (quoted), as
// go/parser's ImportsOnly mode gives them, without the parser's set-up and
// syntax tree, which were most of what reading a file cost a first run
// once its bytes were in. ok is false at anything else (a scan error, a
// token out of place, a semicolon the parser would forgive); the caller
// then asks go/parser, whose answer, errors included, is the one that
// counts.
func scanHeader(src []byte) (pkg int, paths []string, ok bool) {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	failed := false
	s.Init(file, src, func(token.Position, string) { failed = true }, 0)
	pos, tok, lit := s.Scan()
	next := func() { pos, tok, lit = s.Scan() }
	// semi consumes the semicolon that ends a clause or a spec; within
	// parentheses the last spec may go without one, as the grammar allows.
	semi := func(inParens bool) bool {
		switch {
		case tok == token.SEMICOLON:
			next()
			return true
		case tok == token.RPAREN && inParens:
			return true
		}
		return false
	}
	spec := func(inParens bool) bool {
		if tok == token.IDENT || tok == token.PERIOD {
			next()
		}
		if tok != token.STRING {
			return false
		}
		paths = append(paths, lit)
		next()
		return semi(inParens)
	}

	if tok != token.PACKAGE {
		return 0, nil, false
	}
	pkg = file.Offset(pos)
	next()
	if tok != token.IDENT {
		return 0, nil, false
	}
	next()
	if !semi(false) {
		return 0, nil, false
	}
	for tok == token.IMPORT && !failed {
		next()
		if tok != token.LPAREN {
			if !spec(false) {
				return 0, nil, false
			}
			continue
		}
		next()
		for tok != token.RPAREN {
			if tok == token.EOF || failed || !spec(true) {
				return 0, nil, false
			}
		}
		next()
		if !semi(false) {
			return 0, nil, false
		}
	}
	// The parser has scanned the token after the imports too, and a scan
	// error in any token so far is one of its errors.
	if failed {
		return 0, nil, false
	}
	return pkg, paths, true
}
