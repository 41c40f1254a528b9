package harness

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A game with something in every zone of player 0, a minion in play for
// each player, a death in the log and an Armor-absorbed hit: each case below
// breaks one clause of one invariant and expects it reported.
func invariantsGame(t *testing.T) (before, after GameSnapshot) {
	t.Helper()
	g := NewGame(GameOpts{})
	g.AddToDeck("Test Filler", 0)
	g.AddToDeck("Test Filler", 0)
	g.AddToHand("Test Filler", 0)
	g.Summon("Loot Hoarder", 0)
	g.Summon("Armorsmith", 1)
	before = g.Snapshot()
	g.ClearLog()
	g.Cast("Whirlwind", 0)
	after = g.Snapshot()
	require.NotEmpty(t, after.Graveyards[0], "the Hoarder died")
	return before, after
}

func cloneGame(s GameSnapshot) GameSnapshot {
	c := s
	c.Entities = slices.Clone(s.Entities)
	for p := range 2 {
		c.Decks[p], c.Hands[p] = slices.Clone(s.Decks[p]), slices.Clone(s.Hands[p])
		c.Boards[p], c.Graveyards[p] = slices.Clone(s.Boards[p]), slices.Clone(s.Graveyards[p])
	}
	c.Log = slices.Clone(s.Log)
	return c
}

func entity(s GameSnapshot, id ID) *EntitySnapshot {
	for i := range s.Entities {
		if s.Entities[i].ID == id {
			return &s.Entities[i]
		}
	}
	return nil
}

func TestGameInvariantsHoldOnTheReference(t *testing.T) {
	before, after := invariantsGame(t)
	for _, s := range []GameSnapshot{before, after} {
		assert.NoError(t, CheckZones(s))
		assert.NoError(t, CheckOrderOfPlay(s))
		assert.NoError(t, CheckNoDeadMinions(s))
		assert.NoError(t, CheckLog(s))
	}
	assert.NoError(t, CheckEntry(before, after))
	assert.NoError(t, CheckHealthLedger(before, after))
}

func TestGameInvariantsReportEachClause(t *testing.T) {
	before, after := invariantsGame(t)
	hero0, hand, deck, dead := entity(after, 1).ID, after.Hands[0][0], after.Decks[0][0], after.Graveyards[0][0]
	smith := after.Boards[1][0]
	type edit func(b, a *GameSnapshot)
	cases := []struct {
		name  string
		check func(b, a GameSnapshot) error
		edit  edit
		says  string
	}{
		{"entities out of order", single(CheckZones), func(_, a *GameSnapshot) { slices.Reverse(a.Entities) }, "increasing id order"},
		{"a list names an unknown id", single(CheckZones), func(_, a *GameSnapshot) { a.Hands[1] = append(a.Hands[1], 99) }, "never issued"},
		{"an id in two lists", single(CheckZones), func(_, a *GameSnapshot) { a.Graveyards[0] = append(a.Graveyards[0], hand) }, "listed twice"},
		{"a hero in a list", single(CheckZones), func(_, a *GameSnapshot) { a.Boards[0] = append(a.Boards[0], hero0) }, "heroes are in no zone list"},
		{"a list and its record disagree", single(CheckZones), func(_, a *GameSnapshot) { entity(*a, deck).Zone = ZoneHand }, "its record says"},
		{"a hero off the board", single(CheckZones), func(_, a *GameSnapshot) { entity(*a, hero0).Zone = ZoneHand }, "always on the board"},
		{"a record no list holds", single(CheckZones), func(_, a *GameSnapshot) { a.Hands[0] = nil }, "no zone list holds it"},
		{"in play without an order", single(CheckOrderOfPlay), func(_, a *GameSnapshot) { entity(*a, smith).OrderOfPlay = 0 }, "no order of play"},
		{"two in play share an order", single(CheckOrderOfPlay), func(_, a *GameSnapshot) { entity(*a, smith).OrderOfPlay = entity(*a, hero0).OrderOfPlay }, "both in play"},
		{"a minion at 0 Health", single(CheckNoDeadMinions), func(_, a *GameSnapshot) { entity(*a, smith).Health = 0 }, "0 Health"},
		{"damage of 0 logged", single(CheckLog), func(_, a *GameSnapshot) { a.Log = append(a.Log, Damaged{Target: smith}) }, "above 0"},
		{"a round skipped", single(CheckLog), func(_, a *GameSnapshot) { a.Log = append(a.Log, DeathPhase{Round: 5}) }, "round"},
		{"destroyed twice", single(CheckLog), func(_, a *GameSnapshot) { a.Log = append(a.Log, Destroyed{ID: dead}) }, "both destroy"},
		{"destroyed and still on a board", single(CheckLog), func(_, a *GameSnapshot) { a.Log = append(a.Log, Destroyed{ID: smith}) }, "not a graveyard"},
		{"destroyed and never issued", single(CheckLog), func(_, a *GameSnapshot) { a.Log = append(a.Log, Destroyed{ID: 99}) }, "never issued"},
		{"an entity vanishes", CheckEntry, func(_, a *GameSnapshot) { a.Entities = a.Entities[:len(a.Entities)-1] }, "vanished"},
		{"an id changes card", CheckEntry, func(_, a *GameSnapshot) { entity(*a, hand).Name = "Armorsmith" }, "names one card for good"},
		{"a new id below an old one", CheckEntry, func(b, _ *GameSnapshot) {
			b.Entities = slices.DeleteFunc(b.Entities, func(e EntitySnapshot) bool { return e.ID == hand })
		}, "not above the old ids"},
		{"an order of play changes in play", CheckEntry, func(_, a *GameSnapshot) { entity(*a, smith).OrderOfPlay += 10 }, "stayed in play"},
		{"a newcomer older than the rest", CheckEntry, func(b, a *GameSnapshot) {
			a.Boards[1] = append(a.Boards[1], deck)
			a.Decks[0] = a.Decks[0][1:]
			entity(*a, deck).OrderOfPlay = 1
		}, "already taken"},
		{"Health the log does not account for", CheckHealthLedger, func(_, a *GameSnapshot) { entity(*a, smith).Health-- }, "account for"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, a := cloneGame(before), cloneGame(after)
			c.edit(&b, &a)
			err := c.check(b, a)
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), c.says)
			}
		})
	}
}

