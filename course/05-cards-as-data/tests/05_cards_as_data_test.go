package tests

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_05_cost_reads_card_data(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	h := g.Summon("Loot Hoarder", 0)
	a := g.AddToHand("Acolyte of Pain", 0)
	d := g.AddToHand("Drakkari Enchanter", 0)
	b := g.AddToDeck("Baron Rivendare", 0)
	g.ClearLog()

	assert.Equal(t, 2, g.Cost(h))
	assert.Equal(t, 3, g.Cost(a))
	assert.Equal(t, 3, g.Cost(d))
	assert.Equal(t, 4, g.Cost(b))
}

func Test_05_registered_card_from_json(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	var def harness.CardDef
	require.NoError(t, json.Unmarshal([]byte(`{"name": "Test Lantern", "type": "minion", "cost": 4, "attack": 3, "health": 3,
		"text": "Battlecry: Gain 2 Armor.",
		"clauses": [{"kind": "trigger", "trigger": "battlecry"},
		            {"kind": "effect", "effect": "armor", "amount": 2}]}`), &def))
	g.RegisterCards([]harness.CardDef{def})
	l := g.AddToHand("Test Lantern", 0)
	g.ClearLog()

	g.Play(l)

	assert.Equal(t, []harness.GameEvent{
		harness.Summoned{ID: l},
		harness.Triggered{Source: l, Trigger: "battlecry"},
		harness.ArmorGained{Player: 0, Amount: 2},
	}, g.Log())
	assert.Equal(t, 2, g.Armor(0))
	assert.Equal(t, 4, g.Cost(l))
	assert.Equal(t, 3, g.Attack(l))
	assert.Equal(t, 3, g.Health(l))
	assert.Equal(t, "Test Lantern", g.NameOf(l))
}

func Test_05_assemble_top_half(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{{"Test Filler", "Test Filler", "Test Filler"}, nil}})
	n, err := g.Assemble("Loot Hoarder", "Acolyte of Pain", harness.HalfTop)
	require.NoError(t, err)
	x := g.Summon(n, 0)
	g.ClearLog()

	g.DealDamage(x, 1)

	assert.Equal(t, "Loot Hoarder (Assembled)", n)
	require.Len(t, g.Hand(0), 1)
	c := g.Hand(0)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: x, Amount: 1},
		harness.Triggered{Source: x, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c},
		harness.Destroyed{ID: x},
		harness.DeathPhase{Round: 1},
	}, g.Log())
	assert.Equal(t, 2, g.Cost(x))
	assert.Equal(t, 2, g.Attack(x))
}

func Test_05_assemble_bottom_half_of_odd_text(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{{"Test Filler", "Test Filler", "Test Filler"}, nil}})
	n, err := g.Assemble("Unstable Ghoul", "Loot Hoarder", harness.HalfBottom)
	require.NoError(t, err)
	x := g.Summon(n, 0)
	g.ClearLog()

	g.DealDamage(x, 3)

	assert.Equal(t, "Unstable Ghoul (Assembled)", n)
	require.Len(t, g.Hand(0), 1)
	c := g.Hand(0)[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: x, Amount: 3},
		harness.Destroyed{ID: x},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: x, Trigger: "deathrattle"},
		harness.Drew{Player: 0, ID: c},
	}, g.Log())
}

func Test_05_assemble_unchanged_is_error(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	g.ClearLog()

	n, err := g.Assemble("Loot Hoarder", "Novice Engineer", harness.HalfBottom)

	var ae *harness.AssembleError
	assert.True(t, errors.As(err, &ae), "error %v is not an *AssembleError", err)
	assert.Equal(t, "", n)
	assert.Panics(t, func() { g.Summon("Loot Hoarder (Assembled)", 0) })
}

func Test_05_assemble_ill_formed_is_error(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	g.ClearLog()

	n, err := g.Assemble("Loot Hoarder", "Baron Rivendare", harness.HalfTop)

	var ae *harness.AssembleError
	assert.True(t, errors.As(err, &ae), "error %v is not an *AssembleError", err)
	assert.Equal(t, "", n)
	assert.Panics(t, func() { g.Summon("Loot Hoarder (Assembled)", 0) })
}

func Test_05_assemble_effect_uses_chooser(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	h := g.AddToHand("Loot Hoarder", 0)
	a := g.AddToHand("Acolyte of Pain", 0)
	tk := g.AddToHand("Test Tinkerer", 0)
	type call struct {
		kind    string
		options []string
	}
	var calls []call
	answers := map[string]string{"base": "Loot Hoarder", "donor": "Acolyte of Pain", "half": "top"}
	g.SetChooser(func(kind string, options []string) string {
		calls = append(calls, call{kind, options})
		return answers[kind]
	})
	g.ClearLog()

	g.Play(tk)

	assert.Equal(t, []call{
		{"base", []string{"Loot Hoarder", "Acolyte of Pain"}},
		{"donor", []string{"Acolyte of Pain"}},
		{"half", []string{"top"}},
	}, calls)
	assert.Equal(t, []harness.GameEvent{
		harness.Summoned{ID: tk},
		harness.Triggered{Source: tk, Trigger: "battlecry"},
	}, g.Log())
	assert.Equal(t, "Loot Hoarder (Assembled)", g.NameOf(h))
	assert.Equal(t, []harness.ID{h, a}, g.Hand(0))
}
