package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_07x_all_names_every_thing_but_not_text(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	wordAll := b.Place("text:ALL", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:WIN", 2, 0)
	b.Place("text:ROCK", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:NOT", 2, 2)
	b.Place("text:WIN", 3, 2)
	baba := b.Place("baba", 0, 1)
	keke := b.Place("keke", 1, 1)
	rock := b.Place("rock", 2, 1)

	assert.Equal(t, []string{"ALL IS WIN", "ROCK IS NOT WIN", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"ALL IS WIN", "ROCK IS NOT WIN", "TEXT IS PUSH"}, b.ActiveRules())
	assert.True(t, b.HasProperty(baba, "WIN"))
	assert.True(t, b.HasProperty(keke, "WIN"))
	assert.False(t, b.HasProperty(rock, "WIN"))
	assert.False(t, b.HasProperty(wordAll, "WIN"))
}
