package data

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const goodLevel = `{"width": 3, "height": 2, "objects": [{"kind": "baba", "x": 2, "y": 1}, {"kind": "text:ALL", "x": 0, "y": 0}]}`

// parseAs reads raw as a card or a level file, as the loaders do.
func parseAs(t *testing.T, kind, raw string) error {
	t.Helper()
	c := embedded(t)
	if kind == KindCard {
		_, err := c.ParseCard("cards/a.json", []byte(raw))
		return err
	}
	_, err := c.ParseLevel("levels/a.json", []byte(raw))
	return err
}

// fileError is err as a *FileError about file a.json of its kind.
func fileError(t *testing.T, kind string, err error) *FileError {
	t.Helper()
	var fe *FileError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, kind, fe.Kind)
	assert.Equal(t, kind+"s/a.json", fe.File)
	return fe
}

// A byte order mark is refused by name, for cards and levels alike, with
// the mend, and before the JSON is read at all (Go's reader would call it
// an invalid character 'ï').
func TestLoadersRefuseAByteOrderMark(t *testing.T) {
	for kind, good := range map[string]string{KindCard: goodCard, KindLevel: goodLevel} {
		require.NoError(t, parseAs(t, kind, good), kind)
		fe := fileError(t, kind, parseAs(t, kind, "\xEF\xBB\xBF"+good))
		assert.Equal(t, kind+"s/a.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one", fe.Error())
		assert.Empty(t, fe.Path)

		// A UTF-16 file (Windows' "Unicode") is named for what it is.
		fe = fileError(t, kind, parseAs(t, kind, "\xFF\xFE{\x00}\x00"))
		assert.Equal(t, "is UTF-16 (it starts with the byte order mark FF FE)", fe.Rule)
		assert.Equal(t, "save the file as UTF-8 without a byte order mark", fe.Mend)
		fe = fileError(t, kind, parseAs(t, kind, "\xFE\xFF\x00{\x00}"))
		assert.Equal(t, "is UTF-16 (it starts with the byte order mark FE FF)", fe.Rule)
	}
	// A BOM and a duplicate key: the BOM is what stands first.
	fe := fileError(t, KindCard, parseAs(t, KindCard, "\xEF\xBB\xBF"+strings.Replace(goodCard, `"cost": 2,`, `"cost": 2, "cost": 3,`, 1)))
	assert.Contains(t, fe.Rule, "byte order mark")
}

// Bytes that are not UTF-8 are refused wherever they are, with their
// offset, line and column and, inside a string, the value's JSON pointer:
// Go's reader would turn them into U+FFFD without a word, and a card
// would load under another name.
func TestLoadersRefuseBytesThatAreNotUTF8(t *testing.T) {
	cases := []struct {
		name, kind, raw, path, rule string
	}{
		{"a card's name", KindCard, strings.Replace(goodCard, `"Alpha"`, "\"Alph\xE9\"", 1),
			"/name", "byte 0xE9 at offset 14 (line 1, column 15) is not UTF-8"},
		{"a clause's value", KindCard, strings.Replace(goodCard, `"draw"}`, "\"dr\xC3aw\"}", 1),
			"/clauses/1/effect", "byte 0xC3 at offset 203 (line 3, column 93) is not UTF-8"},
		{"a key", KindCard, strings.Replace(goodCard, `"cost"`, "\"co\xFFst\"", 1),
			"/co\uFFFDst", "byte 0xFF at offset 39 (line 1, column 40) is not UTF-8"},
		{"outside any string", KindCard, goodCard + "\n\x80", "", "byte 0x80 at offset 210 (line 4, column 1) is not UTF-8"},
		{"a level's title", KindLevel, `{"title": "Caf` + "\xE9" + `", "width": 1, "height": 1}`,
			"/title", "byte 0xE9 at offset 14 (line 1, column 15) is not UTF-8"},
		{"a level's object", KindLevel, "{\"width\": 3, \"height\": 2,\n \"objects\": [{\"kind\": \"baba\", \"x\": 2, \"y\": 1}, {\"kind\": \"text:A\xC0\", \"x\": 0, \"y\": 0}]}",
			"/objects/1/kind", "byte 0xC0 at offset 89 (line 2, column 64) is not UTF-8"},
		{"a truncated sequence", KindLevel, `{"title": "` + "\xE2\x82" + `", "width": 1, "height": 1}`,
			"/title", "byte 0xE2 at offset 11 (line 1, column 12) is not UTF-8"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe := fileError(t, tc.kind, parseAs(t, tc.kind, tc.raw))
			assert.Equal(t, tc.path, fe.Path)
			assert.Equal(t, tc.rule+", which a JSON reader would turn into U+FFFD without a word", fe.Rule)
			assert.Equal(t, "save the file as UTF-8", fe.Mend)
		})
	}
	// Characters that are UTF-8, a BOM's own U+FEFF inside a string among
	// them, load as they are (a name holds no format character: the text).
	_, err := embedded(t).ParseCard("cards/a.json", []byte(strings.Replace(goodCard, `"Alpha"`, "\"Älphä \u00e9\U0001F600\"", 1)))
	assert.NoError(t, err)
	_, err = embedded(t).ParseCard("cards/a.json", []byte(strings.Replace(goodCard, `"Deathrattle: Draw a card."`, "\"Deathrattle: \uFEFFDraw a card.\"", 1)))
	assert.NoError(t, err)
}

