package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_07_rule_gives_property(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	wordBaba := b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	baba := b.Place("baba", 1, 2)
	keke := b.Place("keke", 3, 2)

	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.ActiveRules())
	assert.True(t, b.HasProperty(baba, "YOU"))
	assert.False(t, b.HasProperty(baba, "PUSH"))
	assert.False(t, b.HasProperty(keke, "YOU"))
	assert.True(t, b.HasProperty(wordBaba, "PUSH"))
	assert.False(t, b.HasProperty(wordBaba, "YOU"))
}

func Test_07_negated_rule_listed(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:NOT", 2, 1)
	b.Place("text:YOU", 3, 1)
	baba := b.Place("baba", 0, 2)

	assert.Equal(t, []string{"BABA IS NOT YOU", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"BABA IS NOT YOU", "TEXT IS PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(baba, "YOU"))
}

func Test_07_not_cancels_and_stays(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:WIN", 2, 1)
	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:NOT", 2, 2)
	b.Place("text:YOU", 3, 2)
	baba := b.Place("baba", 4, 1)

	assert.Equal(t, []string{"BABA IS NOT YOU", "BABA IS WIN", "BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"BABA IS NOT YOU", "BABA IS WIN", "TEXT IS PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(baba, "YOU"))
	assert.True(t, b.HasProperty(baba, "WIN"))
}

func Test_07_not_binds_one_predicate(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 6, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:NOT", 2, 1)
	b.Place("text:YOU", 3, 1)
	b.Place("text:AND", 4, 1)
	b.Place("text:WIN", 5, 1)
	baba := b.Place("baba", 0, 2)

	assert.Equal(t, []string{"BABA IS NOT YOU", "BABA IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.False(t, b.HasProperty(baba, "YOU"))
	assert.True(t, b.HasProperty(baba, "WIN"))
}

func Test_07_not_cancels_conversion(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:ROCK", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:KEKE", 2, 1)
	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:NOT", 2, 2)
	b.Place("text:ROCK", 3, 2)

	assert.Equal(t, []string{"BABA IS KEKE", "BABA IS NOT ROCK", "BABA IS ROCK", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"BABA IS KEKE", "BABA IS NOT ROCK", "TEXT IS PUSH"}, b.ActiveRules())
}

func Test_07_identity_blocks_conversion(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:BABA", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:YOU", 2, 1)
	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:ROCK", 2, 2)
	b.Place("text:KEKE", 4, 0)
	b.Place("text:IS", 4, 1)
	b.Place("text:ROCK", 4, 2)

	assert.Equal(t, []string{
		"BABA IS BABA", "BABA IS ROCK", "BABA IS YOU", "KEKE IS ROCK", "TEXT IS PUSH",
	}, b.Rules())
	assert.Equal(t, []string{"BABA IS BABA", "BABA IS YOU", "KEKE IS ROCK", "TEXT IS PUSH"}, b.ActiveRules())
}

func Test_07_negated_identity_no_longer_blocks(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:BABA", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:NOT", 2, 1)
	b.Place("text:BABA", 3, 1)
	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:ROCK", 2, 2)

	assert.Contains(t, b.Rules(), "BABA IS NOT BABA")
	active := b.ActiveRules()
	assert.Contains(t, active, "BABA IS ROCK")
	assert.NotContains(t, active, "BABA IS BABA")
}

func Test_07_text_is_not_push(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	wordText := b.Place("text:TEXT", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:NOT", 2, 0)
	b.Place("text:PUSH", 3, 0)
	wordRock := b.Place("text:ROCK", 0, 2)

	assert.Contains(t, b.Rules(), "TEXT IS NOT PUSH")
	assert.Equal(t, []string{"TEXT IS NOT PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(wordText, "PUSH"))
	assert.False(t, b.HasProperty(wordRock, "PUSH"))
}

func Test_07_text_is_named_by_text_only(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	wordBaba := b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:NOT", 2, 1)
	b.Place("text:PUSH", 3, 1)
	b.Place("text:TEXT", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:WIN", 2, 2)
	baba := b.Place("baba", 4, 1)

	assert.Equal(t, []string{"BABA IS NOT PUSH", "BABA IS YOU", "TEXT IS PUSH", "TEXT IS WIN"}, b.ActiveRules())
	assert.True(t, b.HasProperty(baba, "YOU"))
	assert.False(t, b.HasProperty(baba, "PUSH"))
	assert.False(t, b.HasProperty(baba, "WIN"))
	assert.False(t, b.HasProperty(wordBaba, "YOU"))
	assert.True(t, b.HasProperty(wordBaba, "PUSH"))
	assert.True(t, b.HasProperty(wordBaba, "WIN"))
}

func Test_07_has_property_unknown_id_panics(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	baba := b.Place("baba", 0, 0)

	assert.Panics(t, func() { b.HasProperty(baba+100, "YOU") })
}
