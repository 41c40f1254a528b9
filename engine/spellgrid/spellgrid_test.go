package spellgrid

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/game"
	"github.com/systemic-game-design/course/engine/grid"
)

// testWorld builds a world from fictional words and cards: ALPHA and BETA
// are the nouns, Pinger (an ALPHA) pings the enemy hero when it dies, Seeder
// (an ALPHA) leaves a Sprig (a BETA), Marker (a BETA) writes DOUBLE, which
// multiplies twice.
func testWorld(t *testing.T, level grid.LevelDef) *World {
	t.Helper()
	return testWorldWith(t, level, grid.Word{Word: "DOUBLE", Role: grid.RoleProperty, Times: 2})
}

// testWorldWith is testWorld with another word in DOUBLE's place.
func testWorldWith(t *testing.T, level grid.LevelDef, multiplier grid.Word) *World {
	t.Helper()
	lex, err := grid.NewLexicon([]grid.Word{
		{Word: "ALPHA", Role: grid.RoleNoun}, {Word: "BETA", Role: grid.RoleNoun},
		{Word: "DEATHRATTLE", Role: grid.RoleNoun},
		{Word: "IS", Role: grid.RoleOperator}, {Word: "NOT", Role: grid.RoleOperator}, {Word: "AND", Role: grid.RoleOperator},
		multiplier, {Word: "MELT", Role: grid.RoleProperty}, {Word: "HOT", Role: grid.RoleProperty},
		{Word: "YOU", Role: grid.RoleProperty}, {Word: "PUSH", Role: grid.RoleProperty},
		{Word: "TEXT", Role: grid.RoleMeta, Names: grid.NamesText},
	})
	if err != nil {
		t.Fatal(err)
	}
	eff := func(c card.Clause) card.Clause { c.Kind = card.KindEffect; return c }
	rattle := card.Clause{Kind: card.KindTrigger, Trigger: card.TriggerDeathrattle}
	cry := card.Clause{Kind: card.KindTrigger, Trigger: card.TriggerBattlecry}
	lib, err := game.NewLibrary([]card.Def{
		{Name: "Pinger", Type: card.TypeMinion, Attack: 1, Health: 1, Noun: "ALPHA", Clauses: []card.Clause{
			rattle, eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetEnemyHero})}},
		{Name: "Seeder", Type: card.TypeMinion, Attack: 1, Health: 1, Noun: "ALPHA", Clauses: []card.Clause{
			rattle, eff(card.Clause{Effect: card.EffectSummon, Card: "Sprig"})}},
		{Name: "Sprig", Type: card.TypeMinion, Attack: 1, Health: 1, Noun: "BETA"},
		{Name: "Marker", Type: card.TypeMinion, Attack: 1, Health: 1, Noun: "BETA", Clauses: []card.Clause{
			cry, eff(card.Clause{Effect: card.EffectSpawnText, Word: "DOUBLE"})}},
		{Name: "Gust", Type: card.TypeSpell, Clauses: []card.Clause{eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions})}},
	})
	if err != nil {
		t.Fatal(err)
	}
	w, err := New(lex, lib, level, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func row(y int, words ...string) []grid.LevelObject {
	var out []grid.LevelObject
	for x, wd := range words {
		out = append(out, grid.LevelObject{Kind: "text:" + wd, X: x, Y: y})
	}
	return out
}

func triggers(w *World) int {
	n := 0
	for _, e := range w.Log() {
		if _, ok := e.(game.Triggered); ok {
			n++
		}
	}
	return n
}

// Text a Battlecry writes completes a rule, and the rule doubles the next
// Deathrattle; a rule with NOT caps it again.
func TestWrittenRuleBecomesAnAura(t *testing.T) {
	w := testWorld(t, grid.LevelDef{Width: 4, Height: 3,
		Objects: row(0, "DEATHRATTLE", "IS"),
		Cards:   []grid.LevelCard{{Card: "Pinger", X: 0, Y: 2}},
		Hand:    []string{"Marker", "Gust"},
	})
	if _, err := w.Play("Marker", 2, 0); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(w.Board().ActiveRules(), "DEATHRATTLE IS DOUBLE") {
		t.Fatalf("rules %q", w.Board().ActiveRules())
	}
	w.Game().ClearLog()
	if err := w.Cast("Gust", 0); err != nil {
		t.Fatal(err)
	}
	if n := triggers(w); n != 2 {
		t.Fatalf("%d Deathrattle activations, want 2:\n%s", n, w.LogTree())
	}
	if got := w.Health(w.Hero(1)); got != 28 {
		t.Fatalf("enemy hero at %d, want 28", got)
	}
}

// How many times a rule multiplies a trigger is the lexicon's "times" on
// the property; a property without it is no multiplier.
func TestMultiplierComesFromTheLexicon(t *testing.T) {
	for _, c := range []struct {
		word        grid.Word
		activations int
	}{
		{grid.Word{Word: "THRICE", Role: grid.RoleProperty, Times: 3}, 3},
		{grid.Word{Word: "DOUBLE", Role: grid.RoleProperty}, 1},
	} {
		w := testWorldWith(t, grid.LevelDef{Width: 4, Height: 3,
			Objects: row(0, "DEATHRATTLE", "IS", c.word.Word),
			Cards:   []grid.LevelCard{{Card: "Pinger", X: 0, Y: 2}},
			Hand:    []string{"Gust"},
		}, c.word)
		if err := w.Cast("Gust", 0); err != nil {
			t.Fatal(err)
		}
		if n := triggers(w); n != c.activations {
			t.Errorf("DEATHRATTLE IS %s (times %d): %d activations, want %d:\n%s", c.word.Word, c.word.Times, n, c.activations, w.LogTree())
		}
	}
}

// The log tree is the card game's, with world ids: the same lines, each
// indented by its depth.
func TestLogTreeIsTheGamesWithWorldIDs(t *testing.T) {
	w := testWorld(t, grid.LevelDef{Width: 4, Height: 3,
		Objects: row(0, "DEATHRATTLE", "IS", "DOUBLE"),
		Cards:   []grid.LevelCard{{Card: "Pinger", X: 0, Y: 2}},
		Hand:    []string{"Gust"},
	})
	pinger, _ := w.MinionAt(0, 2)
	if err := w.Cast("Gust", 0); err != nil {
		t.Fatal(err)
	}
	if got, want := w.LogTree(), game.Tree(w.Log(), w.Game().LogDepths()); got != want {
		t.Fatalf("LogTree\n%s\nwant\n%s", got, want)
	}
	if tree := w.LogTree(); !strings.Contains(tree, "\nTriggered{source: "+strconv.Itoa(int(pinger))+", trigger: \"deathrattle\"}\n  Damaged{") {
		t.Fatalf("the Deathrattle and its damage are not one level apart with world ids:\n%s", tree)
	}
}

// A minion a turn destroys dies in a Sequence; a token it summons becomes an
// object on its tile with the next id, and the dead leave the grid.
func TestTurnDeathAndTokenJoinTheGrid(t *testing.T) {
	lv := grid.LevelDef{Width: 4, Height: 3,
		Objects: append(row(0, "ALPHA", "IS", "MELT"), row(1, "BETA", "IS", "HOT")...),
		Cards:   []grid.LevelCard{{Card: "Seeder", X: 1, Y: 2}},
	}
	lv.Objects = append(lv.Objects, grid.LevelObject{Kind: "beta", X: 1, Y: 2})
	w := testWorld(t, lv)
	seeder, ok := w.MinionAt(1, 2)
	if !ok || seeder != 8 {
		t.Fatalf("MinionAt(1, 2) = %d, %v; want 8", seeder, ok)
	}
	next := w.Board().NextID()
	w.Step(grid.Up)
	want := []game.Event{
		game.Destroyed{ID: seeder}, game.DeathPhase{Round: 1},
		game.Triggered{Source: seeder, Trigger: card.TriggerDeathrattle.String()}, game.Summoned{ID: next},
	}
	if got := w.Log(); !slices.Equal(got, want) {
		t.Fatalf("log %v, want %v", got, want)
	}
	if got := w.Board().StackAt(1, 2); !slices.Equal(got, []string{"beta", "beta"}) {
		t.Fatalf("tile holds %q", got)
	}
	if m, ok := w.MinionAt(1, 2); !ok || m != next || w.NameOf(m) != "Sprig" {
		t.Fatalf("MinionAt(1, 2) = %d, %v", m, ok)
	}
}

// Heroes and cards in hand have ids no grid object has; an id never issued panics.
func TestOneIDSpace(t *testing.T) {
	w := testWorld(t, grid.LevelDef{Width: 2, Height: 2, Hand: []string{"Gust"}})
	h0, h1 := w.Hero(0), w.Hero(1)
	if h0 != 1 || h1 != 2 {
		t.Fatalf("heroes %d %d, want 1 2", h0, h1)
	}
	if _, _, ok := w.Board().PosOf(h0); ok {
		t.Fatal("a hero stands on the grid")
	}
	if err := w.CheckCast("Nothing", 0); err == nil {
		t.Fatal("no error for a card not in hand")
	}
	if err := w.CheckPlay("Gust", 0, 0); err == nil {
		t.Fatal("no error for playing a spell")
	}
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for an id never issued")
		}
	}()
	w.Health(99)
}
