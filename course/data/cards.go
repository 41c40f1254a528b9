package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

// CardSchemaFile is the card schema's path inside the course folder.
const CardSchemaFile = "schema/card.schema.json"

// The ranges the engine keeps: a card's cost, attack and health, an
// effect's amount, count and stat change are 32-bit integers in the card
// game, and an aura multiplies a trigger at most MaxTimes times. The card
// schema states the same bounds.
const (
	MaxInt   = math.MaxInt32
	MinInt   = math.MinInt32
	MaxTimes = math.MaxUint8
)

// MaxFileSize is the largest card or level file the course reads: a
// card takes a few hundred bytes and a 64x64 level with every tile stacked
// deep well under this, while a file of hundreds of megabytes would take
// gigabytes and minutes to check (a learner's file in a class's check
// among them).
const MaxFileSize = 4 << 20

// File is one content file's path (as an error should name it) and
// contents.
type File struct {
	Path string
	Data []byte
}

// ParseCard reads one card file: UTF-8 text without a byte order mark,
// valid JSON with no key twice in an object, valid against the card
// schema, numbers in the engine's ranges, clauses the engine can run in a
// well-formed order, and words of the lexicon.
func (c *Content) ParseCard(file string, raw []byte) (card.Def, error) {
	if fe := checkText(KindCard, file, raw); fe != nil {
		return card.Def{}, fe
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		rule, mend := syntaxProblem(KindCard, raw, err)
		return card.Def{}, cardError(file, "", rule, mend)
	}
	if fe := checkKeys(KindCard, file, raw, false); fe != nil {
		return card.Def{}, fe
	}
	if fe := checkEscapes(KindCard, file, raw); fe != nil {
		return card.Def{}, fe
	}
	if err := c.cardSchema.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return card.Def{}, schemaError(file, raw, ve)
		}
		return card.Def{}, fmt.Errorf("%s: %w", file, err)
	}
	if fe := CheckWholeNumbers(KindCard, file, raw); fe != nil {
		return card.Def{}, fe
	}
	var d card.Def
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return card.Def{}, cardError(file, "", "the card does not decode ("+err.Error()+")", "make it follow course/"+CardSchemaFile)
	}
	if err := checkRanges(file, &d); err != nil {
		return card.Def{}, err
	}
	if err := checkName(file, d.Name); err != nil {
		return card.Def{}, err
	}
	if err := card.Check(&d); err != nil {
		ce := cardError(file, "", err.Error(), "reorder or complete the clauses so that every effect follows a trigger and every trigger has an effect")
		var fe *card.FormError
		if errors.As(err, &fe) && fe.Clause >= 0 {
			ce.Path = fmt.Sprintf("/clauses/%d", fe.Clause)
			ce.Rule = fe.Reason
		}
		return card.Def{}, ce
	}
	if err := c.checkCardWords(file, &d); err != nil {
		return card.Def{}, err
	}
	return d, nil
}

func cardError(file, at, rule, mend string) *FileError {
	return &FileError{Kind: KindCard, File: file, Path: at, Rule: rule, Mend: mend}
}

// checkRanges refuses a number the engine cannot keep, whatever the schema
// said: the engine stores stats as 32-bit integers and a multiplier in a
// byte, so a larger value would wrap around into another card.
func checkRanges(file string, d *card.Def) error {
	type field struct {
		at       string
		v        int
		min, max int
	}
	fields := []field{{"/cost", d.Cost, 0, MaxInt}}
	if d.Type == card.TypeMinion {
		fields = append(fields, field{"/attack", d.Attack, 0, MaxInt}, field{"/health", d.Health, 1, MaxInt})
	}
	for i, cl := range d.Clauses {
		at := fmt.Sprintf("/clauses/%d/", i)
		switch {
		case cl.Kind == card.KindAura && cl.Aura == card.AuraMultiplier:
			fields = append(fields, field{at + "times", cl.Times, 2, MaxTimes})
		case cl.Kind == card.KindEffect:
			fields = append(fields,
				field{at + "amount", cl.Amount, 0, MaxInt}, field{at + "count", cl.Count, 0, MaxInt},
				field{at + "attack", cl.Attack, MinInt, MaxInt}, field{at + "health", cl.Health, MinInt, MaxInt})
		}
	}
	for _, f := range fields {
		if f.v < f.min || f.v > f.max {
			return cardError(file, f.at, fmt.Sprintf("%d is outside the range the engine keeps, %d to %d", f.v, f.min, f.max),
				fmt.Sprintf("use a value from %d to %d", f.min, f.max))
		}
	}
	return nil
}

