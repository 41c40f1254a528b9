package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_03x_twisting_nether_destroys_all_at_once(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	h := g.Summon("Loot Hoarder", 0)
	e := g.Summon("Loot Hoarder", 1)
	golem := g.Summon("Harvest Golem", 0)
	g.ClearLog()

	g.Cast("Twisting Nether", 0)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	c := hand[0]
	board := g.Board(0)
	require.Len(t, board, 1)
	d := board[0]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Twisting Nether"},
		harness.Destroyed{ID: h},
		harness.Destroyed{ID: e},
		harness.Destroyed{ID: golem},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c},
		harness.Triggered{Source: e, Trigger: "deathrattle"},
		harness.Fatigue{Player: 1},
		harness.Triggered{Source: golem, Trigger: "deathrattle"},
		harness.Summoned{ID: d},
	}, g.Log())
	assert.Equal(t, "Damaged Golem", g.NameOf(d))
	assert.Empty(t, g.Board(1))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(h))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(e))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(golem))
	assert.Equal(t, 3, g.Health(golem))
}
