package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

// Every test places its text first, row by row, left to right, then the
// things it names, in the order course/09-turn/scenarios.md lists them.

func Test_09_step_onto_win_wins(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	for x, w := range []string{"FLAG", "IS", "WIN"} {
		b.Place("text:"+w, x, 1)
	}
	baba := b.Place("baba", 1, 2)
	flag := b.Place("flag", 2, 2)
	require.False(t, b.Won())

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(flag)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	assert.True(t, b.Won())
	assert.False(t, b.Lost())
}

func Test_09_won_latches(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	for x, w := range []string{"FLAG", "IS", "WIN"} {
		b.Place("text:"+w, x, 1)
	}
	baba := b.Place("baba", 1, 2)
	b.Place("flag", 2, 2)
	b.Step(harness.Right)
	require.True(t, b.Won())

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.True(t, b.Won())
}

func Test_09_move_runs_no_turn(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"FLAG", "IS", "WIN"}, {"ROCK", "IS", "KEY"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 1, 3)
	b.Place("flag", 2, 3)
	rock := b.Place("rock", 4, 3)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{2, 3, true}, []any{x, y, ok})
	assert.False(t, b.Won())
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{4, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(4, 3))
}

func Test_09_conversion_keeps_id(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "FLAG"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	rock := b.Place("rock", 3, 2)

	b.Step(harness.Left)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"flag"}, b.KindsAt(3, 2))
	assert.Equal(t, rock+1, b.Place("grass", 4, 2))
}

func Test_09_several_targets_add_newest_objects(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "FLAG", "AND", "KEY"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 2)
	rock := b.Place("rock", 3, 2)
	wall := b.Place("wall", 3, 2)

	b.Step(harness.Left)

	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wall)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"flag", "key", "wall"}, b.KindsAt(3, 2))
	assert.Equal(t, []string{"flag", "wall", "key"}, b.StackAt(3, 2))
	assert.Equal(t, wall+2, b.Place("grass", 4, 2))
}

func Test_09_identity_blocks_conversion(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "ROCK"}, {"ROCK", "IS", "FLAG"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 3)
	rock := b.Place("rock", 3, 3)

	b.Step(harness.Left)

	assert.Equal(t, []string{"BABA IS YOU", "ROCK IS ROCK", "TEXT IS PUSH"}, b.ActiveRules())
	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{3, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(3, 3))
}

func Test_09_not_self_deletes_and_other_targets_appear(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "NOT", "ROCK"}, {"ROCK", "IS", "FLAG"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 3)
	rock := b.Place("rock", 3, 3)

	b.Step(harness.Left)

	_, _, ok := b.PosOf(rock)
	assert.False(t, ok)
	assert.Equal(t, []string{"flag"}, b.KindsAt(3, 3))
	assert.Equal(t, rock+2, b.Place("grass", 4, 3))
}

func Test_09_negation_settled_per_object(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "FLAG"}, {"ALL", "IS", "NOT", "FLAG"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 3)
	rock := b.Place("rock", 3, 3)

	b.Step(harness.Left)

	assert.Equal(t, []string{"ALL IS NOT FLAG", "BABA IS YOU", "ROCK IS FLAG", "TEXT IS PUSH"}, b.ActiveRules())
	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{3, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(3, 3))
}

func Test_09_conversions_decided_from_one_board(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "KEKE"}, {"KEKE", "IS", "ROCK"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 3)
	keke := b.Place("keke", 2, 3)
	rock := b.Place("rock", 3, 3)

	b.Step(harness.Left)

	x, y, ok := b.PosOf(keke)
	assert.Equal(t, []any{2, 3, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{3, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(2, 3))
	assert.Equal(t, []string{"keke"}, b.KindsAt(3, 3))
}

func Test_09_rule_made_by_movement_converts_same_turn(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	b.Place("text:ROCK", 0, 0)
	b.Place("text:IS", 1, 0)
	flagText := b.Place("text:FLAG", 2, 1)
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 3)
	}
	baba := b.Place("baba", 2, 2)
	rock := b.Place("rock", 4, 1)

	b.Step(harness.Up)

	x, y, ok := b.PosOf(flagText)
	assert.Equal(t, []any{2, 0, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{4, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"flag"}, b.KindsAt(4, 1))
	assert.Equal(t, []string{"BABA IS YOU", "ROCK IS FLAG", "TEXT IS PUSH"}, b.Rules())
}

