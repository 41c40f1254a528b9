package harness

import (
	"fmt"
	"slices"
)

// The Module 13 invariants. Each reads snapshots only, never a live Game or
// Baba, and returns nil when its property holds, or an error naming the first
// entity, object or tile that breaks it. None of them decides anything in a
// game: they judge what an engine did.

// zoneLists is every zone list of a snapshot, each with its zone and owner.
func zoneLists(s GameSnapshot) []struct {
	zone  Zone
	owner Player
	ids   []ID
} {
	type list = struct {
		zone  Zone
		owner Player
		ids   []ID
	}
	var out []list
	for p := range Player(2) {
		out = append(out,
			list{ZoneDeck, p, s.Decks[p]},
			list{ZoneHand, p, s.Hands[p]},
			list{ZoneBoard, p, s.Boards[p]},
			list{ZoneGraveyard, p, s.Graveyards[p]})
	}
	return out
}

func entityIndex(s GameSnapshot) (map[ID]EntitySnapshot, error) {
	byID := make(map[ID]EntitySnapshot, len(s.Entities))
	var last ID
	for i, e := range s.Entities {
		if i > 0 && e.ID <= last {
			return nil, fmt.Errorf("entity %d is listed after entity %d: entities must be in increasing id order", e.ID, last)
		}
		last = e.ID
		byID[e.ID] = e
	}
	return byID, nil
}

// CheckZones: every entity but a hero is in exactly one zone list, the list
// of its own zone and its own owner; a hero is in none, and its zone is the
// board.
func CheckZones(s GameSnapshot) error {
	byID, err := entityIndex(s)
	if err != nil {
		return err
	}
	seen := map[ID]string{}
	for _, l := range zoneLists(s) {
		where := fmt.Sprintf("player %d's %s", l.owner, l.zone)
		for _, id := range l.ids {
			e, ok := byID[id]
			if !ok {
				return fmt.Errorf("%s lists entity %d, which the game never issued", where, id)
			}
			if prev, dup := seen[id]; dup {
				return fmt.Errorf("entity %d (%s) is listed twice: in %s and in %s", id, e.Name, prev, where)
			}
			seen[id] = where
			if e.Hero {
				return fmt.Errorf("hero %d is listed in %s; heroes are in no zone list", id, where)
			}
			if e.Zone != l.zone || e.Owner != l.owner {
				return fmt.Errorf("entity %d (%s) is listed in %s but its record says player %d's %s", id, e.Name, where, e.Owner, e.Zone)
			}
		}
	}
	for _, e := range s.Entities {
		_, listed := seen[e.ID]
		switch {
		case e.Hero && e.Zone != ZoneBoard:
			return fmt.Errorf("hero %d is in zone %s; a hero is always on the board", e.ID, e.Zone)
		case !e.Hero && !listed:
			return fmt.Errorf("entity %d (%s) says zone %s but no zone list holds it", e.ID, e.Name, e.Zone)
		}
	}
	return nil
}

// CheckOrderOfPlay: every entity in play (a hero, or a minion on a board)
// has an order of play above 0, and no two share one.
func CheckOrderOfPlay(s GameSnapshot) error {
	byID, err := entityIndex(s)
	if err != nil {
		return err
	}
	inPlay := []EntitySnapshot{}
	for _, e := range s.Entities {
		if e.Hero {
			inPlay = append(inPlay, e)
		}
	}
	for p := range 2 {
		for _, id := range s.Boards[p] {
			if e, ok := byID[id]; ok {
				inPlay = append(inPlay, e)
			}
		}
	}
	owner := map[uint32]ID{}
	for _, e := range inPlay {
		if e.OrderOfPlay == 0 {
			return fmt.Errorf("entity %d (%s) is in play with no order of play", e.ID, e.Name)
		}
		if other, dup := owner[e.OrderOfPlay]; dup {
			return fmt.Errorf("entities %d and %d are both in play with order of play %d", other, e.ID, e.OrderOfPlay)
		}
		owner[e.OrderOfPlay] = e.ID
	}
	return nil
}

