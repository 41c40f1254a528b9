package game

import (
	"math/rand/v2"
	"testing"
	"time"
)

// setFullBoard starts g anew with 7 minions a side: damage triggers,
// Deathrattles with decks to draw from, and a Deathrattle multiplier.
func setFullBoard(g *Game, decks [2][]string) {
	g.Reset(decks)
	for p := range Player(2) {
		for _, n := range []string{"Plater", "Drawer", "Hoard", "Plater", "Drawer", "Hoard", "Hoard"} {
			g.Summon(n, p)
		}
	}
	// One Deathrattle multiplier in place of player 0's first minion.
	g.Summon("Doubler", 0)
	g.Destroy(g.zones[0][ZoneBoard][0])
	g.ClearLog()
}

func fullBoardDecks() [2][]string { return [2][]string{deck("Plain", 30), deck("Plain", 30)} }

// BenchmarkAreaDamageFullBoard is one area-damage Sequence on a full board,
// Death Phases included. Boards are set up in batches of Games outside the
// timer; cpu-ns/op is the CPU time of the Sequences alone.
func BenchmarkAreaDamageFullBoard(b *testing.B) {
	decks := fullBoardDecks()
	lib := testLibrary(b)
	var games [16]*Game
	for i := range games {
		games[i] = New(lib, decks)
	}
	benchBatches(b, len(games),
		func(i int) { setFullBoard(games[i], decks) },
		func(i int) { games[i].Cast("Storm", 0, 0) })
}

// benchBatches runs op(0..n-1) under the timer, each batch after set(0..n-1)
// outside it, and reports the CPU time of the ops alone as cpu-ns/op.
func benchBatches(b *testing.B, n int, set, op func(i int)) {
	var cpu, cpu0 time.Duration
	var cpuOK bool
	stop := func() {
		c, ok := cpuTime()
		cpuOK = cpuOK && ok
		cpu += c - cpu0
		b.StopTimer()
	}
	start := func() {
		b.StartTimer()
		c, ok := cpuTime()
		cpuOK = cpuOK && ok
		cpu0 = c
	}
	b.ReportAllocs()
	i := n
	cpu0, cpuOK = cpuTime()
	for b.Loop() {
		if i == n {
			stop()
			for k := range n {
				set(k)
			}
			start()
			i = 0
		}
		op(i)
		i++
	}
	stop()
	if cpuOK {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
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

// playOut plays one random game of 60 actions on g; the Death Phase limit
// may end it early.
func playOut(g *Game, pl *player) {
	defer func() { _ = recover() }()
	for range 60 {
		g.ClearLog()
		pl.play(g)
	}
}

func randomDecks() [2][]string { return [2][]string{deck("Plain", 8), deck("Hoard", 8)} }

// BenchmarkRandomGames plays whole random games of 60 actions, each a Reset
// of one Game; an op is a game. games/cpu-s counts the process's CPU time
// rather than the clock's, so that other work on the machine does not
// count against it.
func BenchmarkRandomGames(b *testing.B) {
	decks := randomDecks()
	g := New(testLibrary(b), decks)
	pl := newPlayer(rand.New(rand.NewPCG(1, 2)))
	b.ReportAllocs()
	cpu0, ok := cpuTime()
	for b.Loop() {
		g.Reset(decks)
		playOut(g, pl)
	}
	reportRates(b, "games", cpu0, ok)
}

// reportRates reports things/s by the clock and, when the CPU time could be
// read from cpu0 on, things/cpu-s.
func reportRates(b *testing.B, things string, cpu0 time.Duration, ok bool) {
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), things+"/s")
	if cpu1, ok1 := cpuTime(); ok && ok1 && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), things+"/cpu-s")
	}
}

// BenchmarkRandomGamesNew is BenchmarkRandomGames with a New game each time.
func BenchmarkRandomGamesNew(b *testing.B) {
	lib, decks := testLibrary(b), randomDecks()
	pl := newPlayer(rand.New(rand.NewPCG(1, 2)))
	b.ReportAllocs()
	cpu0, ok := cpuTime()
	for b.Loop() {
		playOut(New(lib, decks), pl)
	}
	reportRates(b, "games", cpu0, ok)
}
