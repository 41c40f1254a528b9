package grid

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchLevelDef is a w x h level of the test lexicon with rules along the
// top and things scattered below.
func benchLevelDef(w, h, rules, objects int) LevelDef {
	r := rand.New(rand.NewPCG(uint64(w), uint64(h)))
	nouns := []string{"ZIP", "ZAP", "ORB", "MOSS", "VAT", "CUB"}
	props := []string{"PUSH", "STOP", "PULL", "SINK", "HOT", "MELT", "OPEN", "SHUT", "FLOAT"}
	lv := LevelDef{Width: w, Height: h}
	x, y := 0, 0
	for i := range rules {
		if x+3 > w {
			x, y = 0, y+2
		}
		s, p := nouns[1+r.IntN(len(nouns)-1)], props[r.IntN(len(props))]
		if i == 0 {
			s, p = "ZIP", "YOU"
		}
		for j, word := range []string{s, "IS", p} {
			lv.Objects = append(lv.Objects, LevelObject{Kind: "text:" + word, X: x + j, Y: y})
		}
		x += 4
	}
	for len(lv.Objects) < objects {
		lv.Objects = append(lv.Objects, LevelObject{Kind: "zap", X: r.IntN(w), Y: y + 2 + r.IntN(h-y-2)})
	}
	return lv
}

// BenchmarkNew builds a board: a level built before (copied), a level
// never seen (the lexicon's kept boards and parses forgotten each time:
// "first"), and separately a parse of its text.
func BenchmarkNew(b *testing.B) {
	lex := testLexicon(b)
	for _, size := range [][4]int{{9, 7, 4, 20}, {30, 30, 20, 200}} {
		lv := benchLevelDef(size[0], size[1], size[2], size[3])
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New(lex, lv); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%dx%d/first", size[0], size[1]), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				clear(lex.built.seen)
				clear(lex.built.boards)
				clear(lex.parses.seen)
				clear(lex.parses.parses)
				if _, err := New(lex, lv); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("%dx%d/parse", size[0], size[1]), func(b *testing.B) {
			board, err := New(lex, lv)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				board.dirty = true
				board.sync()
			}
		})
	}
}
