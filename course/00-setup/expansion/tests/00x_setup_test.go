package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_00x_a_minion_summoned_mid_spell_is_not_hit(t *testing.T) {
	s := harness.NewSketch()
	s.Add("Harvest Golem", 1)
	s.Add("Test Filler", 1)

	s.Cast("Whirlwind")

	assert.Equal(t, []string{"Harvest Golem", "Test Filler"}, s.Hits())
	assert.Equal(t, []string{"Damaged Golem"}, s.Board())
}
