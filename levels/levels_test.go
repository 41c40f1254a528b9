package levels_test

import (
	"testing"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/harness"
	"github.com/systemic-game-design/course/levels"
)

func TestEveryLevelLoads(t *testing.T) {
	all, names, err := data.LoadLevels(levels.Files, "levels")
	if err != nil {
		t.Fatal(err)
	}
	if len(names) < 8 {
		t.Errorf("%d levels, want at least 8", len(names))
	}
	for _, n := range names {
		if all[n].Title == "" {
			t.Errorf("%s has no title", n)
		}
	}
}

// TestSolutionsWin replays each recorded solution: the last step wins and
// no earlier one does, and no step before it loses.
func TestSolutionsWin(t *testing.T) {
	all, names, err := data.LoadLevels(levels.Files, "levels")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		lv := all[n]
		t.Run(n, func(t *testing.T) {
			if len(lv.Solution) == 0 {
				t.Fatal("no recorded solution")
			}
			steps, ok := lv.Steps()
			if !ok {
				t.Fatal("the solution casts or plays, where a built-in level's is steps, as a Baba replays it")
			}
			b := harness.NewBaba(lv.LevelDef)
			if b.Won() || b.Lost() {
				t.Fatalf("at the start Won() = %v, Lost() = %v", b.Won(), b.Lost())
			}
			for i, d := range steps {
				b.Step(d)
				last := i == len(steps)-1
				if b.Won() != last {
					t.Fatalf("after step %d of %d (%s) Won() = %v", i+1, len(steps), d, b.Won())
				}
				if !last && b.Lost() {
					t.Fatalf("after step %d (%s) no object is YOU", i+1, d)
				}
			}
			if len(lv.Cards) == 0 && len(lv.Hand) == 0 {
				return
			}
			// a SpellGrid level: its minions play their part, and the
			// solution still wins on its last step only
			s := harness.NewSpellGrid(lv.LevelDef, nil)
			for i, d := range steps {
				s.Step(d)
				if last := i == len(steps)-1; s.Won() != last {
					t.Fatalf("as a SpellGrid, after step %d of %d (%s) Won() = %v", i+1, len(steps), d, s.Won())
				}
			}
		})
	}
}
