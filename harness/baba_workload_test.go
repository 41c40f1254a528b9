package harness

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/grid"
	"github.com/systemic-game-design/course/levels"
)

// The workloads users run on the rule grid: building levels, replaying
// their recorded solutions and walking them at random. They run over the
// repository's levels and over generated larger ones. Besides ns/op (wall
// time) each reports its rate per CPU second of the process (levels/s,
// steps/s) and cpu-ns/op, which a busy machine does not inflate.

// workloadLevel is a level to run a workload on, with the moves that solve
// it (none for a generated level) and the text of its file (none for a
// generated level either).
type workloadLevel struct {
	name     string
	def      LevelDef
	solution []Dir
	text     []byte
}

// repositoryLevels is every level of levels/, in file order.
func repositoryLevels(tb testing.TB) []workloadLevel {
	tb.Helper()
	all, names, err := data.LoadLevels(levels.Files, "levels")
	if err != nil {
		tb.Fatal(err)
	}
	out := make([]workloadLevel, 0, len(names))
	for _, n := range names {
		text, err := fs.ReadFile(levels.Files, n)
		if err != nil {
			tb.Fatal(err)
		}
		steps, ok := all[n].Steps()
		if !ok {
			tb.Fatalf("%s: the solution casts or plays, and a Baba only steps", n)
		}
		out = append(out, workloadLevel{name: n, def: all[n].LevelDef, solution: steps, text: text})
	}
	return out
}

// generatedLevel is a w x h level with the given number of rules and
// objects in all, the same for the same seed. The rules are sentences of
// three words ("N IS P", the first one making something YOU and no other
// naming that noun, no more than one giving WIN) laid out in
// rows along the top with a free tile between them; the other objects are
// things of the rules' nouns scattered over the rest of the grid, one of
// them of the YOU noun.
func generatedLevel(seed uint64, w, h, rules, objects int) LevelDef {
	r := rand.New(rand.NewPCG(seed, seed*0x9e3779b97f4a7c15+1))
	var nouns, props []string
	for _, word := range lexicon().Words() {
		switch word.Role {
		case grid.RoleNoun:
			if word.Word != "DEATHRATTLE" && word.Word != "BATTLECRY" {
				nouns = append(nouns, word.Word)
			}
		case grid.RoleProperty:
			if word.Times == 0 {
				props = append(props, word.Word)
			}
		default: // operators, conditions and meta words make no rule of their own here
		}
	}
	lv := LevelDef{Width: w, Height: h}
	you := nouns[r.IntN(len(nouns))]
	x, y := 0, 0
	for i := 0; i < rules; {
		if x+3 > w {
			x, y = 0, y+2
		}
		subject, pred := nouns[r.IntN(len(nouns))], props[r.IntN(len(props))]
		switch {
		case i == 0:
			subject, pred = you, "YOU"
		case subject == you || pred == "YOU" || pred == "WIN" && i > 1:
			continue
		}
		for j, word := range []string{subject, "IS", pred} {
			lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + word, X: x + j, Y: y})
		}
		x += 4
		i++
	}
	top := y + 2
	yx, yy := w/2, top+(h-top)/2
	lv.Objects = append(lv.Objects, LevelObject{Kind: strings.ToLower(you), X: yx, Y: yy})
	for len(lv.Objects) < objects {
		x, y := r.IntN(w), top+r.IntN(h-top)
		if x == yx && y == yy {
			continue // the YOU object starts alone
		}
		lv.Objects = append(lv.Objects, LevelObject{Kind: strings.ToLower(nouns[r.IntN(len(nouns))]), X: x, Y: y})
	}
	return lv
}

// generatedLevels are the larger levels the workloads also run on.
func generatedLevels() []workloadLevel {
	return []workloadLevel{
		{name: "30x30", def: generatedLevel(1, 30, 30, 20, 200)},
		{name: "64x64", def: generatedLevel(2, 64, 64, 40, 800)},
	}
}

func TestGeneratedLevels(t *testing.T) {
	lv := generatedLevel(1, 30, 30, 20, 200)
	if len(lv.Objects) != 200 {
		t.Errorf("%d objects, want 200", len(lv.Objects))
	}
	b := NewBaba(lv)
	if got := len(b.Rules()); got < 15 || got > 21 {
		t.Errorf("%d rules (with TEXT IS PUSH), want about 20: %q", got, b.Rules())
	}
	if b.Lost() {
		t.Error("nothing is YOU at the start")
	}
	for _, lv := range generatedLevels() {
		g := NewBaba(lv.def)
		for i, d := range walkDirs(1, 200) {
			if g.Step(d); g.Won() || g.Lost() {
				t.Errorf("%s: the walk ends after %d moves, want a walk of at least 200", lv.name, i+1)
				break
			}
		}
	}
	if again := generatedLevel(1, 30, 30, 20, 200); fmt.Sprint(again) != fmt.Sprint(lv) {
		t.Error("the same seed made two different levels")
	}
}

// cpuClock measures a benchmark's CPU time from its first Loop on.
type cpuClock struct{ start time.Duration }

func startCPU() cpuClock { return cpuClock{cpuTime()} }

// report adds cpu-ns/op and what/s (ops per CPU second) to b's results.
func (c cpuClock) report(b *testing.B, ops int, what string) {
	spent := (cpuTime() - c.start).Seconds()
	if spent <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(spent*1e9/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(ops)/spent, what+"/s")
}

// walkDirs is a seeded sequence of moves.
func walkDirs(seed uint64, n int) []Dir {
	r := rand.New(rand.NewPCG(seed, 7))
	dirs := make([]Dir, n)
	for i := range dirs {
		dirs[i] = Dir(r.IntN(4))
	}
	return dirs
}

