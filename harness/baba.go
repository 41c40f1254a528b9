package harness

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/grid"
)

// LevelDef is a level: the format of course/schema/level.schema.json.
type LevelDef = grid.LevelDef

// LevelObject is one object of a level: its kind and tile.
type LevelObject = grid.LevelObject

// LevelCard is a minion a level starts with (from Module 10).
type LevelCard = grid.LevelCard

// Dir is a direction of movement.
type Dir = grid.Dir

// The four directions: x grows right, y grows down.
const (
	Up    = grid.Up
	Down  = grid.Down
	Left  = grid.Left
	Right = grid.Right
)

// Baba is a rule grid (Part II).
type Baba struct {
	b *grid.Board
}

// NewBaba builds a rule grid for a level; the level's objects get ids in
// list order. A level that is not valid (an unknown kind, an object off the
// grid) is a broken contract: it panics saying why.
func NewBaba(level LevelDef) *Baba {
	b, err := grid.New(lexicon(), level)
	if err != nil {
		panic(fmt.Sprintf("NewBaba: %v", err))
	}
	return &Baba{b: b}
}

// board is the engine's board behind the harness, for this package's tests.
func (b *Baba) board() *grid.Board { return b.b }

// Place adds an object ("baba", "text:BABA") on tile (x, y) and returns its
// id; it clears the undo history. An unknown kind or a tile off the grid
// panics.
func (b *Baba) Place(kind string, x, y int) ID {
	id, err := b.b.Place(kind, x, y)
	if err != nil {
		panic(fmt.Sprintf("Place: %v", err))
	}
	return id
}

// Rules lists what the text spells: sorted, each rule once, with "TEXT IS PUSH".
func (b *Baba) Rules() []string { return b.b.Rules() }

// HasProperty says whether an object has a property now.
func (b *Baba) HasProperty(id ID, prop string) bool { return b.b.HasProperty(id, prop) }

// ActiveRules lists the rules in force after NOT and identity, sorted.
func (b *Baba) ActiveRules() []string { return b.b.ActiveRules() }

// Move moves the YOU objects one tile and reparses: movement only.
func (b *Baba) Move(dir Dir) { b.b.Move(dir) }

// PosOf is an object's tile; ok is false once it has been destroyed.
func (b *Baba) PosOf(id ID) (x, y int, ok bool) { return b.b.PosOf(id) }

// KindsAt lists the kinds on a tile, sorted.
func (b *Baba) KindsAt(x, y int) []string { return b.b.KindsAt(x, y) }

// StackAt lists the kinds on a tile, oldest first.
func (b *Baba) StackAt(x, y int) []string { return b.b.StackAt(x, y) }

// Step plays one whole turn.
func (b *Baba) Step(dir Dir) { b.b.Step(dir) }

// Won is true once a turn has been won.
func (b *Baba) Won() bool { return b.b.Won() }

// Lost is true while no object is YOU.
func (b *Baba) Lost() bool { return b.b.Lost() }

// Undo takes back the last Move or Step; false when there is none.
func (b *Baba) Undo() bool { return b.b.Undo() }