// checkName refuses a card name that holds a character that prints as
// nothing or moves the text around it: a control character (a NUL, a line
// break, an escape that recolours a terminal) or a format one (a zero-width
// space, a right-to-left mark). No real card's name has one, and with one a
// name reads as another card's, or as nothing, on the board and in a
// test's failure, while the engine keeps the two apart.
func checkName(file, name string) *FileError {
	for i, r := range name {
		if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp) {
			kind := "a control character"
			if !unicode.Is(unicode.Cc, r) {
				kind = "a format character that prints as nothing"
			}
			return cardError(file, "/name", fmt.Sprintf("the name holds U+%04X, %s, at byte %d", r, kind, i),
				"write the name in printing characters only, as the card shows it")
		}
	}
	return nil
}

// checkCardWords: a card's noun is a noun of course/words.json, and each
// word a spawnText effect writes is a word of it, so that SpellGrid can put
// both on the grid.
func (c *Content) checkCardWords(file string, d *card.Def) error {
	if d.Noun != "" {
		if w, ok := c.lex.Lookup(d.Noun); !ok || w.Role != grid.RoleNoun {
			return cardError(file, "/noun", fmt.Sprintf("%s is not a noun of course/%s", d.Noun, WordsFile), "use a noun of the lexicon, or add the word to course/"+WordsFile+" with role noun")
		}
	}
	for i, cl := range d.Clauses {
		if cl.Kind == card.KindEffect && cl.Effect == card.EffectSpawnText {
			if _, ok := c.lex.Lookup(cl.Word); !ok {
				return cardError(file, fmt.Sprintf("/clauses/%d/word", i), fmt.Sprintf("%s is not a word of course/%s", cl.Word, WordsFile), "write a word of the lexicon, or add it to course/"+WordsFile)
			}
		}
	}
	return nil
}

// CardSchemaError is the card schema's verdict on file, whose text is
// raw, as the loader tells it (see schemaError), for a check that
// validates a card file against a schema of its own compiling (course dev
// check).
func CardSchemaError(file string, raw []byte, ve *jsonschema.ValidationError) *FileError {
	return schemaError(file, raw, ve)
}

// schemaError turns the schema's verdict on the file whose text is raw
// into a FileError about its first innermost cause: the most specific
// thing that is wrong. A number out of range is named as the file writes
// it.
func schemaError(file string, raw []byte, ve *jsonschema.ValidationError) *FileError {
	where, rule, k := schemaLeaf(ve)
	e := cardError(file, where, rule, "change it to follow course/"+CardSchemaFile)
	switch k := k.(type) {
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
	case *kind.Minimum:
		e.Rule = fmt.Sprintf("%s is less than %s, the least allowed here", gotText(raw, where, k.Got), boundText(k.Want))
		e.Mend = "use a value of at least " + boundText(k.Want)
	case *kind.MinLength:
		e.Mend = "use a longer value"
	case *kind.Maximum:
		e.Rule = fmt.Sprintf("%s is more than %s, the largest the engine keeps", gotText(raw, where, k.Got), boundText(k.Want))
		e.Mend = "use a value of at most " + boundText(k.Want)
	case *kind.Not:
		e.Mend = "remove the field: a spell has no attack, health or noun"
	}
	return e
}

// LoadCards parses every file and checks the set: names unique, every
// summon effect naming a minion of the set, and a card that stands on the
// grid summoning only minions that do too (see OffGridToken). It returns
// all the cards or an error, never part of them.
func (c *Content) LoadCards(files []File) ([]card.Def, error) {
	set := make([]parsedCard, 0, len(files))
	for _, f := range files {
		d, err := c.ParseCard(f.Path, f.Data)
		if err != nil {
			return nil, err
		}
		set = append(set, newParsedCard(f.Path, d))
	}
	if fe := checkSet(set); fe != nil {
		return nil, fe
	}
	return defsOf(set), nil
}

