package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/systemic-game-design/course/internal/jsonobject"
)

// The kinds of content file a FileError can be about.
const (
	KindCard    = "card"
	KindLevel   = "level"
	KindCatalog = "catalog" // catalog.json, held to the text rules (text.go) before its own
	KindLexicon = "lexicon" // words.json, the same
)

// FileError is a card or level file that does not load: which kind of file,
// which file, where in it (a JSON pointer such as /clauses/1/effect; empty
// for the whole file), the rule it breaks and how to mend it.
type FileError struct {
	Kind string // KindCard, KindLevel, KindCatalog or KindLexicon
	File string
	Path string
	Rule string
	Mend string
	// noCard is the card name the problem found no card for (a summon's,
	// a placed card's, a card dealt or played), "" for any other problem:
	// Validate words it again where a file that does not load has it.
	noCard string
}

func (e *FileError) Error() string { return fmt.Sprintf("%s: %s; %s", e.Where(), e.Rule, e.Mend) }

// Where is the file, with the place in it when there is one:
// "cards/a.json at /clauses/1".
func (e *FileError) Where() string {
	if e.Path == "" {
		return e.File
	}
	return e.File + " at " + e.Path
}

// UserError marks the error as the user's to mend: the file is theirs.
func (e *FileError) UserError() bool { return true }

// syntaxProblem says what is wrong with a card or level file (kind) that
// is not JSON, and how to mend it: the line and column of a syntax error,
// that the file ends with a value still open, or that it holds no JSON at
// all, empty or white space alone, which needs the kind's JSON written in
// it, not its syntax fixed.
func syntaxProblem(kind string, raw []byte, err error) (rule, mend string) {
	var se *json.SyntaxError
	switch {
	case len(raw) == 0:
		return "the file is empty", noJSONMend(kind)
	case len(bytes.Trim(raw, jsonSpace)) == 0:
		// Only the white space JSON allows around a value: the file is
		// not empty, and saying it was sent the author looking at a file
		// of blank lines for the bytes it has. Other space characters
		// (a no-break space) are no JSON white space, and get the
		// syntax error's line and column below.
		return "the file holds only white space (" + whiteSpace(raw) + ") and no JSON", noJSONMend(kind)
	case errors.As(err, &se):
		// Offset counts the bytes read up to and including the one at
		// fault.
		line, col := jsonobject.LineColumn(raw, int(se.Offset)-1)
		return fmt.Sprintf("the file is not valid JSON at line %d, column %d (%v)", line, col, se), "fix the JSON syntax"
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the file ends before its JSON does (a {, [ or \" is left open)", "fix the JSON syntax"
	}
	return "the file is not valid JSON (" + err.Error() + ")", "fix the JSON syntax"
}

// jsonSpace is the white space JSON allows between tokens.
const jsonSpace = " \t\r\n"

// noJSONMend is how to mend a file of the kind that holds no JSON.
func noJSONMend(kind string) string {
	what := "the card's JSON object ({\"name\": ..., \"type\": ..., ...})"
	if kind == KindLevel {
		what = "the level's JSON object ({\"width\": ..., \"height\": ..., ...})"
	}
	return "write " + what + " in it, or delete the file"
}

// whiteSpace counts the white space a file holds, by kind: "2 line
// breaks and 4 spaces". A CR LF is one line break.
func whiteSpace(raw []byte) string {
	breaks := bytes.Count(raw, []byte("\n")) + bytes.Count(raw, []byte("\r")) - bytes.Count(raw, []byte("\r\n"))
	var parts []string
	for _, c := range []struct {
		n    int
		name string
	}{
		{breaks, "line break"},
		{bytes.Count(raw, []byte(" ")), "space"},
		{bytes.Count(raw, []byte("\t")), "tab"},
	} {
		switch {
		case c.n == 1:
			parts = append(parts, "1 "+c.name)
		case c.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.name))
		}
	}
	if len(parts) > 1 {
		return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
	}
	return parts[0]
}

// compileSchema compiles one of the course's JSON Schemas (a path inside
// the course folder fsys, such as "schema/card.schema.json").
func compileSchema(fsys fs.FS, file string) (*jsonschema.Schema, error) {
	raw, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, fmt.Errorf("read course/%s: %w", file, err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("course/%s is not valid JSON: %w", file, err)
	}
	c := jsonschema.NewCompiler()
	url := "https://course.invalid/" + file
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("load course/%s: %w", file, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("compile course/%s: %w", file, err)
	}
	return sch, nil
}

// schemaLeaf is the schema's verdict told by its first innermost cause, the
// most specific thing that is wrong: where (a JSON pointer, empty for the
// whole file), the rule in English, and its kind, by which callers choose
// their advice.
func schemaLeaf(ve *jsonschema.ValidationError) (path, rule string, k jsonschema.ErrorKind) {
	leaf := ve
	for len(leaf.Causes) > 0 {
		leaf = leaf.Causes[0]
	}
	if len(leaf.InstanceLocation) > 0 {
		path = "/" + strings.Join(leaf.InstanceLocation, "/")
	}
	return path, leaf.ErrorKind.LocalizedString(message.NewPrinter(language.English)), leaf.ErrorKind
}
