package harness

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/spellgrid"
)

// SpellGrid is the card game played on the rule grid (Part III): one id
// space, rules as auras, and the grid catching up when a Sequence ends.
type SpellGrid struct{ w *spellgrid.World }

// NewSpellGrid starts a level: its objects, its cards (minions in play for
// player 0, each a grid object of its card's noun) and player 0's hand.
// cards adds definitions to those of cards/. A level that does not load
// panics saying why.
func NewSpellGrid(level LevelDef, cards []CardDef) *SpellGrid {
	w, err := spellgrid.New(lexicon(), library(), level, cards)
	if err != nil {
		panic(fmt.Sprintf("NewSpellGrid: %v", err))
	}
	return &SpellGrid{w: w}
}

// Place adds an object ("baba", "text:BABA") on tile (x, y) and returns its
// id. An unknown kind or a tile off the grid panics.
func (s *SpellGrid) Place(kind string, x, y int) ID {
	id, err := s.w.Place(kind, x, y)
	if err != nil {
		panic(fmt.Sprintf("Place: %v", err))
	}
	return id
}

// Rules lists what the text spells: sorted, each rule once, with "TEXT IS PUSH".
func (s *SpellGrid) Rules() []string { return s.w.Board().Rules() }

// ActiveRules lists the rules in force after NOT and identity, sorted.
func (s *SpellGrid) ActiveRules() []string { return s.w.Board().ActiveRules() }

// HasProperty says whether an object (a minion included) has a property now.
func (s *SpellGrid) HasProperty(id ID, prop string) bool {
	return s.w.Board().HasProperty(id, prop)
}

// Move moves the YOU objects one tile and reparses; minions it destroys die
// in one Sequence.
func (s *SpellGrid) Move(dir Dir) { s.w.Move(dir) }

// PosOf is an object's tile; ok is false once it has been destroyed, and for
// a hero or a card in hand.
func (s *SpellGrid) PosOf(id ID) (x, y int, ok bool) { return s.w.Board().PosOf(id) }

// KindsAt lists the kinds on a tile, sorted.
func (s *SpellGrid) KindsAt(x, y int) []string { return s.w.Board().KindsAt(x, y) }

// StackAt lists the kinds on a tile, oldest first.
func (s *SpellGrid) StackAt(x, y int) []string { return s.w.Board().StackAt(x, y) }

// Step plays one whole turn; minions it destroys die in one Sequence.
func (s *SpellGrid) Step(dir Dir) { s.w.Step(dir) }

// Won is true once a turn has been won.
func (s *SpellGrid) Won() bool { return s.w.Board().Won() }

// Lost is true while no object is YOU.
func (s *SpellGrid) Lost() bool { return s.w.Board().Lost() }

// Undo is not supported: a level's snapshot does not hold the card game.
func (s *SpellGrid) Undo() bool {
	panic("Undo is not supported on a SpellGrid: the grid's history does not cover the card game's state")
}

// Cast casts a spell from player 0's hand as one Sequence, at the minion
// target[0] if given. It panics where CheckCast returns an error.
func (s *SpellGrid) Cast(card string, target ...ID) {
	if err := s.w.Cast(card, firstTarget(target)); err != nil {
		panic(fmt.Sprintf("Cast: %v", err))
	}
}

// Play plays a minion from player 0's hand onto the empty tile (x, y) as one
// Sequence and returns its id. It panics where CheckPlay returns an error.
func (s *SpellGrid) Play(card string, x, y int) ID {
	id, err := s.w.Play(card, x, y)
	if err != nil {
		panic(fmt.Sprintf("Play: %v", err))
	}
	return id
}

// CheckCast says why Cast would fail, or nil; it changes nothing.
func (s *SpellGrid) CheckCast(card string, target ...ID) error {
	return s.w.CheckCast(card, firstTarget(target))
}

// CheckPlay says why Play would fail, or nil; it changes nothing.
func (s *SpellGrid) CheckPlay(card string, x, y int) error { return s.w.CheckPlay(card, x, y) }

// Health is a minion's or hero's Health.
func (s *SpellGrid) Health(id ID) int { return s.w.Health(id) }

// Hero is player's hero's id.
func (s *SpellGrid) Hero(player Player) ID { return s.w.Hero(player) }

// NameOf is the card name of a minion or card ("hero" for a hero).
func (s *SpellGrid) NameOf(id ID) string { return s.w.NameOf(id) }

// MinionAt is the minion standing on tile (x, y), if any.
func (s *SpellGrid) MinionAt(x, y int) (ID, bool) { return s.w.MinionAt(x, y) }

// Hand lists the names of the cards in player 0's hand.
func (s *SpellGrid) Hand() []string { return s.w.Hand() }

// Log is every event since the last ClearLog, with grid ids.
func (s *SpellGrid) Log() []GameEvent { return s.w.Log() }

// ClearLog empties the log.
func (s *SpellGrid) ClearLog() { s.w.Game().ClearLog() }

// LogTree is the log one event a line, indented two spaces per level of nesting.
func (s *SpellGrid) LogTree() string { return s.w.LogTree() }

// SetChooser sets who makes the choices of an assemble effect.
func (s *SpellGrid) SetChooser(choose func(kind string, options []string) string) {
	s.w.Game().SetChooser(choose)
}

// WithNaiveAuraTiming makes this game run the Death Creation Step before the
// Aura Update, the real game's order, for one test.
func (s *SpellGrid) WithNaiveAuraTiming() { s.w.Game().WithNaiveAuraTiming() }

// firstTarget is a variadic target's value: its first element, or 0 for none.
func firstTarget(ids []ID) ID {
	if len(ids) == 0 {
		return 0
	}
	return ids[0]
}
