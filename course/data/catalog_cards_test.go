package data_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/card"
)

// Every card of the catalog has exactly one card file that agrees with it,
// and every card file is a card of the catalog.
func TestCatalogAndCardFilesAgree(t *testing.T) {
	content, err := data.Embedded()
	require.NoError(t, err)
	cat, files := content.Catalog(), content.ReferenceCardFiles()

	byName := map[string][]card.Def{}
	fileOf := map[string]string{}
	for _, f := range files {
		d, err := content.ParseCard(f.Path, f.Data)
		require.NoError(t, err)
		byName[d.Name] = append(byName[d.Name], d)
		fileOf[d.Name] = f.Path
	}
	inCatalog := map[string]bool{}
	for _, c := range cat.Cards {
		inCatalog[c.Name] = true
		defs := byName[c.Name]
		if !assert.Len(t, defs, 1, "card files for %q", c.Name) {
			continue
		}
		d := defs[0]
		assert.Equal(t, c.Type, d.Type, "%s: type", fileOf[c.Name])
		assert.Equal(t, c.Cost, d.Cost, "%s: cost", fileOf[c.Name])
		assert.Equal(t, c.Text, d.Text, "%s: text", fileOf[c.Name])
		assert.Equal(t, c.Noun, d.Noun, "%s: noun", fileOf[c.Name])
		if c.Type == card.TypeMinion {
			require.NotNil(t, c.Attack, "catalog: %s has no attack", c.Name)
			require.NotNil(t, c.Health, "catalog: %s has no health", c.Name)
			assert.Equal(t, *c.Attack, d.Attack, "%s: attack", fileOf[c.Name])
			assert.Equal(t, *c.Health, d.Health, "%s: health", fileOf[c.Name])
		}
	}
	for name := range byName {
		assert.True(t, inCatalog[name], "%s defines %q, which course/catalog.json does not list", fileOf[name], name)
	}
}

func TestReferenceCardsAreTheCatalogs(t *testing.T) {
	content, err := data.Embedded()
	require.NoError(t, err)
	defs := content.ReferenceCards()
	require.Len(t, defs, len(content.ReferenceCardFiles()))
	assert.Len(t, defs, len(content.Catalog().Cards), "one card file per catalog card")
}
