package game

import (
	"slices"
	"testing"

	"github.com/systemic-game-design/course/engine/card"
)

// A rule aura acts for both players, and only from the next Aura Update.
func TestRuleAuraJoinsAtTheNextAuraUpdate(t *testing.T) {
	g := New(testLibrary(t), [2][]string{deck("Plain", 5), deck("Plain", 5)})
	a := g.Summon("Hoard", 0)
	b := g.Summon("Hoard", 1)
	if err := g.SetRuleAuras([]RuleAura{{Trigger: card.TriggerDeathrattle.String(), Times: 2}}); err != nil {
		t.Fatal(err)
	}
	if got := g.aura.times[0][card.TriggerDeathrattle]; got != 0 {
		t.Fatalf("the snapshot changed before an Aura Update: times %d", got)
	}
	g.ClearLog()
	g.Cast("Storm", 0, 0)
	var triggered []ID
	for _, e := range g.Log() {
		if tr, ok := e.(Triggered); ok {
			triggered = append(triggered, tr.Source)
		}
	}
	if want := []ID{a, a, b, b}; !slices.Equal(triggered, want) {
		t.Fatalf("Deathrattles %v, want %v", triggered, want)
	}
}

// A cap holds a trigger to one activation whatever multiplies it.
func TestRuleCapBeatsAMinionMultiplier(t *testing.T) {
	g := New(testLibrary(t), [2][]string{deck("Plain", 5)})
	if err := g.SetRuleAuras([]RuleAura{{Trigger: card.TriggerDeathrattle.String(), Cap: true}}); err != nil {
		t.Fatal(err)
	}
	g.Summon("Doubler", 0)
	h := g.Summon("Hoard", 0)
	g.ClearLog()
	g.DealDamage(h, 1)
	n := 0
	for _, e := range g.Log() {
		if _, ok := e.(Triggered); ok {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d activations under a cap, want 1:\n%s", n, g.LogTree())
	}
}

func TestRuleAuraForAnUnknownTriggerIsAnError(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	if err := g.SetRuleAuras([]RuleAura{{Trigger: "nope", Times: 2}}); err == nil {
		t.Fatal("no error for a trigger kind the engine lacks")
	}
}

// spawnText asks for its word with the minion behind it, and a summoned
// minion remembers who summoned it.
func TestSpawnTextAndSummoner(t *testing.T) {
	lib, err := NewLibrary(append(testDefs(),
		minion("Writer", 1, 1, trig(card.TriggerBattlecry, 0), eff(card.Clause{Effect: card.EffectSpawnText, Word: "WORD"}))))
	if err != nil {
		t.Fatal(err)
	}
	g := New(lib, [2][]string{})
	w := g.Create("Writer", 0, ZoneHand)
	g.Play(w)
	if got, want := g.TakeTexts(), []TextRequest{{Source: w, Word: "WORD"}}; !slices.Equal(got, want) {
		t.Fatalf("texts %v, want %v", got, want)
	}
	if got := g.TakeTexts(); len(got) != 0 {
		t.Fatalf("texts taken twice: %v", got)
	}
	s := g.Summon("Splitter", 0)
	g.Destroy(s)
	shards := g.Zone(0, ZoneBoard)
	if len(shards) != 3 || g.SummonerOf(shards[1]) != s || g.SummonerOf(shards[2]) != s || g.SummonerOf(s) != 0 {
		t.Fatalf("board %v: summoners %d %d", shards, g.SummonerOf(shards[1]), g.SummonerOf(shards[2]))
	}
}
