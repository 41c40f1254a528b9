package analyzer

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/systemic-game-design/course/audit/match"
)

func TestAnalyzer(t *testing.T) {
	m := match.NewMatcher([]match.Name{match.NewName("Test Filler"), match.NewName("KEY"), match.NewName("WALL")})
	analysistest.Run(t, analysistest.TestData(), New(m), "engine")
}

func TestCatalogMatcherLoads(t *testing.T) {
	m, err := catalogMatcher()
	if assert.NoError(t, err) {
		assert.NotEmpty(t, m.Names())
	}
}
