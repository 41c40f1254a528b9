package harness

import (
	"slices"

	"github.com/systemic-game-design/course/engine/game"
)

// EntitySnapshot is one entity of a Game at the moment of a snapshot.
type EntitySnapshot struct {
	ID          ID
	Name        string
	Owner       Player
	Hero        bool
	Zone        Zone
	OrderOfPlay uint32 // 0 for an entity that has never been in play
	Health      int
}

// GameSnapshot is everything the Module 13 invariants read about a Game, as
// plain values: it shares no memory with the game, so changing one changes
// nothing in the other.
type GameSnapshot struct {
	Entities   []EntitySnapshot // every entity the game has issued, heroes included, by id
	Decks      [2][]ID          // top of the deck first
	Hands      [2][]ID          // Hand(0), Hand(1)
	Boards     [2][]ID          // Board(0), Board(1)
	Graveyards [2][]ID
	Log        []GameEvent // Log() at the moment of the snapshot
}

// Snapshot copies the game's state into plain values (Module 13).
func (g *Game) Snapshot() GameSnapshot {
	var s GameSnapshot
	for id := ID(1); int(id) <= g.g.Entities(); id++ {
		s.Entities = append(s.Entities, EntitySnapshot{
			ID:          id,
			Name:        g.g.NameOf(id),
			Owner:       g.g.Owner(id),
			Hero:        g.g.IsHero(id),
			Zone:        g.ZoneOf(id),
			OrderOfPlay: g.g.OrderOfPlay(id),
			Health:      g.g.Health(id),
		})
	}
	for p := range Player(2) {
		s.Decks[p] = g.g.Zone(p, game.ZoneDeck)
		s.Hands[p] = g.g.Zone(p, game.ZoneHand)
		s.Boards[p] = g.g.Zone(p, game.ZoneBoard)
		s.Graveyards[p] = g.g.Zone(p, game.ZoneGraveyard)
	}
	s.Log = g.g.Log()
	return s
}

// ObjectSnapshot is one object of a rule grid at the moment of a snapshot.
type ObjectSnapshot struct {
	ID    ID
	Kind  string // as Place names it: "baba", "text:BABA"
	X, Y  int    // both 0 once the object is destroyed
	Alive bool   // false once destroyed
	You   bool   // HasProperty(id, "YOU")
}

// TileSnapshot is one tile of a rule grid: what StackAt and KindsAt say of it.
type TileSnapshot struct {
	X, Y  int
	Stack []string // StackAt(X, Y)
	Kinds []string // KindsAt(X, Y)
}

// BabaSnapshot is everything the Module 13 invariants read about a Baba, as
// plain values.
type BabaSnapshot struct {
	Width, Height int
	Objects       []ObjectSnapshot // every object the level has issued, oldest first
	Tiles         []TileSnapshot   // every tile, row by row: Tiles[y*Width+x]
	Rules         []string
	ActiveRules   []string
	Won, Lost     bool
	NextID        ID // the id the next new object will get
}

// Snapshot copies the level's state into plain values (Module 13).
func (b *Baba) Snapshot() BabaSnapshot {
	g := b.b
	w, h := g.Size()
	s := BabaSnapshot{
		Width: w, Height: h,
		Rules: b.Rules(), ActiveRules: b.ActiveRules(),
		Won: b.Won(), Lost: b.Lost(),
		NextID: g.NextID(),
	}
	for id := ID(1); id < g.NextID(); id++ {
		x, y, ok := g.PosOf(id)
		s.Objects = append(s.Objects, ObjectSnapshot{
			ID: id, Kind: g.KindOf(id), X: x, Y: y, Alive: ok,
			You: g.HasProperty(id, "YOU"),
		})
	}
	for y := range h {
		for x := range w {
			s.Tiles = append(s.Tiles, TileSnapshot{
				X: x, Y: y,
				Stack: slices.Clone(g.StackAt(x, y)),
				Kinds: slices.Clone(g.KindsAt(x, y)),
			})
		}
	}
	return s
}
