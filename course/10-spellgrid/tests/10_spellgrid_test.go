package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

func Test_10_minion_and_object_share_an_id(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 3, Height: 3,
		Cards: []harness.LevelCard{{Card: "Test Gravecaller", X: 1, Y: 1}},
		Hand:  []string{"Test Scribe"},
	}, nil)

	m, ok := s.MinionAt(1, 1)
	require.True(t, ok)
	assert.Equal(t, harness.ID(1), m)
	x, y, on := s.PosOf(m)
	assert.Equal(t, []any{1, 1, true}, []any{x, y, on})
	assert.Equal(t, []string{"skull"}, s.KindsAt(1, 1))
	assert.Equal(t, "Test Gravecaller", s.NameOf(m))
	assert.Equal(t, 1, s.Health(m))
	assert.Equal(t, harness.ID(2), s.Hero(0))
	assert.Equal(t, harness.ID(3), s.Hero(1))
	_, _, heroOnGrid := s.PosOf(s.Hero(0))
	assert.False(t, heroOnGrid)
	assert.Equal(t, []string{"Test Scribe"}, s.Hand())
}

func Test_10_play_writes_text_but_only_a_step_wins(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 3, Height: 3,
		Objects: []harness.LevelObject{
			{Kind: "text:BABA", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:YOU", X: 2, Y: 0},
			{Kind: "text:BABA", X: 0, Y: 1}, {Kind: "text:IS", X: 1, Y: 1},
			{Kind: "baba", X: 0, Y: 2},
		},
		Hand: []string{"Test Scribe"},
	}, nil)
	s.ClearLog()

	id := s.Play("Test Scribe", 2, 1)

	assert.Equal(t, harness.ID(10), id)
	assert.Equal(t, "Summoned{id: 10}\nTriggered{source: 10, trigger: \"battlecry\"}\n", s.LogTree())
	assert.Equal(t, []string{"key", "text:WIN"}, s.StackAt(2, 1))
	assert.Contains(t, s.Rules(), "BABA IS WIN")
	assert.Empty(t, s.Hand())
	assert.False(t, s.Won())

	s.Step(harness.Right)

	assert.True(t, s.Won())
}

func Test_10_level_1_rule_doubles_deathrattle(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 4, Height: 2,
		Objects: []harness.LevelObject{
			{Kind: "text:DEATHRATTLE", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:DOUBLE", X: 2, Y: 0},
		},
		Cards: []harness.LevelCard{{Card: "Test Gravecaller", X: 1, Y: 1}},
		Hand:  []string{"Whirlwind"},
	}, nil)
	require.Contains(t, s.ActiveRules(), "DEATHRATTLE IS DOUBLE")
	s.ClearLog()

	s.Cast("Whirlwind")

	assert.Equal(t, ""+
		"SpellCast{card: \"Whirlwind\"}\n"+
		"Damaged{target: 4, amount: 1}\n"+
		"Destroyed{id: 4}\n"+
		"DeathPhase{round: 1}\n"+
		"Triggered{source: 4, trigger: \"deathrattle\"}\n"+
		"  Damaged{target: 6, amount: 1}\n"+
		"Triggered{source: 4, trigger: \"deathrattle\"}\n"+
		"  Damaged{target: 6, amount: 1}\n", s.LogTree())
	assert.Equal(t, 28, s.Health(6))
	assert.Empty(t, s.KindsAt(1, 1))
}

func Test_10_not_double_caps_a_warden(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 4, Height: 2,
		Objects: []harness.LevelObject{
			{Kind: "text:DEATHRATTLE", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0},
			{Kind: "text:NOT", X: 2, Y: 0}, {Kind: "text:DOUBLE", X: 3, Y: 0},
		},
		Cards: []harness.LevelCard{{Card: "Test Warden", X: 0, Y: 1}, {Card: "Test Gravecaller", X: 1, Y: 1}},
		Hand:  []string{"Whirlwind"},
	}, nil)
	s.ClearLog()

	s.Cast("Whirlwind")

	assert.Equal(t, []harness.GameEvent{
		harness.SpellCast{Card: "Whirlwind"},
		harness.Damaged{Target: 5, Amount: 1},
		harness.Damaged{Target: 6, Amount: 1},
		harness.Destroyed{ID: 6},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: 6, Trigger: "deathrattle"},
		harness.Damaged{Target: 8, Amount: 1},
	}, s.Log())
	assert.Equal(t, 29, s.Health(8))
}

