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

// syntaxRule says what is wrong with a file that is not JSON, where it can:
// the line and column of a syntax error, or that the file ends with a
// value still open.
func syntaxRule(raw []byte, err error) string {
	var se *json.SyntaxError
	switch {
	case len(bytes.TrimSpace(raw)) == 0:
		return "the file is empty"
	case errors.As(err, &se):
		// Offset counts the bytes read up to and including the one at
		// fault.
		line, col := lineColumn(raw, int(se.Offset)-1)
		return fmt.Sprintf("the file is not valid JSON at line %d, column %d (%v)", line, col, se)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the file ends before its JSON does (a {, [ or \" is left open)"
	}
	return "the file is not valid JSON (" + err.Error() + ")"
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
