package data

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
)

func TestTheCourseCatalogLoads(t *testing.T) {
	c, err := LoadCatalog(course.Files)
	require.NoError(t, err)
	assert.NotEmpty(t, c.CardsOfModule("01"))
	assert.Contains(t, c.Nouns(), "BABA")
	assert.NotContains(t, c.Nouns(), "TEXT")
}

func TestCatalogErrorsNameTheEntryAndField(t *testing.T) {
	cases := []struct{ raw, want string }{
		{`{"cards":[{"name":"A","type":"minion","module":"1"}]}`, `catalog.json: cards[0].module: "1" is not a module`},
		{`{"cards":[{"type":"minion","module":"01"}]}`, `catalog.json: cards[0].name: missing`},
		{`{"words":[{"word":"BABA","module":"06"}]}`, `catalog.json: words[0].role: missing`},
		{`{"cards":[{"name":"A","type":"minion","module":"01"},{"name":"A","type":"minion","module":"02"}]}`, `cards[1].name: "A" is listed twice`},
		{`{"cards":`, `catalog.json: not a valid catalog`},
	}
	for _, c := range cases {
		_, err := ParseCatalog([]byte(c.raw))
		if assert.Error(t, err, c.raw) {
			assert.Contains(t, err.Error(), c.want)
		}
	}
}

// The catalog's text is held to a card file's rules, before it is
// decoded: a list given twice (or again in another case, which Go's
// reader takes for the same field) would leave the first list's names
// out of the coupling audit without a word.
func TestCatalogRefusesTextItsReaderWouldMisread(t *testing.T) {
	card := `{"name":"Alpha","type":"minion","module":"01"}`
	cases := []struct{ name, raw, want string }{
		{"a list given twice", `{"cards":[` + card + `],"cards":[]}`,
			`catalog.json: key "cards" appears twice in the top-level object (line 1, column 2 and line 1, column 59), and a JSON reader keeps only the last; keep one of them`},
		{"again in another case", `{"cards":[` + card + `],"Cards":[]}`,
			`catalog.json: keys "cards" and "Cards", one field to a JSON reader that matches keys without regard to case, appear in the top-level object (line 1, column 2 and line 1, column 59), and a JSON reader keeps only the last; keep one of them`},
		{"a card's field in another case", `{"cards":[{"name":"Alpha","NAME":"Beta","type":"minion","module":"01"}]}`,
			`catalog.json: /cards/0: keys "name" and "NAME"`},
		{"a byte order mark", "\xEF\xBB\xBF" + `{"cards":[]}`,
			`catalog.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one`},
		{"a byte that is not UTF-8", `{"cards":[{"name":"Alph` + "\xE9" + `","type":"minion","module":"01"}]}`,
			`catalog.json: /cards/0/name: byte 0xE9 at offset 23 (line 1, column 24) is not UTF-8`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseCatalog([]byte(c.raw))
			var ce *CatalogError
			require.ErrorAs(t, err, &ce)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	// One key in another case, given once, is the field to every reader of
	// the catalog (Go's): it loads.
	c, err := ParseCatalog([]byte(`{"Cards":[` + card + `]}`))
	require.NoError(t, err)
	assert.Len(t, c.Cards, 1)
}
