package grid

import (
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestUndoRestoresTheStateBeforeEachTurn plays random turns with random
// creations and destructions between them (text among them, so the rules
// change too), and undoes at random: each Undo must give back the state
// from just before the turn it takes back, whatever came between.
func TestUndoRestoresTheStateBeforeEachTurn(t *testing.T) {
	lex := testLexicon(t)
	kinds := []string{"zip", "orb", "moss", "vat", "cub", "text:ZIP", "text:IS", "text:YOU", "text:PUSH", "text:WIN", "text:ORB", "text:SINK"}
	rapid.Check(t, func(t *rapid.T) {
		b, err := New(lex, LevelDef{Width: 8, Height: 6})
		if err != nil {
			t.Fatal(err)
		}
		put := func(kind string, x, y int) {
			if _, err := b.Place(kind, x, y); err != nil {
				t.Fatal(err)
			}
		}
		for y, s := range []string{"ZIP IS YOU", "ORB IS PUSH", "VAT IS SINK", "CUB IS WIN"} {
			for x, w := range strings.Fields(s) {
				put("text:"+w, x, y)
			}
		}
		for range rapid.IntRange(1, 12).Draw(t, "objects") {
			put(rapid.SampledFrom(kinds).Draw(t, "kind"), rapid.IntRange(0, 7).Draw(t, "x"), rapid.IntRange(0, 5).Draw(t, "y"))
		}
		var before []string // the state before each turn not yet undone
		for i := range rapid.IntRange(1, 40).Draw(t, "actions") {
			switch rapid.IntRange(0, 5).Draw(t, "action") {
			case 0, 1:
				before = append(before, boardState(b))
				b.Step(Dir(rapid.IntRange(0, 3).Draw(t, "dir")))
			case 2:
				before = append(before, boardState(b))
				b.Move(Dir(rapid.IntRange(0, 3).Draw(t, "dir")))
			case 3:
				if _, err := b.Create(rapid.SampledFrom(kinds).Draw(t, "kind"), rapid.IntRange(0, 7).Draw(t, "x"), rapid.IntRange(0, 5).Draw(t, "y")); err != nil {
					t.Fatal(err)
				}
			case 4:
				if b.NextID() > 1 {
					b.Destroy(ID(rapid.IntRange(1, int(b.NextID())-1).Draw(t, "id")))
				}
			case 5:
				undone := b.Undo()
				if undone != (len(before) > 0) {
					t.Fatalf("action %d: Undo reported %v with %d turns to take back", i, undone, len(before))
				}
				if !undone {
					continue
				}
				want := before[len(before)-1]
				before = before[:len(before)-1]
				if got := boardState(b); got != want {
					t.Fatalf("action %d: after the Undo the board is\n%s\nwant, as before the turn,\n%s", i, got, want)
				}
				checkKindLists(t, b, "an undo")
			}
		}
	})
}