// CheckNoDeadMinions: between Sequences, no minion on a board has 0 Health
// or less.
func CheckNoDeadMinions(s GameSnapshot) error {
	byID, err := entityIndex(s)
	if err != nil {
		return err
	}
	for p := range 2 {
		for _, id := range s.Boards[p] {
			if e, ok := byID[id]; ok && e.Health <= 0 {
				return fmt.Errorf("minion %d (%s) is on player %d's board with %d Health", id, e.Name, p, e.Health)
			}
		}
	}
	return nil
}

// CheckLog reads a log that began at a ClearLog made between Sequences (or
// at the start of the game): every Damaged amount is above 0; Death Phase
// rounds begin at 1 and each next one is 1 (a new Sequence) or one more than
// the last; no entity is Destroyed twice, and every Destroyed entity is a
// minion in a graveyard now.
func CheckLog(s GameSnapshot) error {
	byID, err := entityIndex(s)
	if err != nil {
		return err
	}
	var round uint32
	destroyed := map[ID]int{}
	for i, ev := range s.Log {
		switch ev := ev.(type) {
		case Damaged:
			if ev.Amount <= 0 {
				return fmt.Errorf("log event %d, %v: damage that is logged must be above 0", i, ev)
			}
		case DeathPhase:
			if ev.Round != 1 && ev.Round != round+1 {
				return fmt.Errorf("log event %d, %v: the Death Phase before it was round %d", i, ev, round)
			}
			round = ev.Round
		case Destroyed:
			if j, twice := destroyed[ev.ID]; twice {
				return fmt.Errorf("log events %d and %d both destroy entity %d", j, i, ev.ID)
			}
			destroyed[ev.ID] = i
			e, ok := byID[ev.ID]
			switch {
			case !ok:
				return fmt.Errorf("log event %d, %v: the game never issued entity %d", i, ev, ev.ID)
			case e.Hero || e.Zone != ZoneGraveyard:
				return fmt.Errorf("log event %d, %v: entity %d (%s) is in zone %s, not a graveyard", i, ev, ev.ID, e.Name, e.Zone)
			}
		}
	}
	return nil
}

// CheckEntry compares two snapshots of one game, before and after some
// calls: no entity vanishes or changes card, owner or heroship; new ids are
// larger than every old one; an entity in play in both keeps its order of
// play; an entity that came into play in between has an order of play above
// every order of play of before.
func CheckEntry(before, after GameSnapshot) error {
	now, err := entityIndex(after)
	if err != nil {
		return err
	}
	inPlay := func(s GameSnapshot) map[ID]bool {
		m := map[ID]bool{}
		for _, e := range s.Entities {
			if e.Hero {
				m[e.ID] = true
			}
		}
		for p := range 2 {
			for _, id := range s.Boards[p] {
				m[id] = true
			}
		}
		return m
	}
	wasInPlay, isInPlay := inPlay(before), inPlay(after)
	var maxID ID
	var maxOrder uint32
	for _, old := range before.Entities {
		maxID = max(maxID, old.ID)
		maxOrder = max(maxOrder, old.OrderOfPlay)
		e, ok := now[old.ID]
		switch {
		case !ok:
			return fmt.Errorf("entity %d (%s) has vanished from the game", old.ID, old.Name)
		case e.Name != old.Name || e.Owner != old.Owner || e.Hero != old.Hero:
			return fmt.Errorf("entity %d was %s of player %d and is now %s of player %d: an id names one card for good", old.ID, old.Name, old.Owner, e.Name, e.Owner)
		case wasInPlay[old.ID] && isInPlay[old.ID] && e.OrderOfPlay != old.OrderOfPlay:
			return fmt.Errorf("entity %d (%s) stayed in play but its order of play went from %d to %d", old.ID, old.Name, old.OrderOfPlay, e.OrderOfPlay)
		}
	}
	old := make(map[ID]bool, len(before.Entities))
	for _, e := range before.Entities {
		old[e.ID] = true
	}
	for _, e := range after.Entities {
		if !old[e.ID] && e.ID <= maxID {
			return fmt.Errorf("entity %d (%s) is new, but its id is not above the old ids (up to %d)", e.ID, e.Name, maxID)
		}
		if isInPlay[e.ID] && !wasInPlay[e.ID] && e.OrderOfPlay <= maxOrder {
			return fmt.Errorf("entity %d (%s) came into play with order of play %d, but %d was already taken before it came", e.ID, e.Name, e.OrderOfPlay, maxOrder)
		}
	}
	return nil
}

