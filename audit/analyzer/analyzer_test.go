package analyzer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/systemic-game-design/course/audit"
)

var testRules = audit.NewRules([]audit.Name{
	{Name: "Test Filler", Kind: audit.KindCard, Module: "01"},
	{Name: "KEY", Kind: audit.KindGridNoun, Module: "08"},
	{Name: "WALL", Kind: audit.KindGridNoun, Module: "06"},
}, audit.AllModules)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), New(testRules), "engine")
}

func TestCatalogRulesLoad(t *testing.T) {
	r, err := catalogRules()
	if assert.NoError(t, err) {
		assert.NotEmpty(t, r.Names())
	}
}
