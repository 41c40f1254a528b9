package data

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/engine/card"
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
		{"bad json", `{"name": `, "", "the file ends before its JSON does"},
		{"json error", "{\"name\": \"A\",\n  \"type\": \"spell\",,\n}", "", "not valid JSON at line 2, column 19 (invalid character ','"},
		{"json error after letters of two bytes", "{\"name\": \"Ünï\" \"x\"}", "", "not valid JSON at line 1, column 16 "},
		{"empty file", "", "", "the file is empty"},
		// White space alone is not an empty file: it has bytes, and the
		// rule says which.
		{"white space alone", " \n", "", "the file holds only white space (1 line break and 1 space) and no JSON"},
		{"white space of every kind", "\t \r\n\r\n  \n", "", "the file holds only white space (3 line breaks, 3 spaces and 1 tab) and no JSON"},
		// A no-break space is no JSON white space: a syntax error.
		{"a no-break space", "\u00a0\n", "", "the file is not valid JSON at line 1, column 1"},
		{"missing field", `{"name": "A", "type": "spell", "cost": 1, "clauses": []}`, "", "text"},
		{"unknown effect", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`, "/clauses/0/effect", ""},
		{"stray field", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "draw", "amount": 2}]}`, "/clauses/0/amount", "amount"},
		{"minion without health", `{"name": "A", "type": "minion", "cost": 1, "attack": 1, "text": "", "clauses": []}`, "", "health"},
		{"effect before trigger", `{"name": "A", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
			"clauses": [{"kind": "effect", "effect": "draw"}, {"kind": "trigger", "trigger": "deathrattle"}]}`, "/clauses/0", "belongs to no trigger"},
		// A name that reads as another's, or as nothing, is refused.
		{"a NUL in the name", `{"name": "A\u0000", "type": "spell", "cost": 1, "text": "", "clauses": []}`, "/name", "U+0000, a control character, at byte 1"},
		{"an escape in the name", `{"name": "\u001b[2JA", "type": "spell", "cost": 1, "text": "", "clauses": []}`, "/name", "U+001B, a control character, at byte 0"},
		{"a line break in the name", `{"name": "A\nB", "type": "spell", "cost": 1, "text": "", "clauses": []}`, "/name", "U+000A"},
		{"a zero-width space in the name", `{"name": "Al\u200bpha", "type": "spell", "cost": 1, "text": "", "clauses": []}`, "/name", "U+200B, a format character that prints as nothing, at byte 2"},
		{"a right-to-left override in the name", "{\"name\": \"A\u202eB\", \"type\": \"spell\", \"cost\": 1, \"text\": \"\", \"clauses\": []}", "/name", "U+202E"},
		{"a line separator in the name", `{"name": "A\u2028B", "type": "spell", "cost": 1, "text": "", "clauses": []}`, "/name", "U+2028"},
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

