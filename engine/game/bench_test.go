package game

import (
	"math/rand/v2"
	"testing"
)

// fullBoard is 7 minions a side: damage triggers, Deathrattles with decks to
// draw from, and a Deathrattle multiplier.
func fullBoard(lib *Library) *Game {
	g := New(lib, [2][]string{deck("Plain", 30), deck("Plain", 30)})
	for p := range Player(2) {
		for _, n := range []string{"Plater", "Drawer", "Hoard", "Plater", "Drawer", "Hoard", "Hoard"} {
			g.Summon(n, p)
		}
	}
	// One Deathrattle multiplier in place of player 0's first minion.
	g.Summon("Doubler", 0)
	g.Destroy(g.zones[0][ZoneBoard][0])
	g.ClearLog()
	return g
}

// BenchmarkAreaDamageFullBoard is one area-damage Sequence on a full board,
// Death Phases included; the board is rebuilt outside the timer.
func BenchmarkAreaDamageFullBoard(b *testing.B) {
	lib := testLibrary(b)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := fullBoard(lib)
		b.StartTimer()
		g.Cast("Storm", 0, 0)
	}
}

// BenchmarkSequenceThatKillsNothing is a damage Sequence with triggers and a
// nested Queue that kills nothing: it should allocate nothing.
func BenchmarkSequenceThatKillsNothing(b *testing.B) {
	g := New(testLibrary(b), [2][]string{})
	for range 3 {
		g.Summon("Plater", 0)
		g.Summon("Grower", 0)
	}
	w := g.Summon("Bulwark", 0)
	g.ClearLog()
	b.ReportAllocs()
	for b.Loop() {
		g.ClearLog()
		g.DealDamage(w, 1)
	}
}

// BenchmarkRandomGames plays whole random games of 60 actions; games/s is 1e9 / ns/op.
func BenchmarkRandomGames(b *testing.B) {
	lib := testLibrary(b)
	r := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		g := New(lib, [2][]string{deck("Plain", 8), deck("Hoard", 8)})
		func() {
			defer func() { _ = recover() }() // the Death Phase limit ends a game early
			for range 60 {
				g.ClearLog()
				playRandom(g, r)
			}
		}()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
