package audit

import (
	"bytes"
	"strings"
	"sync"

	"github.com/systemic-game-design/course/audit/match"
)

// sieve is a quick test that a file names nothing, so that it need not be
// parsed. Every match the audit can make spells a name's words, lower-cased
// and run together, from letters and digits that stand in order in the
// text with nothing but other characters between them. So a name can only
// be found where its joined spelling is a substring of one of these
// projections of the file, made in one pass over its bytes:
//
//   - all: every letter and digit, lower-cased (cards in identifiers,
//     comments, raw strings, and everything in a file read as text);
//   - upper: each run of upper-case letters, digits, '_' and '-' (a token
//     with no lower-case letter), its letters and digits lower-cased, runs
//     kept apart (grid nouns in upper case, anywhere);
//   - lits: the letters and digits of each string literal as Go unquotes
//     it, literals kept apart (cards in interpreted strings);
//   - bare: the same, for literals without white space only (grid nouns in
//     any case);
//   - chained: each run of upper-case letters and digits of string
//     literals joined by '+', across the joins (grid nouns in upper case
//     that only the joined value spells).
//
// String literals joined by '+' ("Test" + "Filler") are one value to the
// audit (see GoHits), so in lits and bare they are run together where the
// source has nothing but '+', parentheses, white space and comments
// between them. That takes in a few pairs the audit does not join (f("a")
// + "b"), which only costs a parse.
//
// The test gives up (the file is parsed) on anything it cannot project
// exactly: a byte outside ASCII, which may be a letter that the matcher
// folds to an ASCII one (ſ to s, the Kelvin sign to k, İ and ı to i: see
// match's foldRune), so that its lower-casing table cannot say;
// an escape that can stand for a letter (\x, \u, \U, octal); a name whose
// spelling has fewer than two bytes.
type sieve struct {
	cards, nouns *bigrams
	never        bool // a name too short for the test: parse every file
}

// bigrams indexes names' joined spellings by their first two bytes. has
// is a bit for each pair of bytes that starts one; tri a bit for each
// hashed first three bytes of a spelling of three or more (pairs is the
// spellings of two), both tested before the list, so that the common pairs
// of English letters that start some name rarely reach it.
type bigrams struct {
	has   [1 << 16 / 64]uint64
	tri   [1 << 16 / 64]uint64
	pairs [1 << 16 / 64]uint64
	names map[uint16][]string
}

func triKey(a, b, c byte) uint32 { return (uint32(a)*1031 + uint32(b)*37 + uint32(c)) & (1<<16 - 1) }

func (b *bigrams) add(j string) {
	k := uint16(j[0])<<8 | uint16(j[1])
	b.has[k/64] |= 1 << (k % 64)
	if len(j) == 2 {
		b.pairs[k/64] |= 1 << (k % 64)
	} else {
		t := triKey(j[0], j[1], j[2])
		b.tri[t/64] |= 1 << (t % 64)
	}
	b.names[k] = append(b.names[k], j)
}

func newSieve(cards, nouns *match.Matcher) *sieve {
	s := &sieve{cards: &bigrams{names: map[uint16][]string{}}, nouns: &bigrams{names: map[uint16][]string{}}}
	for _, set := range []struct {
		m *match.Matcher
		b *bigrams
	}{{cards, s.cards}, {nouns, s.nouns}} {
		for _, n := range set.m.Names() {
			j := strings.Join(n.Words(), "")
			if len(j) < 2 {
				s.never = true
				continue
			}
			set.b.add(j)
		}
	}
	return s
}

// in reports whether any of the names is a substring of p.
func (b *bigrams) in(p []byte) bool {
	if len(b.names) == 0 {
		return false
	}
	for i := 0; i+1 < len(p); i++ {
		k := uint16(p[i])<<8 | uint16(p[i+1])
		if b.has[k/64]&(1<<(k%64)) == 0 {
			continue
		}
		if b.pairs[k/64]&(1<<(k%64)) == 0 {
			// Only spellings of three or more start so.
			if i+2 >= len(p) {
				continue
			}
			if t := triKey(p[i], p[i+1], p[i+2]); b.tri[t/64]&(1<<(t%64)) == 0 {
				continue
			}
		}
		for _, j := range b.names[k] {
			if len(p)-i >= len(j) && string(p[i:i+len(j)]) == j {
				return true
			}
		}
	}
	return false
}

// Per-byte tables for the projections, so that the loop over a file
// takes no branch on what each byte is (letters and punctuation mix too
// irregularly for a branch to be guessed well).
var (
	lowerOf  [256]byte // the byte, lower-cased if an ASCII capital
	isAlnum  [256]byte // 1 for an ASCII letter or digit: kept in all
	isUpper  [256]byte // 1 for an upper-case letter or a digit: kept in upper
	isJoin   [256]byte // 1 for '_', '-', '\r': neither ends nor joins a run
	upperOut [256]byte // what upper holds at the byte: its lower case, or '|'

	opensToken = [256]bool{'/': true, '\'': true, '`': true, '"': true} // a comment or a literal may start there
)

func init() {
	for c := range 256 {
		b := byte(c)
		lowerOf[c], upperOut[c] = b, '|'
		switch {
		case b >= 'A' && b <= 'Z':
			lowerOf[c] = b + 'a' - 'A'
			isAlnum[c], isUpper[c], upperOut[c] = 1, 1, lowerOf[c]
		case b >= '0' && b <= '9':
			isAlnum[c], isUpper[c], upperOut[c] = 1, 1, b
		case b >= 'a' && b <= 'z':
			isAlnum[c] = 1
		case b == '_' || b == '-' || b == '\r':
			isJoin[c] = 1
		}
	}
}

