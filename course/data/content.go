package data

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

// Content is the course's content as one value: the course folder and the
// card folder it was opened from, and what they hold, read and checked
// once: the lexicon (words.json), the card and level schemas, the catalog
// and the course's own card files. Every parse and every validation goes
// through it, so a copy of the content (COURSE_CONTENT) is used whole or
// not at all. A Content is read-only and safe to share.
type Content struct {
	course, cards fs.FS
	lex           *grid.Lexicon
	cardSchema    *jsonschema.Schema
	levelSchema   *jsonschema.Schema
	catalog       *Catalog
	refFiles      []File
	refDefs       []card.Def
	digest        func() (string, error)
}

// Open reads and checks the content of a course folder (catalog.json,
// words.json, schema/) and a card folder (*.json): the lexicon parses, both
// schemas compile, the catalog is well formed, and the course's own card
// files (cardsFS's *.json and courseFS's */cards/*.json) load as one set.
func Open(courseFS, cardsFS fs.FS) (*Content, error) {
	c := &Content{course: courseFS, cards: cardsFS}
	c.digest = sync.OnceValues(func() (string, error) { return digest(courseFS, cardsFS) })
	raw, err := fs.ReadFile(courseFS, WordsFile)
	if err != nil {
		return nil, fmt.Errorf("read the lexicon course/%s: %w", WordsFile, err)
	}
	if fe := CheckJSONText(KindLexicon, "course/"+WordsFile, raw); fe != nil {
		return nil, fe
	}
	if c.lex, err = grid.ParseLexicon(raw); err != nil {
		return nil, fmt.Errorf("course/%s: %w", WordsFile, err)
	}
	if c.cardSchema, err = compileSchema(courseFS, CardSchemaFile); err != nil {
		return nil, err
	}
	if c.levelSchema, err = compileSchema(courseFS, LevelSchemaFile); err != nil {
		return nil, err
	}
	if c.catalog, err = LoadCatalog(courseFS); err != nil {
		return nil, err
	}
	shared, err := ReadFiles(cardsFS, "*.json", "cards")
	if err != nil {
		return nil, err
	}
	// A module's own cards; a file or folder go:embed leaves out (one a
	// stopped course dev new-module left, a card file named _draft.json)
	// is no module's, on disk as built in.
	scoped, err := readFilesWhere(courseFS, "*/cards/*.json", "course", func(p string) bool {
		return !slices.ContainsFunc(strings.Split(p, "/"), leftOutOfEmbed)
	})
	if err != nil {
		return nil, err
	}
	c.refFiles = append(shared, scoped...)
	if c.refDefs, err = c.LoadCards(c.refFiles); err != nil {
		return nil, fmt.Errorf("the course's own card files do not load: %w", err)
	}
	return c, nil
}

// Embedded is the content built into the binary (course.Files and
// cards.Files), opened once per process.
var Embedded = sync.OnceValues(func() (*Content, error) { return Open(course.Files, cards.Files) })

// EmbeddedCatalog is the catalog built into the binary, read once per
// process without opening the rest of the content (compiling the schemas,
// loading every card file): what a command that needs only the catalog's
// names (the coupling audit) reads. The tests hold the built-in content
// whole, so it is the catalog Embedded would give.
var EmbeddedCatalog = sync.OnceValues(func() (*Catalog, error) { return LoadCatalog(course.Files) })

// EmbeddedDigest is the version of the content built into the binary
// (Digest), computed without opening it: what `course --version` prints.
var EmbeddedDigest = sync.OnceValues(func() (string, error) { return digest(course.Files, cards.Files) })

// Course is the course folder the content was opened from.
func (c *Content) Course() fs.FS { return c.course }

// Cards is the card folder the content was opened from.
func (c *Content) Cards() fs.FS { return c.cards }

// Lexicon is the rule grid's words, from words.json.
func (c *Content) Lexicon() *grid.Lexicon { return c.lex }

// Catalog is catalog.json.
func (c *Content) Catalog() *Catalog { return c.catalog }

// ReferenceCardFiles is the course's own card files: cards/*.json, then
// each module's course/NN-slug/cards/*.json.
func (c *Content) ReferenceCardFiles() []File { return c.refFiles }

// ReferenceCards is the course's own cards, as ReferenceCardFiles defines
// them, in the same order.
func (c *Content) ReferenceCards() []card.Def { return c.refDefs }

// LoadLevels parses every *.json file at the top of fsys with the embedded
// content (see Content.LoadLevels).
func LoadLevels(fsys fs.FS, dir string) (map[string]Level, []string, error) {
	c, err := Embedded()
	if err != nil {
		return nil, nil, err
	}
	return c.LoadLevels(fsys, dir)
}
