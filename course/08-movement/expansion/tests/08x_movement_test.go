package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_08x_pinned_words_are_walked_over(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:TEXT", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:NOT", 2, 0)
	b.Place("text:PUSH", 3, 0)
	wordBaba := b.Place("text:BABA", 1, 2)
	wordIs := b.Place("text:IS", 2, 2)
	wordYou := b.Place("text:YOU", 3, 2)
	baba := b.Place("baba", 4, 2)

	b.Move(harness.Left)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordYou)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"text:YOU", "baba"}, b.StackAt(3, 2))
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS NOT PUSH"}, b.ActiveRules())

	b.Move(harness.Left)

	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordIs)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordBaba)
	assert.Equal(t, []any{1, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS NOT PUSH"}, b.ActiveRules())
}