func single(f func(GameSnapshot) error) func(b, a GameSnapshot) error {
	return func(_, a GameSnapshot) error { return f(a) }
}

// A level whose first Step moves the baba, converts the rock into a flag
// and wins.
func invariantsLevel(t *testing.T) (b *Baba, before, after BabaSnapshot) {
	t.Helper()
	b = NewBaba(LevelDef{Width: 5, Height: 4, Objects: []LevelObject{
		{Kind: "text:BABA", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "text:YOU", X: 2, Y: 0},
		{Kind: "text:ROCK", X: 0, Y: 3}, {Kind: "text:IS", X: 1, Y: 3}, {Kind: "text:FLAG", X: 2, Y: 3},
		{Kind: "text:BABA", X: 2, Y: 1}, {Kind: "text:IS", X: 3, Y: 1}, {Kind: "text:WIN", X: 4, Y: 1},
		{Kind: "baba", X: 0, Y: 2}, {Kind: "rock", X: 3, Y: 2},
	}})
	before = b.Snapshot()
	b.Step(Right)
	after = b.Snapshot()
	require.True(t, after.Won)
	return b, before, after
}

func cloneBaba(s BabaSnapshot) BabaSnapshot {
	c := s
	c.Objects = slices.Clone(s.Objects)
	c.Tiles = slices.Clone(s.Tiles)
	for i := range c.Tiles {
		c.Tiles[i].Stack, c.Tiles[i].Kinds = slices.Clone(s.Tiles[i].Stack), slices.Clone(s.Tiles[i].Kinds)
	}
	c.Rules, c.ActiveRules = slices.Clone(s.Rules), slices.Clone(s.ActiveRules)
	return c
}

func TestBabaInvariantsHoldOnTheReference(t *testing.T) {
	b, before, after := invariantsLevel(t)
	for _, s := range []BabaSnapshot{before, after} {
		assert.NoError(t, CheckTiles(s))
		assert.NoError(t, CheckRules(s))
	}
	assert.NoError(t, CheckTurn(before, after))
	require.True(t, b.Undo())
	assert.NoError(t, CheckUndo(before, b.Snapshot()))
}

