package audit

import (
	"bytes"
	"slices"
)

// foldScan is what a quick read of a Go file's tokens says of the
// constants a '+' chain of it may join (see constants.String): the names
// it declares as constants, and the names that stand beside a binary '+'.
// It is a superset of what the audit folds (a name beside a '+' may be a
// variable; one const name may be declared in two scopes), never less, so
// a file or a package it finds nothing in needs no type-checking.
type foldScan struct {
	declared []string // the names the file declares as constants
	stringy  bool     // a const declaration holds a quote or a parenthesis of its own (only such a one can make a string)
	operands []string // names that are, parentheses seen through, an operand of a binary '+'
	converts []string // names inside a conversion by string that is such an operand: string(r), string(rune(r))
	convert  bool     // such a conversion of anything but a name: string(rune(84))
	unsure   bool     // a literal or comment the scan could not end: it knows nothing
}

// foldsWith reports whether a '+' chain of the file may join a constant
// that is not a literal, the constants declared being declared (stringy:
// whether any of their declarations holds a quote or a parenthesis). A
// conversion by string makes a string of any constant, so its names need
// no quote; a plain operand's value is a string only if some declaration
// holds one.
func (s *foldScan) foldsWith(declared []string, stringy bool) bool {
	if s.unsure || s.convert {
		return true
	}
	return anyIn(s.converts, declared) || stringy && anyIn(s.operands, declared)
}

// anyIn reports whether any of names is one of set.
func anyIn(names, set []string) bool {
	for _, n := range names {
		if slices.Contains(set, n) {
			return true
		}
	}
	return false
}

// mayFold reports whether a '+' chain of the Go file src may join a
// constant string that is not a literal to another, as far as the file
// alone settles it: a value none of the sieve's projections spells. Such
// an operand is a constant the file declares, or a conversion by string.
// A file without a binary '+' is not scanned further.
func mayFold(src []byte) bool {
	if !hasBinaryPlus(src) {
		return false
	}
	s := scanFold(src)
	return s.foldsWith(s.declared, s.stringy)
}

// hasBinaryPlus reports whether src has a '+' that is neither "++" nor
// "+=": one in a comment or literal only costs a scan.
func hasBinaryPlus(src []byte) bool {
	for i := bytes.IndexByte(src, '+'); i >= 0; {
		if (i == 0 || src[i-1] != '+') && (i+1 == len(src) || src[i+1] != '+' && src[i+1] != '=') {
			return true
		}
		j := bytes.IndexByte(src[i+1:], '+')
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// token kinds of the scan.
const (
	tokIdent  byte = iota + 1
	tokQuoted      // a string or rune literal
	tokNumber
	tokPunct
)

// tok is one token of a Go file, comments left out.
type tok struct {
	kind     byte
	c        byte // a punctuation's byte; 'P' for a binary '+', 'o' for any other operator holding a '+' (++, +=)
	nl       bool // a newline (or a comment holding one) stands before it
	from, to int
}

// goTokens is the tokens of src, as Go's scanner splits it as far as the
// fold scan asks; ok is false where a literal or comment does not end.
func goTokens(src []byte, out []tok) ([]tok, bool) {
	nl := false
	emit := func(kind, c byte, from, to int) {
		out = append(out, tok{kind: kind, c: c, nl: nl, from: from, to: to})
		nl = false
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '\n':
			nl = true
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				return out, true
			}
			i += end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out, false
			}
			if bytes.IndexByte(src[i+2:i+2+end], '\n') >= 0 {
				nl = true
			}
			i += 2 + end + 2
		case c == '"' || c == '\'' || c == '`':
			j := i + 1
			for ; j < len(src) && src[j] != c; j++ {
				if c != '`' && src[j] == '\\' {
					j++
				} else if c != '`' && src[j] == '\n' {
					return out, false
				}
			}
			if j >= len(src) {
				return out, false
			}
			emit(tokQuoted, c, i, j+1)
			i = j + 1
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := numberEnd(src, i)
			emit(tokNumber, 0, i, j)
			i = j
		case identByte(c):
			j := i + 1
			for j < len(src) && identByte(src[j]) {
				j++
			}
			emit(tokIdent, 0, i, j)
			i = j
		case c == '+' && i+1 < len(src) && (src[i+1] == '+' || src[i+1] == '='):
			emit(tokPunct, 'o', i, i+2)
			i += 2
		case c == '+':
			emit(tokPunct, 'P', i, i+1)
			i++
		default:
			emit(tokPunct, c, i, i+1)
			i++
		}
	}
	return out, true
}

