package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_09x_restart_returns_to_start(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "FLAG", "AND", "KEY"}, {"FLAG", "IS", "WIN"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	rock := b.Place("rock", 1, 3)
	b.Step(harness.Right)
	b.Step(harness.Right)
	require.True(t, b.Won())
	require.Equal(t, []string{"flag", "key"}, b.StackAt(1, 3))

	assert.Equal(t, 2, b.Restart())

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 3, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.StackAt(1, 3))
	assert.False(t, b.Won())
	assert.Equal(t, []string{"BABA IS YOU", "FLAG IS WIN", "ROCK IS FLAG", "ROCK IS KEY", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, 0, b.Restart())
	assert.False(t, b.Undo())
	assert.Equal(t, rock+1, b.Place("grass", 4, 3))
}
