package harness

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/game"
)

// Sketch is Module 0's board: one row of minions, known by their card names
// only, with no ids, no players and no heroes. A learner writes a throwaway
// engine for it; the reference runs it on the card game, as player 0's side
// of a Game, which is why it needs no engine code of its own.
type Sketch struct {
	g    *game.Game
	hits []string
}

// NewSketch starts an empty board.
func NewSketch() *Sketch {
	return &Sketch{g: game.New(library(), [2][]string{})}
}

// Add puts a minion of card at the right end of the board with health Health
// left (from 1 to the card's Health). Add deals no damage: Hits does not
// list it.
func (s *Sketch) Add(card string, health int) {
	full := s.g.CardDef(card).Health
	if health < 1 || health > full {
		panic(fmt.Sprintf("sketch: %s added with %d Health; it can have 1 to %d", card, health, full))
	}
	id := s.g.Summon(card, 0)
	if full > health {
		s.g.DealDamage(id, full-health)
	}
	s.g.ClearLog()
}

// Cast casts the spell named card on the board and everything it sets off,
// and adds each minion it damaged to Hits.
func (s *Sketch) Cast(card string) {
	s.g.Cast(card, 0, 0)
	for _, e := range s.g.Log() {
		if d, ok := e.(game.Damaged); ok && !s.g.IsHero(d.Target) {
			s.hits = append(s.hits, s.g.NameOf(d.Target))
		}
	}
	s.g.ClearLog()
}

// Board is the names of the minions on the board, left to right.
func (s *Sketch) Board() []string {
	ids := s.g.Zone(0, game.ZoneBoard)
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = s.g.NameOf(id)
	}
	return names
}

// Hits is the name of every minion that took damage since the board was
// made, once per hit, in the order the hits happened.
func (s *Sketch) Hits() []string { return append([]string(nil), s.hits...) }
