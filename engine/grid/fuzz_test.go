package grid

import (
	"strings"
	"testing"
)

// FuzzParse: any arrangement of text, stacked or not, parses without a
// panic into rules of the form SUBJECT [COND NOUN [AND NOUN]*] IS [NOT] PRED.
func FuzzParse(f *testing.F) {
	lex := testLexicon(f)
	f.Add([]byte{5, 1, 0, 1, 1, 19, 2, 7})
	f.Add([]byte{4, 4, 0, 1, 4, 19, 8, 7, 1, 20, 2, 2})
	f.Add([]byte{6, 2, 0, 1, 1, 22, 1, 20, 2, 3, 3, 19, 4, 11})
	f.Add([]byte{8, 8})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		w, h := 1+int(data[0])%12, 1+int(data[1])%12
		b, err := New(lex, LevelDef{Width: w, Height: h})
		if err != nil {
			t.Fatal(err)
		}
		words := lex.Words()
		for i := 2; i+1 < len(data) && i < 2+2*64; i += 2 {
			cell := int(data[i]) % (w * h)
			word := words[int(data[i+1])%len(words)].Word
			if _, err := b.Place("text:"+word, cell%w, cell/w); err != nil {
				t.Fatal(err)
			}
		}
		for _, r := range b.Rules() {
			subject, rest, ok := strings.Cut(r, " ")
			if !ok || !strings.Contains(" "+rest, " IS ") {
				t.Errorf("rule %q has no IS", r)
			}
			if lex.class[lex.byWord[subject]]&classNoun == 0 {
				t.Errorf("rule %q has subject %q, not a noun", r, subject)
			}
		}
		active := b.ActiveRules()
		for _, a := range active {
			found := false
			for _, r := range b.Rules() {
				found = found || r == a
			}
			if !found {
				t.Errorf("active rule %q is not among the rules", a)
			}
		}
	})
}
