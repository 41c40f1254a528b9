package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_12_attack_exchanges_damage(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	gl := g.Summon("Harvest Golem", 0)
	s := g.Summon("Armorsmith", 1)
	g.ClearLog()

	err := g.OrderAttack(gl, s)

	assert.NoError(t, err)
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: gl, Amount: 1},
		harness.Damaged{Target: s, Amount: 2},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 1, Amount: 1},
	}, g.Log())
	assert.Equal(t, 2, g.Health(gl))
	assert.Equal(t, 2, g.Health(s))
	assert.Equal(t, 1, g.Armor(1))
}

func Test_12_attack_on_hero_through_armor(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	s := g.Summon("Armorsmith", 1)
	g.DealDamage(s, 1)
	require.Equal(t, 1, g.Armor(1))
	gl := g.Summon("Harvest Golem", 0)
	p := g.Hero(1)
	g.ClearLog()

	err := g.OrderAttack(gl, p)

	assert.NoError(t, err)
	assert.Equal(t, []harness.GameEvent{
		harness.ArmorLost{Player: 1, Amount: 1},
		harness.Damaged{Target: p, Amount: 2},
	}, g.Log())
	assert.Equal(t, 29, g.Health(p))
	assert.Equal(t, 0, g.Armor(1))
	assert.Equal(t, 3, g.Health(gl))
}

func Test_12_attack_on_hero_redirected(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	r := g.Summon("Bolf Ramshield", 1)
	gl := g.Summon("Harvest Golem", 0)
	p := g.Hero(1)
	g.ClearLog()

	err := g.OrderAttack(gl, p)

	assert.NoError(t, err)
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: r, Amount: 2},
	}, g.Log())
	assert.Equal(t, 7, g.Health(r))
	assert.Equal(t, 30, g.Health(p))
	assert.Equal(t, 3, g.Health(gl))
}

func Test_12_zero_attack_cannot_attack(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	b := g.Summon("Test Bell", 0)
	p := g.Hero(1)
	g.ClearLog()

	reason := g.CanAttack(b, p)
	err := g.OrderAttack(b, p)

	require.Error(t, reason)
	assert.Contains(t, reason.Error(), "Attack")
	require.Error(t, err)
	assert.Equal(t, reason.Error(), err.Error())
	assert.Empty(t, g.Log())
	assert.Equal(t, 30, g.Health(p))
}

func Test_12_taunt_forces_target(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	gl := g.Summon("Harvest Golem", 0)
	f := g.Summon("Test Filler", 1)
	u := g.Summon("Unstable Ghoul", 1)
	p := g.Hero(1)
	g.ClearLog()

	toFiller := g.CanAttack(gl, f)
	toHero := g.CanAttack(gl, p)
	toGhoul := g.CanAttack(gl, u)
	refused := g.OrderAttack(gl, f)
	attacked := g.OrderAttack(gl, u)

	require.Error(t, toFiller)
	assert.Contains(t, toFiller.Error(), "Taunt")
	require.Error(t, toHero)
	assert.Contains(t, toHero.Error(), "Taunt")
	assert.NoError(t, toGhoul)
	require.Error(t, refused)
	assert.Equal(t, toFiller.Error(), refused.Error())
	assert.NoError(t, attacked)
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: gl, Amount: 1},
		harness.Damaged{Target: u, Amount: 2},
	}, g.Log())
	assert.Equal(t, 1, g.Health(f))
	assert.Equal(t, 1, g.Health(u))
	assert.Equal(t, 2, g.Health(gl))
}

