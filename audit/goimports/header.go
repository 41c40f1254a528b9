package goimports

import (
	"go/token"
	"unicode/utf8"
)

// scanHeader reads a Go file's package clause and import declarations
// for the usual file whose header is well formed: the package clause's
// offset and the import paths as written (quoted), as go/parser's
// ImportsOnly mode gives them, without the parser's set-up and syntax
// tree, which were most of what reading a file cost a first run once its
// bytes were in. ok is false at anything else (a scan error, a token out
// of place, a semicolon the parser would forgive); the caller then asks
// go/parser, whose answer, errors included, is the one that counts.
//
// The tokens are read by headerScanner, not go/scanner: go/scanner wants a
// token.File (a FileSet, and a line table it grows a line at a time) and
// makes a string of every comment and identifier, some ten allocations a
// file that a first run paid 4,000 times.
//
// The paths are appended to paths (a caller's room, which may be on its
// stack).
func scanHeader(src []byte, paths []string) (pkg int, _ []string, ok bool) {
	s := headerScanner{src: src}
	// go/scanner skips a byte order mark at the very start.
	if len(src) >= 3 && src[0] == 0xef && src[1] == 0xbb && src[2] == 0xbf {
		s.off = 3
	}
	pos, tok, lit := s.scan()
	next := func() { pos, tok, lit = s.scan() }
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
		paths = append(paths, string(lit))
		next()
		return semi(inParens)
	}

	if tok != token.PACKAGE {
		return 0, nil, false
	}
	pkg = pos
	next()
	// A file of package documentation is one the go command leaves out;
	// judge learns the name from go/parser.
	if tok != token.IDENT || string(lit) == "documentation" {
		return 0, nil, false
	}
	next()
	if !semi(false) {
		return 0, nil, false
	}
	for tok == token.IMPORT && !s.failed {
		next()
		if tok != token.LPAREN {
			if !spec(false) {
				return 0, nil, false
			}
			continue
		}
		next()
		for tok != token.RPAREN {
			if tok == token.EOF || s.failed || !spec(true) {
				return 0, nil, false
			}
		}
		next()
		if !semi(false) {
			return 0, nil, false
		}
	}
	// The parser has scanned the token after the imports too, and the
	// character after it (go/scanner reads one ahead, and reports an
	// error there as it reads it); a scan error in any of them is one of
	// its errors.
	if tok != token.EOF && s.off < len(src) && !s.char() {
		s.failed = true
	}
	if s.failed {
		return 0, nil, false
	}
	return pkg, paths, true
}

// headerScanner reads the tokens of a Go file's header as go/scanner
// does, semicolons inserted at line ends included, for the few tokens a
// header is made of: keywords, identifiers, string literals, parentheses,
// periods and semicolons. At anything else, or anything go/scanner would
// report an error at (or that it reads in a way of its own, such as a
// //line directive, or a carriage return it strips from a raw string), it
// sets failed and gives token.ILLEGAL, and scanHeader leaves the file to
// go/parser; so it need not know all of Go's lexical grammar, only never
// read a token otherwise than go/scanner does.
type headerScanner struct {
	src        []byte
	off        int
	insertSemi bool // whether a newline or the end here ends a statement
	failed     bool
}

// scan is the next token: its offset, the token, and for a string its
// literal, quotes included, for an identifier its name.
func (s *headerScanner) scan() (int, token.Token, []byte) {
	newline := false // crossed since the last token
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == '\n':
			newline = true
			s.off++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			s.off++
			continue
		case c == '/' && s.off+1 < len(s.src) && (s.src[s.off+1] == '/' || s.src[s.off+1] == '*'):
			nl, ok := s.comment()
			if !ok {
				return s.fail()
			}
			newline = newline || nl
			continue
		}
		break
	}
	if s.insertSemi && (newline || s.off == len(s.src)) {
		s.insertSemi = false
		return s.off, token.SEMICOLON, nil
	}
	s.insertSemi = false
	start := s.off
	if s.off == len(s.src) {
		return start, token.EOF, nil
	}
	switch c := s.src[s.off]; {
	case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_':
		for s.off < len(s.src) && isWordByte(s.src[s.off]) {
			s.off++
		}
		if s.off < len(s.src) && s.src[s.off] >= utf8.RuneSelf {
			return s.fail() // a letter of another script may go on
		}
		switch word := s.src[start:s.off]; string(word) {
		case "package":
			return start, token.PACKAGE, nil
		case "import":
			return start, token.IMPORT, nil
		case "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough",
			"for", "func", "go", "goto", "if", "interface", "map", "range", "return", "select",
			"struct", "switch", "type", "var":
			// No header token, and none the parser needs told apart.
			return start, token.FUNC, nil
		}
		s.insertSemi = true
		return start, token.IDENT, s.src[start:s.off]
	case c == '"' || c == '`':
		if !s.str(c) {
			return s.fail()
		}
		s.insertSemi = true
		return start, token.STRING, s.src[start:s.off]
	case c == '(':
		s.off++
		return start, token.LPAREN, nil
	case c == ')':
		s.off++
		s.insertSemi = true
		return start, token.RPAREN, nil
	case c == ';':
		s.off++
		return start, token.SEMICOLON, nil
	case c == '.':
		// Not a number's fraction (.5) nor an ellipsis.
		if s.off+1 < len(s.src) && (s.src[s.off+1] == '.' || '0' <= s.src[s.off+1] && s.src[s.off+1] <= '9') {
			return s.fail()
		}
		s.off++
		return start, token.PERIOD, nil
	}
	return s.fail()
}

