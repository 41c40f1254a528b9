package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_01x_play_assigns_order_on_entry(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	h := g.AddToHand("Test Filler", 0)
	s := g.Summon("Test Filler", 0)
	require.Equal(t, []harness.ID{h}, g.Hand(0))

	g.Play(h)

	assert.Equal(t, harness.ZoneBoard, g.ZoneOf(h))
	assert.Empty(t, g.Hand(0))
	assert.Equal(t, []harness.ID{s, h}, g.Board(0))
	assert.Greater(t, g.OrderOfPlay(h), g.OrderOfPlay(s))
}
