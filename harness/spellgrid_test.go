package harness

import (
	"fmt"
	"strings"
	"testing"
)

func panicText(f func()) (msg string) {
	defer func() { msg = fmt.Sprint(recover()) }()
	f()
	return "<nil>"
}

// The broken-contract cases of SpellGrid panic, and the checks explain them.
func TestSpellGridRefusals(t *testing.T) {
	s := NewSpellGrid(LevelDef{Width: 3, Height: 2,
		Objects: []LevelObject{{Kind: "baba", X: 0, Y: 0}},
		Cards:   []LevelCard{{Card: "Test Gravecaller", X: 1, Y: 0}},
		Hand:    []string{"Test Scribe", "Whirlwind"},
	}, nil)
	if msg := panicText(func() { s.Undo() }); !strings.Contains(msg, "not supported") {
		t.Errorf("Undo panicked with %q", msg)
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"cast a card not in hand", s.CheckCast("Loot Hoarder")},
		{"cast a minion", s.CheckCast("Test Scribe")},
		{"play onto an object", s.CheckPlay("Test Scribe", 0, 0)},
		{"play onto a minion", s.CheckPlay("Test Scribe", 1, 0)},
		{"play off the grid", s.CheckPlay("Test Scribe", 3, 0)},
		{"play a spell", s.CheckPlay("Whirlwind", 2, 0)},
	} {
		if c.err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if err := s.CheckPlay("Test Scribe", 2, 1); err != nil {
		t.Errorf("a legal play: %v", err)
	}
	if msg := panicText(func() { s.Play("Test Scribe", 0, 0) }); !strings.Contains(msg, "not empty") {
		t.Errorf("Play onto an object panicked with %q", msg)
	}
	if msg := panicText(func() { s.Cast("Loot Hoarder") }); !strings.Contains(msg, "hand") {
		t.Errorf("Cast of a card not in hand panicked with %q", msg)
	}
	if msg := panicText(func() { s.Health(1) }); !strings.Contains(msg, "not a minion") {
		t.Errorf("Health of a plain object panicked with %q", msg)
	}
	if got := s.Hand(); len(got) != 2 {
		t.Errorf("a refused call changed the hand: %q", got)
	}
}
