package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_06_empty_board_lists_text_is_push(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})

	assert.Equal(t, []string{"TEXT IS PUSH"}, b.Rules())
}

func Test_06_horizontal_sentence(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:YOU", 2, 1)

	assert.Equal(t, []string{"BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_vertical_sentence(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:ROCK", 3, 0)
	b.Place("text:IS", 3, 1)
	b.Place("text:PUSH", 3, 2)

	assert.Equal(t, []string{"ROCK IS PUSH", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_reads_only_rightward_and_downward(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:YOU", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:BABA", 2, 0)
	b.Place("text:WIN", 4, 0)
	b.Place("text:IS", 4, 1)
	b.Place("text:FLAG", 4, 2)

	assert.Equal(t, []string{"TEXT IS PUSH"}, b.Rules())
}

func Test_06_one_word_in_two_sentences(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:YOU", 2, 0)
	b.Place("text:IS", 0, 1)
	b.Place("text:WIN", 0, 2)

	assert.Equal(t, []string{"BABA IS WIN", "BABA IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_and_joins_subjects(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:AND", 1, 1)
	b.Place("text:KEKE", 2, 1)
	b.Place("text:IS", 3, 1)
	b.Place("text:YOU", 4, 1)

	assert.Equal(t, []string{"BABA IS YOU", "KEKE IS YOU", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_and_joins_predicates(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:ROCK", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:PUSH", 2, 1)
	b.Place("text:AND", 3, 1)
	b.Place("text:FLAG", 4, 1)

	assert.Equal(t, []string{"ROCK IS FLAG", "ROCK IS PUSH", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_and_on_both_sides(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 7, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:AND", 1, 1)
	b.Place("text:KEKE", 2, 1)
	b.Place("text:IS", 3, 1)
	b.Place("text:YOU", 4, 1)
	b.Place("text:AND", 5, 1)
	b.Place("text:WIN", 6, 1)

	assert.Equal(t, []string{
		"BABA IS WIN", "BABA IS YOU", "KEKE IS WIN", "KEKE IS YOU", "TEXT IS PUSH",
	}, b.Rules())
}

func Test_06_stacked_text_every_reading(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:BABA", 0, 1)
	b.Place("text:ROCK", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:FLAG", 1, 1)
	b.Place("text:YOU", 2, 1)
	b.Place("text:PUSH", 2, 1)

	assert.Equal(t, []string{
		"BABA IS PUSH", "BABA IS YOU", "ROCK IS PUSH", "ROCK IS YOU", "TEXT IS PUSH",
	}, b.Rules())
}

func Test_06_each_rule_once_sorted(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:ROCK", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:PUSH", 2, 0)
	b.Place("text:BABA", 0, 1)
	b.Place("text:IS", 1, 1)
	b.Place("text:YOU", 2, 1)
	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:YOU", 2, 2)

	assert.Equal(t, []string{"BABA IS YOU", "ROCK IS PUSH", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_text_is_push_listed_once(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:TEXT", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:PUSH", 2, 0)
	b.Place("text:IS", 0, 1)
	b.Place("text:WIN", 0, 2)

	assert.Equal(t, []string{"TEXT IS PUSH", "TEXT IS WIN"}, b.Rules())
}

func Test_06_fragments_ignored(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:ROCK", 0, 0)
	b.Place("text:IS", 1, 0)
	b.Place("text:IS", 3, 0)
	b.Place("text:PUSH", 4, 0)
	b.Place("text:BABA", 0, 2)
	b.Place("text:AND", 1, 2)
	b.Place("text:IS", 2, 2)
	b.Place("text:YOU", 3, 2)

	assert.Equal(t, []string{"TEXT IS PUSH"}, b.Rules())
}

func Test_06_sentence_starts_anywhere_in_a_line(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3})
	b.Place("text:IS", 0, 0)
	b.Place("text:BABA", 1, 0)
	b.Place("text:IS", 2, 0)
	b.Place("text:YOU", 3, 0)
	b.Place("text:KEKE", 0, 2)
	b.Place("text:KEKE", 1, 2)
	b.Place("text:IS", 2, 2)
	b.Place("text:STOP", 3, 2)

	assert.Equal(t, []string{"BABA IS YOU", "KEKE IS STOP", "TEXT IS PUSH"}, b.Rules())
}

func Test_06_level_text_and_placed_text_are_read(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 3, Objects: []harness.LevelObject{
		{Kind: "text:FLAG", X: 0, Y: 0},
		{Kind: "text:IS", X: 1, Y: 0},
		{Kind: "text:WIN", X: 2, Y: 0},
	}})
	assert.Equal(t, []string{"FLAG IS WIN", "TEXT IS PUSH"}, b.Rules())

	b.Place("text:BABA", 0, 2)
	b.Place("text:IS", 1, 2)
	b.Place("text:YOU", 2, 2)

	assert.Equal(t, []string{"BABA IS YOU", "FLAG IS WIN", "TEXT IS PUSH"}, b.Rules())
}
