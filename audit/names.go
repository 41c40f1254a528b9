package audit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// CatalogNames reads the names the Law forbids straight from the bytes of
// a course catalog (course/catalog.json), with encoding/json alone: every
// card with its module and aliases, and every word whose role is noun. It
// checks only what the audit needs; course/data validates the catalog in
// full, and the two agree on the names (a test holds them together).
func CatalogNames(raw []byte) ([]Name, error) {
	var cat struct {
		Cards []struct {
			Name    string   `json:"name"`
			Module  string   `json:"module"`
			Aliases []string `json:"aliases"`
		} `json:"cards"`
		Words []struct {
			Word   string `json:"word"`
			Role   string `json:"role"`
			Module string `json:"module"`
		} `json:"words"`
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		return nil, fmt.Errorf("reading the course catalog: %w", err)
	}
	var out []Name
	for _, c := range cat.Cards {
		if c.Name == "" {
			return nil, fmt.Errorf("reading the course catalog: a card has no name")
		}
		out = append(out, Name{Name: c.Name, Kind: KindCard, Module: c.Module, Aliases: c.Aliases})
	}
	for _, w := range cat.Words {
		if w.Role == "noun" {
			out = append(out, Name{Name: w.Word, Kind: KindGridNoun, Module: w.Module})
		}
	}
	return out, nil
}

var startedTest = regexp.MustCompile(`^func Test_([0-9]{2}x?)_`)

// HighestStarted is the highest module started in a learner's workspace:
// the highest NN (or NNx, for a started Expansion Drop) among the course
// tests (func Test_NN_...) in its tests folder; "" when none is.
func HighestStarted(ws string) (string, error) {
	files, err := filepath.Glob(filepath.Join(ws, "tests", "*_test.go"))
	if err != nil {
		return "", err
	}
	var found []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("reading %s to see which modules are started: %w", f, err)
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if m := startedTest.FindStringSubmatch(line); m != nil {
				found = append(found, m[1])
			}
		}
	}
	if len(found) == 0 {
		return "", nil
	}
	sort.Strings(found)
	return found[len(found)-1], nil
}

// Catalog reads the names from the catalog.json of a course folder and
// compiles them with every module started, as the course repository's own
// engine is held to.
func Catalog(courseFS fs.FS) (*Rules, error) {
	raw, err := fs.ReadFile(courseFS, "catalog.json")
	if err != nil {
		return nil, fmt.Errorf("reading the course catalog: %w", err)
	}
	names, err := CatalogNames(raw)
	if err != nil {
		return nil, err
	}
	return NewRules(names, AllModules), nil
}

// File is r.File: the findings in one file's contents.
func File(name string, src []byte, r *Rules) []Finding { return r.File(name, src) }
