package audit

import (
	"bytes"
	"strings"

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
//     any case).
//
// The test gives up (the file is parsed) on anything it cannot project
// exactly: a byte outside ASCII, whose lower case may be an ASCII letter;
// an escape that can stand for a letter (\x, \u, \U, octal); a name whose
// spelling has fewer than two bytes.
type sieve struct {
	cards, nouns *bigrams
	never        bool // a name too short for the test: parse every file
}

// bigrams indexes names' joined spellings by their first two bytes; has
// is a bit for each pair of bytes that starts one, tested before the map.
type bigrams struct {
	has   [1 << 16 / 64]uint64
	names map[uint16][]string
}

func (b *bigrams) add(j string) {
	k := uint16(j[0])<<8 | uint16(j[1])
	b.has[k/64] |= 1 << (k % 64)
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
		for _, j := range b.names[k] {
			if len(p)-i >= len(j) && string(p[i:i+len(j)]) == j {
				return true
			}
		}
	}
	return false
}

func alnum(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// clear reports whether src surely names nothing; goFile says whether it is
// read as Go (string literals count), otherwise it is text.
func (s *sieve) clear(src []byte, goFile bool) bool {
	if s.never {
		return false
	}
	all := make([]byte, 0, len(src))
	upper := make([]byte, 0, len(src)/4)
	var lits, bare []byte
	inUpper := false
	for _, c := range src {
		if c >= 0x80 {
			return false
		}
		if alnum(c) {
			all = append(all, lowerByte(c))
		}
		switch {
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			upper = append(upper, lowerByte(c))
			inUpper = true
		case c == '_' || c == '-' || c == '\r':
			// '\r' too: a raw string's value has none (Go drops them).
		default:
			if inUpper {
				upper = append(upper, '|')
				inUpper = false
			}
		}
	}
	if s.cards.in(all) || s.nouns.in(upper) {
		return false
	}
	if !goFile {
		return true
	}
	// The string literals, found as Go's scanner finds them: outside
	// comments and rune literals.
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
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
			if !bytes.ContainsAny(body, " \t\n\v\f") { // its value has no '\r'
				bare = append(append(bare, lits[start:]...), '|')
			}
			lits = append(lits, '|')
			i += 1 + end
		case c == '"':
			start := len(lits)
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
			if !space {
				bare = append(append(bare, lits[start:]...), '|')
			}
			lits = append(lits, '|')
		}
	}
	return !s.cards.in(lits) && !s.nouns.in(bare)
}
