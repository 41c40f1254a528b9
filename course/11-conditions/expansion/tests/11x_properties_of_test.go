package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_11x_properties_follow_the_board(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	isText := b.Place("text:IS", 1, 0)
	b.Place("text:BABA", 0, 0)
	b.Place("text:YOU", 2, 0)
	for x, w := range []string{"KEY", "IS", "PUSH"} {
		b.Place("text:"+w, x, 1)
	}
	for x, w := range []string{"KEY", "ON", "ROCK", "IS", "WIN"} {
		b.Place("text:"+w, x, 2)
	}
	baba := b.Place("baba", 0, 3)
	key := b.Place("key", 1, 3)
	rock := b.Place("rock", 2, 3)
	require.Equal(t, []string{"PUSH"}, b.PropertiesOf(key))

	b.Step(harness.Right)

	x, y, ok := b.PosOf(key)
	require.Equal(t, []any{2, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"PUSH", "WIN"}, b.PropertiesOf(key))
	assert.Equal(t, []string{"YOU"}, b.PropertiesOf(baba))
	assert.Empty(t, b.PropertiesOf(rock))
	assert.Equal(t, []string{"PUSH"}, b.PropertiesOf(isText))
	assert.False(t, b.Won())
}
