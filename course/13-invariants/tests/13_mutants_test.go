package tests

// The mutants of Module 13: broken engines, each one planted bug. A mutant
// runs on top of a working engine: it takes the snapshot the engine really
// produced after a call and changes it into the snapshot an engine with that
// bug would have produced. No file under engine/ is touched; the bugs live
// here, in the course.

import (
	"slices"

	"github.com/systemic-game-design/course/harness"
)

func m13entity(s harness.GameSnapshot, id harness.ID) *harness.EntitySnapshot {
	for i := range s.Entities {
		if s.Entities[i].ID == id {
			return &s.Entities[i]
		}
	}
	return nil
}

func m13without(ids []harness.ID, id harness.ID) []harness.ID {
	return slices.DeleteFunc(ids, func(x harness.ID) bool { return x == id })
}

// m13destroyedIn is the ids the log says were destroyed.
func m13destroyedIn(s harness.GameSnapshot) []harness.ID {
	var ids []harness.ID
	for _, ev := range s.Log {
		if d, ok := ev.(harness.Destroyed); ok {
			ids = append(ids, d.ID)
		}
	}
	return ids
}

// Bugs CheckZones must catch.

var m13playedStaysInHand = m13gameMutant{
	name: "Play adds the card to the board but never takes it out of the hand",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		if c.Name == "Play" {
			if e := m13entity(after, c.IDs[0]); e != nil {
				after.Hands[e.Owner] = append(after.Hands[e.Owner], e.ID)
			}
		}
		return after
	},
}

var m13deathLeavesBoardList = m13gameMutant{
	name: "the Death Creation Step moves the record to the graveyard but leaves the id in the board list",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for _, id := range m13destroyedIn(after) {
			if e := m13entity(after, id); e != nil && e.Zone == harness.ZoneGraveyard {
				after.Graveyards[e.Owner] = m13without(after.Graveyards[e.Owner], id)
				after.Boards[e.Owner] = append(after.Boards[e.Owner], id)
			}
		}
		return after
	},
}

var m13drawLosesCard = m13gameMutant{
	name: "a drawn card leaves the deck and never reaches the hand list",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for _, ev := range after.Log {
			if d, ok := ev.(harness.Drew); ok {
				after.Hands[d.Player] = m13without(after.Hands[d.Player], d.ID)
			}
		}
		return after
	},
}

// Bugs CheckOrderOfPlay must catch.

var m13orderPerPlayer = m13gameMutant{
	name: "each player's minions are numbered by a counter of that player's own",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for p := range 2 {
			board := slices.Clone(after.Boards[p])
			slices.SortFunc(board, func(a, b harness.ID) int {
				return int(m13entity(after, a).OrderOfPlay) - int(m13entity(after, b).OrderOfPlay)
			})
			for i, id := range board {
				m13entity(after, id).OrderOfPlay = uint32(3 + i)
			}
		}
		return after
	},
}

var m13playUnstamped = m13gameMutant{
	name: "Play moves the card to the board without stamping an order of play",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		if c.Name == "Play" {
			if e := m13entity(after, c.IDs[0]); e != nil && e.Zone == harness.ZoneBoard {
				e.OrderOfPlay = 0
			}
		}
		return after
	},
}

// The bug CheckNoDeadMinions must catch.

var m13deathSkippedForDamage = m13gameMutant{
	name: "a minion at 0 Health is never marked, so it stays on the board",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for _, id := range m13destroyedIn(after) {
			e := m13entity(after, id)
			if e == nil || e.Health > 0 || e.Zone != harness.ZoneGraveyard {
				continue
			}
			after.Graveyards[e.Owner] = m13without(after.Graveyards[e.Owner], id)
			after.Boards[e.Owner] = append(after.Boards[e.Owner], id)
			e.Zone = harness.ZoneBoard
		}
		return after
	},
}

// Bugs CheckLog must catch.

var m13zeroDamageLogged = m13gameMutant{
	name: "DealDamage logs a hit of 0",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		if c.Name == "DealDamage" && c.Amount == 0 {
			after.Log = append(after.Log, harness.Damaged{Target: c.IDs[0], Amount: 0})
		}
		return after
	},
}

var m13roundsNeverReset = m13gameMutant{
	name: "the Death Phase counter is not reset when a Sequence begins",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		var last uint32
		for _, ev := range before.Log {
			if d, ok := ev.(harness.DeathPhase); ok {
				last = d.Round
			}
		}
		for i, ev := range after.Log {
			if d, ok := ev.(harness.DeathPhase); ok {
				after.Log[i] = harness.DeathPhase{Round: d.Round + last}
			}
		}
		return after
	},
}

var m13destroyedTwice = m13gameMutant{
	name: "a minion the step removes is logged as Destroyed twice",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		var log []harness.GameEvent
		for _, ev := range after.Log {
			log = append(log, ev)
			if _, ok := ev.(harness.Destroyed); ok {
				log = append(log, ev)
			}
		}
		after.Log = log
		return after
	},
}

// Bugs CheckEntry must catch.

var m13orderFromID = m13gameMutant{
	name: "order of play is the card's id, given when it enters play",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for i, e := range after.Entities {
			if e.OrderOfPlay != 0 {
				after.Entities[i].OrderOfPlay = uint32(e.ID)
			}
		}
		return after
	},
}

