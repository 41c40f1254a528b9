package audit

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/systemic-game-design/course/internal/coursetests"
	"github.com/systemic-game-design/course/internal/regularfile"
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

// HighestStarted is the highest module started in a learner's workspace:
// the highest NN (or NNx, for a started Expansion Drop) among the course
// tests in its tests folder (see coursetests); "" when none is.
func HighestStarted(ws string) (string, error) {
	mods, err := coursetests.Read(filepath.Join(ws, "tests"), func(p string) ([]byte, error) {
		src, _, err := regularfile.Read(p)
		return src, err
	})
	if err != nil {
		return "", err
	}
	return coursetests.Highest(mods), nil
}
