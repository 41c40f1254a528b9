package harness

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/engine/grid"
)

// TestWordsMatchCatalog: course/words.json has every word of the catalog
// with the same role, nothing else, and the meta words that stand as nouns
// say what they name. One difference is allowed, as the contract says of
// trigger words (Part III): a word the catalog calls meta may be a noun in
// the lexicon, since it names the engine's own triggers.
func TestWordsMatchCatalog(t *testing.T) {
	raw, err := course.Files.ReadFile("catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Words []struct{ Word, Role string } `json:"words"`
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatal(err)
	}
	lex := lexicon()
	inLexicon := map[string]bool{}
	for _, w := range lex.Words() {
		inLexicon[w.Word] = true
	}
	for _, cw := range cat.Words {
		w, ok := lex.Lookup(cw.Word)
		if !ok {
			t.Errorf("catalog word %s is missing from course/words.json", cw.Word)
			continue
		}
		if string(w.Role) != cw.Role && (cw.Role != "meta" || w.Role != grid.RoleNoun) {
			t.Errorf("%s: role %q in course/words.json, %q in the catalog", cw.Word, w.Role, cw.Role)
		}
		delete(inLexicon, cw.Word)
	}
	for w := range inLexicon {
		t.Errorf("course/words.json has %s, which the catalog does not list", w)
	}
	for word, names := range map[string]string{"TEXT": grid.NamesText, "ALL": grid.NamesThings} {
		if w, _ := lex.Lookup(word); w.Names != names {
			t.Errorf("%s names %q, want %q", word, w.Names, names)
		}
	}
}

// TestWordsFollowTheirSchema: course/words.json is valid against
// course/schema/words.schema.json, and the schema refuses what the lexicon
// refuses of a multiplier.
func TestWordsFollowTheirSchema(t *testing.T) {
	schemaRaw, err := course.Files.ReadFile("schema/words.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schemaRaw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	const url = "https://course.invalid/schema/words.schema.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	validate := func(raw []byte) error {
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
		if err != nil {
			t.Fatal(err)
		}
		return sch.Validate(inst)
	}
	words, err := course.Files.ReadFile("words.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := validate(words); err != nil {
		t.Errorf("course/words.json: %v", err)
	}
	for _, bad := range []string{
		`{"words": [{"word": "ZIP", "role": "noun", "times": 2}]}`,
		`{"words": [{"word": "ONCE", "role": "property", "times": 1}]}`,
		`{"words": [{"word": "ZIP", "role": "noun", "names": "text"}]}`,
		`{"words": [{"word": "zip", "role": "noun"}]}`,
	} {
		if validate([]byte(bad)) == nil {
			t.Errorf("the schema accepts %s", bad)
		}
		if _, err := grid.ParseLexicon([]byte(bad)); err == nil {
			t.Errorf("the lexicon accepts %s", bad)
		}
	}
}

// TestDoubleMultipliesTwice: the lexicon, not the engine, says that DOUBLE
// is a multiplier and by how much.
func TestDoubleMultipliesTwice(t *testing.T) {
	if w, _ := lexicon().Lookup("DOUBLE"); w.Role != grid.RoleProperty || w.Times != 2 {
		t.Errorf("DOUBLE is %+v, want a property with times 2", w)
	}
	for _, w := range lexicon().Words() {
		if w.Times != 0 && w.Word != "DOUBLE" {
			t.Errorf("%s multiplies %d times; the course has one multiplier", w.Word, w.Times)
		}
	}
}
