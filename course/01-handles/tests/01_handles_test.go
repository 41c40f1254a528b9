package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_01_ids_stable_and_order_increases(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	a := g.Summon("Test Filler", 0)
	orderA := g.OrderOfPlay(a)
	b := g.Summon("Test Filler", 0)

	assert.NotEqual(t, a, b)
	assert.Less(t, g.OrderOfPlay(a), g.OrderOfPlay(b))
	assert.Equal(t, orderA, g.OrderOfPlay(a))
	assert.Equal(t, "Test Filler", g.NameOf(a))
	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(a))
	assert.Equal(t, []harness.ID{a, b}, g.Board(0))
}

func Test_01_zones(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})

	d := g.AddToDeck("Test Filler", 0)
	h := g.AddToHand("Test Filler", 0)
	s := g.Summon("Test Filler", 0)

	assert.Equal(t, harness.ZoneDeck, g.ZoneOf(d))
	assert.Equal(t, harness.ZoneHand, g.ZoneOf(h))
	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(s))
	assert.Equal(t, []harness.ID{h}, g.Hand(0))
	assert.Equal(t, []harness.ID{s}, g.Board(0))
}

func Test_01_board_query_per_player(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})

	a := g.Summon("Test Filler", 0)
	b := g.Summon("Test Filler", 1)
	c := g.Summon("Test Filler", 0)

	assert.Equal(t, []harness.ID{a, c}, g.Board(0))
	assert.Equal(t, []harness.ID{b}, g.Board(1))
}

func Test_01_names(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})

	s := g.Summon("Test Filler", 0)
	h := g.AddToHand("Test Filler", 0)

	assert.Equal(t, "Test Filler", g.NameOf(s))
	assert.Equal(t, "Test Filler", g.NameOf(h))
}
