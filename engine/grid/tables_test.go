package grid

import (
	"strings"
	"testing"
)

// TestPropertiesAreOneTable: the properties the engine gives meaning to
// are the rows of propWords, each with its own bit in a lexicon that has
// its word and no bit in one that lacks it.
func TestPropertiesAreOneTable(t *testing.T) {
	equalStrings(t, "Properties", Properties(), []string{"YOU", "PUSH", "STOP", "PULL", "WIN", "DEFEAT", "SINK", "HOT", "MELT", "OPEN", "SHUT", "FLOAT"})
	lex := testLexicon(t)
	var seen uint64
	for p, word := range propWords {
		bit := lex.prop[p]
		if bit == 0 || bit&seen != 0 {
			t.Errorf("%s has bit %#x, want a bit of its own", word, bit)
		}
		seen |= bit
		if w, _ := lex.Lookup(word); lex.words[lex.propWord[p]] != w {
			t.Errorf("%s: propWord names %q", word, lex.words[lex.propWord[p]].Word)
		}
	}
	if lex.prop[noProp] != 0 {
		t.Errorf("noProp has bit %#x, want none", lex.prop[noProp])
	}
	small, err := NewLexicon([]Word{{Word: "ZIP", Role: RoleNoun}, {Word: "YOU", Role: RoleProperty}, {Word: "IS", Role: RoleOperator}})
	if err != nil {
		t.Fatal(err)
	}
	for p, word := range propWords {
		if got := small.prop[p]; (got != 0) != (word == "YOU") {
			t.Errorf("in a lexicon with only YOU, %s has bit %#x", word, got)
		}
	}
}

// TestHazardRows: the turn's hazards are four rows played in the order the
// contract gives, SINK, then HOT meeting MELT, then DEFEAT, then the win.
func TestHazardRows(t *testing.T) {
	var names []string
	for _, h := range hazards {
		names = append(names, h.name)
		if h.self && h.other == noProp {
			t.Errorf("%s: a self hit needs a property to have", h.name)
		}
	}
	equalStrings(t, "hazards", names, []string{"SINK", "HOT", "DEFEAT", "WIN"})
}

// TestHazardsShareATurn: a turn with every hazard at once plays them in
// order; an object the sink took is no longer there for the melt, and the
// win is checked after the defeat.
func TestHazardsShareATurn(t *testing.T) {
	b := rulesBoard(t, 9, 7, "ZIP IS YOU", "ORB IS SINK", "MOSS IS HOT", "CUB IS MELT", "VAT IS DEFEAT AND WIN")
	z := place(t, b, "zip", 0, 6)
	orb := place(t, b, "orb", 1, 6)
	cub := place(t, b, "cub", 1, 6)
	moss := place(t, b, "moss", 1, 6)
	z2 := place(t, b, "zip", 4, 6)
	vat := place(t, b, "vat", 5, 6)
	b.Step(Right)
	// the zip steps onto the sink tile: the sink takes the zip, the cub and
	// the moss with it, so nothing melts; the other zip meets DEFEAT and WIN
	// on one tile: it is destroyed, and the win check finds no YOU there
	for _, id := range []ID{z, orb, cub, moss, z2} {
		gone(t, b, id)
	}
	at(t, b, vat, 5, 6)
	if b.Won() {
		t.Error("a YOU destroyed by DEFEAT won on the same turn")
	}
	if got := b.Destroyed(); len(got) != 5 || got[0] != z || got[4] != z2 {
		t.Errorf("Destroyed = %v, want the sink's four (%d first) then the defeated %d", got, z, z2)
	}
}

// TestLexiconKinds: the lexicon names the kinds of things and of text, so
// a caller never spells a kind itself.
func TestLexiconKinds(t *testing.T) {
	lex := testLexicon(t)
	for _, c := range []struct {
		word, kind string
		ok         bool
	}{{"ZIP", "zip", true}, {"zip", "zip", true}, {"YOU", "", false}, {"NOPE", "", false}} {
		if kind, ok := lex.NounKind(c.word); kind != c.kind || ok != c.ok {
			t.Errorf("NounKind(%q) = %q, %v, want %q, %v", c.word, kind, ok, c.kind, c.ok)
		}
	}
	for _, word := range []string{"ZIP", "YOU", "IS", "TEXT"} {
		kind, ok := lex.TextKind(word)
		if !ok || !lex.HasKind(kind) || !strings.HasSuffix(kind, word) {
			t.Errorf("TextKind(%q) = %q, %v, want a kind of the lexicon", word, kind, ok)
		}
		b := newTestBoard(t, 2, 2)
		if id := place(t, b, kind, 0, 0); b.KindOf(id) != kind {
			t.Errorf("a %s placed is a %s", kind, b.KindOf(id))
		}
	}
	if _, ok := lex.TextKind("NOPE"); ok {
		t.Error("TextKind of a word the lexicon lacks is ok")
	}
}

// TestLexiconTimes: a property may say how many times it multiplies; no
// other word may, and a property multiplies at least twice.
func TestLexiconTimes(t *testing.T) {
	base := []Word{{Word: "ZIP", Role: RoleNoun}, {Word: "IS", Role: RoleOperator}}
	lex, err := NewLexicon(append(base, Word{Word: "TWICE", Role: RoleProperty, Times: 2}))
	if err != nil {
		t.Fatal(err)
	}
	if lex.Times("TWICE") != 2 || lex.Times("ZIP") != 0 || lex.Times("NOPE") != 0 {
		t.Errorf("Times = %d, %d, %d, want 2, 0, 0", lex.Times("TWICE"), lex.Times("ZIP"), lex.Times("NOPE"))
	}
	for _, bad := range []Word{{Word: "ZAP", Role: RoleNoun, Times: 2}, {Word: "ONCE", Role: RoleProperty, Times: 1}, {Word: "LESS", Role: RoleProperty, Times: -2}} {
		if _, err := NewLexicon(append(base, bad)); err == nil || !strings.Contains(err.Error(), "times") {
			t.Errorf("%s with times %d: error %v, want one about times", bad.Word, bad.Times, err)
		}
	}
	parsed, err := ParseLexicon([]byte(`{"words": [{"word": "TWICE", "role": "property", "times": 3}]}`))
	if err != nil || parsed.Times("TWICE") != 3 {
		t.Errorf("a parsed times: %v, %v", parsed, err)
	}
}
