package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

// Every test places its text first, row by row, left to right, then the
// things it names, in the order course/11-conditions/scenarios.md lists them.

func Test_11_rules_write_condition(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 2})
	for x, w := range []string{"KEY", "ON", "ROCK", "AND", "FLAG", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}

	assert.Equal(t, []string{"KEY ON ROCK AND FLAG IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"KEY ON ROCK AND FLAG IS WIN", "TEXT IS PUSH"}, b.ActiveRules())
}

func Test_11_condition_with_several_subjects(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 2})
	for x, w := range []string{"BABA", "AND", "KEY", "ON", "ROCK", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}

	assert.Equal(t, []string{"BABA ON ROCK IS WIN", "KEY ON ROCK IS WIN", "TEXT IS PUSH"}, b.Rules())
}

func Test_11_condition_gates_property(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"KEY", "ON", "ROCK", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	rock := b.Place("rock", 1, 2)
	keyOnRock := b.Place("key", 1, 2)
	keyAlone := b.Place("key", 3, 2)

	assert.True(t, b.HasProperty(keyOnRock, "WIN"))
	assert.False(t, b.HasProperty(keyAlone, "WIN"))
	assert.False(t, b.HasProperty(rock, "WIN"))
}

func Test_11_on_needs_every_noun(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 3})
	for x, w := range []string{"KEY", "ON", "ROCK", "AND", "FLAG", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	b.Place("rock", 1, 2)
	keyOnRock := b.Place("key", 1, 2)
	b.Place("rock", 4, 2)
	b.Place("flag", 4, 2)
	keyOnBoth := b.Place("key", 4, 2)

	assert.False(t, b.HasProperty(keyOnRock, "WIN"))
	assert.True(t, b.HasProperty(keyOnBoth, "WIN"))
}

func Test_11_on_rock_and_rock_needs_two_rocks(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 3})
	for x, w := range []string{"KEY", "ON", "ROCK", "AND", "ROCK", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	b.Place("rock", 1, 2)
	keyOnOne := b.Place("key", 1, 2)
	b.Place("rock", 4, 2)
	b.Place("rock", 4, 2)
	keyOnTwo := b.Place("key", 4, 2)

	assert.Equal(t, []string{"KEY ON ROCK AND ROCK IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.False(t, b.HasProperty(keyOnOne, "WIN"))
	assert.True(t, b.HasProperty(keyOnTwo, "WIN"))
}

func Test_11_on_matches_each_noun_to_its_own_object(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 3})
	for x, w := range []string{"KEY", "ON", "ALL", "AND", "ROCK", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	b.Place("rock", 1, 2)
	b.Place("grass", 1, 2)
	keyOnBoth := b.Place("key", 1, 2)
	b.Place("rock", 4, 2)
	keyOnRock := b.Place("key", 4, 2)

	assert.Equal(t, []string{"KEY ON ALL AND ROCK IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.True(t, b.HasProperty(keyOnBoth, "WIN"))
	assert.False(t, b.HasProperty(keyOnRock, "WIN"))
}

func Test_11_on_counts_only_other_objects(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"KEY", "ON", "KEY", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	lone := b.Place("key", 1, 2)
	pairA := b.Place("key", 3, 2)
	pairB := b.Place("key", 3, 2)

	assert.False(t, b.HasProperty(lone, "WIN"))
	assert.True(t, b.HasProperty(pairA, "WIN"))
	assert.True(t, b.HasProperty(pairB, "WIN"))
}

func Test_11_on_all_needs_a_thing(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"KEY", "ON", "ALL", "IS", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	alone := b.Place("key", 0, 2)
	withText := b.Place("key", 2, 2)
	b.Place("text:FLAG", 2, 2)
	withGrass := b.Place("key", 4, 2)
	b.Place("grass", 4, 2)

	assert.False(t, b.HasProperty(alone, "WIN"))
	assert.False(t, b.HasProperty(withText, "WIN"))
	assert.True(t, b.HasProperty(withGrass, "WIN"))
}

func Test_11_on_ignores_float(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"KEY", "ON", "ROCK", "IS", "WIN"}, {"ROCK", "IS", "FLOAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	rock := b.Place("rock", 3, 2)
	key := b.Place("key", 3, 2)

	assert.True(t, b.HasProperty(rock, "FLOAT"))
	assert.False(t, b.HasProperty(key, "FLOAT"))
	assert.True(t, b.HasProperty(key, "WIN"))
}

func Test_11_conditional_stop_blocks_movement(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "ON", "GRASS", "IS", "STOP"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	babaAbove := b.Place("baba", 0, 2)
	b.Place("grass", 1, 2)
	b.Place("rock", 1, 2)
	babaBelow := b.Place("baba", 0, 3)
	b.Place("rock", 1, 3)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(babaAbove)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(babaBelow)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
}

func Test_11_conditional_you_moves_only_matching(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "ON", "GRASS", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	b.Place("grass", 0, 1)
	onGrass := b.Place("baba", 0, 1)
	offGrass := b.Place("baba", 0, 2)
	require.False(t, b.Lost())

	b.Step(harness.Right)

	x, y, ok := b.PosOf(onGrass)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(offGrass)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	assert.True(t, b.Lost())
}

func Test_11_condition_checked_after_movement(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 5})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"BABA", "ON", "GRASS", "IS", "MELT"}, {"LAVA", "IS", "HOT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	babaToGrass := b.Place("baba", 0, 3)
	b.Place("lava", 1, 3)
	b.Place("grass", 1, 3)
	babaToLava := b.Place("baba", 0, 4)
	b.Place("lava", 1, 4)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(babaToGrass)
	assert.False(t, ok)
	assert.Equal(t, []string{"grass", "lava"}, b.KindsAt(1, 3))
	x, y, ok := b.PosOf(babaToLava)
	assert.Equal(t, []any{1, 4, true}, []any{x, y, ok})
	assert.False(t, b.Lost())
}

func Test_11_conditional_win(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"FLAG", "ON", "GRASS", "IS", "WIN"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	b.Place("flag", 1, 2)
	b.Place("grass", 2, 2)
	b.Place("flag", 2, 2)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 2, true}, []any{x, y, ok})
	assert.False(t, b.Won())

	b.Step(harness.Right)

	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	assert.True(t, b.Won())
}

