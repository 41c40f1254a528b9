package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_00_board_keeps_order(t *testing.T) {
	s := harness.NewSketch()
	assert.Empty(t, s.Board())

	s.Add("Test Filler", 1)
	s.Add("Unstable Ghoul", 3)

	assert.Equal(t, []string{"Test Filler", "Unstable Ghoul"}, s.Board())
	assert.Empty(t, s.Hits())
}

func Test_00_whirlwind_hits_every_minion(t *testing.T) {
	s := harness.NewSketch()
	s.Add("Unstable Ghoul", 3)
	s.Add("Test Filler", 1)

	s.Cast("Whirlwind")

	assert.Equal(t, []string{"Unstable Ghoul", "Test Filler"}, s.Hits())
	assert.Equal(t, []string{"Unstable Ghoul"}, s.Board())
}

func Test_00_a_death_skips_no_one(t *testing.T) {
	s := harness.NewSketch()
	s.Add("Test Filler", 1)
	s.Add("Test Filler", 1)
	s.Add("Test Filler", 1)

	s.Cast("Whirlwind")

	assert.Equal(t, []string{"Test Filler", "Test Filler", "Test Filler"}, s.Hits())
	assert.Empty(t, s.Board())
}

func Test_00_the_dead_are_not_hit_again(t *testing.T) {
	s := harness.NewSketch()
	s.Add("Unstable Ghoul", 1)
	s.Add("Test Filler", 1)

	s.Cast("Whirlwind")

	assert.Equal(t, []string{"Unstable Ghoul", "Test Filler"}, s.Hits())
	assert.Empty(t, s.Board())
}