// A key given twice in one object, at any depth, is refused with the
// object's JSON pointer, the key, both places and the mend, before the
// schema is asked: the last would win without a word, and the file would
// mean something else than what its reader sees first.
func TestLoadersRefuseAKeyGivenTwice(t *testing.T) {
	cases := []struct {
		name, kind, raw, path, rule string
	}{
		{"a card's field", KindCard, strings.Replace(goodCard, `"attack": 1,`, `"attack": 1, "attack": 7,`, 1),
			"", `key "attack" appears twice in the top-level object (line 1, column 48 and line 1, column 61), and a JSON reader keeps only the last`},
		{"in a clause, an object inside an array", KindCard,
			`{"name": "A", "type": "spell", "cost": 1, "text": "",
 "clauses": [{"kind": "effect", "effect": "draw"},
             {"kind": "effect", "effect": "damage", "amount": 1, "target": "allMinions",
              "amount": 7}]}`,
			"/clauses/1", `key "amount" appears twice in this object (line 3, column 53 and line 4, column 15), and a JSON reader keeps only the last`},
		{"spelled with an escape", KindCard, strings.Replace(goodCard, `"cost": 2,`, `"cost": 2, "c\u006fst": 3,`, 1),
			"", `key "cost" appears twice in the top-level object (line 1, column 37 and line 1, column 48), and a JSON reader keeps only the last`},
		{"with the same value", KindCard, strings.Replace(goodCard, `"cost": 2,`, `"cost": 2, "cost": 2,`, 1),
			"", `key "cost" appears twice in the top-level object (line 1, column 37 and line 1, column 48), and a JSON reader keeps only the last`},
		{"before a schema error", KindCard, `{"name": "A", "name": "B", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`,
			"", `key "name" appears twice in the top-level object (line 1, column 2 and line 1, column 15), and a JSON reader keeps only the last`},
		{"a level's field", KindLevel, `{"width": 3, "height": 2, "width": 1}`,
			"", `key "width" appears twice in the top-level object (line 1, column 2 and line 1, column 27), and a JSON reader keeps only the last`},
		{"a level's object, inside an array", KindLevel, `{"width": 3, "height": 2, "objects": [{"kind": "baba", "x": 2, "y": 1}, {"kind": "baba", "x": 0, "y": 0, "x": 2}]}`,
			"/objects/1", `key "x" appears twice in this object (line 1, column 90 and line 1, column 106), and a JSON reader keeps only the last`},
		{"a level's placed card", KindLevel, `{"width": 3, "height": 2, "cards": [{"card": "Test Gravecaller", "card": "Whirlwind", "x": 1, "y": 1}]}`,
			"/cards/0", `key "card" appears twice in this object (line 1, column 38 and line 1, column 66), and a JSON reader keeps only the last`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe := fileError(t, tc.kind, parseAs(t, tc.kind, tc.raw))
			assert.Equal(t, tc.path, fe.Path)
			assert.Equal(t, tc.rule, fe.Rule)
			assert.Equal(t, "keep one of them", fe.Mend)
		})
	}
	// The same key in two objects is no duplicate.
	require.NoError(t, parseAs(t, KindLevel, goodLevel))
	require.NoError(t, parseAs(t, KindCard, goodCard))
}