func Test_12_illegal_attacker_or_defender(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	gl := g.Summon("Harvest Golem", 0)
	f := g.Summon("Test Filler", 0)
	e := g.Summon("Test Filler", 1)
	k := g.AddToHand("Test Filler", 0)
	j := g.AddToHand("Test Filler", 1)
	p0 := g.Hero(0)
	g.ClearLog()

	friendly := g.CanAttack(gl, f)
	ownHero := g.CanAttack(gl, p0)
	heroAttacker := g.CanAttack(p0, e)
	attackerInHand := g.CanAttack(k, e)
	defenderInHand := g.CanAttack(gl, j)
	legal := g.CanAttack(gl, e)
	refused := g.OrderAttack(gl, f)

	require.Error(t, friendly)
	assert.Error(t, ownHero)
	assert.Error(t, heroAttacker)
	assert.Error(t, attackerInHand)
	assert.Error(t, defenderInHand)
	assert.NoError(t, legal)
	require.Error(t, refused)
	assert.Equal(t, friendly.Error(), refused.Error())
	assert.Empty(t, g.Log())
	assert.Equal(t, 3, g.Health(gl))
	assert.Equal(t, 1, g.Health(f))
	assert.Equal(t, 1, g.Health(e))
}

func Test_12_defender_triggers_first(t *testing.T) {
	fillers := []string{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{fillers, fillers}})
	a := g.Summon("Acolyte of Pain", 0)
	d := g.Summon("Acolyte of Pain", 1)
	g.ClearLog()

	require.NoError(t, g.OrderAttack(a, d))

	require.Len(t, g.Hand(0), 1)
	require.Len(t, g.Hand(1), 1)
	c0, c1 := g.Hand(0)[0], g.Hand(1)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: a, Amount: 1},
		harness.Damaged{Target: d, Amount: 1},
		harness.Triggered{Source: d, Trigger: "damaged"},
		harness.Drew{Player: 1, ID: c1},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c0},
	}, g.Log())
}

func Test_12_combat_deaths_in_order_of_play(t *testing.T) {
	fillers := []string{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{fillers, fillers}})
	a := g.Summon("Loot Hoarder", 0)
	d := g.Summon("Loot Hoarder", 1)
	g.ClearLog()

	require.NoError(t, g.OrderAttack(a, d))

	require.Len(t, g.Hand(0), 1)
	require.Len(t, g.Hand(1), 1)
	c0, c1 := g.Hand(0)[0], g.Hand(1)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: a, Amount: 2},
		harness.Damaged{Target: d, Amount: 2},
		harness.Destroyed{ID: a},
		harness.Destroyed{ID: d},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: a, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c0},
		harness.Triggered{Source: d, Trigger: "deathrattle"},
		harness.Drew{Player: 1, ID: c1},
	}, g.Log())
	assert.Empty(t, g.Board(0))
	assert.Empty(t, g.Board(1))
}

func Test_12_end_turn_triggers_in_order_of_play(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	b1 := g.Summon("Test Bell", 0)
	g.Summon("Test Bell", 1)
	b2 := g.Summon("Test Bell", 0)
	g.ClearLog()

	g.EndTurn(0)

	assert.Equal(t, []harness.GameEvent{
		harness.Triggered{Source: b1, Trigger: "endOfTurn"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: b2, Trigger: "endOfTurn"},
		harness.ArmorGained{Player: 0, Amount: 1},
	}, g.Log())
	assert.Equal(t, 2, g.Armor(0))
	assert.Equal(t, 0, g.Armor(1))
}

func Test_12_drakkari_doubles_end_of_turn(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	g.Summon("Drakkari Enchanter", 0)
	b := g.Summon("Test Bell", 0)
	x := g.Summon("Test Bell", 1)
	g.ClearLog()

	g.EndTurn(0)
	g.EndTurn(1)

	assert.Equal(t, []harness.GameEvent{
		harness.Triggered{Source: b, Trigger: "endOfTurn"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: b, Trigger: "endOfTurn"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: x, Trigger: "endOfTurn"},
		harness.ArmorGained{Player: 1, Amount: 1},
	}, g.Log())
	assert.Equal(t, 2, g.Armor(0))
	assert.Equal(t, 1, g.Armor(1))
}
