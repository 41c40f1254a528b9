package harness

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/engine/grid"
)

// randomLevel builds a level of random size with random sentences (some
// well formed, some not), loose text and things.
func randomLevel(r *rand.Rand) LevelDef {
	lex := lexicon()
	var nouns, props, all []string
	for _, w := range lex.Words() {
		all = append(all, w.Word)
		switch {
		case w.Role == grid.RoleNoun:
			nouns = append(nouns, w.Word)
		case w.Role == grid.RoleProperty:
			props = append(props, w.Word)
		}
	}
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	lv := LevelDef{Width: 3 + r.IntN(10), Height: 3 + r.IntN(8)}
	add := func(kind string, x, y int) {
		if x >= 0 && y >= 0 && x < lv.Width && y < lv.Height {
			lv.Objects = append(lv.Objects, LevelObject{Kind: kind, X: x, Y: y})
		}
	}
	for range r.IntN(6) {
		words := []string{pick(nouns)}
		if r.IntN(4) == 0 {
			words = append(words, "ON", pick(append(nouns, "ALL", "TEXT")))
		}
		words = append(words, "IS")
		if r.IntN(4) == 0 {
			words = append(words, "NOT")
		}
		if r.IntN(3) == 0 {
			words = append(words, pick(nouns))
		} else {
			words = append(words, pick(props))
		}
		if r.IntN(5) == 0 {
			words = append(words, "AND", pick(props))
		}
		x, y, vertical := r.IntN(lv.Width), r.IntN(lv.Height), r.IntN(2) == 0
		for i, w := range words {
			if vertical {
				add("text:"+w, x, y+i)
			} else {
				add("text:"+w, x+i, y)
			}
		}
	}
	for range r.IntN(5) {
		add("text:"+pick(all), r.IntN(lv.Width), r.IntN(lv.Height))
	}
	for range 1 + r.IntN(12) {
		add(strings.ToLower(pick(nouns)), r.IntN(lv.Width), r.IntN(lv.Height))
	}
	// most levels get someone to move
	if r.IntN(5) != 0 {
		n := pick(nouns)
		for i, w := range []string{n, "IS", "YOU"} {
			add("text:"+w, i, 0)
		}
		add(strings.ToLower(n), r.IntN(lv.Width), r.IntN(lv.Height))
	}
	return lv
}

// babaState is everything Undo must restore.
type babaState struct {
	objects      string
	next         ID
	rules, activ string
	won          bool
}

func captureState(b *Baba) babaState {
	g := b.board()
	var sb strings.Builder
	for id := ID(1); id < g.NextID(); id++ {
		x, y, ok := g.PosOf(id)
		fmt.Fprintf(&sb, "%d:%s:%d,%d,%v ", id, g.KindOf(id), x, y, ok)
	}
	return babaState{sb.String(), g.NextID(), strings.Join(b.Rules(), "|"), strings.Join(b.ActiveRules(), "|"), b.Won()}
}

// checkInvariants: every object is on one tile of the grid, and only there,
// or destroyed; each tile's KindsAt is its StackAt sorted.
func checkInvariants(b *Baba) error {
	g := b.board()
	w, h := g.Size()
	alive := 0
	for id := ID(1); id < g.NextID(); id++ {
		x, y, ok := b.PosOf(id)
		if !ok {
			if b.HasProperty(id, "YOU") {
				return fmt.Errorf("destroyed object %d is YOU", id)
			}
			continue
		}
		alive++
		if x < 0 || y < 0 || x >= w || y >= h {
			return fmt.Errorf("object %d at (%d, %d) is off the %dx%d grid", id, x, y, w, h)
		}
		if !slices.Contains(g.IDsAt(x, y), id) {
			return fmt.Errorf("object %d says (%d, %d) but the tile does not hold it", id, x, y)
		}
	}
	onTiles := 0
	for y := range h {
		for x := range w {
			stack, kinds := b.StackAt(x, y), b.KindsAt(x, y)
			onTiles += len(stack)
			sorted := slices.Clone(stack)
			slices.Sort(sorted)
			if !slices.Equal(sorted, kinds) {
				return fmt.Errorf("tile (%d, %d): StackAt %q and KindsAt %q differ", x, y, stack, kinds)
			}
			for _, id := range g.IDsAt(x, y) {
				if px, py, ok := g.PosOf(id); !ok || px != x || py != y {
					return fmt.Errorf("tile (%d, %d) holds object %d, which says (%d, %d, %v)", x, y, id, px, py, ok)
				}
			}
		}
	}
	if onTiles != alive {
		return fmt.Errorf("%d objects on tiles, %d alive", onTiles, alive)
	}
	for _, list := range [][]string{b.Rules(), b.ActiveRules()} {
		if !slices.IsSorted(list) || len(slices.Compact(slices.Clone(list))) != len(list) {
			return fmt.Errorf("rules %q are not sorted and distinct", list)
		}
	}
	return nil
}

func runRandom(seed uint64, actions int) error {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	lv := randomLevel(r)
	b := NewBaba(lv)
	history := []babaState{captureState(b)}
	if err := checkInvariants(b); err != nil {
		return fmt.Errorf("at the start: %w", err)
	}
	var done []string
	// conversions can double the objects each turn (X IS Y AND Z with Y IS X
	// AND Z); past a few thousand objects the run stops acting
	for i := 0; i < actions && b.board().NextID() < 3000; i++ {
		d := Dir(r.IntN(4))
		switch n := r.IntN(10); {
		case n < 6:
			b.Step(d)
			done = append(done, "step "+d.String())
			history = append(history, captureState(b))
		case n < 8:
			b.Move(d)
			done = append(done, "move "+d.String())
			history = append(history, captureState(b))
		default:
			ok := b.Undo()
			done = append(done, "undo")
			if ok != (len(history) > 1) {
				return fmt.Errorf("action %d: Undo returned %v with %d turns taken", i, ok, len(history)-1)
			}
			if ok {
				history = history[:len(history)-1]
				if got := captureState(b); got != history[len(history)-1] {
					return fmt.Errorf("action %d (%v): undo gave\n%+v\nwant\n%+v", i, done, got, history[len(history)-1])
				}
			}
		}
		if err := checkInvariants(b); err != nil {
			return fmt.Errorf("after %v: %w", done, err)
		}
	}
	for b.Undo() {
	}
	if got := captureState(b); got != history[0] {
		return fmt.Errorf("after %v and undoing all: state\n%+v\nwant\n%+v", done, got, history[0])
	}
	return nil
}

// TestRandomLevels plays random actions on random levels. Set BABA_SEED to
// replay one seed.
func TestRandomLevels(t *testing.T) {
	seeds := 400
	if testing.Short() {
		seeds = 50
	}
	if s := os.Getenv("BABA_SEED"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		if err := runRandom(seed, 80); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		return
	}
	for seed := uint64(1); seed <= uint64(seeds); seed++ {
		if err := runRandom(seed, 80); err != nil {
			t.Fatalf("seed %d (replay with BABA_SEED=%d): %v", seed, seed, err)
		}
	}
}
