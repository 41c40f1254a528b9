package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_12x_brawler_taunts_and_grows(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	gl := g.Summon("Harvest Golem", 0)
	f := g.Summon("Test Filler", 1)
	w := g.Summon("Bonechewer Brawler", 1)
	p := g.Hero(1)
	g.ClearLog()

	toFiller := g.CanAttack(gl, f)
	toHero := g.CanAttack(gl, p)
	err := g.OrderAttack(gl, w)

	require.Error(t, toFiller)
	assert.Contains(t, toFiller.Error(), "Taunt")
	require.Error(t, toHero)
	assert.Contains(t, toHero.Error(), "Taunt")
	assert.NoError(t, err)
	assert.Equal(t, []harness.GameEvent{
		harness.Damaged{Target: gl, Amount: 2},
		harness.Damaged{Target: w, Amount: 2},
		harness.Triggered{Source: w, Trigger: "damaged"},
		harness.StatsChanged{ID: w, Attack: 4, Health: 1},
	}, g.Log())
	assert.Equal(t, 4, g.Attack(w))
	assert.Equal(t, 1, g.Health(w))
	assert.Equal(t, 1, g.Health(gl))
}
