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
