// Package analyzer is the coupling audit as a go/analysis Analyzer, so the
// Zero-Coupling Law can run wherever analyzers run (go vet -vettool, gopls,
// multichecker). It reports the same hits as course coupling-audit on Go
// files; run it on the engine packages only.
package analyzer

import (
	"io/fs"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/course"
)

const doc = `report card and noun names in engine code (the Zero-Coupling Law)

The names are every card of the course catalog and every grid word whose role
is noun, in any spelling: TestFiller, testFiller, TEST_FILLER, "Test Filler".
Identifiers, string literals and comments are searched.`

// Analyzer checks against the catalog built into the course.
var Analyzer = &analysis.Analyzer{
	Name: "coupling",
	Doc:  doc,
	Run: func(pass *analysis.Pass) (any, error) {
		r, err := catalogRules()
		if err != nil {
			return nil, err
		}
		return run(pass, r)
	},
}

var catalogRules = sync.OnceValues(func() (*audit.Rules, error) {
	raw, err := fs.ReadFile(course.Files, "catalog.json")
	if err != nil {
		return nil, err
	}
	names, err := audit.CatalogNames(raw)
	if err != nil {
		return nil, err
	}
	return audit.NewRules(names, audit.AllModules), nil
})

// New returns an Analyzer that looks for the given names instead of the
// catalog's.
func New(r *audit.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "coupling",
		Doc:  doc,
		Run:  func(pass *analysis.Pass) (any, error) { return run(pass, r) },
	}
}

func run(pass *analysis.Pass, r *audit.Rules) (any, error) {
	for _, f := range pass.Files {
		for _, h := range r.GoHits(f) {
			pass.Reportf(h.Pos, "engine names %q (%s) as %s", h.Name, audit.Describe(h.Kind, h.Module), h.As)
		}
	}
	return nil, nil
}
