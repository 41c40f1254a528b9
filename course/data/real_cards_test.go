package data_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/course/data"
)

// realCard is a card's printed cost, Attack and Health in the game itself.
type realCard struct {
	id                   string // the card's CardID in the official data
	cost, attack, health int    // attack and health are 0 for a spell
}

// realCards holds every card of the course that is not fictional to the
// values of the real game.
//
// Source: the official card data, CardDefs.xml, the file every Hearthstone
// client build ships, as HearthSim publishes it build by build
// (github.com/HearthSim/hsdata); the tags COST, ATK and HEALTH of the entity
// with the CardID given (so Acolyte of Pain, EX1_007, is a 3-cost 1/3, and
// Baron Rivendare, FP1_031, costs 4). The card pages of hearthstone.wiki.gg
// show the same numbers.
var realCards = map[string]realCard{
	"Acolyte of Pain":    {"EX1_007", 3, 1, 3},
	"Armorsmith":         {"EX1_402", 2, 1, 4},
	"Whirlwind":          {"EX1_400", 1, 0, 0},
	"Loot Hoarder":       {"EX1_096", 2, 2, 1},
	"Harvest Golem":      {"EX1_556", 3, 2, 3},
	"Damaged Golem":      {"skele21", 1, 2, 1},
	"Unstable Ghoul":     {"FP1_024", 2, 1, 3},
	"Twisting Nether":    {"EX1_312", 8, 0, 0},
	"Baron Rivendare":    {"FP1_031", 4, 1, 7},
	"Novice Engineer":    {"EX1_015", 2, 1, 1},
	"Bolf Ramshield":     {"AT_124", 6, 3, 9},
	"Brann Bronzebeard":  {"LOE_077", 3, 2, 4},
	"Drakkari Enchanter": {"ICC_901", 3, 1, 5},
	"Bonechewer Brawler": {"BT_715", 2, 2, 3},
}

// Every card the catalog does not mark fictional has the real game's cost,
// Attack and Health, in the catalog and in its card file; a real card the
// table does not know fails, so a new one must be looked up first.
func TestRealCardsHaveTheRealValues(t *testing.T) {
	cat, err := data.LoadCatalog(course.Files)
	require.NoError(t, err)
	content, err := data.Embedded()
	require.NoError(t, err)
	files := content.ReferenceCardFiles()
	inFiles := map[string]realCard{}
	for _, f := range files {
		d, err := content.ParseCard(f.Path, f.Data)
		require.NoError(t, err)
		inFiles[d.Name] = realCard{cost: d.Cost, attack: d.Attack, health: d.Health}
	}

	seen := map[string]bool{}
	for _, c := range cat.Cards {
		if c.Fictional {
			assert.NotContains(t, realCards, c.Name, "%s is in the table of real cards but the catalog marks it fictional", c.Name)
			continue
		}
		seen[c.Name] = true
		want, ok := realCards[c.Name]
		if !assert.True(t, ok, "%s is a real card that the table does not hold; look it up in the official card data and add it", c.Name) {
			continue
		}
		got := realCard{cost: c.Cost}
		if c.Attack != nil {
			got.attack = *c.Attack
		}
		if c.Health != nil {
			got.health = *c.Health
		}
		want.id = ""
		assert.Equal(t, want, got, "catalog: %s (cost, attack, health)", c.Name)
		assert.Equal(t, want, inFiles[c.Name], "card file: %s (cost, attack, health)", c.Name)
	}
	for name := range realCards {
		assert.True(t, seen[name], "the table of real cards holds %s, which the catalog does not list as a real card", name)
	}
}
