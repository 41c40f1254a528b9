package game

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/systemic-game-design/course/engine/card"
)

// transcript plays a seeded random game on g and writes down everything the
// harness could see after each action.
func transcript(g *Game, seed uint64) []string {
	pl := newPlayer(rand.New(rand.NewPCG(seed, 0)))
	var out []string
	defer func() { _ = recover() }() // the Death Phase limit ends a game early
	for range 60 {
		g.ClearLog()
		act := pl.play(g)
		out = append(out, act.String(), g.LogTree())
		for p := range Player(2) {
			for z := range numZones {
				for _, id := range g.Zone(p, z) {
					out = append(out, g.NameOf(id), u(uint32(g.Health(id))), u(g.OrderOfPlay(id)))
				}
			}
		}
	}
	return out
}

func TestResetIsANewGame(t *testing.T) {
	lib := testLibrary(t)
	decks := [2][]string{deck("Plain", 5), deck("Hoard", 3)}
	g := New(lib, decks)
	// Leave everything a game can carry over behind.
	if err := g.Register(minion("Extra", 1, 1)); err != nil {
		t.Fatal(err)
	}
	g.Summon("Extra", 0)
	g.SetChooser(func(string, []string) string { return "nothing" })
	if err := g.SetRuleAuras([]RuleAura{{Trigger: card.TriggerDeathrattle.String(), Times: 3}}); err != nil {
		t.Fatal(err)
	}
	g.WithNaiveAuraTiming()
	transcript(g, 7)

	for seed := range uint64(40) {
		g.Reset(decks)
		if g.HasCard("Extra") || g.Entities() != 2+5+3 || len(g.Log()) != 0 || len(g.TakeTexts()) != 0 {
			t.Fatalf("seed %d: the reset game kept something: extra card %v, %d entities, log %v",
				seed, g.HasCard("Extra"), g.Entities(), g.Log())
		}
		got, want := transcript(g, seed), transcript(New(lib, decks), seed)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: a reset game plays differently from a new one", seed)
		}
	}
}

func TestRandomPlayOutsAllocateLittle(t *testing.T) {
	decks := randomDecks()
	g := New(testLibrary(t), decks)
	pl := newPlayer(rand.New(rand.NewPCG(1, 2)))
	if n := testing.AllocsPerRun(300, func() { g.Reset(decks); playOut(g, pl) }); n > 16 {
		t.Fatalf("a random play-out of 60 actions allocates %.1f times; at most 16", n)
	}
}

func TestFullBoardSequenceAllocatesNothing(t *testing.T) {
	decks := fullBoardDecks()
	g := New(testLibrary(t), decks)
	if n := testing.AllocsPerRun(100, func() { setFullBoard(g, decks); g.Cast("Storm", 0, 0) }); n != 0 {
		t.Fatalf("setting up a full board and sweeping it allocates %.1f times; want none", n)
	}
	setFullBoard(g, decks)
	g.Cast("Storm", 0, 0)
	var deaths, triggers int
	for _, e := range g.Log() {
		switch e.(type) {
		case Destroyed:
			deaths++
		case Triggered:
			triggers++
		}
	}
	if deaths == 0 || triggers == 0 {
		t.Fatalf("the sweep should kill and trigger; %d deaths, %d triggers", deaths, triggers)
	}
}
