package grid

import (
	"strings"
	"testing"
)

// The tests use a made-up lexicon: the nouns are fictional, the rest are
// the course's properties, operators and condition.
func testLexicon(t testing.TB) *Lexicon {
	t.Helper()
	var words []Word
	for _, n := range []string{"ZIP", "ZAP", "ORB", "MOSS", "VAT", "CUB"} {
		words = append(words, Word{Word: n, Role: RoleNoun})
	}
	for _, p := range []string{"YOU", "PUSH", "STOP", "PULL", "WIN", "DEFEAT", "SINK", "HOT", "MELT", "OPEN", "SHUT", "FLOAT"} {
		words = append(words, Word{Word: p, Role: RoleProperty})
	}
	for _, o := range []string{"IS", "AND", "NOT"} {
		words = append(words, Word{Word: o, Role: RoleOperator})
	}
	words = append(words,
		Word{Word: "ON", Role: RoleCondition},
		Word{Word: "TEXT", Role: RoleMeta, Names: NamesText},
		Word{Word: "EVERY", Role: RoleMeta, Names: NamesThings},
	)
	lex, err := NewLexicon(words)
	if err != nil {
		t.Fatal(err)
	}
	return lex
}

func newTestBoard(t testing.TB, w, h int) *Board {
	t.Helper()
	b, err := New(testLexicon(t), LevelDef{Width: w, Height: h})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func place(t testing.TB, b *Board, kind string, x, y int) ID {
	t.Helper()
	id, err := b.Place(kind, x, y)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// write places a sentence's words as text, from (x, y) going right
// (vertical false) or down; "." leaves a tile empty.
func write(t testing.TB, b *Board, x, y int, vertical bool, sentence string) {
	t.Helper()
	for i, w := range strings.Fields(sentence) {
		if w == "." {
			continue
		}
		if vertical {
			place(t, b, "text:"+w, x, y+i)
		} else {
			place(t, b, "text:"+w, x+i, y)
		}
	}
}

func equalStrings(t testing.TB, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
		t.Errorf("%s = %q, want %q", what, got, want)
	}
}

func at(t testing.TB, b *Board, id ID, x, y int) {
	t.Helper()
	gx, gy, ok := b.PosOf(id)
	if !ok || gx != x || gy != y {
		t.Errorf("object %d (%s) at (%d, %d) alive %v, want (%d, %d)", id, b.KindOf(id), gx, gy, ok, x, y)
	}
}

func gone(t testing.TB, b *Board, id ID) {
	t.Helper()
	if x, y, ok := b.PosOf(id); ok {
		t.Errorf("object %d (%s) still at (%d, %d), want destroyed", id, b.KindOf(id), x, y)
	}
}
