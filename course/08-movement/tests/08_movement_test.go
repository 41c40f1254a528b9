package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

// Each test spells its rules with Place, one word per call, before it places
// the things it moves.

func Test_08_you_moves_one_tile(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	baba := b.Place("baba", 1, 1)
	keke := b.Place("keke", 3, 2)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(keke)
	assert.Equal(t, []any{3, 2, true}, []any{x, y, ok})
	assert.Empty(t, b.KindsAt(1, 1))
	assert.Equal(t, []string{"baba"}, b.KindsAt(2, 1))
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_08_edge_blocks(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	baba := b.Place("baba", 4, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{4, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"baba"}, b.KindsAt(4, 1))
}

func Test_08_push_chain(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:ROCK", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PUSH", 2, 2)
	baba := b.Place("baba", 0, 1)
	rock1 := b.Place("rock", 1, 1)
	rock2 := b.Place("rock", 2, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock1)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock2)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	assert.Empty(t, b.KindsAt(0, 1))
}

func Test_08_stop_blocks_whole_chain(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 5})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:ROCK", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PUSH", 2, 2)
	b.Place("text:WALL", 0, 4)
	b.Place("text:IS", 1, 4)
	b.Place("text:STOP", 2, 4)
	baba := b.Place("baba", 0, 1)
	rock1 := b.Place("rock", 1, 1)
	rock2 := b.Place("rock", 2, 1)
	wall := b.Place("wall", 3, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{0, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock1)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock2)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wall)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
}

func Test_08_edge_blocks_whole_chain(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:ROCK", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PUSH", 2, 2)
	baba := b.Place("baba", 2, 1)
	rock1 := b.Place("rock", 3, 1)
	rock2 := b.Place("rock", 4, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock1)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock2)
	assert.Equal(t, []any{4, 1, true}, []any{x, y, ok})
}

func Test_08_text_is_always_pushable(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	baba := b.Place("baba", 0, 1)
	wordKeke := b.Place("text:KEKE", 1, 1)
	wordFlag := b.Place("text:FLAG", 2, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordKeke)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordFlag)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"text:KEKE"}, b.KindsAt(2, 1))
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_08_push_and_stop_is_pushed(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:ROCK", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PUSH", 2, 2)
	b.Place("text:AND", 3, 2)
	b.Place("text:STOP", 4, 2)
	baba := b.Place("baba", 0, 1)
	rock := b.Place("rock", 1, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(rock)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
}

func Test_08_pull_follows(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:KEKE", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PULL", 2, 2)
	baba := b.Place("baba", 2, 1)
	keke1 := b.Place("keke", 1, 1)
	keke2 := b.Place("keke", 0, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(keke1)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(keke2)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	assert.Empty(t, b.KindsAt(0, 1))
}

func Test_08_pull_needs_the_mover_to_move(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:KEKE", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PULL", 2, 2)
	baba := b.Place("baba", 4, 1)
	keke := b.Place("keke", 3, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{4, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(keke)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
}

func Test_08_open_pushed_into_shut(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 5})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:KEY", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:PUSH", 2, 2)
	b.Place("text:AND", 3, 2)
	b.Place("text:OPEN", 4, 2)
	b.Place("text:DOOR", 0, 4)
	b.Place("text:IS", 1, 4)
	b.Place("text:SHUT", 2, 4)
	b.Place("text:AND", 3, 4)
	b.Place("text:STOP", 4, 4)
	baba := b.Place("baba", 0, 1)
	key := b.Place("key", 1, 1)
	door := b.Place("door", 2, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, ok})
	_, _, ok = b.PosOf(key)
	assert.False(t, ok)
	_, _, ok = b.PosOf(door)
	assert.False(t, ok)
	assert.Equal(t, []string{"baba"}, b.KindsAt(1, 1))
	assert.Empty(t, b.KindsAt(2, 1))
	assert.False(t, b.HasProperty(key, "OPEN"))
	assert.False(t, b.HasProperty(door, "SHUT"))
}

