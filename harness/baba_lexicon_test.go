package harness

import (
	"encoding/json"
	"testing"

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
