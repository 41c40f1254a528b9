package tests

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_02_heroes_are_in_play(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	m := g.Summon("Test Filler", 0)
	h0, h1 := g.Hero(0), g.Hero(1)

	assert.NotEqual(t, h0, h1)
	assert.NotEqual(t, m, h0)
	assert.NotEqual(t, m, h1)
	assert.Equal(t, 30, g.Health(h0))
	assert.Equal(t, 30, g.Health(h1))
	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(h0))
	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(h1))
	assert.Equal(t, []harness.ID{m}, g.Board(0))
	assert.Empty(t, g.Board(1))
	assert.Less(t, g.OrderOfPlay(h0), g.OrderOfPlay(m))
	assert.Less(t, g.OrderOfPlay(h1), g.OrderOfPlay(m))
	assert.Equal(t, 0, g.Armor(0))
	assert.Equal(t, 0, g.Armor(1))
}

func Test_02_damage_lowers_health(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	r := g.Summon("Test Reactor", 0)
	require.Equal(t, 1, g.Attack(r))
	require.Equal(t, 5, g.Health(r))
	g.ClearLog()

	g.DealDamage(r, 2)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: r, Amount: 2},
	}, g.Log())
	assert.Equal(t, 3, g.Health(r))
	assert.Equal(t, 1, g.Attack(r))
}

func Test_02_zero_damage_is_no_event(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{{"Test Filler"}, nil}})
	a := g.Summon("Acolyte of Pain", 0)
	g.ClearLog()

	g.DealDamage(a, 0)

	assert.Empty(t, g.Log())
	assert.Equal(t, 3, g.Health(a))
	assert.Empty(t, g.Hand(0))
}

func Test_02_acolyte_draws_once_per_damage_event(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	a := g.Summon("Acolyte of Pain", 0)
	g.ClearLog()

	g.DealDamage(a, 2)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	c := hand[0]
	assert.Equal(t, harness.ZoneHand, g.ZoneOf(c))
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: a, Amount: 2},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c},
	}, g.Log())
	assert.Equal(t, 1, g.Health(a))
}

func Test_02_draw_from_empty_deck_is_fatigue(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	a := g.Summon("Acolyte of Pain", 0)
	g.ClearLog()

	g.DealDamage(a, 1)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: a, Amount: 1},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Fatigue{Player: 0},
	}, g.Log())
	assert.Empty(t, g.Hand(0))
	assert.Equal(t, 2, g.Health(a))
}

func Test_02_any_hero_scope_answers_both_heroes(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	r := g.Summon("Test Reactor", 0)
	h0, h1 := g.Hero(0), g.Hero(1)
	g.ClearLog()

	g.DealDamage(h1, 3)
	g.DealDamage(h0, 1)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h1, Amount: 3},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 2, Health: 5},
		harness.Damaged{Target: h0, Amount: 1},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 3, Health: 5},
	}, g.Log())
	assert.Equal(t, 27, g.Health(h1))
	assert.Equal(t, 29, g.Health(h0))
	assert.Equal(t, 3, g.Attack(r))
	assert.Equal(t, 5, g.Health(r))
}

func Test_02_armorsmith_answers_friendly_minions_only(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	s := g.Summon("Armorsmith", 0)
	e := g.Summon("Armorsmith", 1)
	h0 := g.Hero(0)
	g.ClearLog()

	g.DealDamage(h0, 2)
	g.DealDamage(e, 1)
	g.DealDamage(s, 1)

	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h0, Amount: 2},
		harness.Damaged{Target: e, Amount: 1},
		harness.Triggered{Source: e, Trigger: "damaged"},
		harness.ArmorGained{Player: 1, Amount: 1},
		harness.Damaged{Target: s, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
	}, g.Log())
	assert.Equal(t, 1, g.Armor(0))
	assert.Equal(t, 1, g.Armor(1))
	assert.Equal(t, 28, g.Health(h0))
	assert.Equal(t, 3, g.Health(e))
	assert.Equal(t, 3, g.Health(s))
}

func Test_02_one_event_two_responders_in_order_of_play(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{{"Test Filler", "Test Filler"}, nil}})
	s := g.Summon("Armorsmith", 0)
	a := g.Summon("Acolyte of Pain", 0)
	g.ClearLog()

	g.DealDamage(a, 1)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: a, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: hand[0]},
	}, g.Log())
	assert.Equal(t, 1, g.Armor(0))
}

func Test_02_queue_follows_all_events_in_order_of_play(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	a := g.Summon("Acolyte of Pain", 0)
	b := g.Summon("Acolyte of Pain", 0)
	s := g.Summon("Armorsmith", 0)
	g.ClearLog()

	g.Cast("Whirlwind", 0)

	hand := g.Hand(0)
	require.Len(t, hand, 2)
	c1, c2 := hand[0], hand[1]
	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Whirlwind"},
		harness.Damaged{Target: a, Amount: 1},
		harness.Damaged{Target: b, Amount: 1},
		harness.Damaged{Target: s, Amount: 1},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c1},
		harness.Triggered{Source: b, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c2},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
		harness.Triggered{Source: s, Trigger: "damaged"},
		harness.ArmorGained{Player: 0, Amount: 1},
	}, g.Log())
	assert.Equal(t, 3, g.Armor(0))
	assert.Equal(t, 2, g.Health(a))
	assert.Equal(t, 2, g.Health(b))
	assert.Equal(t, 3, g.Health(s))
}

func Test_02_log_tree_indents_trigger_effects(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	a := g.Summon("Acolyte of Pain", 0)
	s := g.Summon("Armorsmith", 0)
	g.ClearLog()
	require.Equal(t, "", g.LogTree())

	g.Cast("Whirlwind", 0)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	c := hand[0]
	want := fmt.Sprintf(`SpellCast{card: "Whirlwind"}
Damaged{target: %[1]d, amount: 1}
Damaged{target: %[2]d, amount: 1}
Triggered{source: %[1]d, trigger: "damaged"}
  Drew{player: 0, id: %[3]d}
Triggered{source: %[2]d, trigger: "damaged"}
  ArmorGained{player: 0, amount: 1}
Triggered{source: %[2]d, trigger: "damaged"}
  ArmorGained{player: 0, amount: 1}
`, a, s, c)
	assert.Equal(t, want, g.LogTree())
}
