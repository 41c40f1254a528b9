package game

import (
	"slices"
	"strings"
	"testing"
	"unsafe"

	"github.com/systemic-game-design/course/engine/card"
)

// mustPanic runs f and checks that it panics with a message containing want.
func mustPanic(t *testing.T, want string, f func()) {
	t.Helper()
	defer func() {
		t.Helper()
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, want) {
			t.Fatalf("recovered %v, want a panic about %q", r, want)
		}
	}()
	f()
	t.Fatalf("no panic; want one about %q", want)
}

func TestCompileEffectPanicsWithoutATableRow(t *testing.T) {
	mustPanic(t, `effect "effect(200)" has no row`, func() {
		compileEffect(card.Clause{Kind: card.KindEffect, Effect: card.Effect(200), Amount: 1, Target: card.TargetAllMinions})
	})
	mustPanic(t, `effect "" has no row`, func() { compileEffect(card.Clause{Kind: card.KindEffect}) })
}

func TestApplyPanicsForAnEffectItHasNoCaseFor(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	mustPanic(t, "has no case here", func() { g.apply(source{}, &effect{op: card.Effect(200)}, 0) })
	mustPanic(t, "has no case here", func() {
		g.apply(source{}, &effect{op: card.EffectDamage, target: card.Target(200), amount: 1}, 0)
	})
}

func TestRecordOfAnUnknownKindPanics(t *testing.T) {
	mustPanic(t, "no event has that kind", func() { (&record{kind: 200, a: 1}).event() })
}

func TestCompiledCardsUseTheTableValues(t *testing.T) {
	c, err := Compile(minion("Probe", 1, 1, trig(card.TriggerDamaged, card.ScopeFriendlyHero),
		eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetEnemyHero})))
	if err != nil {
		t.Fatal(err)
	}
	tr := c.triggers[0]
	if tr.kind != card.TriggerDamaged || tr.scope != card.ScopeFriendlyHero || !c.listens[card.TriggerDamaged] ||
		tr.effects[0].op != card.EffectDamage || tr.effects[0].target != card.TargetEnemyHero {
		t.Fatalf("compiled %+v", tr)
	}
	if !slices.Equal(TriggerNames(), card.TriggerNames()) {
		t.Fatalf("TriggerNames %q", TriggerNames())
	}
}

func TestRecordFitsIn32Bytes(t *testing.T) {
	if n := unsafe.Sizeof(record{}); n > 32 {
		t.Fatalf("a log record is %d bytes; keep it within 32, half a cache line", n)
	}
}
