package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/engine/game"
)

const goodCard = `{"name": "Alpha", "type": "minion", "cost": 2, "attack": 1, "health": 2,
 "text": "Deathrattle: Draw a card.",
 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "draw"}]}`

// embedded is the content built into the binary.
func embedded(t testing.TB) *Content {
	t.Helper()
	c, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestParseCardReadsAGoodFile(t *testing.T) {
	d, err := embedded(t).ParseCard("cards/alpha.json", []byte(goodCard))
	require.NoError(t, err)
	assert.Equal(t, "Alpha", d.Name)
	assert.Len(t, d.Clauses, 2)
}

func TestParseFileErrorsNameFilePathAndMend(t *testing.T) {
	cases := []struct {
		name, json, path, rule string
	}{
		{"bad json", `{"name": `, "", "not valid JSON"},
		{"missing field", `{"name": "A", "type": "spell", "cost": 1, "clauses": []}`, "", "text"},
		{"unknown effect", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`, "/clauses/0/effect", ""},
		{"stray field", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "draw", "amount": 2}]}`, "/clauses/0/amount", "amount"},
		{"minion without health", `{"name": "A", "type": "minion", "cost": 1, "attack": 1, "text": "", "clauses": []}`, "", "health"},
		{"effect before trigger", `{"name": "A", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
			"clauses": [{"kind": "effect", "effect": "draw"}, {"kind": "trigger", "trigger": "deathrattle"}]}`, "/clauses/0", "belongs to no trigger"},
		{"trigger without effect", `{"name": "A", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
			"clauses": [{"kind": "trigger", "trigger": "battlecry"}, {"kind": "keyword", "keyword": "taunt"}]}`, "/clauses/0", "no effect"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := embedded(t).ParseCard("cards/a.json", []byte(c.json))
			var ce *FileError
			require.True(t, errors.As(err, &ce), "error %v is not a *FileError", err)
			assert.Equal(t, "cards/a.json", ce.File)
			assert.Equal(t, c.path, ce.Path)
			assert.Contains(t, ce.Rule, c.rule)
			assert.NotEmpty(t, ce.Mend)
			assert.True(t, strings.HasPrefix(err.Error(), "cards/a.json"), "message %q", err)
		})
	}
}

func TestLoadCardsIsAllOrNothing(t *testing.T) {
	summoner := `{"name": "Beta", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
	 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "Gamma"}]}`
	defs, err := embedded(t).LoadCards([]File{{"cards/alpha.json", []byte(goodCard)}, {"cards/beta.json", []byte(summoner)}})
	assert.Nil(t, defs)
	var ce *FileError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "cards/beta.json", ce.File)
	assert.Contains(t, ce.Rule, `"Gamma"`)
	assert.Contains(t, ce.Rule, `"Beta"`)

	defs, err = embedded(t).LoadCards([]File{{"cards/alpha.json", []byte(goodCard)}, {"cards/alpha2.json", []byte(goodCard)}})
	assert.Nil(t, defs)
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "cards/alpha2.json", ce.File)
	assert.Contains(t, ce.Rule, "cards/alpha.json")
}

// FuzzParseCard: no input makes ParseCard panic, every refusal is a
// *FileError, and every card it accepts compiles in the engine.
func FuzzParseCard(f *testing.F) {
	c := embedded(f)
	f.Add([]byte(goodCard))
	f.Add([]byte(`{"name": "Storm", "type": "spell", "cost": 1, "text": "x", "clauses": [{"kind": "effect", "effect": "damage", "amount": 1, "target": "allMinions"}]}`))
	f.Add([]byte(`{"name": "A", "type": "minion", "cost": 1, "attack": 0, "health": 1, "text": "", "clauses": [{"kind": "aura", "aura": "multiplier", "trigger": "endOfTurn", "times": 2, "stacking": "max"}]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"clauses": [{"kind": "trigger"}]}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := c.ParseCard("fuzz.json", raw)
		if err != nil {
			var ce *FileError
			if !errors.As(err, &ce) {
				t.Fatalf("error %v is not a *FileError", err)
			}
			return
		}
		if _, err := game.Compile(d); err != nil {
			t.Fatalf("accepted a card the engine cannot compile: %v", err)
		}
	})
}
