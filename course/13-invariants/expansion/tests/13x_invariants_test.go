package tests

// Module 13's Expansion Drop: a property the module's invariants leave out.
// The drop's random game is its own (its helpers carry the m13x prefix),
// because in this repository the drop's test is a package of its own.

import (
	"flag"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/harness"
)

var m13xMinions = []string{
	"Test Filler", "Acolyte of Pain", "Armorsmith", "Test Reactor", "Test Tripwire",
	"Loot Hoarder", "Harvest Golem", "Unstable Ghoul", "Baron Rivendare",
	"Bolf Ramshield", "Test Sentinel", "Bonechewer Brawler", "Test Bell",
}

// m13xMutant is a planted bug: the call's name and the engine's true
// snapshots before and after it give the after snapshot the buggy engine
// would have shown.
type m13xMutant struct {
	name  string
	alter func(call string, target harness.ID, before, after harness.GameSnapshot) harness.GameSnapshot
}

func m13xHero(s harness.GameSnapshot, p harness.Player) *harness.EntitySnapshot {
	for i, e := range s.Entities {
		if e.Hero && e.Owner == p {
			return &s.Entities[i]
		}
	}
	return nil
}

var m13xArmorLeaks = m13xMutant{
	name: "Armor takes the hit and the hero loses the Health as well",
	alter: func(_ string, _ harness.ID, _, after harness.GameSnapshot) harness.GameSnapshot {
		for _, ev := range after.Log {
			if a, ok := ev.(harness.ArmorLost); ok {
				m13xHero(after, a.Player).Health -= a.Amount
			}
		}
		return after
	},
}

var m13xRedirectLeaks = m13xMutant{
	name: "a hit redirected away from a hero still comes off the hero's Health",
	alter: func(call string, target harness.ID, _, after harness.GameSnapshot) harness.GameSnapshot {
		if call != "DealDamage" {
			return after
		}
		for i, e := range after.Entities {
			if e.ID != target || !e.Hero {
				continue
			}
			for _, ev := range after.Log {
				if d, ok := ev.(harness.Damaged); ok && d.Target != target {
					after.Entities[i].Health -= d.Amount
					return after
				}
			}
		}
		return after
	},
}

// m13xProperty is a random game in which CheckHealthLedger holds around
// every call; caught is set when the ledger reports something.
func m13xProperty(mutant *m13xMutant, caught *bool) func(*rapid.T) {
	return func(t *rapid.T) {
		g := harness.NewGame(harness.GameOpts{})
		truth := g.Snapshot()
		shown := truth
		var calls []string
		do := func(call string, target harness.ID, f func()) {
			g.ClearLog()
			f()
			calls = append(calls, call)
			now := g.Snapshot()
			next := now
			if mutant != nil {
				next = mutant.alter(call, target, truth, g.Snapshot())
			}
			if err := harness.CheckHealthLedger(shown, next); err != nil {
				if caught != nil {
					*caught = true
				}
				t.Fatalf("after %s: %v", strings.Join(calls, ", "), err)
			}
			truth, shown = now, next
		}
		player := func() harness.Player { return harness.Player(rapid.IntRange(0, 1).Draw(t, "player")) }
		inPlay := func() []harness.ID {
			return append([]harness.ID{g.Hero(0), g.Hero(1)}, append(g.Board(0), g.Board(1)...)...)
		}
		t.Repeat(map[string]func(*rapid.T){
			"Summon": func(t *rapid.T) {
				card, p := rapid.SampledFrom(m13xMinions).Draw(t, "card"), player()
				do("Summon", 0, func() { g.Summon(card, p) })
			},
			"AddToDeck": func(t *rapid.T) {
				card, p := rapid.SampledFrom(m13xMinions).Draw(t, "card"), player()
				do("AddToDeck", 0, func() { g.AddToDeck(card, p) })
			},
			"DealDamage": func(t *rapid.T) {
				target, n := rapid.SampledFrom(inPlay()).Draw(t, "target"), rapid.IntRange(1, 3).Draw(t, "amount")
				do("DealDamage", target, func() { g.DealDamage(target, n) })
			},
			"Cast": func(t *rapid.T) {
				p := player()
				do("Cast", 0, func() { g.Cast("Whirlwind", p) })
			},
			"OrderAttack": func(t *rapid.T) {
				minions := append(g.Board(0), g.Board(1)...)
				if len(minions) == 0 {
					t.Skip("no minion on a board")
				}
				a, d := rapid.SampledFrom(minions).Draw(t, "attacker"), rapid.SampledFrom(inPlay()).Draw(t, "defender")
				if g.CanAttack(a, d) != nil {
					t.Skip("not a legal attack")
				}
				do("OrderAttack", d, func() { _ = g.OrderAttack(a, d) })
			},
			"EndTurn": func(t *rapid.T) {
				p := player()
				do("EndTurn", 0, func() { g.EndTurn(p) })
			},
		})
	}
}

// m13xRecorder takes rapid's report in place of the test, which expects a
// failure.
type m13xRecorder struct {
	name   string
	failed bool
	lines  []string
}

func (r *m13xRecorder) Helper()      {}
func (r *m13xRecorder) Name() string { return r.name }
func (r *m13xRecorder) Logf(f string, a ...any) {
	r.lines = append(r.lines, strings.TrimSpace(fmt.Sprintf(f, a...)))
}
func (r *m13xRecorder) Log(a ...any)             { r.Logf("%v", a) }
func (r *m13xRecorder) Skipf(f string, a ...any) { r.Logf(f, a...) }
func (r *m13xRecorder) Skip(a ...any)            { r.Log(a...) }
func (r *m13xRecorder) SkipNow()                 {}
func (r *m13xRecorder) Errorf(f string, a ...any) {
	r.Logf(f, a...)
	r.failed = true
}
func (r *m13xRecorder) Error(a ...any)            { r.Log(a...); r.failed = true }
func (r *m13xRecorder) Fatalf(f string, a ...any) { r.Errorf(f, a...) }
func (r *m13xRecorder) Fatal(a ...any)            { r.Error(a...) }
func (r *m13xRecorder) FailNow()                  { r.failed = true }
func (r *m13xRecorder) Fail()                     { r.failed = true }
func (r *m13xRecorder) Failed() bool              { return r.failed }

func Test_13x_health_ledger_invariant(t *testing.T) {
	s := harness.NewGame(harness.GameOpts{}).Snapshot()
	require.NoError(t, harness.CheckHealthLedger(s, s), "the ledger fails on a new game")

	t.Run("engine", func(t *testing.T) {
		rapid.Check(t, m13xProperty(nil, nil))
	})
	// The mutants are expected to fail: no fail file, and no time spent
	// shrinking a failure nobody will read.
	for name, value := range map[string]string{"rapid.nofailfile": "true", "rapid.shrinktime": "1ns"} {
		if f := flag.Lookup(name); f != nil {
			old := f.Value.String()
			require.NoError(t, f.Value.Set(value))
			defer func() { _ = f.Value.Set(old) }()
		}
	}
	for _, m := range []m13xMutant{m13xArmorLeaks, m13xRedirectLeaks} {
		t.Run(m.name, func(t *testing.T) {
			caught := false
			rec := &m13xRecorder{name: t.Name()}
			rapid.Check(rec, m13xProperty(&m, &caught))
			assert.True(t, caught, "no random game made the ledger report the planted bug; rapid said:\n%s",
				strings.Join(slices.Clip(rec.lines), "\n"))
		})
	}
}
