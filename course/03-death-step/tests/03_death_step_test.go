package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_03_removed_only_after_sequence(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	h := g.Summon("Loot Hoarder", 0)
	s := g.Summon("Armorsmith", 0)
	g.ClearLog()

	g.Cast("Whirlwind", 0)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	c := hand[0]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Whirlwind"},
		harness.Damaged{Target: h, Amount: 1},
		harness.Damaged{Target: s, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Destroyed{ID: h},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c},
	}, g.Log())
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(h))
	assert.Equal(t, []harness.ID{s}, g.Board(0))
	assert.Equal(t, 2, g.Armor(0))
}

func Test_03_chained_death_phases(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	golem := g.Summon("Harvest Golem", 0)
	u := g.Summon("Unstable Ghoul", 0)
	r := g.Summon("Test Reactor", 0)
	g.DealDamage(golem, 2)
	require.Equal(t, 1, g.Health(golem))
	g.ClearLog()

	g.DealDamage(u, 3)

	board := g.Board(0)
	require.NotEmpty(t, board)
	d := board[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: u, Amount: 3},
		harness.Destroyed{ID: u},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: u, Trigger: "deathrattle"},
		harness.Damaged{Target: golem, Amount: 1},
		harness.Damaged{Target: r, Amount: 1},
		harness.Destroyed{ID: golem},
		harness.DeathPhase{Round: 2},
		harness.Triggered{Source: golem, Trigger: "deathrattle"},
		harness.Summoned{ID: d},
	}, g.Log())
	assert.Equal(t, "Damaged Golem", g.NameOf(d))
	assert.Equal(t, []harness.ID{d, r}, board)
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(u))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(golem))
	assert.Equal(t, 4, g.Health(r))
}

func Test_03_simultaneous_removal(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	h1 := g.Summon("Loot Hoarder", 0)
	h2 := g.Summon("Loot Hoarder", 0)
	g.ClearLog()

	g.Cast("Whirlwind", 0)

	hand := g.Hand(0)
	require.Len(t, hand, 2)
	c1, c2 := hand[0], hand[1]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Whirlwind"},
		harness.Damaged{Target: h1, Amount: 1},
		harness.Damaged{Target: h2, Amount: 1},
		harness.Destroyed{ID: h1},
		harness.Destroyed{ID: h2},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h1, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: h2, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c2},
	}, g.Log())
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(h1))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(h2))
	assert.Empty(t, g.Board(0))
}

func Test_03_destroy_marks_pending(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	golem := g.Summon("Harvest Golem", 0)
	g.ClearLog()

	g.Destroy(golem)

	board := g.Board(0)
	require.Len(t, board, 1)
	d := board[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Destroyed{ID: golem},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: golem, Trigger: "deathrattle"},
		harness.Summoned{ID: d},
	}, g.Log())
	assert.Equal(t, 3, g.Health(golem))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(golem))
	assert.Equal(t, "Damaged Golem", g.NameOf(d))
}
