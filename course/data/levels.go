package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

// LevelSchemaFile is the level schema's path inside the course folder.
const LevelSchemaFile = "schema/level.schema.json"

// WordsFile is the lexicon's path inside the course folder.
const WordsFile = "words.json"

// Level is a level file: the level itself, its title and its recorded
// solution, if any.
type Level struct {
	grid.LevelDef
	Title    string `json:"title,omitempty"`
	Solution []Move `json:"-"`
}

// Move is one move of a recorded solution: a step in Dir, or on a
// SpellGrid level the spell Cast (at the object numbered Target, 0 for
// none) or the minion Play put onto the tile (X, Y). Choices answer the
// engine's chooser, in the order it asked, during a cast or a play.
type Move struct {
	Dir     grid.Dir
	Cast    string
	Target  grid.ID
	Play    string
	X, Y    int
	Choices []string
}

// IsStep says whether the move is a step (neither a cast nor a play).
func (m Move) IsStep() bool { return m.Cast == "" && m.Play == "" }

// moveFile is a cast or a play as a level file writes it.
type moveFile struct {
	Cast    string   `json:"cast,omitempty"`
	Target  grid.ID  `json:"target,omitempty"`
	Play    string   `json:"play,omitempty"`
	X       *int     `json:"x,omitempty"`
	Y       *int     `json:"y,omitempty"`
	Choices []string `json:"choices,omitempty"`
}

// MarshalJSON writes a step as its direction and a cast or a play as an
// object, as the level schema has them.
func (m Move) MarshalJSON() ([]byte, error) {
	switch {
	case m.Cast != "":
		return json.Marshal(moveFile{Cast: m.Cast, Target: m.Target, Choices: m.Choices})
	case m.Play != "":
		return json.Marshal(moveFile{Play: m.Play, X: &m.X, Y: &m.Y, Choices: m.Choices})
	}
	return json.Marshal(m.Dir.String())
}

// Steps is the solution's steps, and false when it casts or plays too.
func (l Level) Steps() ([]grid.Dir, bool) {
	out := make([]grid.Dir, 0, len(l.Solution))
	for _, m := range l.Solution {
		if !m.IsStep() {
			return nil, false
		}
		out = append(out, m.Dir)
	}
	return out, true
}

// ParseLevel reads one level file: UTF-8 text without a byte order mark,
// valid JSON with no key twice in an object, valid against the level
// schema, every object and minion on the grid, every kind a noun or a word
// of course/words.json, and every card it places or deals one of the
// course's own cards (see ParseLevelWith for a workspace's own cards).
func (c *Content) ParseLevel(file string, raw []byte) (Level, error) {
	return c.ParseLevelWith(file, raw, c.refDefs)
}

