package harness

import (
	"fmt"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/engine/card"
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

// The grid side of a SpellGrid is the rule grid's: Place issues the next
// id, text placed joins the rules, Move moves what is YOU (movement only),
// and Lost says when nothing is.
func TestSpellGridGridSide(t *testing.T) {
	s := NewSpellGrid(LevelDef{Width: 5, Height: 3,
		Objects: []LevelObject{{Kind: "text:BABA", X: 0, Y: 0}, {Kind: "text:IS", X: 1, Y: 0}, {Kind: "baba", X: 0, Y: 2}},
		Hand:    []string{"Whirlwind"},
	}, nil)
	if !s.Lost() {
		t.Error("Lost() is false with no rule making anything YOU")
	}
	next := ID(1)
	for _, id := range []ID{s.Hero(0), s.Hero(1)} {
		next = max(next, id+1)
	}
	you := s.Place("text:YOU", 2, 0)
	if you != next+1 { // the hand's card holds an id too
		t.Errorf("Place issued %d, want %d", you, next+1)
	}
	if !s.HasProperty(3, "YOU") || s.Lost() {
		t.Fatalf("after BABA IS YOU is written, HasProperty(3, YOU) = %v, Lost() = %v; rules %q", s.HasProperty(3, "YOU"), s.Lost(), s.Rules())
	}
	s.Move(Right)
	if x, y, ok := s.PosOf(3); !ok || x != 1 || y != 2 {
		t.Errorf("after Move(Right) the YOU object is at (%d, %d) %v, want (1, 2)", x, y, ok)
	}
}

// A SpellGrid's chooser answers an assemble effect's choices.
func TestSpellGridChooser(t *testing.T) {
	tinker := CardDef{Name: "Test Fitter", Type: card.TypeMinion, Attack: 1, Health: 1, Noun: "KEKE", Clauses: []card.Clause{
		{Kind: card.KindTrigger, Trigger: card.TriggerBattlecry}, {Kind: card.KindEffect, Effect: card.EffectAssemble},
	}}
	s := NewSpellGrid(LevelDef{Width: 3, Height: 1, Hand: []string{"Loot Hoarder", "Acolyte of Pain", "Test Fitter"}}, []CardDef{tinker})
	var kinds []string
	s.SetChooser(func(kind string, options []string) string {
		kinds = append(kinds, kind)
		return map[string]string{"base": "Loot Hoarder", "donor": "Acolyte of Pain", "half": "top"}[kind]
	})
	s.Play("Test Fitter", 0, 0)
	if strings.Join(kinds, " ") != "base donor half" {
		t.Errorf("the chooser was asked %q, want base, donor, half", kinds)
	}
	if got := s.Hand(); len(got) != 2 || got[0] != "Loot Hoarder (Assembled)" {
		t.Errorf("hand %q, want the assembled Loot Hoarder first", got)
	}
}
