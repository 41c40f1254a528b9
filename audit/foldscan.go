package audit

import (
	"bytes"
	"go/token"
	"math"
	"slices"
	"sync"
)

// foldScan is what a quick read of a Go file's tokens says of the
// constants a '+' chain of it may join (see constants.String): the names
// it declares as constants, and the names that stand beside a binary '+'.
// It is a superset of what the audit folds (a name beside a '+' may be a
// variable; one const name may be declared in two scopes), never less, so
// a file or a package it finds nothing in needs no type-checking.
type foldScan struct {
	declared []string    // the names the file declares as constants
	specs    []constSpec // their declarations
	operands []string    // names that are, parentheses seen through, an operand of a binary '+'
	converts []string    // names inside a conversion by string that is such an operand: string(r), string(rune(r))
	convert  bool        // such a conversion of anything but a name: string(rune(84))
	unsure   bool        // a literal or comment the scan could not end: it knows nothing
}

// constSpec is one const spec (p, q = "RO", 1), for whether its names
// may be strings: only a string literal, a conversion (kind(82) of a
// string type kind is "R") or another string constant makes one.
type constSpec struct {
	names   []string
	stringy bool     // it holds a string literal or a conversion (a parenthesis after a name or a parenthesis)
	refs    []string // the other names it holds
}

// stringyNames is the names of specs that may be strings: a spec that is
// stringy, and one that holds such a name, in any order.
func stringyNames(specs []constSpec) map[string]bool {
	return closure(specs, func(sp constSpec) bool { return sp.stringy }, nil)
}

// closure is the names of the specs that start says of, and of those
// that hold a name already in it (or one that holds says of), in any
// order.
func closure(specs []constSpec, start func(constSpec) bool, holds func(string) bool) map[string]bool {
	out := map[string]bool{}
	done := make([]bool, len(specs))
	for grew := true; grew; {
		grew = false
		for i, sp := range specs {
			if done[i] || !start(sp) && !slices.ContainsFunc(sp.refs, func(n string) bool { return out[n] || holds != nil && holds(n) }) {
				continue
			}
			done[i], grew = true, true
			for _, n := range sp.names {
				out[n] = true
			}
		}
	}
	return out
}

// own is the names the file declares as constants.
func (s *foldScan) own() map[string]bool {
	out := make(map[string]bool, len(s.declared))
	for _, n := range s.declared {
		out[n] = true
	}
	return out
}

// dependOn is the names the file declares whose value may come from a
// name foreign says another file declares: their specs hold one, or a
// name of the file that does.
func (s *foldScan) dependOn(foreign func(string) bool) map[string]bool {
	return closure(s.specs, func(constSpec) bool { return false }, foreign)
}

