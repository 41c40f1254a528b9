package data_test

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/course/data"
)

// copyFS is an editable copy of a folder.
func copyFS(t *testing.T, src fs.FS) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	require.NoError(t, fs.WalkDir(src, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		raw, err := fs.ReadFile(src, p)
		out[p] = &fstest.MapFile{Data: raw}
		return err
	}))
	return out
}

// addNoun adds a noun to a copy's words.json and catalog.
func addNoun(t *testing.T, courseFS fstest.MapFS, word string) {
	t.Helper()
	var lex map[string]any
	require.NoError(t, json.Unmarshal(courseFS["words.json"].Data, &lex))
	lex["words"] = append(lex["words"].([]any), map[string]any{"word": word, "role": "noun"})
	raw, err := json.Marshal(lex)
	require.NoError(t, err)
	courseFS["words.json"] = &fstest.MapFile{Data: raw}

	var cat map[string]any
	require.NoError(t, json.Unmarshal(courseFS["catalog.json"].Data, &cat))
	cat["words"] = append(cat["words"].([]any), map[string]any{"word": word, "role": "noun", "module": "06"})
	raw, err = json.Marshal(cat)
	require.NoError(t, err)
	courseFS["catalog.json"] = &fstest.MapFile{Data: raw}
}

const zorbCard = `{"name": "Zorb Keeper", "type": "minion", "cost": 1, "attack": 1, "health": 1, "noun": "ZORB", "text": "", "clauses": []}`

// The content is the copy it was opened from, lexicon included: a noun the
// copy adds is a noun for its cards and levels, and not for the embedded
// content's.
func TestOpenReadsTheCopyItIsGiven(t *testing.T) {
	courseFS, cardsFS := copyFS(t, course.Files), copyFS(t, cards.Files)
	addNoun(t, courseFS, "ZORB")
	copied, err := data.Open(courseFS, cardsFS)
	require.NoError(t, err)
	assert.Contains(t, copied.Catalog().Nouns(), "ZORB")

	_, err = copied.ParseCard("cards/zorb-keeper.json", []byte(zorbCard))
	require.NoError(t, err)
	level := []byte(`{"width": 2, "height": 1, "objects": [{"kind": "zorb", "x": 0, "y": 0}]}`)
	_, err = copied.ParseLevel("levels/z.json", level)
	require.NoError(t, err)

	embedded, err := data.Embedded()
	require.NoError(t, err)
	_, err = embedded.ParseCard("cards/zorb-keeper.json", []byte(zorbCard))
	assert.ErrorContains(t, err, "ZORB is not a noun")
	_, err = embedded.ParseLevel("levels/z.json", level)
	assert.ErrorContains(t, err, `kind "zorb" names no word`)
}

func TestOpenRefusesContentThatDoesNotLoad(t *testing.T) {
	cases := map[string]func(courseFS, cardsFS fstest.MapFS){
		"no lexicon":     func(c, _ fstest.MapFS) { delete(c, "words.json") },
		"broken schema":  func(c, _ fstest.MapFS) { c["schema/level.schema.json"] = &fstest.MapFile{Data: []byte("{")} },
		"broken catalog": func(c, _ fstest.MapFS) { c["catalog.json"] = &fstest.MapFile{Data: []byte(`{"cards": 3}`)} },
		"bad card file": func(_, k fstest.MapFS) {
			k["zz.json"] = &fstest.MapFile{Data: []byte(`{"name": "Z", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`)}
		},
	}
	for name, breakIt := range cases {
		t.Run(name, func(t *testing.T) {
			courseFS, cardsFS := copyFS(t, course.Files), copyFS(t, cards.Files)
			breakIt(courseFS, cardsFS)
			c, err := data.Open(courseFS, cardsFS)
			assert.Nil(t, c)
			require.Error(t, err)
			assert.False(t, strings.Contains(err.Error(), "\n"), "one line: %q", err)
		})
	}
}

// The catalog read alone is the one the whole content holds.
func TestEmbeddedCatalogIsTheEmbeddedContentsCatalog(t *testing.T) {
	alone, err := data.EmbeddedCatalog()
	require.NoError(t, err)
	whole, err := data.Embedded()
	require.NoError(t, err)
	assert.Equal(t, whole.Catalog(), alone)
}

// The version computed without opening the content is the opened one's.
func TestEmbeddedDigestIsTheEmbeddedContentsDigest(t *testing.T) {
	alone, err := data.EmbeddedDigest()
	require.NoError(t, err)
	whole, err := data.Embedded()
	require.NoError(t, err)
	digest, err := whole.Digest()
	require.NoError(t, err)
	assert.Equal(t, digest, alone)
	assert.Regexp(t, `^sha256:[0-9a-f]{12}$`, alone)
}

// The lexicon, like the catalog, is decoded into a struct with no schema
// before it: its text is held to the card files' rules, keys compared as
// Go's reader matches them, so that a words list given again as "Words"
// does not load the second list alone.
func TestTheLexiconIsRefusedWhereItsReaderWouldMisreadIt(t *testing.T) {
	courseFS := copyFS(t, course.Files)
	words := string(courseFS["words.json"].Data)
	for _, c := range []struct{ name, raw, want string }{
		{"a list given again in another case", strings.Replace(words, "{\n", `{"Words": [],`+"\n", 1),
			`course/words.json: keys "Words" and "words", one field to a JSON reader that matches keys without regard to case, appear in the top-level object`},
		{"a byte order mark", "\xEF\xBB\xBF" + words, "course/words.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one"},
		{"a byte that is not UTF-8", strings.Replace(words, `"BABA"`, "\"BAB\xC1\"", 1), "course/words.json at /words/0/word: byte 0xC1"},
	} {
		t.Run(c.name, func(t *testing.T) {
			courseFS["words.json"] = &fstest.MapFile{Data: []byte(c.raw)}
			_, err := data.Open(courseFS, cards.Files)
			var fe *data.FileError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, data.KindLexicon, fe.Kind)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// A course folder on disk (COURSE_CONTENT) that holds a folder whose name
// the embed leaves out (one a stopped course dev new-module left, an
// editor's) opens as the course without it: a card file there is no
// module's, and one that does not load stops nothing.
func TestACardInAFolderTheEmbedLeavesOutIsNotTheCourses(t *testing.T) {
	courseFS := copyFS(t, course.Files)
	courseFS[".new-14-trading-123/cards/half.json"] = &fstest.MapFile{Data: []byte(`{"name": "Half`)}
	courseFS["_old/cards/loot-hoarder.json"] = &fstest.MapFile{Data: []byte(`{"name": "Loot Hoarder"}`)}
	// Nor is a card file the embed leaves out of a module's own folder.
	courseFS["01-handles/cards/_draft.json"] = &fstest.MapFile{Data: []byte(`{"name": "Draft`)}
	courseFS["01-handles/cards/.half.json"] = &fstest.MapFile{Data: []byte(`{"name": "Half`)}
	_, err := data.Open(courseFS, cards.Files)
	require.NoError(t, err)
}