func Test_11_conditional_conversion(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "ON", "GRASS", "IS", "KEY"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 2)
	b.Place("grass", 2, 2)
	rockOnGrass := b.Place("rock", 2, 2)
	rockAlone := b.Place("rock", 4, 2)

	b.Step(harness.Left)

	x, y, ok := b.PosOf(rockOnGrass)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"grass", "key"}, b.KindsAt(2, 2))
	x, y, ok = b.PosOf(rockAlone)
	assert.Equal(t, []any{4, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(4, 2))
}

func Test_11_negation_with_other_condition_settled_per_object(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 6, Height: 3})
	for y, sentence := range [][]string{{"KEY", "IS", "WIN"}, {"KEY", "ON", "ROCK", "IS", "NOT", "WIN"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("rock", 1, 2)
	keyOnRock := b.Place("key", 1, 2)
	keyAlone := b.Place("key", 4, 2)

	assert.Equal(t, []string{"KEY IS WIN", "KEY ON ROCK IS NOT WIN", "TEXT IS PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(keyOnRock, "WIN"))
	assert.True(t, b.HasProperty(keyAlone, "WIN"))
}

func Test_11_unconditional_negation_settled_per_object(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"KEY", "ON", "ROCK", "IS", "WIN"}, {"KEY", "IS", "NOT", "WIN"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("rock", 1, 2)
	key := b.Place("key", 1, 2)

	assert.Equal(t, []string{"KEY IS NOT WIN", "KEY ON ROCK IS WIN", "TEXT IS PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(key, "WIN"))
}

func Test_11_negation_with_same_condition_cancels(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 8, Height: 3})
	for y, sentence := range [][]string{
		{"KEY", "ON", "ROCK", "AND", "FLAG", "IS", "WIN"},
		{"KEY", "ON", "FLAG", "AND", "ROCK", "IS", "NOT", "WIN"},
	} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("rock", 1, 2)
	b.Place("flag", 1, 2)
	key := b.Place("key", 1, 2)

	assert.Equal(t, []string{"KEY ON FLAG AND ROCK IS NOT WIN", "KEY ON ROCK AND FLAG IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"KEY ON FLAG AND ROCK IS NOT WIN", "TEXT IS PUSH"}, b.ActiveRules())
	assert.False(t, b.HasProperty(key, "WIN"))
}

func Test_11_identity_with_same_condition_blocks(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{
		{"BABA", "IS", "YOU"},
		{"ROCK", "ON", "GRASS", "IS", "ROCK"},
		{"ROCK", "ON", "GRASS", "IS", "KEY"},
	} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 3)
	b.Place("grass", 2, 3)
	rock := b.Place("rock", 2, 3)

	assert.Equal(t, []string{"BABA IS YOU", "ROCK ON GRASS IS ROCK", "TEXT IS PUSH"}, b.ActiveRules())

	b.Step(harness.Left)

	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{2, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"grass", "rock"}, b.KindsAt(2, 3))
}

func Test_11_identity_with_other_condition_kept(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 2})
	for y, sentence := range [][]string{{"ROCK", "IS", "ROCK"}, {"ROCK", "ON", "GRASS", "IS", "KEY"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}

	assert.Equal(t, []string{"ROCK IS ROCK", "ROCK ON GRASS IS KEY", "TEXT IS PUSH"}, b.ActiveRules())
}

func Test_11_stacked_nouns_after_on(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 1})
	b.Place("text:KEY", 0, 0)
	b.Place("text:ON", 1, 0)
	b.Place("text:ROCK", 2, 0)
	b.Place("text:FLAG", 2, 0)
	b.Place("text:IS", 3, 0)
	b.Place("text:WIN", 4, 0)

	assert.Equal(t, []string{"KEY ON FLAG IS WIN", "KEY ON ROCK IS WIN", "TEXT IS PUSH"}, b.Rules())
}

func Test_11_on_stacked_on_and(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 1})
	b.Place("text:KEY", 0, 0)
	b.Place("text:ON", 1, 0)
	b.Place("text:AND", 1, 0)
	b.Place("text:ROCK", 2, 0)
	b.Place("text:IS", 3, 0)
	b.Place("text:WIN", 4, 0)

	assert.Equal(t, []string{"KEY IS WIN", "KEY ON ROCK IS WIN", "ROCK IS WIN", "TEXT IS PUSH"}, b.Rules())
}
