// Package match finds names in text, whatever their spelling. A name such as
// "Test Filler" is a run of case-folded words; a text is split into the same
// kind of words, so TestFiller, testFiller, TEST_FILLER, test-filler,
// "Test Filler", testfiller and "Teſt Filler" (whose ſ strings.EqualFold
// takes for s) all contain it, and contestFiller does not.
// It is the one matcher behind the coupling audit and its analyzer.
package match

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Name is something the engine must not spell: a card name or a grid noun.
type Name struct {
	// Display is the name as the catalog writes it: "Test Filler", "KEY".
	Display string
	// ID is the caller's own number for the name, returned with each match
	// (several spellings, such as a card and its short names, can share one).
	ID     int
	words  []string
	joined string
}

// NewName splits display into its words. A display with no letters or digits
// gives a Name that matches nothing.
func NewName(display string) Name {
	ws := Split(display)
	words := make([]string, len(ws))
	for i, w := range ws {
		words[i] = w.Text
	}
	return Name{Display: display, words: words, joined: strings.Join(words, "")}
}

// Words is the name's case-folded words, in order.
func (n Name) Words() []string { return n.words }

// Joint says what stands between a word and the word before it. Joints are
// ordered by strength: a stronger one separates more.
type Joint uint8

const (
	// JointInToken is a case change, a letter-digit boundary, '_' or '-':
	// both words belong to one token (TestFiller, test_filler).
	JointInToken Joint = iota
	// JointSpace is whitespace: the words are separate tokens, but a
	// multi-word name may run across it ("Test Filler").
	JointSpace
	// JointStart marks the first word of a text, or the first word after
	// punctuation: no name runs across it.
	JointStart
)

// Word is one case-folded word of a text, with where it stands in the text.
type Word struct {
	Text  string // case-folded (see fold): lower case, ſ as s
	Start int    // byte offset of the word's first byte in the text
	End   int    // byte offset just past its last byte
	Joint Joint  // what separates it from the previous word
}

// Split cuts text into case-folded words. Words are runs of letters and
// digits, cut further at lower-to-upper changes (testFiller), at the end of
// an acronym (HTTPServer: http, server) and between letters and digits.
func Split(text string) []Word {
	var words []Word
	sep := JointStart // the strongest separator since the last word
	start := -1       // start of the word being read, -1 when none
	var joint Joint   // the joint of the word being read
	var prev rune     // the previous rune of the word being read
	end := func(at int) {
		if start >= 0 {
			words = append(words, Word{Text: fold(text[start:at]), Start: start, End: at, Joint: joint})
			start = -1
		}
	}
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start >= 0 && boundary(text, prev, r, i+size) {
				end(i)
			}
			if start < 0 {
				start, joint, sep = i, sep, JointInToken
			}
			prev = r
		case r == '_' || r == '-':
			end(i)
		case unicode.IsSpace(r):
			end(i)
			sep = max(sep, JointSpace)
		default:
			end(i)
			sep = JointStart
		}
		i += size
	}
	end(len(text))
	return words
}

// fold is the word with each rune as foldRune gives it, so that two words
// the engine could hold equal at run time are one word here. A word that is
// already lower-case ASCII, which most words are, is returned without an
// allocation.
func fold(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf {
			return strings.Map(foldRune, w)
		}
	}
	return w
}

// foldRune gives one rune for every rune the standard library can turn
// into another by case: strings.EqualFold's simple case folding
// (unicode.SimpleFold), ToLower, ToUpper and ToTitle, and the Turkish
// special case. strings.ToLower alone is not enough: it leaves ſ (U+017F
// LONG S) alone, which EqualFold takes for s, and gives two answers for
// the fold orbit Σ, σ, ς; so "Teſt Filler" compared with EqualFold, or
// "FİLLER" and "fıller" lower- or upper-cased, would pass for a name the
// audit never saw. The rune given is the lower case of the least rune so
// connected, the same for each of them: for those that reach an ASCII
// letter (ſ, the Kelvin sign, İ, ı) it is that letter in lower case.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r
	}
	if f, ok := caseClasses()[r]; ok {
		return f
	}
	return r
}

// caseClasses maps each rune with a case mapping or a fold to foldRune's
// answer. It is made once, on the first word outside ASCII: the relation
// has to be closed both ways (ToLower takes İ to i, nothing takes i back
// to İ), and only the tables, not each rune, can be walked both ways.
var caseClasses = sync.OnceValue(func() map[rune]rune {
	parent := map[rune]rune{}
	var find func(rune) rune
	find = func(r rune) rune {
		p, ok := parent[r]
		if !ok || p == r {
			return r
		}
		root := find(p)
		parent[r] = root
		return root
	}
	union := func(a, b rune) {
		ra, rb := find(a), find(b)
		if ra != rb {
			// The least rune is the root, so a class's root is its least.
			parent[max(ra, rb)] = min(ra, rb)
			parent[min(ra, rb)] = min(ra, rb)
		}
	}
	for _, cr := range unicode.CaseRanges {
		for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
			union(r, unicode.ToLower(r))
			union(r, unicode.ToUpper(r))
			union(r, unicode.ToTitle(r))
			union(r, unicode.TurkishCase.ToLower(r))
			union(r, unicode.TurkishCase.ToUpper(r))
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				union(r, f)
			}
		}
	}
	out := make(map[rune]rune, len(parent))
	for r := range parent {
		out[r] = unicode.ToLower(find(r))
	}
	return out
})

