package tests

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_02x_tripwire_answers_own_hero_and_nests_its_queue(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{Decks: [2][]string{
		{"Test Filler", "Test Filler", "Test Filler", "Test Filler", "Test Filler"}, nil,
	}})
	a := g.Summon("Acolyte of Pain", 0)
	w := g.Summon("Test Tripwire", 0)
	r := g.Summon("Test Reactor", 1)
	h0, h1 := g.Hero(0), g.Hero(1)
	g.ClearLog()

	g.DealDamage(h1, 2)
	g.DealDamage(h0, 2)

	hand := g.Hand(0)
	require.Len(t, hand, 1)
	c := hand[0]
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: h1, Amount: 2},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 2, Health: 5},
		harness.Damaged{Target: h0, Amount: 2},
		harness.Triggered{Source: w, Trigger: "damaged"},
		harness.Damaged{Target: a, Amount: 1},
		harness.Damaged{Target: w, Amount: 1},
		harness.Damaged{Target: r, Amount: 1},
		harness.Triggered{Source: a, Trigger: "damaged"},
		harness.Drew{Player: 0, ID: c},
		harness.Triggered{Source: r, Trigger: "damaged"},
		harness.StatsChanged{ID: r, Attack: 3, Health: 4},
	}, g.Log())
	want := fmt.Sprintf(`Damaged{target: %[4]d, amount: 2}
Triggered{source: %[3]d, trigger: "damaged"}
  StatsChanged{id: %[3]d, attack: 2, health: 5}
Damaged{target: %[5]d, amount: 2}
Triggered{source: %[2]d, trigger: "damaged"}
  Damaged{target: %[1]d, amount: 1}
  Damaged{target: %[2]d, amount: 1}
  Damaged{target: %[3]d, amount: 1}
  Triggered{source: %[1]d, trigger: "damaged"}
    Drew{player: 0, id: %[6]d}
Triggered{source: %[3]d, trigger: "damaged"}
  StatsChanged{id: %[3]d, attack: 3, health: 4}
`, a, w, r, h1, h0, c)
	assert.Equal(t, want, g.LogTree())
	assert.Equal(t, 28, g.Health(h0))
	assert.Equal(t, 28, g.Health(h1))
	assert.Equal(t, 2, g.Health(a))
	assert.Equal(t, 4, g.Health(w))
	assert.Equal(t, 4, g.Health(r))
	assert.Equal(t, 3, g.Attack(r))
}