// A card that stands on the grid may summon only a minion that does too:
// the token of one without a noun would be in play and on no tile.
func TestLoadCardsRefusesAGridCardsTokenOffTheGrid(t *testing.T) {
	summoner := func(noun string) []byte {
		return []byte(`{"name": "Beta", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "", "noun": "` + noun + `",
		 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "Alpha"}]}`)
	}
	alpha := func(noun string) []byte {
		return []byte(strings.Replace(goodCard, `"type": "minion",`, `"type": "minion", "noun": "`+noun+`",`, 1))
	}
	c := embedded(t)
	_, err := c.LoadCards([]File{{"cards/alpha.json", []byte(goodCard)}, {"cards/beta.json", summoner("ROCK")}})
	var ce *FileError
	require.ErrorAs(t, err, &ce)
	assert.Equal(t, "cards/beta.json", ce.File)
	assert.Equal(t, "/clauses/1/card", ce.Path)
	assert.Equal(t, `card "Beta" stands on the grid as ROCK but summons "Alpha", which has no noun, so on a SpellGrid level the token would be in play and on no tile`, ce.Rule)
	assert.Equal(t, `give "Alpha" a noun`, ce.Mend)

	for name, files := range map[string][]File{
		"the token stands on the grid too": {{"cards/alpha.json", alpha("KEY")}, {"cards/beta.json", summoner("ROCK")}},
		"neither stands on the grid":       {{"cards/alpha.json", []byte(goodCard)}, {"cards/beta.json", []byte(strings.Replace(string(summoner("ROCK")), `"noun": "ROCK",`, "", 1))}},
	} {
		defs, err := c.LoadCards(files)
		assert.NoError(t, err, name)
		assert.Len(t, defs, 2, name)
	}
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
	f.Add([]byte("\xEF\xBB\xBF" + goodCard))
	f.Add([]byte(strings.Replace(goodCard, `"Alpha"`, "\"Alph\xE9\"", 1)))
	f.Add([]byte(`{"name": "A", "name": "B", "clauses": [{"kind": "effect", "kind": "trigger"}]}`))
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

// Numbers beyond what the engine keeps (32-bit stats, a multiplier of at
// most 255) are refused with the range, by the schema and by the loader.
func TestParseCardRefusesNumbersTheEngineCannotKeep(t *testing.T) {
	minion := func(stats string) string {
		return `{"name": "A", "type": "minion", "cost": 1, ` + stats + `, "text": "", "clauses": []}`
	}
	cases := []struct{ name, json, path, mend string }{
		{"health 2^31", minion(`"attack": 1, "health": 2147483648`), "/health", "at most 2147483647"},
		{"health 2^32+1", minion(`"attack": 1, "health": 4294967297`), "/health", "at most 2147483647"},
		{"attack 2^31", minion(`"attack": 2147483648, "health": 1`), "/attack", "at most 2147483647"},
		{"cost", `{"name": "A", "type": "spell", "cost": 9999999999, "text": "", "clauses": []}`, "/cost", "at most 2147483647"},
		{"times 256", `{"name": "A", "type": "minion", "cost": 1, "attack": 0, "health": 1, "text": "", "clauses": [{"kind": "aura", "aura": "multiplier", "trigger": "endOfTurn", "times": 256, "stacking": "max"}]}`, "/clauses/0/times", "at most 255"},
		{"damage amount", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "damage", "amount": 2147483648, "target": "allMinions"}]}`, "/clauses/0/amount", "at most 2147483647"},
		{"stats below", `{"name": "A", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "stats", "attack": -2147483649}]}`, "/clauses/0/attack", ""},
	}
	c := embedded(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.ParseCard("cards/a.json", []byte(tc.json))
			var fe *FileError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, tc.path, fe.Path)
			assert.Contains(t, fe.Mend, tc.mend)
		})
	}
	// The largest values the engine keeps load.
	_, err := c.ParseCard("cards/a.json", []byte(minion(`"attack": 2147483647, "health": 2147483647`)))
	assert.NoError(t, err)
}

// The loader checks the ranges itself too, whatever a schema says.
func TestCheckRangesNamesTheRange(t *testing.T) {
	d := card.Def{Name: "A", Type: card.TypeMinion, Attack: 1, Health: 1 << 31}
	err := checkRanges("cards/a.json", &d)
	var fe *FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "/health", fe.Path)
	assert.Equal(t, "2147483648 is outside the range the engine keeps, 1 to 2147483647", fe.Rule)

	d = card.Def{Name: "A", Type: card.TypeMinion, Health: 1, Clauses: []card.Clause{{Kind: card.KindAura, Aura: card.AuraMultiplier, Times: 300}}}
	err = checkRanges("cards/a.json", &d)
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "/clauses/0/times", fe.Path)
	assert.Contains(t, fe.Rule, "2 to 255")
}

// A card or level file with no JSON in it is told so, with the mend of
// writing it (or deleting the file), not of fixing its syntax.
func TestAFileOfWhiteSpaceIsNotCalledEmpty(t *testing.T) {
	_, err := embedded(t).ParseCard("cards/blank.json", []byte("\n\n  \n"))
	require.Error(t, err)
	assert.Equal(t, `cards/blank.json: the file holds only white space (3 line breaks and 2 spaces) and no JSON; write the card's JSON object ({"name": ..., "type": ..., ...}) in it, or delete the file`, err.Error())
	_, err = embedded(t).ParseLevel("levels/blank.json", []byte(" "))
	require.Error(t, err)
	assert.Equal(t, `levels/blank.json: the file holds only white space (1 space) and no JSON; write the level's JSON object ({"width": ..., "height": ..., ...}) in it, or delete the file`, err.Error())
	_, err = embedded(t).ParseLevel("levels/empty.json", nil)
	require.Error(t, err)
	assert.Equal(t, `levels/empty.json: the file is empty; write the level's JSON object ({"width": ..., "height": ..., ...}) in it, or delete the file`, err.Error())
}
