package tests

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/harness"
)

// The invariants as the random runs call them.

func m13zones(_, after harness.GameSnapshot) error      { return harness.CheckZones(after) }
func m13order(_, after harness.GameSnapshot) error      { return harness.CheckOrderOfPlay(after) }
func m13noDead(_, after harness.GameSnapshot) error     { return harness.CheckNoDeadMinions(after) }
func m13log(_, after harness.GameSnapshot) error        { return harness.CheckLog(after) }
func m13entry(before, after harness.GameSnapshot) error { return harness.CheckEntry(before, after) }

func m13tiles(_ m13babaCall, _, after harness.BabaSnapshot) error { return harness.CheckTiles(after) }
func m13rules(_ m13babaCall, _, after harness.BabaSnapshot) error { return harness.CheckRules(after) }

func m13turn(c m13babaCall, before, after harness.BabaSnapshot) error {
	if c.Name != "Step" && c.Name != "Move" {
		return nil
	}
	return harness.CheckTurn(before, after)
}

func m13undo(c m13babaCall, before, after harness.BabaSnapshot) error {
	if c.Name != "Undo" {
		return nil
	}
	return harness.CheckUndo(before, after)
}

// m13firstGame runs the check once, outside rapid, on a new game: a harness
// function that is not built yet panics here, in the test itself.
func m13firstGame(check m13gameCheck) error {
	s := harness.NewGame(harness.GameOpts{}).Snapshot()
	return check(s, s)
}

func m13firstBaba(check m13babaCheck) error {
	s := harness.NewBaba(harness.LevelDef{Width: 3, Height: 1, Objects: []harness.LevelObject{
		{Kind: "text:BABA", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:YOU", X: 2, Y: 0},
	}}).Snapshot()
	return check(m13babaCall{Name: "NewBaba"}, s, s)
}

// m13gameInvariant is one game invariant's test: it holds on every random
// game of the engine, and it reports each of its mutants.
func m13gameInvariant(t *testing.T, check m13gameCheck, mutants ...m13gameMutant) {
	t.Helper()
	require.NoError(t, m13firstGame(check), "the invariant fails on a new game")
	t.Run("engine", func(t *testing.T) {
		rapid.Check(t, m13gameProperty(check, nil, nil))
	})
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) { m13catchesGame(t, check, m) })
	}
}

func m13babaInvariant(t *testing.T, check m13babaCheck, mutants ...m13babaMutant) {
	t.Helper()
	require.NoError(t, m13firstBaba(check), "the invariant fails on a new level")
	t.Run("engine", func(t *testing.T) {
		rapid.Check(t, m13babaProperty(check, nil))
	})
	for _, m := range mutants {
		t.Run(m.name, func(t *testing.T) { m13catchesBaba(t, check, m) })
	}
}

