package data

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func minionNamed(name string) []byte {
	return fmt.Appendf(nil, `{"name": %q, "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "", "clauses": []}`, name)
}

// Two cards whose names read as one (another case, é as e and a combining
// accent, a full-width letter) are refused as one name given twice: the
// engine and a level look a card up by its bytes, so one of them would be
// found where the other was meant.
func TestLoadCardsRefusesNamesThatReadAsOne(t *testing.T) {
	for _, c := range []struct{ first, second, err string }{
		{"Foo", "FOO", `cards/b.json at /name: card "FOO" reads as card "Foo" of cards/a.json: the names differ only in case, spacing or how their letters are encoded; give each card a name of its own, or keep one file per card`},
		{"Café", "Cafe\u0301", `cards/b.json at /name: card "Cafe\u0301" reads as card "Café" of cards/a.json: the names differ only in case, spacing or how their letters are encoded; give each card a name of its own, or keep one file per card`},
		{"Test Sprout", "\uff34est sprout", `cards/b.json at /name: card "\uff34est sprout" reads as card "Test Sprout" of cards/a.json: the names differ only in case, spacing or how their letters are encoded; give each card a name of its own, or keep one file per card`},
		{"Test Filler", "Test  Filler ", `cards/b.json at /name: card "Test  Filler " reads as card "Test Filler" of cards/a.json: the names differ only in case, spacing or how their letters are encoded; give each card a name of its own, or keep one file per card`},
		{"Foo", "Foo", `cards/b.json at /name: card "Foo" is also defined in cards/a.json; keep one file per card`},
	} {
		_, err := embedded(t).LoadCards([]File{{"cards/a.json", minionNamed(c.first)}, {"cards/b.json", minionNamed(c.second)}})
		require.Error(t, err, "%q and %q", c.first, c.second)
		assert.Equal(t, c.err, err.Error())
	}
	_, err := embedded(t).LoadCards([]File{{"cards/a.json", minionNamed("Foo")}, {"cards/b.json", minionNamed("Food")}})
	assert.NoError(t, err)
}

// A workspace card whose name reads as a course card's is told at its own
// file, with the spelling that would make it take the course card's place;
// before, the course card was the one left out, without a word.
func TestValidateTellsAWorkspaceCardThatReadsAsACourseCard(t *testing.T) {
	r, err := embedded(t).Validate([]File{{"cards/mine.json", minionNamed("test sprout")}}, nil, false)
	require.NoError(t, err)
	require.Len(t, r.Problems, 1)
	assert.Equal(t, `cards/mine.json at /name: card "test sprout" reads as the course's card "Test Sprout": the names differ only in case, spacing or how their letters are encoded; name it "Test Sprout" to take the course card's place, or give it a name of its own`, r.Problems[0].Error())

	r, err = embedded(t).Validate([]File{{"cards/mine.json", minionNamed("Test Sprout")}}, nil, false)
	require.NoError(t, err)
	assert.Empty(t, r.Problems)
}

// A level naming a card in a spelling that reads as a card's but is not
// its bytes is told which card and how it is spelled.
func TestALevelNamingACardInAnotherSpellingIsToldTheCards(t *testing.T) {
	defs, err := embedded(t).LoadCards([]File{{"cards/cafe.json", minionNamed("Cafe\u0301")}})
	require.NoError(t, err)
	_, err = embedded(t).ParseLevelWith("levels/a.json", []byte(`{"width": 3, "height": 1, "hand": ["Café"]}`), defs)
	require.Error(t, err)
	assert.Equal(t, `levels/a.json at /hand/0: no card is named "Café", though card "Cafe\u0301" reads as it: the names differ in case, spacing or how their letters are encoded; spell it as the card does, "Cafe\u0301"`, err.Error())

	_, err = embedded(t).ParseLevelWith("levels/a.json", []byte(`{"width": 3, "height": 1, "hand": ["Nobody"]}`), defs)
	require.Error(t, err)
	assert.Equal(t, `levels/a.json at /hand/0: no card is named "Nobody"; name a card of cards/ (or of the course), or add its card file`, err.Error())
}