func Test_09_sink_destroys_its_tile_mates(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "SINK"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	rock1 := b.Place("rock", 1, 2)
	rock2 := b.Place("rock", 3, 2)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	_, _, ok = b.PosOf(rock1)
	assert.False(t, ok)
	assert.Empty(t, b.KindsAt(1, 2))
	x, y, ok := b.PosOf(rock2)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.True(t, b.Lost())
}

func Test_09_float_keeps_hazards_apart(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "SINK"}, {"BABA", "IS", "FLOAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	rock := b.Place("rock", 1, 3)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"baba", "rock"}, b.KindsAt(1, 3))
	assert.False(t, b.Lost())
}

func Test_09_float_escapes_melt(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 5})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"BABA", "IS", "MELT"}, {"LAVA", "IS", "HOT"}, {"LAVA", "IS", "FLOAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 4)
	b.Place("lava", 1, 4)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 4, true}, []any{x, y, ok})
	assert.Equal(t, []string{"baba", "lava"}, b.KindsAt(1, 4))
	assert.False(t, b.Lost())
}

func Test_09_float_escapes_defeat(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"SKULL", "IS", "DEFEAT"}, {"BABA", "IS", "FLOAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	b.Place("skull", 1, 3)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"baba", "skull"}, b.KindsAt(1, 3))
	assert.False(t, b.Lost())
}

func Test_09_hot_melts_melt(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"BABA", "IS", "MELT"}, {"LAVA", "IS", "HOT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	lava := b.Place("lava", 1, 3)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	x, y, ok := b.PosOf(lava)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"lava"}, b.KindsAt(1, 3))
	assert.True(t, b.Lost())
}

func Test_09_defeat_destroys_you(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"SKULL", "IS", "DEFEAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	skull := b.Place("skull", 1, 2)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	x, y, ok := b.PosOf(skull)
	assert.Equal(t, []any{1, 2, true}, []any{x, y, ok})
	assert.True(t, b.Lost())
	assert.False(t, b.Won())
}

func Test_09_you_and_defeat_destroys_itself(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU", "AND", "DEFEAT"} {
		b.Place("text:"+w, x, 0)
	}
	baba := b.Place("baba", 0, 2)

	b.Step(harness.Left)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	assert.Empty(t, b.KindsAt(0, 2))
	assert.True(t, b.Lost())
}

func Test_09_sink_runs_before_melt(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"WATER", "IS", "SINK", "AND", "MELT"}, {"LAVA", "IS", "HOT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	water := b.Place("water", 3, 3)
	lava := b.Place("lava", 3, 3)

	b.Step(harness.Left)

	_, _, ok := b.PosOf(water)
	assert.False(t, ok)
	_, _, ok = b.PosOf(lava)
	assert.False(t, ok)
	assert.Empty(t, b.KindsAt(3, 3))
	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 3, true}, []any{x, y, ok})
}

func Test_09_melt_runs_before_defeat(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"SKULL", "IS", "DEFEAT", "AND", "MELT"}, {"LAVA", "IS", "HOT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	skull := b.Place("skull", 1, 3)
	b.Place("lava", 1, 3)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	_, _, ok = b.PosOf(skull)
	assert.False(t, ok)
	assert.Equal(t, []string{"baba", "lava"}, b.KindsAt(1, 3))
	assert.False(t, b.Lost())
}

func Test_09_hazards_follow_conversion(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "SKULL"}, {"SKULL", "IS", "DEFEAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	rock := b.Place("rock", 1, 3)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.Equal(t, []string{"skull"}, b.KindsAt(1, 3))
	assert.True(t, b.Lost())
}

func Test_09_hazards_run_before_win(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"FLAG", "IS", "WIN"}, {"SKULL", "IS", "DEFEAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	b.Place("flag", 1, 3)
	b.Place("skull", 1, 3)

	b.Step(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	assert.Equal(t, []string{"flag", "skull"}, b.KindsAt(1, 3))
	assert.False(t, b.Won())
	assert.True(t, b.Lost())
}

func Test_09_win_needs_same_float(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"FLAG", "IS", "WIN"}, {"BABA", "IS", "FLOAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 3)
	b.Place("flag", 1, 3)

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 3, true}, []any{x, y, ok})
	assert.False(t, b.Won())
}

