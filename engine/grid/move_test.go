package grid

import (
	"strings"
	"testing"
)

// rulesBoard writes one sentence per row from the top of a board, leaving
// the bottom rows free for play.
func rulesBoard(t testing.TB, w, h int, sentences ...string) *Board {
	t.Helper()
	b := newTestBoard(t, w, h)
	for y, s := range sentences {
		write(t, b, 0, y, false, s)
	}
	return b
}

func TestPushChainAndStop(t *testing.T) {
	b := rulesBoard(t, 8, 5, "ZIP IS YOU", "ORB IS PUSH", "MOSS IS STOP")
	me := place(t, b, "zip", 0, 4)
	o1 := place(t, b, "orb", 1, 4)
	o2 := place(t, b, "orb", 2, 4)
	place(t, b, "moss", 4, 4)
	b.Move(Right)
	at(t, b, me, 1, 4)
	at(t, b, o1, 2, 4)
	at(t, b, o2, 3, 4)
	b.Move(Right) // the chain meets STOP: nothing moves
	at(t, b, me, 1, 4)
	at(t, b, o2, 3, 4)
}

func TestEdgeBlocksAndPushAndStopIsPushed(t *testing.T) {
	b := rulesBoard(t, 4, 5, "ZIP IS YOU", "ORB IS PUSH", "ORB IS STOP")
	me := place(t, b, "zip", 1, 4)
	o := place(t, b, "orb", 2, 4)
	b.Move(Right)
	at(t, b, me, 2, 4)
	at(t, b, o, 3, 4)
	b.Move(Right)
	at(t, b, me, 2, 4)
	at(t, b, o, 3, 4)
}

func TestTextIsPushedAndReparsed(t *testing.T) {
	b := newTestBoard(t, 3, 4)
	write(t, b, 0, 0, true, "ZIP IS YOU")
	me := place(t, b, "zip", 0, 3)
	b.Move(Up) // the column of text would leave the board: the edge blocks it
	at(t, b, me, 0, 3)
	b2 := newTestBoard(t, 5, 4)
	write(t, b2, 0, 1, false, "ZIP IS YOU")
	me2 := place(t, b2, "zip", 2, 2)
	b2.Move(Up)
	at(t, b2, me2, 2, 1)
	equalStrings(t, "Rules()", b2.Rules(), []string{"TEXT IS PUSH"})
	if !b2.Lost() {
		t.Error("Lost() is false with no YOU rule")
	}
}

func TestPull(t *testing.T) {
	b := rulesBoard(t, 8, 5, "ZIP IS YOU", "ORB IS PULL")
	o0 := place(t, b, "orb", 0, 4)
	me := place(t, b, "zip", 2, 4)
	o1 := place(t, b, "orb", 1, 4)
	b.Move(Right)
	at(t, b, me, 3, 4)
	at(t, b, o1, 2, 4)
	at(t, b, o0, 1, 4) // the first orb follows the second
	b.Move(Up)
	at(t, b, me, 3, 3)
	at(t, b, o1, 2, 4)
}

func TestOpenShut(t *testing.T) {
	b := rulesBoard(t, 8, 5, "ZIP IS YOU", "ORB IS OPEN AND PUSH", "MOSS IS SHUT AND STOP")
	me := place(t, b, "zip", 0, 4)
	o := place(t, b, "orb", 1, 4)
	m1 := place(t, b, "moss", 2, 4)
	m2 := place(t, b, "moss", 2, 4)
	b.Move(Right)
	at(t, b, me, 1, 4)
	gone(t, b, o)
	gone(t, b, m1)
	at(t, b, m2, 2, 4)
	b.Move(Right)
	at(t, b, me, 1, 4)
}

func TestSeveralYouFurthestAheadFirst(t *testing.T) {
	b := rulesBoard(t, 8, 5, "ZIP IS YOU", "ZIP IS PUSH")
	a := place(t, b, "zip", 1, 4)
	c := place(t, b, "zip", 2, 4)
	d := place(t, b, "zip", 2, 4)
	b.Move(Right)
	at(t, b, a, 2, 4)
	at(t, b, c, 3, 4)
	at(t, b, d, 3, 4)
	b.Move(Left)
	at(t, b, a, 1, 4)
	at(t, b, c, 2, 4)
	at(t, b, d, 2, 4)
}

func TestYouCarriedAlongDoesNotMoveAgain(t *testing.T) {
	b := rulesBoard(t, 8, 5, "ZIP IS YOU", "ZAP IS YOU AND PUSH")
	z := place(t, b, "zip", 1, 4)
	p := place(t, b, "zap", 2, 4)
	place(t, b, "zap", 6, 3) // ahead, moves first
	b.Move(Right)
	at(t, b, z, 2, 4)
	at(t, b, p, 3, 4)
}

func TestStackAtOldestFirstKindsAtSorted(t *testing.T) {
	b := newTestBoard(t, 2, 2)
	place(t, b, "zip", 1, 1)
	place(t, b, "text:ZAP", 1, 1)
	place(t, b, "cub", 1, 1)
	equalStrings(t, "StackAt", b.StackAt(1, 1), []string{"zip", "text:ZAP", "cub"})
	equalStrings(t, "KindsAt", b.KindsAt(1, 1), []string{"cub", "text:ZAP", "zip"})
	if got := b.KindsAt(0, 0); got == nil || len(got) != 0 {
		t.Errorf("KindsAt of an empty tile = %#v, want an empty slice", got)
	}
}

func TestNeverIssuedPanics(t *testing.T) {
	b := newTestBoard(t, 2, 2)
	place(t, b, "zip", 0, 0)
	for name, call := range map[string]func(){
		"PosOf":       func() { b.PosOf(7) },
		"HasProperty": func() { b.HasProperty(7, "YOU") },
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(r.(string), "id 7") {
					t.Errorf("%s(7) recovered %v, want a panic naming id 7", name, r)
				}
			}()
			call()
		}()
	}
}

func TestPlaceErrors(t *testing.T) {
	b := newTestBoard(t, 2, 2)
	for _, c := range []struct {
		kind string
		x, y int
	}{{"zip", 2, 0}, {"ZIP", 0, 0}, {"text:HELLO", 0, 0}, {"hello", 0, 0}} {
		if _, err := b.Place(c.kind, c.x, c.y); err == nil {
			t.Errorf("Place(%q, %d, %d) gave no error", c.kind, c.x, c.y)
		}
	}
}
