package harness

import (
	"testing"
	"time"
)

var whirlwindDecks = func() [2][]string {
	filler := make([]string, 30)
	for i := range filler {
		filler[i] = "Test Filler"
	}
	return [2][]string{filler, filler}
}()

// whirlwindBoard sets g up anew with the course's own cards, 7 minions a
// side (Armorsmiths, Acolytes of Pain, Loot Hoarders with decks to draw
// from, and one Baron Rivendare), reusing g's memory.
func whirlwindBoard(g *Game) {
	g.g.Reset(whirlwindDecks)
	for p := range Player(2) {
		for _, n := range []string{"Armorsmith", "Acolyte of Pain", "Loot Hoarder", "Armorsmith", "Acolyte of Pain", "Loot Hoarder"} {
			g.Summon(n, p)
		}
	}
	g.Summon("Baron Rivendare", 0)
	g.Summon("Loot Hoarder", 1)
	g.ClearLog()
}

// BenchmarkWhirlwindFullBoard is one Whirlwind on that board, triggers and
// Death Phases included. Boards are set up in batches of Games outside the
// timer; cpu-ns/op is the CPU time of the Whirlwinds alone, which other work
// on the machine does not inflate as it does ns/op.
func BenchmarkWhirlwindFullBoard(b *testing.B) {
	var games [16]*Game
	for i := range games {
		games[i] = NewGame(GameOpts{})
	}
	var cpu, cpu0 time.Duration
	read := cpuTime // 0 where it cannot be read
	b.ReportAllocs()
	i := len(games)
	cpu0 = read()
	for b.Loop() {
		if i == len(games) {
			cpu += read() - cpu0
			b.StopTimer()
			for _, g := range games {
				whirlwindBoard(g)
			}
			b.StartTimer()
			cpu0, i = read(), 0
		}
		games[i].Cast("Whirlwind", 0)
		i++
	}
	cpu += read() - cpu0
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

func TestWhirlwindFullBoardAllocatesNothing(t *testing.T) {
	g := NewGame(GameOpts{})
	if n := testing.AllocsPerRun(100, func() { whirlwindBoard(g); g.Cast("Whirlwind", 0) }); n != 0 {
		t.Fatalf("setting up the board and casting Whirlwind allocates %.1f times; want none", n)
	}
	whirlwindBoard(g)
	g.Cast("Whirlwind", 0)
	var deaths, triggers int
	for _, e := range g.Log() {
		switch e.(type) {
		case Destroyed:
			deaths++
		case Triggered:
			triggers++
		}
	}
	if deaths < 4 || triggers < 20 {
		t.Fatalf("Whirlwind on this board kills the Loot Hoarders and sets off every trigger; %d deaths, %d triggers:\n%s", deaths, triggers, g.LogTree())
	}
}