// numberEnd is where the number literal starting at src[i] ends. An
// exponent's sign (1e+5) is read as a '+' of its own, between numbers: it
// puts no name beside a '+'.
func numberEnd(src []byte, i int) int {
	j := i
	for j < len(src) && (identByte(src[j]) || src[j] == '.') {
		j++
	}
	return j
}

// scanFold reads src's tokens for a foldScan.
func scanFold(src []byte) foldScan {
	toks, ok := goTokens(src, make([]tok, 0, len(src)/4))
	if !ok {
		return foldScan{unsure: true}
	}
	var s foldScan
	// match[i] is the index of the parenthesis closing or opening toks[i].
	match := make([]int, len(toks))
	var open []int
	for i, t := range toks {
		switch {
		case t.kind != tokPunct:
		case t.c == '(':
			open = append(open, i)
		case t.c == ')':
			if len(open) == 0 {
				return foldScan{unsure: true}
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			match[i], match[o] = o, i
		}
	}
	if len(open) > 0 {
		return foldScan{unsure: true}
	}
	text := func(t tok) string { return string(src[t.from:t.to]) }
	isIdent := func(i int, name string) bool {
		return i >= 0 && i < len(toks) && toks[i].kind == tokIdent && (name == "" || text(toks[i]) == name)
	}
	isPunct := func(i int, c byte) bool { return i >= 0 && i < len(toks) && toks[i].kind == tokPunct && toks[i].c == c }
	// conversion notes the conversion by string whose parentheses are at
	// open and close: of a name, or of anything (its names kept).
	conversion := func(open, close int) {
		if close == open+2 && isIdent(open+1, "") {
			s.converts = append(s.converts, text(toks[open+1]))
			return
		}
		s.convert = true
		for k := open + 1; k < close; k++ {
			if toks[k].kind == tokIdent {
				s.converts = append(s.converts, text(toks[k]))
			}
		}
	}
	for i, t := range toks {
		switch {
		case t.kind == tokIdent && text(t) == "const" && !isPunct(i-1, '.'):
			s.constDecl(toks, match, i, text)
		case t.kind != tokPunct || t.c != 'P':
		default:
			// The operand before: parentheses seen through, a
			// conversion's argument, or a name.
			j := i - 1
			for isPunct(j, ')') {
				o := match[j]
				if isIdent(o-1, "string") || isPunct(o-1, ')') { // string(x), (string)(x)
					conversion(o, j)
					break
				}
				if isIdent(o-1, "") {
					break // a call: no constant the audit joins
				}
				j--
			}
			if isIdent(j, "") {
				s.operands = append(s.operands, text(toks[j]))
			}
			// The operand after, likewise.
			j = i + 1
			for isPunct(j, '(') {
				j++
			}
			switch {
			case isIdent(j, "string") && isPunct(j+1, '('):
				conversion(j+1, match[j+1])
			case isIdent(j, "string"):
				s.convert = true // (string)(x)
			case isIdent(j, "") && !isPunct(j+1, '('):
				s.operands = append(s.operands, text(toks[j]))
				for isPunct(j+1, '.') && isIdent(j+2, "") { // a selector: pkg.Name
					j += 2
					s.operands = append(s.operands, text(toks[j]))
				}
			}
		}
	}
	return s
}

// constDecl notes the names the const declaration at toks[at] declares,
// and whether its text holds a quote or a parenthesis of its own: a group
// to its closing parenthesis, specs starting on their own lines or after
// a ';'; a single declaration to the end of its line, parentheses open.
func (s *foldScan) constDecl(toks []tok, match []int, at int, text func(tok) string) {
	end := len(toks)
	group := at+1 < len(toks) && toks[at+1].kind == tokPunct && toks[at+1].c == '('
	start := at + 1
	if group {
		start, end = at+2, match[at+1]
	} else {
		for k := start + 1; k < len(toks); k++ {
			if toks[k].kind == tokPunct && toks[k].c == '(' {
				k = match[k]
				continue
			}
			if toks[k].nl || toks[k].kind == tokPunct && toks[k].c == ';' {
				end = k
				break
			}
		}
	}
	specStart := true
	for k := start; k < end; k++ {
		t := toks[k]
		if group && (t.nl && k > start || k > start && toks[k-1].kind == tokPunct && toks[k-1].c == ';') {
			specStart = true
		}
		switch {
		case t.kind == tokQuoted || t.kind == tokPunct && (t.c == '(' || t.c == ')'):
			s.stringy = true
		}
		if !specStart {
			continue
		}
		switch {
		case t.kind == tokIdent:
			s.declared = append(s.declared, text(t))
		case t.kind == tokPunct && t.c == ',':
		default:
			specStart = false
		}
		if t.kind == tokIdent && !(k+1 < end && toks[k+1].kind == tokPunct && toks[k+1].c == ',') {
			specStart = false
		}
	}
}
