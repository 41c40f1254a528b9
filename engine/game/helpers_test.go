package game

import (
	"testing"

	"github.com/systemic-game-design/course/engine/card"
)

func trig(kind card.Trigger, scope card.Scope) card.Clause {
	return card.Clause{Kind: card.KindTrigger, Trigger: kind, Scope: scope}
}

func eff(c card.Clause) card.Clause { c.Kind = card.KindEffect; return c }

func minion(name string, attack, health int, clauses ...card.Clause) card.Def {
	return card.Def{Name: name, Type: card.TypeMinion, Cost: 1, Attack: attack, Health: health, Clauses: clauses}
}

// testDefs are fictional cards shaped like the course's, under names of their own.
func testDefs() []card.Def {
	return []card.Def{
		minion("Plain", 1, 1),
		minion("Bulwark", 0, 1<<30),
		minion("Drawer", 1, 4, trig(card.TriggerDamaged, card.ScopeSelf), eff(card.Clause{Effect: card.EffectDraw})),
		minion("Plater", 1, 4, trig(card.TriggerDamaged, card.ScopeFriendlyMinion), eff(card.Clause{Effect: card.EffectArmor, Amount: 1})),
		minion("Grower", 1, 5, trig(card.TriggerDamaged, card.ScopeAnyHero), eff(card.Clause{Effect: card.EffectStats, Attack: 1})),
		minion("Hoard", 2, 1, trig(card.TriggerDeathrattle, 0), eff(card.Clause{Effect: card.EffectDraw})),
		minion("Splitter", 2, 3, trig(card.TriggerDeathrattle, 0), eff(card.Clause{Effect: card.EffectSummon, Card: "Shard", Count: 2})),
		minion("Shard", 2, 1),
		minion("Bomb", 1, 3, card.Clause{Kind: card.KindKeyword, Keyword: card.KeywordTaunt},
			trig(card.TriggerDeathrattle, 0), eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions})),
		minion("Doubler", 1, 7, card.Clause{Kind: card.KindAura, Aura: card.AuraMultiplier, Trigger: card.TriggerDeathrattle, Times: 2, Stacking: card.StackingMax}),
		minion("Echo", 1, 5, card.Clause{Kind: card.KindAura, Aura: card.AuraMultiplier, Trigger: card.TriggerEndOfTurn, Times: 2, Stacking: card.StackingMax}),
		minion("Shield", 3, 9, card.Clause{Kind: card.KindAura, Aura: card.AuraRedirect}),
		minion("Tinker", 1, 1, trig(card.TriggerBattlecry, 0), eff(card.Clause{Effect: card.EffectDraw})),
		minion("Bell", 0, 2, trig(card.TriggerEndOfTurn, 0), eff(card.Clause{Effect: card.EffectArmor, Amount: 1})),
		minion("Tripper", 1, 5, trig(card.TriggerDamaged, card.ScopeFriendlyHero), eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions})),
		minion("Brawler", 2, 3, card.Clause{Kind: card.KindKeyword, Keyword: card.KeywordTaunt},
			trig(card.TriggerDamaged, card.ScopeSelf), eff(card.Clause{Effect: card.EffectStats, Attack: 2})),
		minion("Phoenix", 1, 1, trig(card.TriggerDeathrattle, 0), eff(card.Clause{Effect: card.EffectSummon, Card: "Phoenix"}),
			eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions})),
		minion("Mender", 1, 3, trig(card.TriggerBattlecry, 0), eff(card.Clause{Effect: card.EffectAssemble})),
		{Name: "Storm", Type: card.TypeSpell, Clauses: []card.Clause{eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions})}},
		{Name: "Blast", Type: card.TypeSpell, Clauses: []card.Clause{eff(card.Clause{Effect: card.EffectDamage, Amount: 2, Target: card.TargetAllCharacters})}},
		{Name: "Bolt", Type: card.TypeSpell, Clauses: []card.Clause{eff(card.Clause{Effect: card.EffectDamage, Amount: 3, Target: card.TargetChosen})}},
		{Name: "Void", Type: card.TypeSpell, Clauses: []card.Clause{eff(card.Clause{Effect: card.EffectDestroy, Target: card.TargetAllMinions})}},
	}
}

func testLibrary(tb testing.TB) *Library {
	tb.Helper()
	lib, err := NewLibrary(testDefs())
	if err != nil {
		tb.Fatalf("the test cards do not compile: %v", err)
	}
	return lib
}

func deck(name string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = name
	}
	return out
}
