package harness

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/engine/grid"
)

// TestSpellGridRandomPlay plays random levels of the course's cards and
// words with random actions: objects and text placed, moves and turns,
// and every card played or cast wherever CheckPlay or CheckCast allows it.
// No call the checks allow may panic, a refused check changes nothing, and
// between Sequences the grid and the card game agree: each minion on a
// tile is there by PosOf and alive by Health, and the rules stay sorted
// with no rule twice.
func TestSpellGridRandomPlay(t *testing.T) {
	var kinds, nouns []string
	for _, w := range lexicon().Words() {
		kinds = append(kinds, "text:"+w.Word)
		if w.Role == grid.RoleNoun {
			kinds = append(kinds, strings.ToLower(w.Word))
			nouns = append(nouns, w.Word)
		}
	}
	// Only a minion with a noun stands on the grid, and few of the course's
	// cards have one: each of the others comes in a copy that has (a
	// fictional card, "Grid Loot Hoarder"), whose summons name the copies
	// too, so that every minion in play stands on the grid.
	renamed := map[string]string{}
	for _, d := range content().ReferenceCards() {
		if d.Type == card.TypeMinion && d.Noun == "" {
			renamed[d.Name] = "Grid " + d.Name
		}
	}
	var extra []CardDef
	var names, minions []string
	for i, d := range content().ReferenceCards() {
		if copyName, ok := renamed[d.Name]; ok {
			d.Name, d.Noun = copyName, nouns[i%len(nouns)]
			d.Clauses = slices.Clone(d.Clauses)
			for k, c := range d.Clauses {
				if to, ok := renamed[c.Card]; ok {
					d.Clauses[k].Card = to
				}
			}
			extra = append(extra, d)
		}
		if d.Type == card.TypeMinion {
			minions = append(minions, d.Name)
		}
		names = append(names, d.Name)
	}
	slices.Sort(names)
	rapid.Check(t, func(t *rapid.T) {
		w, h := rapid.IntRange(3, 7).Draw(t, "width"), rapid.IntRange(2, 5).Draw(t, "height")
		tile := func(label string) (int, int) {
			return rapid.IntRange(0, w-1).Draw(t, label+" x"), rapid.IntRange(0, h-1).Draw(t, label+" y")
		}
		level := LevelDef{Width: w, Height: h}
		for y, s := range []string{"BABA IS YOU", "ROCK IS PUSH"} {
			if y < h && w >= 3 {
				for x, word := range strings.Fields(s) {
					level.Objects = append(level.Objects, LevelObject{Kind: "text:" + word, X: x, Y: y})
				}
			}
		}
		level.Objects = append(level.Objects, LevelObject{Kind: "baba", X: w - 1, Y: h - 1})
		for x := range rapid.IntRange(0, w-1).Draw(t, "minions in play") {
			level.Cards = append(level.Cards, LevelCard{Card: rapid.SampledFrom(minions).Draw(t, "minion in play"), X: x, Y: h - 1})
		}
		for range rapid.IntRange(0, 8).Draw(t, "hand") {
			level.Hand = append(level.Hand, rapid.SampledFrom(names).Draw(t, "card in hand"))
		}
		s := NewSpellGrid(level, extra)
		s.SetChooser(func(_ string, options []string) string { return options[0] })
		// Which minions are in play, by the log: the level's, then each one
		// Summoned until it is Destroyed.
		alive := map[ID]bool{}
		for _, c := range level.Cards {
			m, ok := s.MinionAt(c.X, c.Y)
			if !ok {
				t.Fatalf("the level's %s is not in play on (%d, %d)", c.Card, c.X, c.Y)
			}
			alive[m] = true
		}
		s.ClearLog()

		for i := range rapid.IntRange(1, 30).Draw(t, "actions") {
			hand := s.Hand()
			what := ""
			switch rapid.IntRange(0, 6).Draw(t, "action") {
			case 0:
				kind := rapid.SampledFrom(kinds).Draw(t, "kind")
				x, y := tile("place")
				s.Place(kind, x, y)
				what = fmt.Sprintf("Place(%s, %d, %d)", kind, x, y)
			case 1:
				d := Dir(rapid.IntRange(0, 3).Draw(t, "dir"))
				s.Move(d)
				what = fmt.Sprintf("Move(%v)", d)
			case 2:
				d := Dir(rapid.IntRange(0, 3).Draw(t, "dir"))
				s.Step(d)
				what = fmt.Sprintf("Step(%v)", d)
			case 3, 4:
				if len(hand) == 0 {
					continue
				}
				c := rapid.SampledFrom(hand).Draw(t, "card to play")
				// An empty tile mostly, as a player would choose.
				x, y := tile("play")
				if empty := emptyTiles(s, w, h); len(empty) > 0 && rapid.IntRange(0, 3).Draw(t, "onto an empty tile") > 0 {
					p := rapid.SampledFrom(empty).Draw(t, "empty tile")
					x, y = p[0], p[1]
				}
				what = fmt.Sprintf("Play(%s, %d, %d)", c, x, y)
				if err := s.CheckPlay(c, x, y); err != nil {
					if !slices.Equal(s.Hand(), hand) {
						t.Fatalf("action %d: a refused %s changed the hand", i, what)
					}
					continue
				}
				s.Play(c, x, y)
			case 5, 6:
				if len(hand) == 0 {
					continue
				}
				c := rapid.SampledFrom(hand).Draw(t, "card to cast")
				var target []ID
				if m, ok := s.MinionAt(tile("target")); ok && rapid.Bool().Draw(t, "aimed") {
					target = []ID{m}
				}
				what = fmt.Sprintf("Cast(%s, %v)", c, target)
				if err := s.CheckCast(c, target...); err != nil {
					if !slices.Equal(s.Hand(), hand) {
						t.Fatalf("action %d: a refused %s changed the hand", i, what)
					}
					continue
				}
				s.Cast(c, target...)
			}
			for _, e := range s.Log() {
				switch e := e.(type) {
				case Summoned:
					alive[e.ID] = true
				case Destroyed:
					alive[e.ID] = false
				}
			}
			s.ClearLog()
			// A minion in play stands on the grid; one that died has left
			// it with its Sequence.
			for m, in := range alive {
				if _, _, on := s.PosOf(m); on != in {
					t.Fatalf("after %s: minion %d (%s) is in play %v, on the grid %v", what, m, s.NameOf(m), in, on)
				}
			}
			for y := range h {
				for x := range w {
					m, ok := s.MinionAt(x, y)
					if !ok {
						continue
					}
					if mx, my, on := s.PosOf(m); !on || mx != x || my != y {
						t.Fatalf("after %s: minion %d (%s) stands on (%d, %d), but PosOf says (%d, %d) %v", what, m, s.NameOf(m), x, y, mx, my, on)
					}
					if hp := s.Health(m); hp <= 0 {
						t.Fatalf("after %s: minion %d (%s) on (%d, %d) has %d Health between Sequences", what, m, s.NameOf(m), x, y, hp)
					}
				}
			}
			for _, rules := range [][]string{s.Rules(), s.ActiveRules()} {
				if !slices.IsSorted(rules) || len(slices.Compact(slices.Clone(rules))) != len(rules) {
					t.Fatalf("after %s: rules %q are not sorted once each", what, rules)
				}
			}
		}
	})
}

// emptyTiles lists the tiles with nothing on them.
func emptyTiles(s *SpellGrid, w, h int) [][2]int {
	var out [][2]int
	for y := range h {
		for x := range w {
			if len(s.KindsAt(x, y)) == 0 {
				out = append(out, [2]int{x, y})
			}
		}
	}
	return out
}