var m13orderFromPosition = m13gameMutant{
	name: "order of play is worked out again from board positions after every Sequence",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		var top uint32
		for _, e := range before.Entities {
			top = max(top, e.OrderOfPlay)
		}
		for _, e := range after.Entities {
			top = max(top, e.OrderOfPlay)
		}
		for p := range 2 {
			for _, id := range after.Boards[p] {
				top++
				m13entity(after, id).OrderOfPlay = top
			}
		}
		return after
	},
}

var m13deadRecordFreed = m13gameMutant{
	name: "a destroyed minion's record is deleted",
	alter: func(c m13gameCall, before, after harness.GameSnapshot) harness.GameSnapshot {
		for p := range 2 {
			for _, id := range after.Graveyards[p] {
				after.Entities = slices.DeleteFunc(after.Entities, func(e harness.EntitySnapshot) bool { return e.ID == id })
			}
			after.Graveyards[p] = nil
		}
		return after
	},
}

// The rule grid's mutants.

func m13object(s harness.BabaSnapshot, id harness.ID) *harness.ObjectSnapshot {
	for i := range s.Objects {
		if s.Objects[i].ID == id {
			return &s.Objects[i]
		}
	}
	return nil
}

// m13retile rebuilds every tile's stack and kinds from the objects, counting
// as present the living objects and the ids in extra, at the position
// where(id) gives.
func m13retile(s harness.BabaSnapshot, present func(o harness.ObjectSnapshot) (x, y int, ok bool)) harness.BabaSnapshot {
	for i := range s.Tiles {
		s.Tiles[i].Stack, s.Tiles[i].Kinds = []string{}, []string{}
	}
	for _, o := range s.Objects {
		if x, y, ok := present(o); ok {
			t := &s.Tiles[y*s.Width+x]
			t.Stack = append(t.Stack, o.Kind)
		}
	}
	for i := range s.Tiles {
		s.Tiles[i].Kinds = slices.Sorted(slices.Values(s.Tiles[i].Stack))
	}
	return s
}

func m13alive(o harness.ObjectSnapshot) (int, int, bool) { return o.X, o.Y, o.Alive }

// Bugs CheckTiles must catch.

var m13tilesNotUpdated = m13babaMutant{
	name: "a move changes the objects' positions but not the tiles' lists",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name != "Undo" && len(before.Tiles) == len(after.Tiles) {
			after.Tiles = before.Tiles
		}
		return after
	},
}

var m13destroyedLingers = m13babaMutant{
	name: "a destroyed object is marked dead but stays in its tile's list",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		return m13retile(after, func(o harness.ObjectSnapshot) (int, int, bool) {
			if o.Alive {
				return o.X, o.Y, true
			}
			if was := m13object(before, o.ID); was != nil && was.Alive {
				return was.X, was.Y, true
			}
			return 0, 0, false
		})
	},
}

var m13kindsUnsorted = m13babaMutant{
	name: "KindsAt returns the stack as it is, oldest first, unsorted",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		for i := range after.Tiles {
			after.Tiles[i].Kinds = slices.Clone(after.Tiles[i].Stack)
		}
		return after
	},
}

// Bugs CheckRules must catch.

var m13lostNeverSet = m13babaMutant{
	name: "Lost is never true",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		after.Lost = false
		return after
	},
}

var m13activeRulesUnsorted = m13babaMutant{
	name: "ActiveRules comes in the order the rules were resolved, not sorted",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		slices.Reverse(after.ActiveRules)
		return after
	},
}

var m13implicitRuleMissing = m13babaMutant{
	name: "Rules lists only what is spelled, without TEXT IS PUSH",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		after.Rules = slices.DeleteFunc(after.Rules, func(r string) bool { return r == "TEXT IS PUSH" })
		return after
	},
}

// Bugs CheckTurn must catch.

var m13winForgotten = m13babaMutant{
	name: "Won is worked out afresh each turn, so a win lasts one turn",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name != "Undo" && before.Won {
			after.Won = false
		}
		return after
	},
}

var m13destroyedReturns = m13babaMutant{
	name: "a destroyed object is only hidden, and the next turn shows it again",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name == "Undo" {
			return after
		}
		for i, o := range after.Objects {
			if was := m13object(before, o.ID); was != nil && !was.Alive && !o.Alive {
				after.Objects[i].Alive = true
				after.Objects[i].X, after.Objects[i].Y = 0, 0
				return m13retile(after, m13alive)
			}
		}
		return after
	},
}

var m13idsFromLiving = m13babaMutant{
	name: "the next id is the number of living objects plus one",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		n := 0
		for _, o := range after.Objects {
			if o.Alive {
				n++
			}
		}
		after.NextID = harness.ID(n + 1)
		return after
	},
}

// Bugs CheckUndo must catch.

var m13undoKeepsKinds = m13babaMutant{
	name: "Undo puts objects back on their tiles but leaves converted objects converted",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name != "Undo" || !c.Undone {
			return after
		}
		for i, o := range after.Objects {
			if was := m13object(before, o.ID); was != nil && was.Kind != o.Kind {
				after.Objects[i].Kind = was.Kind
			}
		}
		return m13retile(after, m13alive)
	},
}

var m13undoKeepsWon = m13babaMutant{
	name: "Undo does not take back a win",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name == "Undo" && c.Undone {
			after.Won = before.Won
		}
		return after
	},
}

var m13undoKeepsTiles = m13babaMutant{
	name: "Undo restores the objects but not the tiles' lists",
	alter: func(c m13babaCall, before, after harness.BabaSnapshot) harness.BabaSnapshot {
		if c.Name == "Undo" && c.Undone && len(before.Tiles) == len(after.Tiles) {
			after.Tiles = before.Tiles
		}
		return after
	},
}
