package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_10x_battlecry_is_double(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 3, Height: 2,
		Objects: []harness.LevelObject{
			{Kind: "text:BATTLECRY", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:DOUBLE", X: 2, Y: 0},
		},
		Hand: []string{"Test Scribe"},
	}, nil)
	require.Contains(t, s.ActiveRules(), "BATTLECRY IS DOUBLE")
	s.ClearLog()

	id := s.Play("Test Scribe", 0, 1)

	assert.Equal(t, harness.ID(7), id)
	assert.Equal(t, []harness.GameEvent{
		harness.Summoned{ID: 7},
		harness.Triggered{Source: 7, Trigger: "battlecry"},
		harness.Triggered{Source: 7, Trigger: "battlecry"},
	}, s.Log())
	assert.Equal(t, []string{"key", "text:WIN", "text:WIN"}, s.StackAt(0, 1))
}