// BenchmarkConstruct builds each level into a ready Baba (its rules parsed),
// one level an op; "text" builds each level of the repository from its
// file's text, decoding included.
func BenchmarkConstruct(b *testing.B) {
	run := func(b *testing.B, lvs []workloadLevel) {
		b.ReportAllocs()
		clock := startCPU()
		for i := 0; b.Loop(); i++ {
			NewBaba(lvs[i%len(lvs)].def)
		}
		clock.report(b, b.N, "levels")
	}
	b.Run("levels", func(b *testing.B) { run(b, repositoryLevels(b)) })
	b.Run("text", func(b *testing.B) {
		lvs := repositoryLevels(b)
		b.ReportAllocs()
		clock := startCPU()
		for i := 0; b.Loop(); i++ {
			lv := lvs[i%len(lvs)]
			def, err := grid.DecodeLevel(lv.text)
			if err != nil {
				b.Fatalf("%s: %v", lv.name, err)
			}
			NewBaba(def)
		}
		clock.report(b, b.N, "levels")
	})
	for _, lv := range generatedLevels() {
		b.Run(lv.name, func(b *testing.B) { run(b, []workloadLevel{lv}) })
	}
}

// BenchmarkReplay builds each level of the repository and plays its
// recorded solution, one level an op.
func BenchmarkReplay(b *testing.B) {
	lvs := repositoryLevels(b)
	steps := 0
	b.ReportAllocs()
	clock := startCPU()
	for i := 0; b.Loop(); i++ {
		lv := lvs[i%len(lvs)]
		g := NewBaba(lv.def)
		for _, d := range lv.solution {
			g.Step(d)
		}
		if !g.Won() {
			b.Fatalf("%s: the solution does not win", lv.name)
		}
		steps += len(lv.solution)
	}
	clock.report(b, b.N, "levels")
	clock.report(b, steps, "steps")
}

// walkSteps is how many random moves a walk makes on one level before it
// goes on to the next.
const walkSteps = 10_000

// BenchmarkRandomWalk steps each level with seeded random moves, building
// it anew whenever it is won or lost, walkSteps moves a level, one move an
// op (the rebuilds included).
func BenchmarkRandomWalk(b *testing.B) {
	run := func(b *testing.B, lvs []workloadLevel) {
		dirs := walkDirs(1, walkSteps)
		restarts := 0
		b.ReportAllocs()
		level, n := 0, 0
		g := NewBaba(lvs[0].def)
		clock := startCPU()
		for b.Loop() {
			g.Step(dirs[n])
			n++
			switch {
			case n == walkSteps:
				n, level = 0, (level+1)%len(lvs)
				g = NewBaba(lvs[level].def)
			case g.Won() || g.Lost():
				g = NewBaba(lvs[level].def)
				restarts++
			}
		}
		clock.report(b, b.N, "steps")
		b.ReportMetric(float64(restarts)/float64(b.N), "restarts/step")
	}
	b.Run("levels", func(b *testing.B) { run(b, repositoryLevels(b)) })
	for _, lv := range generatedLevels() {
		b.Run(lv.name, func(b *testing.B) { run(b, []workloadLevel{lv}) })
	}
}

// TestUndoMatchesSnapshotsOnWalks: on every level, along a seeded walk of
// steps, moves and undos, each Undo restores exactly the snapshot taken
// before the turn it takes back (ids, kinds, tiles, the id counter, the
// rules and the win), and undoing everything restores the start.
func TestUndoMatchesSnapshotsOnWalks(t *testing.T) {
	lvs := append(repositoryLevels(t), generatedLevels()[0])
	for i, lv := range lvs {
		r := rand.New(rand.NewPCG(uint64(i), 13))
		g := NewBaba(lv.def)
		snaps := []babaState{captureState(g)}
		for s := range 400 {
			d := Dir(r.IntN(4))
			switch n := r.IntN(10); {
			case n < 6:
				g.Step(d)
				snaps = append(snaps, captureState(g))
			case n < 7:
				g.Move(d)
				snaps = append(snaps, captureState(g))
			default:
				if ok := g.Undo(); ok != (len(snaps) > 1) {
					t.Fatalf("%s, action %d: Undo() = %v with %d turns taken", lv.name, s, ok, len(snaps)-1)
				}
				if len(snaps) > 1 {
					snaps = snaps[:len(snaps)-1]
				}
				if got := captureState(g); got != snaps[len(snaps)-1] {
					t.Fatalf("%s, action %d: Undo gave\n%+v\nwant the snapshot\n%+v", lv.name, s, got, snaps[len(snaps)-1])
				}
			}
		}
		for g.Undo() {
		}
		if got := captureState(g); got != snaps[0] {
			t.Fatalf("%s: undoing every turn gave\n%+v\nwant the start\n%+v", lv.name, got, snaps[0])
		}
	}
}

// TestHistoryBytesPerTurn: a long walk keeps at most 28 bytes of history
// per live turn (a turn's header and its changes, chunks counted whole).
func TestHistoryBytesPerTurn(t *testing.T) {
	g := NewBaba(benchLevel(11, 9))
	for _, d := range walkDirs(3, 20_000) {
		g.Step(d)
	}
	turns, changes := g.board().History()
	perTurn := float64(g.board().HistoryBytes()) / float64(turns)
	t.Logf("%d turns, %d changes, %.1f B a turn", turns, changes, perTurn)
	if perTurn > 28 {
		t.Errorf("%.1f bytes of history a turn, want at most 28", perTurn)
	}
}