// ParseLevelWith is ParseLevel with the cards a level may name: a minion
// placed on the grid (cards) must be a minion of defs with a noun of the
// lexicon, and a card dealt (hand) any card of defs.
func (c *Content) ParseLevelWith(file string, raw []byte, defs []card.Def) (Level, error) {
	if fe := checkText(KindLevel, file, raw); fe != nil {
		return Level{}, fe
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		rule, mend := syntaxProblem(KindLevel, raw, err)
		return Level{}, levelError(file, "", rule, mend)
	}
	if fe := checkKeys(KindLevel, file, raw, false); fe != nil {
		return Level{}, fe
	}
	if fe := checkEscapes(KindLevel, file, raw); fe != nil {
		return Level{}, fe
	}
	if err := c.levelSchema.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return Level{}, levelSchemaError(file, raw, ve)
		}
		return Level{}, fmt.Errorf("%s: %w", file, err)
	}
	if fe := CheckWholeNumbers(KindLevel, file, raw); fe != nil {
		return Level{}, fe
	}
	var doc struct {
		grid.LevelDef
		Title    string            `json:"title"`
		Solution []json.RawMessage `json:"solution"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return Level{}, levelError(file, "", "the level does not decode ("+err.Error()+")", "make it follow course/"+LevelSchemaFile)
	}
	lv := Level{LevelDef: doc.LevelDef, Title: doc.Title}
	for i, o := range doc.Objects {
		at := fmt.Sprintf("/objects/%d", i)
		if err := checkTile(file, at, doc.LevelDef, o.X, o.Y); err != nil {
			return Level{}, err
		}
		if !c.lex.HasKind(o.Kind) {
			return Level{}, levelError(file, at+"/kind",
				fmt.Sprintf("kind %q names no word of course/%s", o.Kind, WordsFile),
				"use a noun of the lexicon in lower case (a thing) or \"text:\" and a word of the lexicon (a text object)")
		}
	}
	byName := make(map[string]*card.Def, len(defs))
	for i := range defs {
		byName[defs[i].Name] = &defs[i]
	}
	for i, lc := range doc.Cards {
		at := fmt.Sprintf("/cards/%d", i)
		if err := checkTile(file, at, doc.LevelDef, lc.X, lc.Y); err != nil {
			return Level{}, err
		}
		if err := c.checkPlaced(file, at+"/card", lc.Card, byName, defs); err != nil {
			return Level{}, err
		}
	}
	for i, name := range doc.Hand {
		if byName[name] == nil {
			return Level{}, noCardError(file, fmt.Sprintf("/hand/%d", i), name, defs, "card")
		}
	}
	for i, raw := range doc.Solution {
		mv, err := parseMove(file, fmt.Sprintf("/solution/%d", i), raw, doc.LevelDef, byName, defs)
		if err != nil {
			return Level{}, err
		}
		lv.Solution = append(lv.Solution, mv)
	}
	return lv, nil
}

// parseMove reads one move of a solution, which the schema has checked:
// a direction, or a cast or a play of a card of defs (a play onto the grid).
func parseMove(file, at string, raw json.RawMessage, def grid.LevelDef, byName map[string]*card.Def, defs []card.Def) (Move, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		d, ok := grid.ParseDir(s)
		if !ok {
			return Move{}, levelError(file, at, fmt.Sprintf("%q is not a direction", s), "use up, down, left or right")
		}
		return Move{Dir: d}, nil
	}
	var f moveFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return Move{}, levelError(file, at, "the move does not decode ("+err.Error()+")", "make it follow course/"+LevelSchemaFile)
	}
	mv := Move{Cast: f.Cast, Target: f.Target, Play: f.Play, Choices: f.Choices}
	name, field := f.Cast, "/cast"
	if f.Play != "" {
		name, field = f.Play, "/play"
		mv.X, mv.Y = *f.X, *f.Y
		if err := checkTile(file, at, def, mv.X, mv.Y); err != nil {
			return Move{}, err
		}
	}
	if byName[name] == nil {
		return Move{}, noCardError(file, at+field, name, defs, "card")
	}
	return mv, nil
}

// checkPlaced: a card placed on the grid is a minion whose noun the lexicon
// has, as SpellGrid needs to make it an object.
func (c *Content) checkPlaced(file, at, name string, byName map[string]*card.Def, defs []card.Def) error {
	d := byName[name]
	switch {
	case d == nil:
		return noCardError(file, at, name, defs, "minion")
	case d.Type != card.TypeMinion:
		return levelError(file, at, fmt.Sprintf("card %q is a spell, and only a minion stands on the grid", name), "place a minion, or deal the spell in \"hand\"")
	case d.Noun == "":
		return levelError(file, at, fmt.Sprintf("card %q has no noun, so it cannot stand on the grid", name), "give the card a \"noun\" of course/"+WordsFile+", or place another minion")
	}
	return nil
}

// noCardError is the problem of a level file naming, at at, a card (or,
// for what "minion", a minion) that no card of defs is. Where a card's name
// reads as it (see NameKey) the rule gives that card's spelling: "Café"
// typed with é as one code point finds no card whose file spells it e and
// an accent, and the two names would read alike in the message without
// the other's spelling and a mend that says to copy it.
func noCardError(file, at, name string, defs []card.Def, what string) *FileError {
	key := NameKey(name)
	for _, d := range defs {
		if NameKey(d.Name) == key {
			return levelError(file, at,
				fmt.Sprintf("no card is named %s, though card %s reads as it: the names differ in case, spacing or how their letters are encoded", quoteName(name), quoteName(d.Name)),
				fmt.Sprintf("spell it as the card does, %s", quoteName(d.Name)))
		}
	}
	e := levelError(file, at, fmt.Sprintf("no card is named %s", quoteName(name)),
		fmt.Sprintf("name a %s of cards/ (or of the course), or add its card file", what))
	e.noCard = name
	return e
}

func levelError(file, at, rule, mend string) *FileError {
	return &FileError{Kind: KindLevel, File: file, Path: at, Rule: rule, Mend: mend}
}

func checkTile(file, at string, def grid.LevelDef, x, y int) error {
	if x >= def.Width {
		return levelError(file, at+"/x", fmt.Sprintf("x %d is off the grid, which is %d wide", x, def.Width),
			fmt.Sprintf("use an x from 0 to %d or widen the level", def.Width-1))
	}
	if y >= def.Height {
		return levelError(file, at+"/y", fmt.Sprintf("y %d is off the grid, which is %d high", y, def.Height),
			fmt.Sprintf("use a y from 0 to %d or make the level higher", def.Height-1))
	}
	return nil
}

// levelSchemaError turns the schema's verdict on the file whose text is
// raw into a FileError about its first innermost cause; a number out of
// range is named as the file writes it.
func levelSchemaError(file string, raw []byte, ve *jsonschema.ValidationError) *FileError {
	where, rule, k := schemaLeaf(ve)
	e := levelError(file, where, rule, "change it to follow course/"+LevelSchemaFile)
	switch k := k.(type) {
	case *kind.Required:
		e.Mend = "add the missing field"
	case *kind.AdditionalProperties:
		e.Mend = "remove the field or correct its spelling; a level has width, height, objects, cards, hand, solution and title"
	case *kind.Enum:
		e.Mend = "use up, down, left or right"
	case *kind.Pattern:
		e.Mend = "write a thing's kind as its noun in lower case (\"rock\") and a text object's as \"text:\" and its word (\"text:ROCK\")"
	case *kind.Type:
		e.Mend = "give the value the type the schema asks for"
	case *kind.Minimum:
		e.Rule = fmt.Sprintf("%s is less than %s, the least allowed here", gotText(raw, where, k.Got), boundText(k.Want))
		e.Mend = "use a value of at least " + boundText(k.Want)
	case *kind.MinLength:
		e.Mend = "use a larger value"
	case *kind.Maximum:
		e.Rule = fmt.Sprintf("%s is more than %s, the largest allowed here", gotText(raw, where, k.Got), boundText(k.Want))
		e.Mend = "use a value of at most " + boundText(k.Want)
	}
	return e
}

// LoadLevels parses every *.json file at the top of fsys, in name order;
// errors name a file as dir/name. It returns every level by file name with
// the names in order, or the first error.
func (c *Content) LoadLevels(fsys fs.FS, dir string) (map[string]Level, []string, error) {
	files, err := ReadFiles(fsys, "*.json", dir)
	if err != nil {
		return nil, nil, err
	}
	out := make(map[string]Level, len(files))
	names := make([]string, 0, len(files))
	for _, f := range files {
		lv, err := c.ParseLevel(f.Path, f.Data)
		if err != nil {
			return nil, nil, err
		}
		name := path.Base(f.Path)
		out[name] = lv
		names = append(names, name)
	}
	return out, names, nil
}
