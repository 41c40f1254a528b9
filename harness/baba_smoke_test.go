package harness

import (
	"slices"
	"strings"
	"testing"
)

func babaRow(b *Baba, y, x int, words string) {
	for i, w := range strings.Fields(words) {
		b.Place("text:"+w, x+i, y)
	}
}

// TestSmoke runs every Baba call once on one small level: the rules as
// written and in force, a Step that pushes text into a rule, the tiles it
// leaves, and Undo taking the turn back and then refusing.
func TestSmoke(t *testing.T) {
	b := NewBaba(LevelDef{Width: 10, Height: 8})
	babaRow(b, 0, 0, "BABA IS YOU")
	babaRow(b, 1, 0, "KEY ON ROCK AND FLAG IS WIN")
	babaRow(b, 2, 0, "ROCK IS BABA IS NOT PUSH")
	if got, want := b.Rules(), []string{"BABA IS NOT PUSH", "BABA IS YOU", "KEY ON ROCK AND FLAG IS WIN", "ROCK IS BABA", "TEXT IS PUSH"}; !slices.Equal(got, want) {
		t.Errorf("Rules() = %q, want %q", got, want)
	}
	if got, want := b.ActiveRules(), b.Rules(); !slices.Equal(got, want) {
		t.Errorf("ActiveRules() = %q, want every rule (none cancels another): %q", got, want)
	}
	me := b.Place("baba", 2, 5)
	r := b.Place("rock", 3, 5)
	b.Place("text:PUSH", 4, 5)
	if !b.HasProperty(me, "YOU") || b.HasProperty(r, "PUSH") {
		t.Fatalf("before the step: baba YOU %v, rock PUSH %v; want true, false", b.HasProperty(me, "YOU"), b.HasProperty(r, "PUSH"))
	}
	b.Step(Right)
	// the rock stops nothing, so the baba steps onto its tile; ROCK IS BABA
	// turns the rock into a baba that keeps its id, and the text is untouched
	if x, y, ok := b.PosOf(me); !ok || x != 3 || y != 5 {
		t.Errorf("after Step(Right) the baba is at (%d, %d) %v, want (3, 5)", x, y, ok)
	}
	if got := b.StackAt(3, 5); !slices.Equal(got, []string{"baba", "baba"}) {
		t.Errorf("StackAt(3, 5) = %q, want the converted rock and the baba", got)
	}
	if got := b.KindsAt(4, 5); !slices.Equal(got, []string{"text:PUSH"}) {
		t.Errorf("KindsAt(4, 5) = %q, want the text where it was", got)
	}
	if b.Won() || b.Lost() {
		t.Errorf("Won() = %v, Lost() = %v after one step", b.Won(), b.Lost())
	}
	if !b.Undo() {
		t.Fatal("Undo() = false with one turn taken")
	}
	if b.Undo() {
		t.Error("Undo() = true with no turn left (Place clears the history)")
	}
	if x, y, ok := b.PosOf(me); !ok || x != 2 || y != 5 {
		t.Errorf("after Undo the baba is at (%d, %d) %v, want (2, 5)", x, y, ok)
	}
	if got := b.StackAt(3, 5); !slices.Equal(got, []string{"rock"}) {
		t.Errorf("after Undo StackAt(3, 5) = %q, want the rock back", got)
	}
}
