package harness

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchLevel is a level of the given size with a dozen rules in four rows
// at the top, fenced off by a row of STOP, and a play area below with a YOU
// and things that push, pull, stop, open, shut, float and burn.
func benchLevel(w, h int) LevelDef {
	lv := LevelDef{Width: w, Height: h}
	rows := []string{
		"BABA IS YOU . WALL IS STOP . ROCK IS PUSH",
		"FLAG IS WIN . KEY IS PUSH . KEY IS OPEN",
		"DOOR IS SHUT . DOOR IS STOP . KEKE IS PULL",
		"LAVA IS HOT . GRASS IS FLOAT . WATER IS PUSH",
	}
	for y, row := range rows {
		for x, word := range strings.Fields(row) {
			if word != "." {
				lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + word, X: x, Y: y})
			}
		}
	}
	for x := range w {
		lv.Objects = append(lv.Objects, LevelObject{Kind: "wall", X: x, Y: 4})
	}
	r := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	kinds := []string{"rock", "rock", "wall", "keke", "lava", "grass", "water", "key", "door", "flag", "skull"}
	lv.Objects = append(lv.Objects, LevelObject{Kind: "baba", X: w / 2, Y: 5 + (h-5)/2})
	for range (w * (h - 5)) / 6 {
		lv.Objects = append(lv.Objects, LevelObject{Kind: kinds[r.IntN(len(kinds))], X: r.IntN(w), Y: 5 + r.IntN(h-5)})
	}
	return lv
}

func benchDirs() []Dir {
	r := rand.New(rand.NewPCG(1, 2))
	dirs := make([]Dir, 4096)
	for i := range dirs {
		dirs[i] = Dir(r.IntN(4))
	}
	return dirs
}

func BenchmarkStep(b *testing.B) {
	for _, size := range [][2]int{{11, 9}, {22, 16}, {33, 18}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			lv := benchLevel(size[0], size[1])
			dirs := benchDirs()
			g := NewBaba(lv)
			if got := len(g.Rules()); got != 13 {
				b.Fatalf("%d rules, want a dozen and TEXT IS PUSH: %q", got, g.Rules())
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				g.Step(dirs[i%len(dirs)])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
			turns, _ := g.board().History()
			b.ReportMetric(float64(g.board().HistoryBytes())/float64(turns), "history-B/step")
			if g.Lost() {
				b.Log("the YOU object was lost during the run")
			}
		})
	}
}

// BenchmarkUndo takes back steps one at a time, replaying them in batches.
func BenchmarkUndo(b *testing.B) {
	lv := benchLevel(11, 9)
	dirs := benchDirs()
	g := NewBaba(lv)
	b.ReportAllocs()
	undone := 0
	for b.Loop() {
		if !g.Undo() {
			b.StopTimer()
			for i := range 1024 {
				g.Step(dirs[i])
			}
			b.StartTimer()
			g.Undo()
		}
		undone++
	}
	b.ReportMetric(float64(undone)/b.Elapsed().Seconds(), "undos/s")
}

// TestBenchLevelStaysAlive: the benchmark's YOU survives its random walk,
// so the benchmark measures real turns.
func TestBenchLevelStaysAlive(t *testing.T) {
	for _, size := range [][2]int{{11, 9}, {22, 16}, {33, 18}} {
		g := NewBaba(benchLevel(size[0], size[1]))
		moved := 0
		for i, d := range benchDirs() {
			before := captureState(g).objects
			g.Step(d)
			if captureState(g).objects != before {
				moved++
			}
			if g.Lost() {
				t.Fatalf("%dx%d: lost after %d steps", size[0], size[1], i+1)
			}
		}
		if moved < 1000 {
			t.Errorf("%dx%d: only %d of 4096 steps changed the board", size[0], size[1], moved)
		}
	}
}