func (s *headerScanner) fail() (int, token.Token, []byte) {
	s.failed = true
	return s.off, token.ILLEGAL, nil
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// char checks the character at s.off as go/scanner reads it (no NUL, no
// invalid UTF-8, no byte order mark past the start) and steps past it.
func (s *headerScanner) char() bool {
	c := s.src[s.off]
	switch {
	case c == 0:
		return false
	case c < utf8.RuneSelf:
		s.off++
		return true
	}
	r, n := utf8.DecodeRune(s.src[s.off:])
	if r == utf8.RuneError && n == 1 || r == 0xfeff {
		return false
	}
	s.off += n
	return true
}

// comment steps past the comment at s.off, and reports whether it holds
// or ends at a newline (which ends a statement as a newline does). false
// for one go/scanner reports an error at, and for a line directive
// (//line or /*line), which go/scanner reads and may report an error at.
func (s *headerScanner) comment() (newline, ok bool) {
	block := s.src[s.off+1] == '*'
	s.off += 2
	if rest := s.src[s.off:]; len(rest) >= 5 && string(rest[:5]) == "line " {
		return false, false
	}
	for s.off < len(s.src) {
		switch c := s.src[s.off]; {
		case c == '\n':
			if !block {
				return true, true // the newline is left for scan
			}
			newline = true
		case block && c == '*' && s.off+1 < len(s.src) && s.src[s.off+1] == '/':
			s.off += 2
			return newline, true
		}
		if !s.char() {
			return false, false
		}
	}
	// The end of the file ends a line comment, but not a general one.
	return false, !block
}

// str steps past the string literal at s.off, which opens with quote (" or
// `), and reports whether go/scanner reads it without an error and with
// the literal as written (it strips carriage returns from a raw string).
func (s *headerScanner) str(quote byte) bool {
	s.off++
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == quote:
			s.off++
			return true
		case quote == '`' && c == '\r':
			return false
		case quote == '"' && c == '\n':
			return false
		case quote == '"' && c == '\\':
			if !s.escape() {
				return false
			}
			continue
		}
		if !s.char() {
			return false
		}
	}
	return false
}

// escape steps past the escape sequence at s.off in an interpreted string,
// and reports whether go/scanner takes it: one of \a \b \f \n \r \t \v \\
// \", or three octal digits, \x and two hex digits, \u and four, \U and
// eight, for a value no larger than a byte (octal, \x) or a code point
// that is not a surrogate (\u, \U).
func (s *headerScanner) escape() bool {
	s.off++ // the backslash
	if s.off >= len(s.src) {
		return false
	}
	var n, base int
	var max uint32
	switch s.src[s.off] {
	case 'a', 'b', 'f', 'n', 'r', 't', 'v', '\\', '"':
		s.off++
		return true
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n, base, max = 3, 8, 255
	case 'x':
		s.off++
		n, base, max = 2, 16, 255
	case 'u':
		s.off++
		n, base, max = 4, 16, utf8.MaxRune
	case 'U':
		s.off++
		n, base, max = 8, 16, utf8.MaxRune
	default:
		return false
	}
	var x uint32
	for ; n > 0; n-- {
		if s.off >= len(s.src) {
			return false
		}
		d := digitVal(s.src[s.off])
		if d >= base {
			return false
		}
		x = x*uint32(base) + uint32(d)
		s.off++
	}
	return x <= max && (x < 0xd800 || x >= 0xe000)
}

func digitVal(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return 16
}
