// The catalog: course/catalog.json, every card and every grid word.

package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
)

// CatalogFile is the catalog's name inside the course folder.
const CatalogFile = "catalog.json"

// Catalog is course/catalog.json: every card of the course and every word of
// the rule grid.
type Catalog struct {
	Cards []CatalogCard `json:"cards"`
	Words []CatalogWord `json:"words"`
}

// CatalogCard is one card as the catalog lists it.
type CatalogCard struct {
	Name      string `json:"name"`
	Type      string `json:"type"`
	Cost      int    `json:"cost"`
	Attack    *int   `json:"attack,omitempty"`
	Health    *int   `json:"health,omitempty"`
	Text      string `json:"text"`
	Module    string `json:"module"` // "01", or "03x" for Module 3's Expansion Drop
	Fictional bool   `json:"fictional,omitempty"`
	Noun      string `json:"noun,omitempty"`
	// Aliases is the short names a card goes by ("Baron", "Rivendare"):
	// the coupling audit counts each as the card's name.
	Aliases []string `json:"aliases,omitempty"`
}

// CatalogWord is one word of the rule grid's lexicon.
type CatalogWord struct {
	Word   string `json:"word"`
	Role   string `json:"role"` // "noun", "property", "operator", "condition", "meta"
	Module string `json:"module"`
}

// RoleNoun is the role of a word that names things on the grid.
const RoleNoun = "noun"

// CatalogError says what is wrong with the catalog: the file, the entry and
// the field.
type CatalogError struct {
	File  string // "catalog.json"
	Entry string // "cards[3]", "" for the whole file
	Field string
	Why   string
}

func (e *CatalogError) Error() string {
	where := e.File
	if e.Entry != "" {
		where += ": " + e.Entry
	}
	if e.Field != "" {
		where += "." + e.Field
	}
	return where + ": " + e.Why
}

// UserError marks the error as the user's to mend: a course author's
// catalog.json (a copy named by COURSE_CONTENT) is theirs.
func (e *CatalogError) UserError() bool { return true }

var modulePattern = regexp.MustCompile(`^[0-9]{2}x?$`)

// LoadCatalog reads and checks catalog.json from the course folder fsys.
func LoadCatalog(fsys fs.FS) (*Catalog, error) {
	raw, err := fs.ReadFile(fsys, CatalogFile)
	if err != nil {
		return nil, fmt.Errorf("reading the course catalog: %w", err)
	}
	return ParseCatalog(raw)
}

// ParseCatalog decodes and checks a catalog. Every card needs a name, a type
// and a module ("NN" or "NNx"); every word a word, a role and a module; names
// and words are unique.
func ParseCatalog(raw []byte) (*Catalog, error) {
	// The text is checked as a card file's is (text.go), before it is
	// decoded: a catalog whose "cards" came twice, or a second time as
	// "Cards", would load the last list alone, and the coupling audit
	// would forbid none of the first list's names.
	if fe := CheckJSONText(KindCatalog, CatalogFile, raw); fe != nil {
		return nil, &CatalogError{File: CatalogFile, Entry: fe.Path, Why: fe.Rule + "; " + fe.Mend}
	}
	var c Catalog
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, &CatalogError{File: CatalogFile, Why: fmt.Sprintf("not a valid catalog (%v); mend the JSON", err)}
	}
	names := map[string]bool{}
	for i, card := range c.Cards {
		entry := fmt.Sprintf("cards[%d]", i)
		switch {
		case card.Name == "":
			return nil, &CatalogError{CatalogFile, entry, "name", "missing; every card needs its name"}
		case names[card.Name]:
			return nil, &CatalogError{CatalogFile, entry, "name", fmt.Sprintf("%q is listed twice; keep one entry", card.Name)}
		case card.Type == "":
			return nil, &CatalogError{CatalogFile, entry, "type", "missing; write \"minion\" or \"spell\""}
		case !modulePattern.MatchString(card.Module):
			return nil, &CatalogError{CatalogFile, entry, "module", fmt.Sprintf("%q is not a module; write \"NN\", or \"NNx\" for an Expansion Drop", card.Module)}
		}
		names[card.Name] = true
		for j, a := range card.Aliases {
			field := fmt.Sprintf("aliases[%d]", j)
			switch {
			case a == "":
				return nil, &CatalogError{CatalogFile, entry, field, "is empty; write a short name the card goes by, or leave it out"}
			case names[a]:
				return nil, &CatalogError{CatalogFile, entry, field, fmt.Sprintf("%q is already a name or alias; keep one", a)}
			}
			names[a] = true
		}
	}
	words := map[string]bool{}
	for i, w := range c.Words {
		entry := fmt.Sprintf("words[%d]", i)
		switch {
		case w.Word == "":
			return nil, &CatalogError{CatalogFile, entry, "word", "missing; every word needs its spelling"}
		case words[w.Word]:
			return nil, &CatalogError{CatalogFile, entry, "word", fmt.Sprintf("%q is listed twice; keep one entry", w.Word)}
		case w.Role == "":
			return nil, &CatalogError{CatalogFile, entry, "role", "missing; write noun, property, operator, condition or meta"}
		case !modulePattern.MatchString(w.Module):
			return nil, &CatalogError{CatalogFile, entry, "module", fmt.Sprintf("%q is not a module; write \"NN\", or \"NNx\" for an Expansion Drop", w.Module)}
		}
		words[w.Word] = true
	}
	return &c, nil
}

// Nouns is every word whose role is noun, in catalog order.
func (c *Catalog) Nouns() []string {
	var out []string
	for _, w := range c.Words {
		if w.Role == RoleNoun {
			out = append(out, w.Word)
		}
	}
	return out
}

// Kinds of name for the coupling audit (AuditName.Kind).
const (
	AuditCard     = "card"
	AuditGridNoun = "grid noun"
)

// AuditName is one name the coupling audit forbids in engine code.
type AuditName struct {
	Name    string
	Kind    string // AuditCard or AuditGridNoun
	Module  string // the module that brings it
	Aliases []string
}

// AuditNames is every name the coupling audit forbids: each card with its
// aliases, then each word whose role is noun, in catalog order. Meta words
// (TEXT, ALL) and trigger words are not names.
func (c *Catalog) AuditNames() []AuditName {
	var out []AuditName
	for _, card := range c.Cards {
		out = append(out, AuditName{Name: card.Name, Kind: AuditCard, Module: card.Module, Aliases: card.Aliases})
	}
	for _, w := range c.Words {
		if w.Role == RoleNoun {
			out = append(out, AuditName{Name: w.Word, Kind: AuditGridNoun, Module: w.Module})
		}
	}
	return out
}

// CardsOfModule is every card the module introduces: module "03" gives the
// cards marked "03", module "03x" those of its Expansion Drop.
func (c *Catalog) CardsOfModule(module string) []CatalogCard {
	var out []CatalogCard
	for _, card := range c.Cards {
		if card.Module == module {
			out = append(out, card)
		}
	}
	return out
}