func Test_08_open_you_walks_into_shut(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:AND", 3, 0)
	b.Place("text:OPEN", 4, 0)
	b.Place("text:DOOR", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:SHUT", 2, 2)
	baba := b.Place("baba", 1, 1)
	door := b.Place("door", 2, 1)

	b.Move(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	_, _, ok = b.PosOf(door)
	assert.False(t, ok)
	assert.False(t, b.HasProperty(baba, "YOU"))
	assert.Empty(t, b.KindsAt(1, 1))
	assert.Empty(t, b.KindsAt(2, 1))
	assert.Equal(t, []string{"BABA IS OPEN", "BABA IS YOU", "DOOR IS SHUT", "TEXT IS PUSH"}, b.Rules())
}

func Test_08_open_and_shut_pair_one_of_each(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:AND", 3, 0)
	b.Place("text:OPEN", 4, 0)
	b.Place("text:DOOR", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:SHUT", 2, 2)
	baba := b.Place("baba", 1, 1)
	door1 := b.Place("door", 2, 1)
	door2 := b.Place("door", 2, 1)

	b.Move(harness.Right)

	_, _, ok := b.PosOf(baba)
	assert.False(t, ok)
	_, _, ok = b.PosOf(door1)
	assert.False(t, ok)
	x, y, ok := b.PosOf(door2)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"door"}, b.KindsAt(2, 1))
}

func Test_08_several_you_furthest_ahead_first(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:AND", 3, 0)
	b.Place("text:STOP", 4, 0)
	behind := b.Place("baba", 1, 1)
	ahead := b.Place("baba", 2, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(ahead)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(behind)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
}

func Test_08_object_steps_at_most_once(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:AND", 3, 0)
	b.Place("text:PULL", 4, 0)
	behind := b.Place("baba", 1, 1)
	ahead := b.Place("baba", 2, 1)

	b.Move(harness.Right)

	x, y, ok := b.PosOf(ahead)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(behind)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	assert.Empty(t, b.KindsAt(1, 1))
}

func Test_08_pushing_a_word_changes_rules(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:FLAG", 0, 1)
	b.Place("text:IS", 1, 1)
	wordWin := b.Place("text:WIN", 3, 1)
	baba := b.Place("baba", 4, 1)
	flag := b.Place("flag", 4, 2)
	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
	assert.False(t, b.HasProperty(flag, "WIN"))

	b.Move(harness.Left)

	x, y, ok := b.PosOf(baba)
	assert.Equal(t, []any{3, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(wordWin)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	assert.Equal(t, []string{"BABA IS YOU", "FLAG IS WIN", "TEXT IS PUSH"}, b.Rules())
	assert.True(t, b.HasProperty(flag, "WIN"))
}

func Test_08_rules_hold_until_the_move_ends(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4})
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	wordYou := b.Place("text:YOU", 2, 1)
	ahead := b.Place("baba", 2, 2)
	behind := b.Place("baba", 4, 3)

	b.Move(harness.Up)

	x, y, ok := b.PosOf(wordYou)
	assert.Equal(t, []any{2, 0, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(ahead)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(behind)
	assert.Equal(t, []any{4, 2, true}, []any{x, y, ok})
	assert.Equal(t, []string{"TEXT IS PUSH"}, b.Rules())
	assert.False(t, b.HasProperty(ahead, "YOU"))
	assert.False(t, b.HasProperty(behind, "YOU"))

	b.Move(harness.Up)

	x, y, ok = b.PosOf(ahead)
	assert.Equal(t, []any{2, 1, true}, []any{x, y, ok})
	x, y, ok = b.PosOf(behind)
	assert.Equal(t, []any{4, 2, true}, []any{x, y, ok})
}

func Test_08_kinds_sorted_stack_oldest_first(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("baba", 1, 1)
	b.Place("rock", 2, 1)
	b.Place("keke", 2, 1)

	b.Move(harness.Right)

	assert.Equal(t, []string{"baba", "keke", "rock"}, b.KindsAt(2, 1))
	assert.Equal(t, []string{"baba", "rock", "keke"}, b.StackAt(2, 1))
	assert.Empty(t, b.KindsAt(1, 1))
	assert.Empty(t, b.StackAt(1, 1))
	assert.Equal(t, []string{"text:BABA"}, b.KindsAt(0, 0))
}

func Test_08_pos_of_unknown_id_panics(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	baba := b.Place("baba", 0, 0)

	assert.Panics(t, func() { b.PosOf(baba + 100) })
}
