package data

import (
	"testing"

	"github.com/systemic-game-design/course/engine/game"
	"github.com/systemic-game-design/course/engine/grid"
	"github.com/systemic-game-design/course/engine/spellgrid"
)

// FuzzParseLevel: the level loader never panics, and a level it accepts
// builds a board and a SpellGrid world with the course's cards: whatever
// validate accepts, the engine accepts too.
func FuzzParseLevel(f *testing.F) {
	for _, s := range []string{
		`{"width": 3, "height": 2, "objects": [{"kind": "baba", "x": 2, "y": 1}], "solution": ["up"]}`,
		`{"width": 1, "height": 1}`,
		`{"width": 3, "height": 3, "objects": [{"kind": "text:ON", "x": 0, "y": 0}, {"kind": "text:ALL", "x": 1, "y": 0}]}`,
		`{"width": 3, "height": 3, "cards": [{"card": "x", "x": 1, "y": 1}], "hand": ["y"]}`,
		`{"width": 3, "height": 3, "cards": [{"card": "Test Gravecaller", "x": 1, "y": 1}], "hand": ["Whirlwind"]}`,
		`{"width": 3, "height": 3, "cards": [{"card": "Whirlwind", "x": 1, "y": 1}]}`,
		`{"width": 3, "height": 3, "cards": [{"card": "Acolyte of Pain", "x": 1, "y": 1}]}`,
		`{"width": 0}`, `[]`, `null`, `{"objects": 7}`,
		"\xEF\xBB\xBF{\"width\": 1, \"height\": 1}", `{"width": 1, "height": 1, "objects": [{"kind": "baba", "x": 0, "x": 0, "y": 0}]}`,
		"{\"width\": 1, \"height\": 1, \"title\": \"\xC0\"}",
	} {
		f.Add([]byte(s))
	}
	c := embedded(f)
	lex := c.Lexicon()
	lib, err := game.NewLibrary(c.ReferenceCards())
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		lv, err := c.ParseLevel("levels/fuzz.json", raw)
		if err != nil {
			return
		}
		if _, err := grid.New(lex, lv.LevelDef); err != nil {
			t.Errorf("ParseLevel accepted a level the engine refuses: %v", err)
		}
		if _, err := spellgrid.New(lex, lib, lv.LevelDef, nil); err != nil {
			t.Errorf("ParseLevel accepted a level SpellGrid refuses: %v", err)
		}
	})
}