func Test_09_you_and_win_wins(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU", "AND", "WIN"} {
		b.Place("text:"+w, x, 0)
	}
	baba := b.Place("baba", 0, 2)

	b.Step(harness.Left)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	assert.True(t, b.Won())
}

func Test_09_last_parse_follows_hazards(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	b.Place("text:FLAG", 1, 1)
	b.Place("text:IS", 2, 1)
	winText := b.Place("text:WIN", 3, 1)
	for x, w := range []string{"WATER", "IS", "SINK"} {
		b.Place("text:"+w, x, 2)
	}
	baba := b.Place("baba", 0, 1)
	water := b.Place("water", 4, 1)
	require.Contains(t, b.Rules(), "FLAG IS WIN")

	b.Step(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	_, _, ok = b.PosOf(winText)
	assert.False(t, ok)
	_, _, ok = b.PosOf(water)
	assert.False(t, ok)
	assert.Empty(t, b.KindsAt(4, 1))
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH", "WATER IS SINK"}, b.Rules())
}

func Test_09_lost_without_destruction(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 1)
	}
	baba := b.Place("baba", 2, 2)
	require.False(t, b.Lost())

	b.Step(harness.Up)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"text:YOU"}, b.KindsAt(2, 0))
	assert.Equal(t, []string{"TEXT IS PUSH"}, b.Rules())
	assert.True(t, b.Lost())
}

func Test_09_undo_with_nothing_returns_false(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	baba := b.Place("baba", 0, 2)

	assert.False(t, b.Undo())

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_09_undo_walks_back_steps_and_moves(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	baba := b.Place("baba", 0, 2)
	b.Step(harness.Right)
	b.Move(harness.Right)
	x, y, ok := b.PosOf(baba)
	require.Equal(t, []any{2, 2, true}, []any{x, y, ok})

	assert.True(t, b.Undo())
	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{1, 2, true}, []any{x, y, ok})

	assert.True(t, b.Undo())
	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})

	assert.False(t, b.Undo())
	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
}

func Test_09_undo_restores_conversion_and_next_id(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"ROCK", "IS", "FLAG", "AND", "KEY"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	b.Place("baba", 0, 2)
	rock := b.Place("rock", 3, 2)
	b.Step(harness.Left)
	require.Equal(t, []string{"flag", "key"}, b.StackAt(3, 2))

	assert.True(t, b.Undo())

	x, y, ok := b.PosOf(rock)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"rock"}, b.KindsAt(3, 2))
	assert.Equal(t, []string{"rock"}, b.StackAt(3, 2))
	assert.Equal(t, rock+1, b.Place("grass", 4, 2))
}

func Test_09_undo_restores_won(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"FLAG", "IS", "WIN"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	b.Place("flag", 1, 2)
	b.Step(harness.Right)
	require.True(t, b.Won())

	assert.True(t, b.Undo())

	assert.False(t, b.Won())
	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
}

func Test_09_undo_restores_destroyed(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for y, sentence := range [][]string{{"BABA", "IS", "YOU"}, {"SKULL", "IS", "DEFEAT"}} {
		for x, w := range sentence {
			b.Place("text:"+w, x, y)
		}
	}
	baba := b.Place("baba", 0, 2)
	b.Place("skull", 1, 2)
	b.Step(harness.Right)
	require.True(t, b.Lost())

	assert.True(t, b.Undo())

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 2, true}, []any{x, y, ok})
	assert.True(t, b.HasProperty(baba, "YOU"))
	assert.False(t, b.Lost())
	assert.Equal(t, []string{"skull"}, b.KindsAt(1, 2))
}

func Test_09_undo_restores_rules(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	youText := b.Place("text:YOU", 2, 1)
	baba := b.Place("baba", 2, 2)
	b.Step(harness.Up)
	require.True(t, b.Lost())

	assert.True(t, b.Undo())

	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.ActiveRules())
	x, y, ok := b.PosOf(youText)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(baba)
	assert.Equal(t, []any{2, 2, true}, []any{x, y, ok})
	assert.False(t, b.Lost())
}

func Test_09_place_clears_history(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	for x, w := range []string{"BABA", "IS", "YOU"} {
		b.Place("text:"+w, x, 0)
	}
	baba := b.Place("baba", 0, 2)
	b.Step(harness.Right)
	b.Place("grass", 4, 2)

	assert.False(t, b.Undo())

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"grass"}, b.KindsAt(4, 2))
}
