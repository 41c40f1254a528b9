package harness

import "testing"

// BenchmarkWhirlwindFullBoard is the course's own cards: 7 minions a side
// (Armorsmiths, Acolytes of Pain, Loot Hoarders with decks to draw from, and
// one Baron Rivendare), then one Whirlwind, Death Phases included. The board
// is rebuilt outside the timer.
func BenchmarkWhirlwindFullBoard(b *testing.B) {
	filler := make([]string, 30)
	for i := range filler {
		filler[i] = "Test Filler"
	}
	setup := func() *Game {
		g := NewGame(GameOpts{Decks: [2][]string{filler, filler}})
		for p := range Player(2) {
			for _, n := range []string{"Armorsmith", "Acolyte of Pain", "Loot Hoarder", "Armorsmith", "Acolyte of Pain", "Loot Hoarder"} {
				g.Summon(n, p)
			}
		}
		g.Summon("Baron Rivendare", 0)
		g.Summon("Loot Hoarder", 1)
		g.ClearLog()
		return g
	}
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		g := setup()
		b.StartTimer()
		g.Cast("Whirlwind", 0)
	}
}
