// Package analyzer is the coupling audit as a go/analysis Analyzer, so the
// Zero-Coupling Law can run wherever analyzers run (go vet -vettool, gopls,
// multichecker). It reports the same hits as course coupling-audit on Go
// files; run it on the engine packages only.
package analyzer

import (
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/match"
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
		m, err := catalogMatcher()
		if err != nil {
			return nil, err
		}
		return run(pass, m)
	},
}

var catalogMatcher = sync.OnceValues(func() (*match.Matcher, error) {
	return audit.Catalog(course.Files)
})

// New returns an Analyzer that looks for the given names instead of the
// catalog's.
func New(m *match.Matcher) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "coupling",
		Doc:  doc,
		Run:  func(pass *analysis.Pass) (any, error) { return run(pass, m) },
	}
}

func run(pass *analysis.Pass, m *match.Matcher) (any, error) {
	for _, f := range pass.Files {
		for _, h := range audit.GoHits(f, m) {
			pass.Reportf(h.Pos, "engine names %q (as %s)", h.Name, h.As)
		}
	}
	return nil, nil
}