func Test_13_game_snapshot_is_faithful(t *testing.T) {
	g := harness.NewGame(harness.GameOpts{})
	a := g.Summon("Loot Hoarder", 0)
	d1 := g.AddToDeck("Test Filler", 0)
	d2 := g.AddToDeck("Acolyte of Pain", 0)
	h := g.AddToHand("Novice Engineer", 1)
	g.Play(h)
	g.ClearLog()
	g.DealDamage(a, 2)

	s := g.Snapshot()

	hero0, hero1 := g.Hero(0), g.Hero(1)
	ids := []harness.ID{}
	for _, e := range s.Entities {
		ids = append(ids, e.ID)
		assert.Equal(t, g.NameOf(e.ID), e.Name, "entity %d", e.ID)
		assert.Equal(t, g.ZoneOf(e.ID), e.Zone, "entity %d", e.ID)
		assert.Equal(t, g.OrderOfPlay(e.ID), e.OrderOfPlay, "entity %d", e.ID)
		assert.Equal(t, g.Health(e.ID), e.Health, "entity %d", e.ID)
		assert.Equal(t, e.ID == hero0 || e.ID == hero1, e.Hero, "entity %d", e.ID)
	}
	assert.IsIncreasing(t, ids)
	assert.Subset(t, ids, []harness.ID{hero0, hero1, a, d1, d2, h})
	assert.Equal(t, [2][]harness.ID{{d2}, {}}, [2][]harness.ID{s.Decks[0], append([]harness.ID{}, s.Decks[1]...)})
	assert.Equal(t, g.Hand(0), s.Hands[0])
	assert.Equal(t, []harness.ID{d1}, s.Hands[0])
	assert.Equal(t, g.Board(1), s.Boards[1])
	assert.Equal(t, []harness.ID{h}, s.Boards[1])
	assert.Empty(t, s.Boards[0])
	assert.Equal(t, []harness.ID{a}, s.Graveyards[0])
	assert.Equal(t, harness.Player(1), m13entity(s, h).Owner)
	assert.Equal(t, harness.Player(0), m13entity(s, d1).Owner)
	assert.Equal(t, harness.Player(1), m13entity(s, hero1).Owner)
	assert.Equal(t, g.Log(), s.Log)

	g.Summon("Test Filler", 1)
	g.ClearLog()
	assert.Equal(t, []harness.ID{h}, s.Boards[1], "a snapshot must not change when the game does")
	assert.Len(t, s.Entities, len(ids))
	assert.NotEmpty(t, s.Log)
}

