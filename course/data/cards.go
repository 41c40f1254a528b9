package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

// CardSchemaFile is the card schema's path inside the course folder.
const CardSchemaFile = "schema/card.schema.json"

// CardError is a card file that does not load: which file, where in it (a
// JSON pointer such as /clauses/1/effect; empty for the whole file), the rule
// it breaks and how to mend it.
type CardError struct {
	File string
	Path string
	Rule string
	Mend string
}

func (e *CardError) Error() string { return describeProblem(e.File, e.Path, e.Rule, e.Mend) }

// CardFile is one card file's path (as an error should name it) and contents.
type CardFile struct {
	Path string
	Data []byte
}

// UserError marks the error as the user's to mend.
func (e *CardError) UserError() bool { return true }

var cardSchema = sync.OnceValues(func() (*jsonschema.Schema, error) { return compileSchema(CardSchemaFile) })

// ParseCard reads one card file: valid JSON, valid against the card schema,
// and clauses the engine can run in a well-formed order.
func ParseCard(file string, raw []byte) (card.Def, error) {
	sch, err := cardSchema()
	if err != nil {
		return card.Def{}, err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return card.Def{}, &CardError{File: file, Rule: "the file is not valid JSON (" + err.Error() + ")", Mend: "fix the JSON syntax"}
	}
	if err := sch.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return card.Def{}, schemaError(file, ve)
		}
		return card.Def{}, fmt.Errorf("%s: %w", file, err)
	}
	var d card.Def
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return card.Def{}, &CardError{File: file, Rule: "the card does not decode (" + err.Error() + ")", Mend: "make it follow course/" + CardSchemaFile}
	}
	if err := card.Check(&d); err != nil {
		ce := &CardError{File: file, Rule: err.Error(), Mend: "reorder or complete the clauses so that every effect follows a trigger and every trigger has an effect"}
		var fe *card.FormError
		if errors.As(err, &fe) && fe.Clause >= 0 {
			ce.Path = fmt.Sprintf("/clauses/%d", fe.Clause)
			ce.Rule = fe.Reason
		}
		return card.Def{}, ce
	}
	if err := checkCardWords(file, &d); err != nil {
		return card.Def{}, err
	}
	return d, nil
}

// checkCardWords: a card's noun is a noun of course/words.json, and each
// word a spawnText effect writes is a word of it, so that SpellGrid can put
// both on the grid.
func checkCardWords(file string, d *card.Def) error {
	lex, err := Lexicon()
	if err != nil {
		return err
	}
	if d.Noun != "" {
		if w, ok := lex.Lookup(d.Noun); !ok || w.Role != grid.RoleNoun {
			return &CardError{File: file, Path: "/noun", Rule: fmt.Sprintf("%s is not a noun of course/%s", d.Noun, WordsFile), Mend: "use a noun of the lexicon, or add the word to course/" + WordsFile + " with role noun"}
		}
	}
	for i, c := range d.Clauses {
		if c.Kind == card.KindEffect && c.Effect == card.EffectSpawnText {
			if _, ok := lex.Lookup(c.Word); !ok {
				return &CardError{File: file, Path: fmt.Sprintf("/clauses/%d/word", i), Rule: fmt.Sprintf("%s is not a word of course/%s", c.Word, WordsFile), Mend: "write a word of the lexicon, or add it to course/" + WordsFile}
			}
		}
	}
	return nil
}

// schemaError turns the schema's verdict into a CardError about its first
// innermost cause: the most specific thing that is wrong.
func schemaError(file string, ve *jsonschema.ValidationError) *CardError {
	where, rule, k := schemaLeaf(ve)
	e := &CardError{File: file, Path: where, Rule: rule, Mend: "change it to follow course/" + CardSchemaFile}
	switch k.(type) {
	case *kind.Required:
		e.Mend = "add the missing field"
	case *kind.FalseSchema:
		field := "this field"
		if i := strings.LastIndexByte(where, '/'); i >= 0 && i+1 < len(where) {
			field = fmt.Sprintf("field %q", where[i+1:])
		}
		e.Rule = field + " is not one this kind of clause takes"
		e.Mend = "remove the field or correct its spelling; the schema lists the fields each kind of clause takes"
	case *kind.AdditionalProperties:
		e.Mend = "remove the field or correct its spelling; the schema lists the fields each kind of clause takes"
	case *kind.Enum, *kind.Const:
		e.Mend = "use one of the values the schema allows there"
	case *kind.Type:
		e.Mend = "give the value the type the schema asks for"
	case *kind.Minimum, *kind.MinLength:
		e.Mend = "use a larger value"
	case *kind.Not:
		e.Mend = "remove the field: a spell has no attack, health or noun"
	}
	return e
}

// LoadCards parses every file and checks the set: names unique, and every
// summon effect naming a minion of the set. It returns all the cards or an
// error, never part of them.
func LoadCards(files []CardFile) ([]card.Def, error) {
	defs := make([]card.Def, 0, len(files))
	where := make(map[string]string, len(files))
	for _, f := range files {
		d, err := ParseCard(f.Path, f.Data)
		if err != nil {
			return nil, err
		}
		if other, dup := where[d.Name]; dup {
			return nil, &CardError{File: f.Path, Path: "/name", Rule: fmt.Sprintf("card %q is also defined in %s", d.Name, other), Mend: "keep one file per card"}
		}
		where[d.Name] = f.Path
		defs = append(defs, d)
	}
	byName := make(map[string]*card.Def, len(defs))
	for i := range defs {
		byName[defs[i].Name] = &defs[i]
	}
	for i, d := range defs {
		for k, c := range d.Clauses {
			if c.Kind != card.KindEffect || c.Effect != card.EffectSummon {
				continue
			}
			if t, ok := byName[c.Card]; !ok || t.Type != card.TypeMinion {
				return nil, &CardError{
					File: files[i].Path,
					Path: fmt.Sprintf("/clauses/%d/card", k),
					Rule: fmt.Sprintf("card %q summons %q, which is not a minion of any card file", d.Name, c.Card),
					Mend: "add a card file for it or correct the name",
				}
			}
		}
	}
	return defs, nil
}

// ReadCardFiles reads the files of fsys that match pattern (see fs.Glob),
// naming each as prefix joined with its path.
func ReadCardFiles(fsys fs.FS, pattern, prefix string) ([]CardFile, error) {
	paths, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, fmt.Errorf("list card files %q: %w", pattern, err)
	}
	slices.Sort(paths)
	files := make([]CardFile, 0, len(paths))
	for _, p := range paths {
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("read card file %s: %w", path.Join(prefix, p), err)
		}
		files = append(files, CardFile{Path: path.Join(prefix, p), Data: raw})
	}
	return files, nil
}

// ReferenceCardFiles is every card file of this repository: cards/*.json,
// then each module's own cards, course/*/cards/*.json.
func ReferenceCardFiles() ([]CardFile, error) {
	shared, err := ReadCardFiles(cards.Files, "*.json", "cards")
	if err != nil {
		return nil, err
	}
	scoped, err := ReadCardFiles(course.Files, "*/cards/*.json", "course")
	if err != nil {
		return nil, err
	}
	return append(shared, scoped...), nil
}

// ReferenceCards loads every card file of this repository (see ReferenceCardFiles).
func ReferenceCards() ([]card.Def, error) {
	files, err := ReferenceCardFiles()
	if err != nil {
		return nil, err
	}
	return LoadCards(files)
}