// boundary reports whether a new word starts at r, given the rune before it
// in the same word and the offset just past r.
func boundary(text string, prev, r rune, next int) bool {
	switch {
	case unicode.IsDigit(prev) != unicode.IsDigit(r):
		return true
	case unicode.IsLower(prev) && unicode.IsUpper(r):
		return true
	case unicode.IsUpper(prev) && unicode.IsUpper(r):
		// The last capital of an acronym starts the next word when a lower-case
		// letter follows it: HTTPServer is http, server.
		if next < len(text) {
			n, _ := utf8.DecodeRuneInString(text[next:])
			return unicode.IsLower(n)
		}
	}
	return false
}

// Match is one place where a text names a Name.
type Match struct {
	Name  *Name
	Start int // byte offset in the text
	End   int
}

// Matcher finds any of a set of names in a text.
type Matcher struct {
	names []Name
	// byFirst indexes names by the first letter of their joined spelling,
	// so a word only meets the names that could start with it.
	byFirst map[byte][]int
}

// NewMatcher returns a Matcher for names; names that split into no words are
// dropped.
func NewMatcher(names []Name) *Matcher {
	m := &Matcher{byFirst: map[byte][]int{}}
	for _, n := range names {
		if len(n.words) == 0 {
			continue
		}
		m.names = append(m.names, n)
		i := len(m.names) - 1
		m.byFirst[n.joined[0]] = append(m.byFirst[n.joined[0]], i)
	}
	return m
}

// Names is every name the matcher looks for.
func (m *Matcher) Names() []Name { return m.names }

// FindUpper returns every place text names one of the matcher's names in
// upper case, in text order: the name's words must be upper-case words of
// one token that has no lower-case letter (ROCK, IS_ROCK, FLAG-3,
// "text:FLAG"), and need not be the whole token. Rock, rock, flagSet and
// Key do not count.
func (m *Matcher) FindUpper(text string) []Match {
	words := Split(text)
	var out []Match
	for i := 0; i < len(words); {
		// The token is the words joined to words[i] by JointInToken.
		j := i + 1
		for j < len(words) && words[j].Joint == JointInToken {
			j++
		}
		if !hasLower(text[words[i].Start:words[j-1].End]) {
			for k := i; k < j; k++ {
				w := words[k]
				for _, ni := range m.byFirst[w.Text[0]] {
					n := &m.names[ni]
					if end, ok := spellsWithin(n, words, k, j); ok {
						out = append(out, Match{Name: n, Start: w.Start, End: words[end].End})
					}
				}
			}
		}
		i = j
	}
	return out
}

func hasLower(s string) bool {
	for _, r := range s {
		if unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// spellsWithin reports whether the words from i on, up to end, spell n,
// and the index of the last word used.
func spellsWithin(n *Name, words []Word, i, end int) (int, bool) {
	rest := n.joined
	for j := i; j < end; j++ {
		t := words[j].Text
		if !strings.HasPrefix(rest, t) {
			return 0, false
		}
		rest = rest[len(t):]
		if rest == "" {
			return j, true
		}
	}
	return 0, false
}

// Find returns every place text names one of the matcher's names, in text
// order. A single-word name matches a whole token only: the word must not be
// joined to another by a case change, '_' or '-'. A name of several words
// matches any run of words whose letters spell it, starting and ending at word
// boundaries and not crossing punctuation.
func (m *Matcher) Find(text string) []Match {
	return m.FindWords(text, Split(text))
}

// FindWords is Find on a text already split with Split.
func (m *Matcher) FindWords(text string, words []Word) []Match {
	var out []Match
	for i, w := range words {
		if w.Text == "" {
			continue
		}
		for _, ni := range m.byFirst[w.Text[0]] {
			n := &m.names[ni]
			if end, ok := spells(n, words, i); ok {
				out = append(out, Match{Name: n, Start: w.Start, End: words[end].End})
			}
		}
	}
	return out
}

// spells reports whether the words from i on spell n, and the index of the
// last word used. A single-word name must also be a whole token.
func spells(n *Name, words []Word, i int) (int, bool) {
	if len(n.words) == 1 && i > 0 && words[i].Joint == JointInToken {
		return 0, false
	}
	rest := n.joined
	for j := i; j < len(words); j++ {
		if j > i && (words[j].Joint == JointStart || len(n.words) == 1 && words[j].Joint == JointSpace) {
			return 0, false
		}
		t := words[j].Text
		if !strings.HasPrefix(rest, t) {
			return 0, false
		}
		rest = rest[len(t):]
		if rest == "" {
			if len(n.words) == 1 && j+1 < len(words) && words[j+1].Joint == JointInToken {
				return 0, false
			}
			return j, true
		}
	}
	return 0, false
}
