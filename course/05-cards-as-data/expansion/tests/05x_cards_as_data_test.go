package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_05x_two_triggers_from_data(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{{"Test Filler", "Test Filler", "Test Filler"}, nil}})
	s := g.Summon("Test Sentinel", 0)
	g.ClearLog()

	g.DealDamage(s, 2)

	require.Len(t, g.Hand(0), 1)
	c := g.Hand(0)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: s, Amount: 2},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Destroyed{ID: s},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: s, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c},
	}, g.Log())
	assert.Equal(t, 1, g.Armor(0))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(s))
}