func TestBabaInvariantsReportEachClause(t *testing.T) {
	_, before, after := invariantsLevel(t)
	last := len(after.Objects) - 1
	cases := []struct {
		name  string
		check func(b, a BabaSnapshot) error
		edit  func(b, a *BabaSnapshot)
		says  string
	}{
		{"a tile missing", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { a.Tiles = a.Tiles[1:] }, "tiles in its snapshot"},
		{"objects out of order", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { slices.Reverse(a.Objects) }, "oldest first"},
		{"an id at NextID", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { a.NextID-- }, "next id"},
		{"an object off the grid", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { a.Objects[last].X = 9 }, "off the"},
		{"a tile in the wrong place", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { a.Tiles[0].X = 1 }, "row by row"},
		{"a stack that is not the objects", singleBaba(CheckTiles), func(_, a *BabaSnapshot) { a.Tiles[0].Stack = nil }, "StackAt"},
		{"kinds not sorted", singleBaba(CheckTiles), func(_, a *BabaSnapshot) {
			slices.Reverse(a.Tiles[0].Kinds)
			a.Tiles[0].Kinds = append(a.Tiles[0].Kinds, "x")
		}, "KindsAt"},
		{"rules not sorted", singleBaba(CheckRules), func(_, a *BabaSnapshot) { slices.Reverse(a.Rules) }, "not sorted"},
		{"TEXT IS PUSH missing", singleBaba(CheckRules), func(_, a *BabaSnapshot) {
			a.Rules = slices.DeleteFunc(a.Rules, func(r string) bool { return r == "TEXT IS PUSH" })
			a.ActiveRules = slices.DeleteFunc(a.ActiveRules, func(r string) bool { return r == "TEXT IS PUSH" })
		}, "TEXT IS PUSH"},
		{"an active rule not spelled", singleBaba(CheckRules), func(_, a *BabaSnapshot) { a.ActiveRules = append(a.ActiveRules, "WALL IS STOP") }, "does not spell"},
		{"a destroyed object still YOU", singleBaba(CheckRules), func(_, a *BabaSnapshot) { a.Objects[0].Alive, a.Objects[0].You = false, true }, "destroyed and still YOU"},
		{"Lost with a YOU", singleBaba(CheckRules), func(_, a *BabaSnapshot) { a.Lost = true }, "Lost"},
		{"the grid changes size", CheckTurn, func(_, a *BabaSnapshot) { a.Width++ }, "grid went"},
		{"the next id goes back", CheckTurn, func(b, _ *BabaSnapshot) { b.NextID += 5 }, "went back"},
		{"an object drops out of the list", CheckTurn, func(_, a *BabaSnapshot) { a.Objects = a.Objects[:3] }, "objects were listed"},
		{"ids renumbered", CheckTurn, func(_, a *BabaSnapshot) { a.Objects[1].ID = 40 }, "is id 40"},
		{"an object comes back", CheckTurn, func(b, _ *BabaSnapshot) { b.Objects[0].Alive = false }, "alive after it"},
		{"a win undone by a turn", CheckTurn, func(b, a *BabaSnapshot) { b.Won, a.Won = true, false }, "a win is for good"},
		{"undo: another size", CheckUndo, func(_, a *BabaSnapshot) { a.Height++ }, "grid was"},
		{"undo: another next id", CheckUndo, func(_, a *BabaSnapshot) { a.NextID++ }, "next id"},
		{"undo: another object count", CheckUndo, func(_, a *BabaSnapshot) { a.Objects = a.Objects[1:] }, "objects were listed"},
		{"undo: another kind", CheckUndo, func(_, a *BabaSnapshot) { a.Objects[0].Kind = "rock" }, "object 1 was"},
		{"undo: another tile count", CheckUndo, func(_, a *BabaSnapshot) { a.Tiles = a.Tiles[1:] }, "tiles were listed"},
		{"undo: another stack", CheckUndo, func(_, a *BabaSnapshot) { a.Tiles[3].Stack = append(a.Tiles[3].Stack, "rock") }, "tile (3, 0)"},
		{"undo: other rules", CheckUndo, func(_, a *BabaSnapshot) { a.Rules = a.Rules[1:] }, "Rules was"},
		{"undo: other active rules", CheckUndo, func(_, a *BabaSnapshot) { a.ActiveRules = a.ActiveRules[1:] }, "ActiveRules was"},
		{"undo: another win", CheckUndo, func(_, a *BabaSnapshot) { a.Won = !a.Won }, "Won and Lost"},
		{"undo: another loss", CheckUndo, func(_, a *BabaSnapshot) { a.Lost = !a.Lost }, "Won and Lost"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, a := cloneBaba(before), cloneBaba(after)
			if c.name[:5] == "undo:" {
				a = cloneBaba(before)
			}
			c.edit(&b, &a)
			err := c.check(b, a)
			if assert.Error(t, err) {
				assert.Contains(t, err.Error(), c.says)
			}
		})
	}
}

func singleBaba(f func(BabaSnapshot) error) func(b, a BabaSnapshot) error {
	return func(_, a BabaSnapshot) error { return f(a) }
}
