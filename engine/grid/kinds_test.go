package grid

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// fataler is a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// checkKindLists: each kind's list holds exactly its live objects, oldest
// first, linked both ways.
func checkKindLists(t fataler, b *Board, after string) {
	t.Helper()
	for k := range b.byKind {
		var want []ID
		for id := 1; id < len(b.objs); id++ {
			if o := b.objs[id]; o.alive && int(o.kind) == k {
				want = append(want, ID(id))
			}
		}
		var got []ID
		prev := ID(0)
		for id := b.byKind[k].first; id != 0; id = b.objs[id].knext {
			if b.objs[id].kprev != prev {
				t.Fatalf("after %s: kind %s: %d links back to %d, want %d", after, b.lex.kinds[k].name, id, b.objs[id].kprev, prev)
			}
			got, prev = append(got, id), id
		}
		if !slices.Equal(got, want) || b.byKind[k].last != prev || int(b.byKind[k].n) != len(want) {
			t.Fatalf("after %s: kind %s lists %v (last %d, n %d), want %v", after, b.lex.kinds[k].name, got, b.byKind[k].last, b.byKind[k].n, want)
		}
	}
	// objectsOf merges the lists of any set of kinds in age order
	for _, kinds := range [][]KindID{nil, {1}, {2, 1}, {3, 1, 2}, {4, 2, 3, 1}, {5, 1, 4, 2, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		var want []ID
		for id := 1; id < len(b.objs); id++ {
			if o := b.objs[id]; o.alive && slices.Contains(kinds, o.kind) {
				want = append(want, ID(id))
			}
		}
		if got := b.objectsOf(kinds); !slices.Equal(got, want) && len(got)+len(want) > 0 {
			t.Fatalf("after %s: objectsOf(%v) = %v, want %v", after, kinds, got, want)
		}
	}
}

// TestKindListsFollowObjects: creation, destruction, conversion and Undo
// keep every kind's list of live objects right. (The history does not hold
// what Create and Destroy do between turns, so those come after the undos.)
func TestKindListsFollowObjects(t *testing.T) {
	b := rulesBoard(t, 10, 9, "ZIP IS YOU", "ORB IS MOSS AND VAT", "VAT IS SINK", "MOSS IS ORB", "CUB IS NOT CUB")
	r := rand.New(rand.NewPCG(5, 6))
	kinds := []string{"zip", "orb", "moss", "vat", "cub", "zap"}
	for range 40 {
		place(t, b, kinds[r.IntN(len(kinds))], r.IntN(10), 5+r.IntN(4))
	}
	checkKindLists(t, b, "placing")
	for i := range 300 {
		d := Dir(r.IntN(4))
		var what string
		switch n := r.IntN(10); {
		case n < 5:
			b.Step(d)
			what = "a step"
		case n < 6:
			b.Move(d)
			what = "a move"
		case n < 7:
			if id, err := b.Create(kinds[r.IntN(len(kinds))], r.IntN(10), 5+r.IntN(4)); err != nil {
				t.Fatal(err)
			} else if r.IntN(2) == 0 {
				b.Destroy(id)
			}
			what = "a create"
		case i < 200:
			b.Undo()
			what = "an undo"
		default:
			b.Step(d)
			what = "a step"
		}
		checkKindLists(t, b, what)
		if i%50 == 0 && i < 200 {
			for b.Undo() {
			}
			checkKindLists(t, b, "undoing everything")
		}
	}
}