func Test_13_baba_snapshot_is_faithful(t *testing.T) {
	b := harness.NewBaba(harness.LevelDef{Width: 5, Height: 4, Objects: []harness.LevelObject{
		{Kind: "text:BABA", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:YOU", X: 2, Y: 0},
		{Kind: "text:ROCK", X: 0, Y: 3}, {Kind: "text:IS", X: 1, Y: 3}, {Kind: "text:SINK", X: 2, Y: 3},
		{Kind: "baba", X: 1, Y: 2},
		{Kind: "rock", X: 2, Y: 2},
		{Kind: "baba", X: 0, Y: 1},
	}})
	b.Step(harness.Right)

	s := b.Snapshot()

	assert.Equal(t, 5, s.Width)
	assert.Equal(t, 4, s.Height)
	require.Len(t, s.Objects, 9)
	for i, o := range s.Objects {
		x, y, ok := b.PosOf(o.ID)
		if i > 0 {
			assert.Less(t, s.Objects[i-1].ID, o.ID)
		}
		assert.Equal(t, ok, o.Alive, "object %d", o.ID)
		if ok {
			assert.Equal(t, [2]int{x, y}, [2]int{o.X, o.Y}, "object %d", o.ID)
		} else {
			assert.Equal(t, [2]int{0, 0}, [2]int{o.X, o.Y}, "destroyed object %d", o.ID)
		}
		assert.Equal(t, b.HasProperty(o.ID, "YOU"), o.You, "object %d", o.ID)
	}
	kinds := []string{}
	for _, o := range s.Objects {
		kinds = append(kinds, o.Kind)
	}
	assert.Equal(t, []string{"text:BABA", "text:IS", "text:YOU", "text:ROCK", "text:IS", "text:SINK", "baba", "rock", "baba"}, kinds)
	assert.Equal(t, []bool{false, false}, []bool{s.Objects[6].Alive, s.Objects[7].Alive}, "the baba and the rock sank")
	assert.True(t, s.Objects[8].You)
	require.Len(t, s.Tiles, 20)
	for i, tile := range s.Tiles {
		assert.Equal(t, [2]int{i % 5, i / 5}, [2]int{tile.X, tile.Y}, "tile %d", i)
		assert.Equal(t, b.StackAt(tile.X, tile.Y), tile.Stack, "tile (%d, %d)", tile.X, tile.Y)
		assert.Equal(t, b.KindsAt(tile.X, tile.Y), tile.Kinds, "tile (%d, %d)", tile.X, tile.Y)
	}
	assert.Equal(t, b.Rules(), s.Rules)
	assert.Equal(t, b.ActiveRules(), s.ActiveRules)
	assert.Equal(t, b.Won(), s.Won)
	assert.Equal(t, b.Lost(), s.Lost)
	assert.False(t, s.Lost)

	b.Step(harness.Down)
	assert.Equal(t, [2]int{1, 1}, [2]int{s.Objects[8].X, s.Objects[8].Y}, "a snapshot must not change when the level does")
	assert.Equal(t, s.NextID, b.Place("rock", 4, 1), "NextID is the id the next object gets")
}

func Test_13_zones_invariant(t *testing.T) {
	m13gameInvariant(t, m13zones, m13playedStaysInHand, m13deathLeavesBoardList, m13drawLosesCard)
}

func Test_13_order_of_play_invariant(t *testing.T) {
	m13gameInvariant(t, m13order, m13orderPerPlayer, m13playUnstamped)
}

func Test_13_no_dead_minion_invariant(t *testing.T) {
	m13gameInvariant(t, m13noDead, m13deathSkippedForDamage)
}

func Test_13_log_invariant(t *testing.T) {
	m13gameInvariant(t, m13log, m13zeroDamageLogged, m13roundsNeverReset, m13destroyedTwice)
}

func Test_13_entry_invariant(t *testing.T) {
	m13gameInvariant(t, m13entry, m13orderFromID, m13orderFromPosition, m13deadRecordFreed)
}

func Test_13_tiles_invariant(t *testing.T) {
	m13babaInvariant(t, m13tiles, m13tilesNotUpdated, m13destroyedLingers, m13kindsUnsorted)
}

func Test_13_rules_invariant(t *testing.T) {
	m13babaInvariant(t, m13rules, m13lostNeverSet, m13activeRulesUnsorted, m13implicitRuleMissing)
}

func Test_13_turn_invariant(t *testing.T) {
	m13babaInvariant(t, m13turn, m13winForgotten, m13destroyedReturns, m13idsFromLiving)
}

func Test_13_undo_invariant(t *testing.T) {
	m13babaInvariant(t, m13undo, m13undoKeepsKinds, m13undoKeepsWon, m13undoKeepsTiles)
}

func Test_13_shrinker_hands_back_minimal_sequence(t *testing.T) {
	require.NoError(t, m13firstGame(m13entry))
	var last *m13gameRun

	m13expectFailure(t, m13gameProperty(m13entry, &m13orderFromID, &last), true)

	require.NotNil(t, last)
	require.Error(t, last.violation, "rapid found no failure")
	calls := last.calls
	assert.Equal(t, "Play", calls[len(calls)-1].Name, "the shrunk failure is %s", last.callList())
	for i := range calls {
		fewer := append(slices.Clone(calls[:i]), calls[i+1:]...)
		err := m13replayGame(fewer, m13entry, &m13orderFromID)
		assert.True(t, err == nil || errors.Is(err, errM13Refused),
			"without call %d (%s) the calls %s still fail: %v", i+1, calls[i], last.callList(), err)
	}
}

func Test_13_failure_replays_from_its_calls(t *testing.T) {
	require.NoError(t, m13firstGame(m13entry))
	var last *m13gameRun
	m13expectFailure(t, m13gameProperty(m13entry, &m13orderFromID, &last), true)
	require.NotNil(t, last)
	require.Error(t, last.violation, "rapid found no failure")
	calls := last.calls
	played := calls[len(calls)-1].IDs[0]

	first := m13replayGame(calls, m13entry, &m13orderFromID)
	second := m13replayGame(calls, m13entry, &m13orderFromID)
	clean := m13replayGame(calls, m13entry, nil)

	require.Error(t, first)
	assert.Equal(t, last.violation.Error(), first.Error())
	assert.Equal(t, first.Error(), second.Error())
	assert.Regexp(t, regexp.MustCompile(fmt.Sprintf(`\b%d\b`, played)), first.Error(), "the report names the card that was played")
	assert.NoError(t, clean, "without the planted bug the same calls break nothing")
}