func alnum(c byte) bool { return isAlnum[c] != 0 }

func lowerByte(c byte) byte { return lowerOf[c] }

// scratch is the projections' room, kept between files.
type scratch struct{ all, upper, lits, bare, chained []byte }

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// grow returns b emptied, with room for n bytes.
func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, 0, n+n/4)
	}
	return b[:0]
}

// clear reports whether src surely names nothing; goFile says whether it is
// read as Go (string literals count), otherwise it is text.
func (s *sieve) clear(src []byte, goFile bool) bool {
	if s.never {
		return false
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	// all and upper are filled by index: all holds at most a byte of each
	// of src's, upper too, but for the '|' after a run that ends src.
	all := grow(sc.all, len(src))[:len(src)]
	upper := grow(sc.upper, len(src)+1)[:len(src)+1]
	sc.all, sc.upper = all, upper
	na, nu := 0, 0
	var high byte
	for _, c := range src {
		high |= c
		all[na] = lowerOf[c]
		na += int(isAlnum[c])
	}
	if high >= 0x80 {
		return false
	}
	// upper keeps the runs of upper-case letters and digits, apart: only
	// a run of two or more can hold a name, and most files have few.
	for i := 0; i < len(src); i++ {
		if isUpper[src[i]] == 0 {
			continue
		}
		start := nu
		for ; i < len(src) && isUpper[src[i]]|isJoin[src[i]] != 0; i++ {
			upper[nu] = lowerOf[src[i]]
			nu += int(isUpper[src[i]])
		}
		if nu-start < 2 {
			nu = start
			continue
		}
		upper[nu] = '|'
		nu++
	}
	all, upper = all[:na], upper[:nu]
	if s.cards.in(all) || s.nouns.in(upper) {
		return false
	}
	if !goFile {
		return true
	}
	lits, bare, chained := grow(sc.lits, len(src)), grow(sc.bare, len(src)), grow(sc.chained, 0)
	defer func() { sc.lits, sc.bare, sc.chained = lits, bare, chained }()
	// joined says the literal before ran on into this one, by '+';
	// closeLit ends the literal whose body is src[from:to] (its letters
	// in lits from start) in the projections, running it on into the
	// next literal where one follows by '+'.
	joined := false
	closeLit := func(from, to int, start int, space bool) {
		next := chainsOn(src, to+1)
		if !space {
			bare = append(bare, lits[start:]...)
		}
		if space || !next {
			bare = append(bare, '|')
		}
		if !next {
			lits = append(lits, '|')
		}
		if joined || next {
			for _, b := range src[from:to] {
				switch {
				case isUpper[b] != 0:
					chained = append(chained, lowerOf[b])
				case isJoin[b] == 0:
					chained = append(chained, '|')
				}
			}
			if !next {
				chained = append(chained, '|')
			}
		}
		joined = next
	}
	// The string literals, found as Go's scanner finds them: outside
	// comments and rune literals.
	for i := 0; i < len(src); i++ {
		if !opensToken[src[i]] {
			continue
		}
		switch c := src[i]; {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				end = len(src) - i
			}
			i += end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return false
			}
			i += 2 + end + 1
		case c == '\'':
			// A rune literal: up to the closing quote, escapes included.
			for i++; i < len(src) && src[i] != '\''; i++ {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					return false
				}
			}
		case c == '`':
			end := bytes.IndexByte(src[i+1:], '`')
			if end < 0 {
				return false
			}
			body := src[i+1 : i+1+end]
			start := len(lits)
			for _, b := range body {
				if alnum(b) {
					lits = append(lits, lowerByte(b))
				}
			}
			// A raw string's value has no '\r' (Go drops it): no space.
			closeLit(i+1, i+1+end, start, bytes.ContainsAny(body, " \t\n\v\f"))
			i += 1 + end
		case c == '"':
			from, start := i+1, len(lits)
			space := false
			for i++; i < len(src) && src[i] != '"'; i++ {
				b := src[i]
				switch {
				case b == '\n':
					return false
				case b == '\\':
					if i+1 >= len(src) {
						return false
					}
					i++
					switch src[i] {
					case 'a', 'b', '\\', '\'', '"':
					case 'f', 'n', 'r', 't', 'v':
						space = true
					default: // \x, \u, \U, octal: could be a letter
						return false
					}
				case b == ' ' || b == '\t':
					space = true
				case alnum(b):
					lits = append(lits, lowerByte(b))
				}
			}
			if i >= len(src) {
				return false
			}
			closeLit(from, i, start, space)
		}
	}
	return !s.cards.in(lits) && !s.nouns.in(bare) && !s.nouns.in(chained) && !mayFold(src)
}

// identByte reports whether c may be part of a Go identifier (ASCII).
func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// chainsOn reports whether a string literal may follow the one that ends
// just before src[i], joined to it by '+': nothing but white space,
// parentheses, comments and at least one '+' stands between.
func chainsOn(src []byte, i int) bool {
	plus := false
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '(' || c == ')':
			i++
		case c == '+':
			plus = true
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			end := bytes.IndexByte(src[i:], '\n')
			if end < 0 {
				return false
			}
			i += end
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return false
			}
			i += 2 + end + 2
		default:
			return plus && (c == '"' || c == '`')
		}
	}
	return false
}
