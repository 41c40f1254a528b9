package data

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

func TestParseLevelValid(t *testing.T) {
	lv, err := embedded(t).ParseLevel("levels/ok.json", []byte(`{"title": "T", "width": 3, "height": 2,
		"objects": [{"kind": "baba", "x": 2, "y": 1}, {"kind": "text:ALL", "x": 0, "y": 0}],
		"solution": ["up", "right"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if lv.Width != 3 || len(lv.Objects) != 2 || len(lv.Solution) != 2 || lv.Solution[1].Dir.String() != "right" {
		t.Errorf("parsed %+v", lv)
	}
}

// A solution's casts and plays read back as they are written, beside its
// steps, so that a recorded SpellGrid win replays whole.
func TestParseLevelSolutionCastsAndPlays(t *testing.T) {
	raw := `{"width": 3, "height": 2, "hand": ["Whirlwind", "Test Filler"],
		"solution": ["up", {"cast": "Whirlwind"}, {"cast": "Whirlwind", "target": 4, "choices": ["a", ""]}, {"play": "Test Filler", "x": 0, "y": 1}]}`
	lv, err := embedded(t).ParseLevel("levels/spell.json", []byte(raw))
	require.NoError(t, err)
	want := []Move{{Dir: grid.Up}, {Cast: "Whirlwind"}, {Cast: "Whirlwind", Target: 4, Choices: []string{"a", ""}}, {Play: "Test Filler", X: 0, Y: 1}}
	assert.Equal(t, want, lv.Solution)
	_, steps := lv.Steps()
	assert.False(t, steps)
	out, err := json.Marshal(lv.Solution)
	require.NoError(t, err)
	assert.JSONEq(t, `["up", {"cast": "Whirlwind"}, {"cast": "Whirlwind", "target": 4, "choices": ["a", ""]}, {"play": "Test Filler", "x": 0, "y": 1}]`, string(out))
}

func TestParseLevelErrors(t *testing.T) {
	cases := []struct {
		name, json, path, rule string
	}{
		{"not json", `{"width": 3,`, "", "the file ends before its JSON does"},
		{"json error", "{\"width\": 3\n\"height\": 3}", "", "not valid JSON at line 2, column 1 "},
		{"missing height", `{"width": 3}`, "", "height"},
		{"unknown field", `{"width": 3, "height": 3, "colour": "red"}`, "", "colour"},
		{"bad kind pattern", `{"width": 3, "height": 3, "objects": [{"kind": "Baba", "x": 0, "y": 0}]}`, "/objects/0/kind", ""},
		{"unknown noun", `{"width": 3, "height": 3, "objects": [{"kind": "dragon", "x": 0, "y": 0}]}`, "/objects/0/kind", "dragon"},
		{"unknown word", `{"width": 3, "height": 3, "objects": [{"kind": "text:DRAGON", "x": 0, "y": 0}]}`, "/objects/0/kind", "DRAGON"},
		{"off the grid x", `{"width": 3, "height": 3, "objects": [{"kind": "baba", "x": 0, "y": 0}, {"kind": "baba", "x": 3, "y": 0}]}`, "/objects/1/x", "off the grid"},
		{"off the grid y", `{"width": 3, "height": 3, "objects": [{"kind": "baba", "x": 0, "y": 5}]}`, "/objects/0/y", "off the grid"},
		{"negative", `{"width": 3, "height": 3, "objects": [{"kind": "baba", "x": -1, "y": 0}]}`, "/objects/0/x", ""},
		{"card off the grid", `{"width": 3, "height": 3, "cards": [{"card": "Test Filler", "x": 9, "y": 0}]}`, "/cards/0/x", "off the grid"},
		{"bad direction", `{"width": 3, "height": 3, "solution": ["north"]}`, "/solution/0", ""},
		{"cast of no card", `{"width": 3, "height": 3, "hand": ["Whirlwind"], "solution": [{"cast": "Whirlwinds"}]}`, "/solution/0/cast", "no card is named"},
		{"play off the grid", `{"width": 3, "height": 3, "hand": ["Test Filler"], "solution": [{"play": "Test Filler", "x": 3, "y": 0}]}`, "/solution/0/x", "off the grid"},
		{"play with no tile", `{"width": 3, "height": 3, "hand": ["Test Filler"], "solution": [{"play": "Test Filler"}]}`, "/solution/0", ""},
		{"cast with a word unknown", `{"width": 3, "height": 3, "hand": ["Whirlwind"], "solution": [{"cast": "Whirlwind", "at": 2}]}`, "/solution/0", ""},
		{"move of another type", `{"width": 3, "height": 3, "solution": [3]}`, "/solution/0", ""},
		{"too wide", `{"width": 300, "height": 3}`, "/width", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := embedded(t).ParseLevel("levels/bad.json", []byte(c.json))
			var le *FileError
			if !errors.As(err, &le) {
				t.Fatalf("error %v, want a *FileError", err)
			}
			if le.File != "levels/bad.json" || le.Path != c.path || !strings.Contains(le.Error(), c.rule) || le.Mend == "" {
				t.Errorf("got %q (path %q), want path %q and %q in it", le.Error(), le.Path, c.path, c.rule)
			}
		})
	}
}

// A level's cards and hand name cards the engine can put there: a placed
// card is a minion with a noun, a dealt card exists. NewSpellGrid panics on
// each otherwise.
func TestParseLevelChecksItsCards(t *testing.T) {
	defs := []card.Def{
		{Name: "Stone Minion", Type: card.TypeMinion, Health: 1, Noun: "ROCK"},
		{Name: "Plain Minion", Type: card.TypeMinion, Health: 1},
		{Name: "Bolt", Type: card.TypeSpell},
	}
	level := func(extra string) []byte {
		return []byte(`{"width": 3, "height": 1` + extra + `}`)
	}
	cases := []struct{ name, extra, path, rule string }{
		{"unknown placed", `, "cards": [{"card": "Nobody", "x": 0, "y": 0}]`, "/cards/0/card", `no card is named "Nobody"`},
		{"spell placed", `, "cards": [{"card": "Stone Minion", "x": 0, "y": 0}, {"card": "Bolt", "x": 1, "y": 0}]`, "/cards/1/card", `card "Bolt" is a spell`},
		{"no noun", `, "cards": [{"card": "Plain Minion", "x": 0, "y": 0}]`, "/cards/0/card", `card "Plain Minion" has no noun`},
		{"unknown in hand", `, "hand": ["Bolt", "Nobody"]`, "/hand/1", `no card is named "Nobody"`},
	}
	c := embedded(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.ParseLevelWith("levels/l.json", level(tc.extra), defs)
			var fe *FileError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, KindLevel, fe.Kind)
			assert.Equal(t, tc.path, fe.Path)
			assert.Contains(t, fe.Rule, tc.rule)
			assert.NotEmpty(t, fe.Mend)
		})
	}
	_, err := c.ParseLevelWith("levels/l.json", level(`, "cards": [{"card": "Stone Minion", "x": 0, "y": 0}], "hand": ["Bolt", "Plain Minion"]`), defs)
	assert.NoError(t, err)
}

// A file's error starts with where it is, the place inside it when there is
// one, so that a caller can set that part apart.
func TestFileErrorSaysWhereFirst(t *testing.T) {
	e := &FileError{Kind: KindCard, File: "cards/a.json", Path: "/clauses/1", Rule: "is wrong", Mend: "mend it"}
	assert.Equal(t, "cards/a.json at /clauses/1", e.Where())
	assert.Equal(t, "cards/a.json at /clauses/1: is wrong; mend it", e.Error())
	whole := &FileError{Kind: KindLevel, File: "levels/b.json", Rule: "is not JSON", Mend: "write JSON"}
	assert.Equal(t, "levels/b.json", whole.Where())
	assert.True(t, strings.HasPrefix(whole.Error(), whole.Where()+": "))
}
