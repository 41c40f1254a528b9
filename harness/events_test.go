package harness

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// recorder is a testing.T that keeps what a failed assertion says.
type recorder struct{ strings.Builder }

func (r *recorder) Errorf(format string, args ...any) { fmt.Fprintf(&r.Builder, format, args...) }

func TestAssertEqualWritesEventIDsInDecimal(t *testing.T) {
	var r recorder
	assert.Equal(&r, []GameEvent{Summoned{ID: 8}, Damaged{Target: 12, Amount: 1}},
		[]GameEvent{Summoned{ID: 8}, Damaged{Target: 13, Amount: 1}})
	out := r.String()
	for _, want := range []string{
		"expected: []game.Event{Summoned{id: 8}, Damaged{target: 12, amount: 1}}",
		"actual  : []game.Event{Summoned{id: 8}, Damaged{target: 13, amount: 1}}",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the failure text lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "0x") {
		t.Errorf("the failure text writes an id in hexadecimal:\n%s", out)
	}
}

func TestEveryEventFormatsAsItsLogTreeLine(t *testing.T) {
	for _, e := range []GameEvent{
		Summoned{ID: 10}, Damaged{Target: 11, Amount: 2}, Triggered{Source: 12, Trigger: "deathrattle"},
		Destroyed{ID: 13}, DeathPhase{Round: 14}, Drew{Player: 1, ID: 15}, Fatigue{Player: 1},
		ArmorGained{Player: 1, Amount: 16}, ArmorLost{Player: 1, Amount: 17},
		StatsChanged{ID: 18, Attack: 19, Health: 20}, SpellCast{Card: "Test Spell"},
	} {
		if got := fmt.Sprintf("%#v", e); got != e.String() {
			t.Errorf("%%#v writes %s, LogTree %s", got, e.String())
		}
	}
}