// Every bad file of a large set is told, and quickly: each file is parsed
// once, however many of them break a rule of the set. A thousand cards
// that each summon a card no file has took a minute, each one found
// parsing every file again, so a learner's cards/ folder held a class's
// check up.
func TestValidateTellsEveryBadCardOfALargeSetQuickly(t *testing.T) {
	const n = 2000
	var files []File
	for i := range n {
		files = append(files, File{fmt.Sprintf("cards/c%04d.json", i), fmt.Appendf(nil,
			`{"name": "C%d", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "",
			 "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "Nobody %d"}]}`, i, i)})
	}
	files = append(files, File{"cards/z.json", minionNamed("Zed")})
	start := time.Now()
	r, err := embedded(t).Validate(files, nil, false)
	require.NoError(t, err)
	assert.Len(t, r.Problems, n)
	assert.Equal(t, `cards/c1999.json at /clauses/1/card: card "C1999" summons "Nobody 1999", which is not a minion of any card file; add a card file for it or correct the name`, r.Problems[n-1].Error())
	assert.Less(t, time.Since(start), 20*time.Second)
}

// A summon, a placed card or a card dealt that names a card whose own file
// does not load is told so, with the file to mend: it said no card file
// had the card and sent the learner to add one, which made a second file
// for it.
func TestValidateNamesTheFileOfACardThatDoesNotLoad(t *testing.T) {
	broken := []byte(`{"name": "Test Sapling", "type": "minion", "cost": 1, "attack": 1, "health": 0, "text": "", "clauses": []}`)
	summoner := []byte(`{"name": "Test Planter", "type": "minion", "cost": 1, "attack": 1, "health": 1, "text": "Deathrattle: Summon a Test Sapling.",
		"clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "Test Sapling"}]}`)
	level := []byte(`{"width": 3, "height": 2, "hand": ["Whirlwind", "Test Sapling"], "solution": [{"cast": "Test Nobody"}]}`)
	r, err := embedded(t).Validate([]File{{"cards/sapling.json", broken}, {"cards/planter.json", summoner}}, []File{{"levels/a.json", level}}, false)
	require.NoError(t, err)
	var got []string
	for _, p := range r.Problems {
		got = append(got, p.Error())
	}
	assert.Equal(t, []string{
		`cards/sapling.json at /health: 0 is less than 1, the least allowed here; use a value of at least 1`,
		`cards/planter.json at /clauses/1/card: card "Test Planter" summons "Test Sapling", which is not a minion of any card file that loads: cards/sapling.json defines it, and does not load; mend cards/sapling.json (its own line says what is wrong with it), not a second file for "Test Sapling"`,
		`levels/a.json at /hand/1: no card is named "Test Sapling" that loads: cards/sapling.json defines it, and does not load; mend cards/sapling.json (its own line says what is wrong with it), not a second file for "Test Sapling"`,
	}, got)
	// A card placed on the grid, and a move's, as well.
	for at, level := range map[string]string{
		"/cards/0/card":    `{"width": 3, "height": 2, "cards": [{"card": "Test Sapling", "x": 0, "y": 0}]}`,
		"/solution/0/play": `{"width": 3, "height": 2, "hand": ["Whirlwind"], "solution": [{"play": "Test Sapling", "x": 1, "y": 1}]}`,
	} {
		r, err = embedded(t).Validate([]File{{"cards/sapling.json", broken}}, []File{{"levels/a.json", []byte(level)}}, false)
		require.NoError(t, err)
		require.Len(t, r.Problems, 2)
		assert.Equal(t, `levels/a.json at `+at+`: no card is named "Test Sapling" that loads: cards/sapling.json defines it, and does not load; mend cards/sapling.json (its own line says what is wrong with it), not a second file for "Test Sapling"`, r.Problems[1].Error())
	}
	// A name no file has keeps its mend.
	r, err = embedded(t).Validate(nil, []File{{"levels/a.json", []byte(`{"width": 3, "height": 2, "hand": ["Test Nobody"]}`)}}, false)
	require.NoError(t, err)
	require.Len(t, r.Problems, 1)
	assert.Equal(t, `levels/a.json at /hand/0: no card is named "Test Nobody"; name a card of cards/ (or of the course), or add its card file`, r.Problems[0].Error())
}
