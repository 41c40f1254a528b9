package tests

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_04_play_summons_then_battlecry(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	n := g.AddToHand("Novice Engineer", 0)
	g.ClearLog()

	g.Play(n)

	require.Len(t, g.Hand(0), 1)
	c := g.Hand(0)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Summoned{ID: n},
		harness.Triggered{Source: n, Trigger: "battlecry"},
		harness.Drew{Player: 0, ID: c},
	}, g.Log())
	assert.Equal(t, fmt.Sprintf(""+
		"Summoned{id: %d}\n"+
		"Triggered{source: %d, trigger: \"battlecry\"}\n"+
		"  Drew{player: 0, id: %d}\n",
		n, n, c), g.LogTree())
	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(n))
	assert.Equal(t, []harness.ID{n}, g.Board(0))
}

func Test_04_baron_doubles_deathrattle(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	b := g.Summon("Baron Rivendare", 0)
	h := g.Summon("Loot Hoarder", 0)
	g.ClearLog()

	g.DealDamage(h, 1)

	require.Len(t, g.Hand(0), 2)
	c1, c2 := g.Hand(0)[0], g.Hand(0)[1]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h, Amount: 1},
		harness.Destroyed{ID: h},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c2},
	}, g.Log())
	assert.Equal(t, []harness.ID{b}, g.Board(0))
}

func Test_04_two_barons_still_twice(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	b1 := g.Summon("Baron Rivendare", 0)
	b2 := g.Summon("Baron Rivendare", 0)
	h := g.Summon("Loot Hoarder", 0)
	g.ClearLog()

	g.DealDamage(h, 1)

	require.Len(t, g.Hand(0), 2)
	c1, c2 := g.Hand(0)[0], g.Hand(0)[1]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h, Amount: 1},
		harness.Destroyed{ID: h},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c2},
	}, g.Log())
	assert.Equal(t, []harness.ID{b1, b2}, g.Board(0))
}

func Test_04_baron_doubles_only_its_owners(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		nil, {"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"},
	}})
	g.Summon("Baron Rivendare", 0)
	h := g.Summon("Loot Hoarder", 1)
	g.ClearLog()

	g.DealDamage(h, 1)

	require.Len(t, g.Hand(1), 1)
	c := g.Hand(1)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h, Amount: 1},
		harness.Destroyed{ID: h},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h, Trigger: "deathrattle"},
		harness.Drew{Player: 1, ID: c},
	}, g.Log())
}

func Test_04_twisting_nether_baron_dies_with_hoarders(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	h1 := g.Summon("Loot Hoarder", 0)
	b := g.Summon("Baron Rivendare", 0)
	h2 := g.Summon("Loot Hoarder", 0)
	g.ClearLog()

	g.Cast("Twisting Nether", 0)

	require.Len(t, g.Hand(0), 4)
	c1, c2, c3, c4 := g.Hand(0)[0], g.Hand(0)[1], g.Hand(0)[2], g.Hand(0)[3]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Twisting Nether"},
		harness.Destroyed{ID: h1},
		harness.Destroyed{ID: b},
		harness.Destroyed{ID: h2},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: h1, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: h1, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c2},
		harness.Triggered{Source: h2, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c3},
		harness.Triggered{Source: h2, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c4},
	}, g.Log())
	assert.Equal(t, fmt.Sprintf(""+
		"SpellCast{card: \"Twisting Nether\"}\n"+
		"Destroyed{id: %d}\n"+
		"Destroyed{id: %d}\n"+
		"Destroyed{id: %d}\n"+
		"DeathPhase{round: 1}\n"+
		"Triggered{source: %d, trigger: \"deathrattle\"}\n"+
		"  Drew{player: 0, id: %d}\n"+
		"Triggered{source: %d, trigger: \"deathrattle\"}\n"+
		"  Drew{player: 0, id: %d}\n"+
		"Triggered{source: %d, trigger: \"deathrattle\"}\n"+
		"  Drew{player: 0, id: %d}\n"+
		"Triggered{source: %d, trigger: \"deathrattle\"}\n"+
		"  Drew{player: 0, id: %d}\n",
		h1, b, h2, h1, c1, h1, c2, h2, c3, h2, c4), g.LogTree())
	assert.Empty(t, g.Board(0))
	assert.Equal(t, harness.ZoneGraveyard, g.ZoneOf(b))
}