// Go's reader matches a key to a field without regard to case, so
// {"Attack": 1, "attack": 7} would be two values for one field. The
// schemas close every object (additionalProperties or
// unevaluatedProperties false) and name the fields in lower case, so a key
// in another case is refused as a field the schema does not know, at any
// depth, whichever comes first.
func TestLoadersRefuseAKeyInAnotherCase(t *testing.T) {
	cases := []struct{ name, kind, raw, key string }{
		{"a card's field, first", KindCard, strings.Replace(goodCard, `"attack": 1,`, `"Attack": 1, "attack": 7,`, 1), "Attack"},
		{"a card's field, last", KindCard, strings.Replace(goodCard, `"attack": 1,`, `"attack": 1, "ATTACK": 7,`, 1), "ATTACK"},
		{"a clause's field", KindCard, strings.Replace(goodCard, `"effect": "draw"}`, `"effect": "draw", "Effect": "damage"}`, 1), "Effect"},
		{"a level's field", KindLevel, `{"width": 3, "Width": 1, "height": 2}`, "Width"},
		{"a level's object", KindLevel, `{"width": 3, "height": 2, "objects": [{"kind": "baba", "x": 2, "X": 0, "y": 1}]}`, "X"},
		{"a level's card", KindLevel, `{"width": 3, "height": 2, "cards": [{"card": "Test Gravecaller", "Card": "Whirlwind", "x": 1, "y": 1}]}`, "Card"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe := fileError(t, tc.kind, parseAs(t, tc.kind, tc.raw))
			assert.Contains(t, fe.Error(), tc.key)
			assert.Contains(t, fe.Mend, "correct its spelling")
		})
	}
}

// An escape of half a UTF-16 surrogate pair, without its other half, is
// refused at its string's JSON pointer with its place: Go's reader turns
// it into U+FFFD without a word, so "Z\ud800" and "Z\udc00" loaded as one
// name and were told as a card defined twice, under a name neither file
// spells.
func TestLoadersRefuseHalfASurrogatePair(t *testing.T) {
	cases := []struct {
		name, kind, raw, path, escape, place string
	}{
		{"a card's name", KindCard, strings.Replace(goodCard, `"Alpha"`, `"Alph\ud800"`, 1),
			"/name", `\ud800`, "offset 14 (line 1, column 15)"},
		{"the second half alone", KindCard, strings.Replace(goodCard, `"Alpha"`, `"\uDC00Alpha"`, 1),
			"/name", `\uDC00`, "offset 10 (line 1, column 11)"},
		{"a first half before another escape", KindCard, strings.Replace(goodCard, `"Alpha"`, `"A\ud83d\u0041"`, 1),
			"/name", `\ud83d`, "offset 11 (line 1, column 12)"},
		{"a key", KindCard, strings.Replace(goodCard, `"cost"`, `"co\udfffst"`, 1),
			"/co\uFFFDst", `\udfff`, "offset 39 (line 1, column 40)"},
		{"a level's title", KindLevel, `{"title": "x\ud800", "width": 1, "height": 1}`,
			"/title", `\ud800`, "offset 12 (line 1, column 13)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fe := fileError(t, tc.kind, parseAs(t, tc.kind, tc.raw))
			assert.Equal(t, tc.path, fe.Path)
			assert.Equal(t, "the escape "+tc.escape+" at "+tc.place+" is half of a UTF-16 surrogate pair without its other half, which a JSON reader would turn into U+FFFD without a word", fe.Rule)
			assert.Equal(t, `write the character itself, or its whole pair of escapes (\ud83d\ude00 for U+1F600)`, fe.Mend)
		})
	}
	// A whole pair, other escapes, and an escaped backslash before a u
	// load as they are.
	for _, text := range []string{`"Alpha \ud83d\ude00"`, `"Alpha \u00e9\n\"\\"`, `"Alpha \\ud800"`} {
		require.NoError(t, parseAs(t, KindCard, strings.Replace(goodCard, `"Deathrattle: Draw a card."`, text, 1)), text)
	}
	// The catalog and the lexicon are held to it too.
	fe := CheckJSONText(KindCatalog, CatalogFile, []byte(`{"cards": [{"name": "\ud800"}]}`))
	require.NotNil(t, fe)
	assert.Equal(t, "/cards/0/name", fe.Path)
}