func Test_10_level_2_melting_minion_dies_in_the_death_step(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 4, Height: 5,
		Objects: []harness.LevelObject{
			{Kind: "text:SKULL", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:YOU", X: 2, Y: 0},
			{Kind: "text:SKULL", X: 0, Y: 1}, {Kind: "text:IS", X: 1, Y: 1}, {Kind: "text:MELT", X: 2, Y: 1},
			{Kind: "text:LAVA", X: 0, Y: 2}, {Kind: "text:IS", X: 1, Y: 2}, {Kind: "text:HOT", X: 2, Y: 2},
			{Kind: "lava", X: 1, Y: 3},
		},
		Cards: []harness.LevelCard{{Card: "Test Gravecaller", X: 0, Y: 3}},
	}, nil)
	s.ClearLog()

	s.Step(harness.Right)

	assert.Equal(t, []harness.GameEvent{
		harness.Destroyed{ID: 11},
		harness.DeathPhase{Round: 1},
		harness.Triggered{Source: 11, Trigger: "deathrattle"},
		harness.Damaged{Target: 13, Amount: 1},
	}, s.Log())
	_, _, alive := s.PosOf(11)
	assert.False(t, alive)
	assert.Equal(t, []string{"lava"}, s.KindsAt(1, 3))
	assert.Equal(t, 29, s.Health(13))
}

func Test_10_deathrattle_token_takes_a_tile_and_a_new_id(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 3, Height: 2,
		Cards: []harness.LevelCard{{Card: "Test Sower", X: 1, Y: 0}},
		Hand:  []string{"Whirlwind"},
	}, nil)
	s.ClearLog()

	s.Cast("Whirlwind")

	assert.Equal(t, ""+
		"SpellCast{card: \"Whirlwind\"}\n"+
		"Damaged{target: 1, amount: 1}\n"+
		"Destroyed{id: 1}\n"+
		"DeathPhase{round: 1}\n"+
		"Triggered{source: 1, trigger: \"deathrattle\"}\n"+
		"  Summoned{id: 5}\n", s.LogTree())
	assert.Equal(t, []string{"grass"}, s.KindsAt(1, 0))
	m, ok := s.MinionAt(1, 0)
	assert.True(t, ok)
	assert.Equal(t, harness.ID(5), m)
	assert.Equal(t, "Test Sprout", s.NameOf(5))
	_, _, alive := s.PosOf(1)
	assert.False(t, alive)
}

// level 3: a Test Warden and a Test Gravecaller melt in the same turn
func Test_10_level_3_warden_doubles_the_deaths_beside_it(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 4, Height: 5,
		Objects: []harness.LevelObject{
			{Kind: "text:SKULL", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:MELT", X: 2, Y: 0},
			{Kind: "text:KEKE", X: 0, Y: 1}, {Kind: "text:IS", X: 1, Y: 1}, {Kind: "text:MELT", X: 2, Y: 1},
			{Kind: "text:LAVA", X: 0, Y: 2}, {Kind: "text:IS", X: 1, Y: 2}, {Kind: "text:HOT", X: 2, Y: 2},
			{Kind: "lava", X: 0, Y: 3}, {Kind: "lava", X: 1, Y: 3},
		},
		Cards: []harness.LevelCard{{Card: "Test Warden", X: 0, Y: 3}, {Card: "Test Gravecaller", X: 1, Y: 3}},
	}, nil)
	s.ClearLog()

	s.Step(harness.Up)

	assert.Equal(t, ""+
		"Destroyed{id: 12}\n"+
		"Destroyed{id: 13}\n"+
		"DeathPhase{round: 1}\n"+
		"Triggered{source: 13, trigger: \"deathrattle\"}\n"+
		"  Damaged{target: 15, amount: 1}\n"+
		"Triggered{source: 13, trigger: \"deathrattle\"}\n"+
		"  Damaged{target: 15, amount: 1}\n", s.LogTree())
	assert.Equal(t, 28, s.Health(15))
}

func Test_10_level_3_naive_would_differ(t *testing.T) {
	s := harness.NewSpellGrid(harness.LevelDef{
		Width: 4, Height: 5,
		Objects: []harness.LevelObject{
			{Kind: "text:SKULL", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:MELT", X: 2, Y: 0},
			{Kind: "text:KEKE", X: 0, Y: 1}, {Kind: "text:IS", X: 1, Y: 1}, {Kind: "text:MELT", X: 2, Y: 1},
			{Kind: "text:LAVA", X: 0, Y: 2}, {Kind: "text:IS", X: 1, Y: 2}, {Kind: "text:HOT", X: 2, Y: 2},
			{Kind: "lava", X: 0, Y: 3}, {Kind: "lava", X: 1, Y: 3},
		},
		Cards: []harness.LevelCard{{Card: "Test Warden", X: 0, Y: 3}, {Card: "Test Gravecaller", X: 1, Y: 3}},
	}, nil)
	s.WithNaiveAuraTiming()
	s.ClearLog()

	s.Step(harness.Up)

	assert.Equal(t, ""+
		"Destroyed{id: 12}\n"+
		"Destroyed{id: 13}\n"+
		"DeathPhase{round: 1}\n"+
		"Triggered{source: 13, trigger: \"deathrattle\"}\n"+
		"  Damaged{target: 15, amount: 1}\n", s.LogTree())
	assert.Equal(t, 29, s.Health(15))
}