// foldsWith reports whether a '+' chain of the file may join a constant
// that is not a literal, the constants declared being declared and those
// of them that may be strings stringy. A conversion by string makes a
// string of any constant; a plain operand must be a string already.
func (s *foldScan) foldsWith(declared []string, stringy map[string]bool) bool {
	if s.unsure || s.convert {
		return true
	}
	return anyIn(s.converts, declared) || slices.ContainsFunc(s.operands, func(n string) bool { return stringy[n] })
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
// A file without a binary '+', or with neither a const nor a conversion
// by string, is not scanned further.
func mayFold(src []byte) bool {
	if !hasBinaryPlus(src) || !bytes.Contains(src, []byte(constKeyword)) && !mayConvert(src) {
		return false
	}
	s := scanFold(src)
	return s.foldsWith(s.declared, stringyNames(s.specs))
}

// mayConvert reports whether src may convert by string: string(x),
// (string)(x), string (x) or string/**/(x), so any file with the word in
// it; the token scan then says whether one stands beside a '+'.
func mayConvert(src []byte) bool {
	return bytes.Contains(src, []byte("string"))
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
	from, to int32
}

// foldScratch is a scan's room, kept between files: a file's tokens
// outweigh its bytes several times over.
type foldScratch struct {
	toks        []tok
	match, open []int
}

var foldPool = sync.Pool{New: func() any { return new(foldScratch) }}

// goTokens is the tokens of src, as Go's scanner splits it as far as the
// fold scan asks; ok is false where a literal or comment does not end.
func goTokens(src []byte, out []tok) ([]tok, bool) {
	nl := false
	emit := func(kind, c byte, from, to int) {
		out = append(out, tok{kind: kind, c: c, nl: nl, from: int32(from), to: int32(to)})
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
	if len(src) > math.MaxInt32 {
		return foldScan{unsure: true}
	}
	sc := foldPool.Get().(*foldScratch)
	defer foldPool.Put(sc)
	toks, ok := goTokens(src, sc.toks[:0])
	sc.toks = toks
	if !ok {
		return foldScan{unsure: true}
	}
	var s foldScan
	// match[i] is the index of the parenthesis closing or opening toks[i].
	match := slices.Grow(sc.match[:0], len(toks))[:len(toks)]
	open := sc.open[:0]
	defer func() { sc.match, sc.open = match, open }()
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
		case t.kind == tokIdent && text(t) == constKeyword && !isPunct(i-1, '.'):
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
				if isIdent(o-1, "") && !token.IsKeyword(text(toks[o-1])) {
					break // a call: no constant the audit joins (return (p) is none)
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

// constDecl notes the specs of the const declaration at toks[at]: a
// group to its closing parenthesis, a single declaration to its end.
func (s *foldScan) constDecl(toks []tok, match []int, at int, text func(tok) string) {
	from, to := at+1, len(toks)
	if from < to && toks[from].kind == tokPunct && toks[from].c == '(' {
		from, to = from+1, match[from]
	} else {
		to = specEnd(toks, from, to)
	}
	var prev constSpec // the spec one without '=' repeats, as Go does
	for k := from; k < to; {
		end := specEnd(toks, k, to)
		sp := constSpec{}
		i := k
		for ; i < end && toks[i].kind == tokIdent; i++ {
			sp.names = append(sp.names, text(toks[i]))
			if i+1 < end && toks[i+1].kind == tokPunct && toks[i+1].c == ',' {
				i++
				continue
			}
			i++
			break
		}
		assigned := false
		for ; i < end; i++ {
			t := toks[i]
			switch {
			case t.kind == tokPunct && t.c == '=':
				assigned = true
			case t.kind == tokQuoted && t.c != '\'':
				sp.stringy = true
			case t.kind == tokPunct && t.c == '(' && (toks[i-1].kind == tokIdent || toks[i-1].kind == tokPunct && toks[i-1].c == ')'):
				sp.stringy = true
			case t.kind == tokIdent:
				sp.refs = append(sp.refs, text(t))
			}
		}
		if !assigned {
			sp.stringy, sp.refs = prev.stringy || sp.stringy, append(sp.refs, prev.refs...)
		}
		prev = sp
		s.declared = append(s.declared, sp.names...)
		s.specs = append(s.specs, sp)
		if end == k {
			end++
		}
		k = end
	}
}

// specEnd is where the spec (or statement) starting at toks[from] ends,
// before to: at a ';', or at a line's end where Go puts one (after a name,
// a literal or a closing bracket), outside brackets.
func specEnd(toks []tok, from, to int) int {
	depth := 0
	for k := from; k < to; k++ {
		t := toks[k]
		if k > from && depth == 0 && t.nl && endsStatement(toks[k-1]) {
			return k
		}
		if t.kind != tokPunct {
			continue
		}
		switch t.c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ';':
			if depth == 0 {
				return k + 1
			}
		}
	}
	return to
}

// endsStatement reports whether a line ending after t ends a statement
// (Go's rule for putting in a semicolon, as far as a const spec asks).
func endsStatement(t tok) bool {
	return t.kind != tokPunct || t.c == ')' || t.c == ']' || t.c == '}'
}