func Test_04_baron_gone_after_his_death_phase(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	b := g.Summon("Baron Rivendare", 0)
	u := g.Summon("Unstable Ghoul", 0)
	gl := g.Summon("Harvest Golem", 0)
	g.DealDamage(b, 6)
	g.DealDamage(u, 2)
	require.Equal(t, 1, g.Health(b))
	require.Equal(t, 1, g.Health(u))
	g.ClearLog()

	g.Cast("Whirlwind", 0)

	require.Len(t, g.Board(0), 1)
	d := g.Board(0)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Whirlwind"},
		harness.Damaged{Target: b, Amount: 1},
		harness.Damaged{Target: u, Amount: 1},
		harness.Damaged{Target: gl, Amount: 1},
		harness.Destroyed{ID: b},
		harness.Destroyed{ID: u},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: u, Trigger: "deathrattle"},
		harness.Damaged{Target: gl, Amount: 1},
		harness.Triggered{Source: u, Trigger: "deathrattle"},
		harness.Damaged{Target: gl, Amount: 1},
		harness.Destroyed{ID: gl},
		harness.DeathPhase{Round: 2},
		harness.Triggered{Source: gl, Trigger: "deathrattle"},
		harness.Summoned{ID: d},
	}, g.Log())
	assert.Equal(t, "Damaged Golem", g.NameOf(d))
}

func Test_04_armor_absorbs_before_health(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	s := g.Summon("Armorsmith", 0)
	r := g.Summon("Test Reactor", 0)
	g.DealDamage(s, 1)
	g.DealDamage(s, 1)
	require.Equal(t, 2, g.Armor(0))
	p := g.Hero(0)
	g.ClearLog()

	g.DealDamage(p, 5)

	assert.Equal(t, []harness.GameEvent{
		harness.ArmorLost{Player: 0, Amount: 2},
		harness.Damaged{Target: p, Amount: 5},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 2, Health: 5},
	}, g.Log())
	assert.Equal(t, 0, g.Armor(0))
	assert.Equal(t, 27, g.Health(p))
}

func Test_04_armor_absorbs_all_hero_still_damaged(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	s := g.Summon("Armorsmith", 0)
	r := g.Summon("Test Reactor", 0)
	g.DealDamage(s, 1)
	g.DealDamage(s, 1)
	require.Equal(t, 2, g.Armor(0))
	p := g.Hero(0)
	g.ClearLog()

	g.DealDamage(p, 1)

	assert.Equal(t, []harness.GameEvent{
		harness.ArmorLost{Player: 0, Amount: 1},
		harness.Damaged{Target: p, Amount: 1},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 2, Health: 5},
	}, g.Log())
	assert.Equal(t, 1, g.Armor(0))
	assert.Equal(t, 30, g.Health(p))
}

func Test_04_bolf_takes_hero_damage_before_armor(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	s := g.Summon("Armorsmith", 0)
	r := g.Summon("Test Reactor", 0)
	bolf := g.Summon("Bolf Ramshield", 0)
	g.DealDamage(s, 1)
	require.Equal(t, 1, g.Armor(0))
	p := g.Hero(0)
	g.ClearLog()

	g.DealDamage(p, 3)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: bolf, Amount: 3},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
	}, g.Log())
	assert.Equal(t, 30, g.Health(p))
	assert.Equal(t, 6, g.Health(bolf))
	assert.Equal(t, 2, g.Armor(0))
	assert.Equal(t, 1, g.Attack(r))
}

func Test_04_oldest_redirect_takes_it(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	r1 := g.Summon("Bolf Ramshield", 0)
	r2 := g.Summon("Bolf Ramshield", 0)
	p0, p1 := g.Hero(0), g.Hero(1)
	g.ClearLog()

	g.DealDamage(p0, 4)
	g.DealDamage(p1, 2)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: r1, Amount: 4},
		harness.Damaged{Target: p1, Amount: 2},
	}, g.Log())
	assert.Equal(t, 5, g.Health(r1))
	assert.Equal(t, 9, g.Health(r2))
	assert.Equal(t, 30, g.Health(p0))
	assert.Equal(t, 28, g.Health(p1))
}
