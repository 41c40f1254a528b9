package grid

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// boardState is everything a board shows: each id's kind and tile, the
// id counter, the rules and the win.
func boardState(b *Board) string {
	var sb strings.Builder
	for id := ID(1); id < b.NextID(); id++ {
		x, y, ok := b.PosOf(id)
		fmt.Fprintf(&sb, "%d:%s:%d,%d,%v ", id, b.KindOf(id), x, y, ok)
	}
	w, h := b.Size()
	for y := range h {
		for x := range w {
			fmt.Fprint(&sb, b.IDsAt(x, y))
		}
	}
	fmt.Fprintf(&sb, "|%d|%q|%q|%v|%v", b.NextID(), b.Rules(), b.ActiveRules(), b.Won(), b.Lost())
	return sb.String()
}

func memoLevel() LevelDef {
	lv := LevelDef{Width: 7, Height: 6}
	for x, w := range strings.Fields("ZIP IS YOU") {
		lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + w, X: x + 2, Y: 3})
	}
	for x, w := range strings.Fields("ORB IS SINK") {
		lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + w, X: x, Y: 0})
	}
	lv.Objects = append(lv.Objects, LevelObject{Kind: "zip", X: 1, Y: 3}, LevelObject{Kind: "orb", X: 3, Y: 5}, LevelObject{Kind: "zap", X: 4, Y: 4})
	return lv
}

func mustNew(t testing.TB, lex *Lexicon, lv LevelDef) *Board {
	t.Helper()
	b, err := New(lex, lv)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNewCopiesBuiltLevels: a level built again is a copy of the board it
// built, which plays exactly like a board built from scratch, and playing
// one board changes no other.
func TestNewCopiesBuiltLevels(t *testing.T) {
	lex := testLexicon(t)
	lv := memoLevel()
	first, second := mustNew(t, lex, lv), mustNew(t, lex, lv)
	copied := mustNew(t, lex, lv)
	if lex.built.find(levelRef{objects: &lv.Objects[0], n: len(lv.Objects), w: lv.Width, h: lv.Height}, lv.Objects) == nil {
		t.Fatal("a level built twice has no board kept to copy")
	}
	start := boardState(copied)
	// the first two push the rule's text about and break it
	for _, d := range []Dir{Right, Right, Up, Right, Down} {
		first.Step(d)
		second.Step(d)
	}
	if slices.Contains(second.Rules(), "ZIP IS YOU") {
		t.Fatalf("rules %q: the walk was to break ZIP IS YOU", second.Rules())
	}
	if got := boardState(mustNew(t, lex, lv)); got != start {
		t.Fatalf("a copy made after other boards played:\n%s\nwant\n%s", got, start)
	}
	scratch := mustNew(t, lex, LevelDef{Width: lv.Width, Height: lv.Height, Objects: slices.Clone(lv.Objects)})
	for i, d := range []Dir{Right, Up, Up, Right, Down, Left, Left, Down, Down, Right} {
		copied.Step(d)
		scratch.Step(d)
		if got, want := boardState(copied), boardState(scratch); got != want {
			t.Fatalf("after step %d the copy shows\n%s\nand a board built from scratch\n%s", i+1, got, want)
		}
	}
	for copied.Undo() {
		scratch.Undo()
	}
	if got := boardState(copied); got != start {
		t.Fatalf("the copy undone:\n%s\nwant\n%s", got, start)
	}
}

// TestNewSeesChangedLevels: changing a level's objects in place and
// building it again builds the level as it is now.
func TestNewSeesChangedLevels(t *testing.T) {
	lex := testLexicon(t)
	lv := memoLevel()
	for range 3 {
		mustNew(t, lex, lv)
	}
	lv.Objects[len(lv.Objects)-1] = LevelObject{Kind: "moss", X: 0, Y: 5}
	lv.Objects[2] = LevelObject{Kind: "text:WIN", X: 4, Y: 3}
	b := mustNew(t, lex, lv)
	want := mustNew(t, lex, LevelDef{Width: lv.Width, Height: lv.Height, Objects: slices.Clone(lv.Objects)})
	if got := boardState(b); got != boardState(want) {
		t.Fatalf("the changed level built\n%s\nwant\n%s", got, boardState(want))
	}
	if !slices.Contains(b.Rules(), "ZIP IS WIN") {
		t.Errorf("rules %q, want the changed text's", b.Rules())
	}
}

// TestNewCopiesConcurrently: boards of one level built and played on
// several goroutines at once play alike (run with -race to see sharing).
func TestNewCopiesConcurrently(t *testing.T) {
	lex := testLexicon(t)
	lv := memoLevel()
	states := make([]string, 8)
	var wg sync.WaitGroup
	for g := range states {
		wg.Go(func() {
			var b *Board
			for range 5 {
				b, _ = New(lex, lv)
			}
			for _, d := range []Dir{Right, Up, Right, Down, Left, Down} {
				b.Step(d)
			}
			states[g] = boardState(b)
		})
	}
	wg.Wait()
	for g, s := range states {
		if s != states[0] {
			t.Fatalf("goroutine %d's board shows\n%s\nand the first's\n%s", g, s, states[0])
		}
	}
}

// TestParsesAreKeptAndShared: a text parsed twice is kept by the lexicon;
// a board with that text takes the kept parse instead of parsing, and a
// board that goes on to parse other text leaves the kept one as it was.
func TestParsesAreKeptAndShared(t *testing.T) {
	lex := testLexicon(t)
	lv := LevelDef{Width: 6, Height: 4}
	for x, w := range strings.Fields("ZIP IS YOU") {
		lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + w, X: x + 1, Y: 1})
	}
	lv.Objects = append(lv.Objects, LevelObject{Kind: "zip", X: 0, Y: 1}, LevelObject{Kind: "text:WIN", X: 5, Y: 3})
	fresh := func() *Board {
		// a new slice each time, so that no built board is copied
		return mustNew(t, lex, LevelDef{Width: lv.Width, Height: lv.Height, Objects: slices.Clone(lv.Objects)})
	}
	fresh()
	fresh()
	a := fresh()
	if a.c == &a.own {
		t.Fatal("a text parsed twice was not kept: a third board parsed it itself")
	}
	kept := a.c
	want := boardState(fresh())
	a.Step(Right) // pushes ZIP IS YOU, so the board parses again
	if a.c == kept || a.c != &a.own {
		t.Fatal("after its text moved the board still holds the kept parse")
	}
	if !slices.Equal(a.Rules(), []string{"TEXT IS PUSH", "ZIP IS YOU"}) {
		t.Errorf("rules after the push %q", a.Rules())
	}
	a.Step(Left)
	a.Step(Down)
	if got := boardState(fresh()); got != want {
		t.Fatalf("a board with the kept text after another board parsed on:\n%s\nwant\n%s", got, want)
	}
	if len(kept.rs.Rules) != 2 || kept.canceled[0] {
		t.Errorf("the kept parse changed: %+v", kept.rs.Rules)
	}
}
