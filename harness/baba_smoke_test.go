package harness

import (
	"strings"
	"testing"
)

func babaRow(b *Baba, y, x int, words string) {
	for i, w := range strings.Fields(words) {
		b.Place("text:"+w, x+i, y)
	}
}

func TestSmoke(t *testing.T) {
	b := NewBaba(LevelDef{Width: 10, Height: 8})
	babaRow(b, 0, 0, "BABA IS YOU")
	babaRow(b, 1, 0, "KEY ON ROCK AND FLAG IS WIN")
	babaRow(b, 2, 0, "ROCK IS BABA IS NOT PUSH")
	t.Log(b.Rules())
	t.Log(b.ActiveRules())
	me := b.Place("baba", 2, 5)
	r := b.Place("rock", 3, 5)
	b.Place("text:PUSH", 4, 5)
	b.Step(Right)
	t.Log(b.PosOf(me))
	t.Log(b.PosOf(r))
	t.Log(b.StackAt(4, 5), b.KindsAt(3, 5))
	t.Log(b.Undo(), b.Undo())
	t.Log(b.PosOf(me))
}