// parsedCard is a card file that parses on its own: its path and card,
// and the card's NameKey, worked out once however often the set is
// checked.
type parsedCard struct {
	path string
	def  card.Def
	key  string
}

func newParsedCard(path string, d card.Def) parsedCard {
	return parsedCard{path, d, NameKey(d.Name)}
}

// defsOf is the cards of a set, in its order.
func defsOf(set []parsedCard) []card.Def {
	defs := make([]card.Def, len(set))
	for i, p := range set {
		defs[i] = p.def
	}
	return defs
}

// checkSet is the first rule of a set of cards that a card of it breaks,
// in the set's order (see LoadCards), or nil. It reads the cards as
// parsed, so a caller that takes the card at fault out of the set and asks
// again (course validate, for every bad file) parses no file twice.
func checkSet(set []parsedCard) *FileError {
	where := make(map[string]parsedCard, len(set))
	for _, p := range set {
		d := &p.def
		if other, dup := where[p.key]; dup {
			if other.def.Name == d.Name {
				return cardError(p.path, "/name", fmt.Sprintf("card %q is also defined in %s", d.Name, other.path), "keep one file per card")
			}
			return cardError(p.path, "/name", fmt.Sprintf("card %s reads as card %s of %s: the names differ only in case, spacing or how their letters are encoded", quoteName(d.Name), quoteName(other.def.Name), other.path),
				"give each card a name of its own, or keep one file per card")
		}
		where[p.key] = p
	}
	byName := make(map[string]*card.Def, len(set))
	for i := range set {
		byName[set[i].def.Name] = &set[i].def
	}
	for _, p := range set {
		d := &p.def
		for k, cl := range d.Clauses {
			if cl.Kind != card.KindEffect || cl.Effect != card.EffectSummon {
				continue
			}
			t, ok := byName[cl.Card]
			if !ok || t.Type != card.TypeMinion {
				e := cardError(p.path, fmt.Sprintf("/clauses/%d/card", k),
					fmt.Sprintf("card %q summons %q, which is not a minion of any card file", d.Name, cl.Card),
					"add a card file for it or correct the name")
				e.noCard = cl.Card
				return e
			}
			if rule, mend := OffGridToken(d.Name, d.Noun, t.Name, t.Noun); rule != "" {
				return cardError(p.path, fmt.Sprintf("/clauses/%d/card", k), rule, mend)
			}
		}
	}
	return nil
}

// OffGridToken says what is wrong when a card that stands on the grid as
// noun summons the minion token, which has no noun (tokenNoun ""): on a
// SpellGrid level the token would be in play and on no tile, out of reach
// of every rule, which is never what the card's text promises. It returns
// "" when nothing is: the summoner has no noun, or the token has one. The
// loader and the course's own checks of its cards say it in these words.
func OffGridToken(summoner, noun, token, tokenNoun string) (rule, mend string) {
	if noun == "" || tokenNoun != "" {
		return "", ""
	}
	return fmt.Sprintf("card %q stands on the grid as %s but summons %q, which has no noun, so on a SpellGrid level the token would be in play and on no tile", summoner, noun, token),
		fmt.Sprintf("give %q a noun", token)
}

// ReadFiles reads the files of fsys that match pattern (see fs.Glob), in
// name order, naming each as prefix joined with its path.
func ReadFiles(fsys fs.FS, pattern, prefix string) ([]File, error) {
	return readFilesWhere(fsys, pattern, prefix, func(string) bool { return true })
}

// readFilesWhere is ReadFiles of the paths keep keeps.
func readFilesWhere(fsys fs.FS, pattern, prefix string, keep func(p string) bool) ([]File, error) {
	paths, err := fs.Glob(fsys, pattern)
	if err != nil {
		return nil, fmt.Errorf("list the files %q: %w", pattern, err)
	}
	paths = slices.DeleteFunc(paths, func(p string) bool { return !keep(p) })
	slices.Sort(paths)
	files := make([]File, 0, len(paths))
	for _, p := range paths {
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path.Join(prefix, p), err)
		}
		files = append(files, File{Path: path.Join(prefix, p), Data: raw})
	}
	return files, nil
}