// CheckTiles: objects are listed oldest first with ids below NextID; every
// living object is inside the grid; each tile's stack is the kinds of the
// living objects on it, oldest first, and its kinds are the stack sorted.
func CheckTiles(s BabaSnapshot) error {
	if len(s.Tiles) != s.Width*s.Height {
		return fmt.Errorf("a %dx%d level has %d tiles in its snapshot", s.Width, s.Height, len(s.Tiles))
	}
	stacks := make([][]string, len(s.Tiles))
	var last ID
	for i, o := range s.Objects {
		if i > 0 && o.ID <= last {
			return fmt.Errorf("object %d is listed after object %d: objects must be oldest first", o.ID, last)
		}
		last = o.ID
		if o.ID >= s.NextID {
			return fmt.Errorf("object %d exists, but the next id to be issued is %d", o.ID, s.NextID)
		}
		if !o.Alive {
			continue
		}
		if o.X < 0 || o.Y < 0 || o.X >= s.Width || o.Y >= s.Height {
			return fmt.Errorf("object %d (%s) is at (%d, %d), off the %dx%d grid", o.ID, o.Kind, o.X, o.Y, s.Width, s.Height)
		}
		i := o.Y*s.Width + o.X
		stacks[i] = append(stacks[i], o.Kind)
	}
	for i, tile := range s.Tiles {
		x, y := i%s.Width, i/s.Width
		if tile.X != x || tile.Y != y {
			return fmt.Errorf("tile %d of the snapshot says (%d, %d), but row by row it is (%d, %d)", i, tile.X, tile.Y, x, y)
		}
		if !slices.Equal(tile.Stack, stacks[i]) {
			return fmt.Errorf("tile (%d, %d): StackAt is %q, but the living objects there, oldest first, are %q", x, y, tile.Stack, stacks[i])
		}
		sorted := slices.Sorted(slices.Values(tile.Stack))
		if !slices.Equal(tile.Kinds, sorted) {
			return fmt.Errorf("tile (%d, %d): KindsAt is %q, but the stack sorted is %q", x, y, tile.Kinds, sorted)
		}
	}
	return nil
}

// CheckRules: Rules and ActiveRules are each sorted with no rule twice;
// "TEXT IS PUSH" is among the Rules; every active rule is one of the Rules;
// no destroyed object is YOU; and Lost is true exactly when no living
// object is YOU.
func CheckRules(s BabaSnapshot) error {
	for _, l := range []struct {
		name  string
		rules []string
	}{{"Rules", s.Rules}, {"ActiveRules", s.ActiveRules}} {
		for i := 1; i < len(l.rules); i++ {
			if l.rules[i-1] >= l.rules[i] {
				return fmt.Errorf("%s is not sorted with each rule once: %q comes before %q", l.name, l.rules[i-1], l.rules[i])
			}
		}
	}
	if !slices.Contains(s.Rules, "TEXT IS PUSH") {
		return fmt.Errorf("Rules %q leaves out TEXT IS PUSH, which always holds", s.Rules)
	}
	for _, r := range s.ActiveRules {
		if !slices.Contains(s.Rules, r) {
			return fmt.Errorf("%q is active but the text does not spell it (Rules is %q)", r, s.Rules)
		}
	}
	you := false
	for _, o := range s.Objects {
		if o.You && !o.Alive {
			return fmt.Errorf("object %d (%s) is destroyed and still YOU", o.ID, o.Kind)
		}
		you = you || o.You
	}
	if s.Lost == you {
		return fmt.Errorf("Lost is %v while some object being YOU is %v", s.Lost, you)
	}
	return nil
}

