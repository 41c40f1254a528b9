package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_04x_brann_doubles_battlecry(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	b := g.Summon("Brann Bronzebeard", 0)
	n := g.AddToHand("Novice Engineer", 0)
	g.ClearLog()

	g.Play(n)

	require.Len(t, g.Hand(0), 2)
	c1, c2 := g.Hand(0)[0], g.Hand(0)[1]
	assert.Equal(t, []harness.GameEvent{
		harness.Summoned{ID: n},
		harness.Triggered{Source: n, Trigger: "battlecry"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: n, Trigger: "battlecry"},
		harness.Drew{Player: 0, ID: c2},
	}, g.Log())
	assert.Equal(t, []harness.ID{b, n}, g.Board(0))
}
