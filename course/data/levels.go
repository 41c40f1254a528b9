package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"

	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/engine/grid"
)

// LevelSchemaFile is the level schema's path inside the course folder.
const LevelSchemaFile = "schema/level.schema.json"

// WordsFile is the lexicon's path inside the course folder.
const WordsFile = "words.json"

// LevelError is a level file that does not load: which file, where in it
// (a JSON pointer such as /objects/3/x; empty for the whole file), the rule
// it breaks and how to mend it.
type LevelError struct {
	File string
	Path string
	Rule string
	Mend string
}

func (e *LevelError) Error() string { return describeProblem(e.File, e.Path, e.Rule, e.Mend) }

// Level is a level file: the level itself, its title and its recorded
// solution, if any.
type Level struct {
	grid.LevelDef
	Title    string     `json:"title,omitempty"`
	Solution []grid.Dir `json:"-"`
}

// UserError marks the error as the user's to mend.
func (e *LevelError) UserError() bool { return true }

var levelSchema = sync.OnceValues(func() (*jsonschema.Schema, error) { return compileSchema(LevelSchemaFile) })

// Lexicon is the course's word list, course/words.json, parsed once per
// process and shared: the rule grid's words, and what cards and levels may
// name.
var Lexicon = sync.OnceValues(func() (*grid.Lexicon, error) {
	raw, err := fs.ReadFile(course.Files, WordsFile)
	if err != nil {
		return nil, fmt.Errorf("read the lexicon: %w", err)
	}
	lex, err := grid.ParseLexicon(raw)
	if err != nil {
		return nil, fmt.Errorf("course/%s: %w", WordsFile, err)
	}
	return lex, nil
})

// ParseLevel reads one level file: valid JSON, valid against the level
// schema, every object and minion on the grid, and every kind a noun or a
// word of course/words.json.
func ParseLevel(file string, raw []byte) (Level, error) {
	sch, err := levelSchema()
	if err != nil {
		return Level{}, err
	}
	lex, err := Lexicon()
	if err != nil {
		return Level{}, err
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return Level{}, &LevelError{File: file, Rule: "the file is not valid JSON (" + err.Error() + ")", Mend: "fix the JSON syntax"}
	}
	if err := sch.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if errors.As(err, &ve) {
			return Level{}, levelSchemaError(file, ve)
		}
		return Level{}, fmt.Errorf("%s: %w", file, err)
	}
	var doc struct {
		grid.LevelDef
		Title    string   `json:"title"`
		Solution []string `json:"solution"`
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return Level{}, &LevelError{File: file, Rule: "the level does not decode (" + err.Error() + ")", Mend: "make it follow course/" + LevelSchemaFile}
	}
	lv := Level{LevelDef: doc.LevelDef, Title: doc.Title}
	for i, o := range doc.Objects {
		at := fmt.Sprintf("/objects/%d", i)
		if err := checkTile(file, at, doc.LevelDef, o.X, o.Y); err != nil {
			return Level{}, err
		}
		if !lex.HasKind(o.Kind) {
			return Level{}, &LevelError{
				File: file, Path: at + "/kind",
				Rule: fmt.Sprintf("kind %q names no word of course/%s", o.Kind, WordsFile),
				Mend: "use a noun of the lexicon in lower case (a thing) or \"text:\" and a word of the lexicon (a text object)",
			}
		}
	}
	for i, c := range doc.Cards {
		if err := checkTile(file, fmt.Sprintf("/cards/%d", i), doc.LevelDef, c.X, c.Y); err != nil {
			return Level{}, err
		}
	}
	for i, s := range doc.Solution {
		d, ok := grid.ParseDir(s)
		if !ok {
			return Level{}, &LevelError{File: file, Path: fmt.Sprintf("/solution/%d", i), Rule: fmt.Sprintf("%q is not a direction", s), Mend: "use up, down, left or right"}
		}
		lv.Solution = append(lv.Solution, d)
	}
	return lv, nil
}

func checkTile(file, at string, def grid.LevelDef, x, y int) error {
	if x >= def.Width {
		return &LevelError{File: file, Path: at + "/x", Rule: fmt.Sprintf("x %d is off the grid, which is %d wide", x, def.Width),
			Mend: fmt.Sprintf("use an x from 0 to %d or widen the level", def.Width-1)}
	}
	if y >= def.Height {
		return &LevelError{File: file, Path: at + "/y", Rule: fmt.Sprintf("y %d is off the grid, which is %d high", y, def.Height),
			Mend: fmt.Sprintf("use a y from 0 to %d or make the level higher", def.Height-1)}
	}
	return nil
}

// levelSchemaError turns the schema's verdict into a LevelError about its
// first innermost cause.
func levelSchemaError(file string, ve *jsonschema.ValidationError) *LevelError {
	where, rule, k := schemaLeaf(ve)
	e := &LevelError{File: file, Path: where, Rule: rule, Mend: "change it to follow course/" + LevelSchemaFile}
	switch k.(type) {
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
	case *kind.Minimum, *kind.MinLength:
		e.Mend = "use a larger value"
	case *kind.Maximum:
		e.Mend = "use a smaller value"
	}
	return e
}

// LoadLevels parses every *.json file at the top of a folder, in name
// order; errors name a file as dir/name. It returns every level by file
// name with the names in order, or the first error.
func LoadLevels(fsys fs.FS, dir string) (map[string]Level, []string, error) {
	names, err := fs.Glob(fsys, "*.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list the level files: %w", err)
	}
	sort.Strings(names)
	out := make(map[string]Level, len(names))
	for _, name := range names {
		raw, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, nil, fmt.Errorf("read level %s: %w", name, err)
		}
		lv, err := ParseLevel(path.Join(dir, name), raw)
		if err != nil {
			return nil, nil, err
		}
		out[name] = lv
	}
	return out, names, nil
}