// CheckTurn compares the snapshots before and after one Step or Move: the
// grid keeps its size; the id counter never goes back; every object of
// before is still listed with its id, and a destroyed one stays destroyed;
// and a won level stays won.
func CheckTurn(before, after BabaSnapshot) error {
	if before.Width != after.Width || before.Height != after.Height {
		return fmt.Errorf("the grid went from %dx%d to %dx%d", before.Width, before.Height, after.Width, after.Height)
	}
	if after.NextID < before.NextID {
		return fmt.Errorf("the next id went back from %d to %d: an id would be issued twice", before.NextID, after.NextID)
	}
	if len(after.Objects) < len(before.Objects) {
		return fmt.Errorf("%d objects were listed before the turn and %d after it", len(before.Objects), len(after.Objects))
	}
	for i, old := range before.Objects {
		o := after.Objects[i]
		switch {
		case o.ID != old.ID:
			return fmt.Errorf("object %d of the list was id %d before the turn and is id %d after it", i, old.ID, o.ID)
		case !old.Alive && o.Alive:
			return fmt.Errorf("object %d (%s) was destroyed before the turn and is alive after it", o.ID, o.Kind)
		}
	}
	if before.Won && !after.Won {
		return fmt.Errorf("the level was won before the turn and is not after it: a win is for good")
	}
	return nil
}

// CheckUndo compares the snapshot taken before a Step or Move with the one
// taken after the Undo that takes it back: they must be the same in every
// field. The error names the first difference.
func CheckUndo(before, after BabaSnapshot) error {
	if before.Width != after.Width || before.Height != after.Height {
		return fmt.Errorf("undo: the grid was %dx%d and is %dx%d", before.Width, before.Height, after.Width, after.Height)
	}
	if before.NextID != after.NextID {
		return fmt.Errorf("undo: the next id was %d and is %d", before.NextID, after.NextID)
	}
	if len(before.Objects) != len(after.Objects) {
		return fmt.Errorf("undo: %d objects were listed and %d are", len(before.Objects), len(after.Objects))
	}
	for i, o := range before.Objects {
		if after.Objects[i] != o {
			return fmt.Errorf("undo: object %d was %+v and is %+v", o.ID, o, after.Objects[i])
		}
	}
	if len(before.Tiles) != len(after.Tiles) {
		return fmt.Errorf("undo: %d tiles were listed and %d are", len(before.Tiles), len(after.Tiles))
	}
	for i, tile := range before.Tiles {
		now := after.Tiles[i]
		if tile.X != now.X || tile.Y != now.Y || !slices.Equal(tile.Stack, now.Stack) || !slices.Equal(tile.Kinds, now.Kinds) {
			return fmt.Errorf("undo: tile (%d, %d) held %q (kinds %q) and holds %q (kinds %q)", tile.X, tile.Y, tile.Stack, tile.Kinds, now.Stack, now.Kinds)
		}
	}
	if !slices.Equal(before.Rules, after.Rules) {
		return fmt.Errorf("undo: Rules was %q and is %q", before.Rules, after.Rules)
	}
	if !slices.Equal(before.ActiveRules, after.ActiveRules) {
		return fmt.Errorf("undo: ActiveRules was %q and is %q", before.ActiveRules, after.ActiveRules)
	}
	if before.Won != after.Won || before.Lost != after.Lost {
		return fmt.Errorf("undo: Won and Lost were %v and %v, and are %v and %v", before.Won, before.Lost, after.Won, after.Lost)
	}
	return nil
}
