package game

import (
	"slices"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/engine/card"
)

func TestAreaDamageQueuesInOrderOfPlayAndDeathWaits(t *testing.T) {
	g := New(testLibrary(t), [2][]string{deck("Plain", 5)})
	h := g.Summon("Hoard", 0)
	s := g.Summon("Plater", 0)
	g.ClearLog()
	g.Cast("Storm", 0, 0)
	hand := g.Zone(0, ZoneHand)
	want := []Event{
		SpellCast{Card: "Storm"},
		Damaged{Target: h, Amount: 1}, Damaged{Target: s, Amount: 1},
		Triggered{Source: s, Trigger: "damaged"}, ArmorGained{Player: 0, Amount: 1},
		Triggered{Source: s, Trigger: "damaged"}, ArmorGained{Player: 0, Amount: 1},
		Destroyed{ID: h}, DeathPhase{Round: 1},
		Triggered{Source: h, Trigger: "deathrattle"}, Drew{Player: 0, ID: hand[0]},
	}
	if got := g.Log(); !slices.Equal(got, want) {
		t.Fatalf("log:\n%v\nwant:\n%v", got, want)
	}
	if g.ZoneOf(h) != ZoneGraveyard || g.Armor(0) != 2 {
		t.Fatalf("zone %v armor %d", g.ZoneOf(h), g.Armor(0))
	}
}

func TestLogTreeIndentsNestedQueues(t *testing.T) {
	g := New(testLibrary(t), [2][]string{deck("Plain", 1)})
	d := g.Summon("Drawer", 0)
	g.Summon("Tripper", 0)
	g.ClearLog()
	g.DealDamage(g.Hero(0), 1)
	tree := g.LogTree()
	lines := strings.Split(strings.TrimSuffix(tree, "\n"), "\n")
	if lines[0] != "Damaged{target: 1, amount: 1}" {
		t.Fatalf("first line %q", lines[0])
	}
	if !strings.Contains(tree, "\n  Triggered{source: "+u(d)+", trigger: \"damaged\"}\n    Drew{") {
		t.Fatalf("the Drawer's trigger is not nested two levels:\n%s", tree)
	}
	if (&Game{}).LogTree() != "" {
		t.Fatal("an empty log gives a non-empty tree")
	}
}

func TestMultiplierSnapshotKeepsDeadAura(t *testing.T) {
	g := New(testLibrary(t), [2][]string{deck("Plain", 5)})
	b := g.Summon("Doubler", 0)
	h := g.Summon("Hoard", 0)
	g.DealDamage(b, 6)
	g.ClearLog()
	g.Cast("Storm", 0, 0)
	n := 0
	for _, e := range g.Log() {
		if e == (Triggered{Source: h, Trigger: "deathrattle"}) {
			n++
		}
	}
	if n != 2 {
		t.Fatalf("the Hoard's Deathrattle resolved %d times, want 2:\n%s", n, g.LogTree())
	}
}

func TestDeathrattleSummonsTakeTheDeadMinionsPlace(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	a := g.Summon("Plain", 0)
	s := g.Summon("Splitter", 0)
	c := g.Summon("Plain", 0)
	g.Destroy(s)
	board := g.Zone(0, ZoneBoard)
	if len(board) != 4 || board[0] != a || board[3] != c || g.NameOf(board[1]) != "Shard" || g.NameOf(board[2]) != "Shard" {
		t.Fatalf("board %v", board)
	}
	if g.OrderOfPlay(board[1]) >= g.OrderOfPlay(board[2]) {
		t.Fatal("tokens are not left to right in summon order")
	}
}

// A Deathrattle that activates twice places its second tokens to the right
// of its first, even when the first activation's tokens are the ones that
// outgrow the game's entity storage.
func TestASecondActivationsTokensGoRightWhenStorageGrows(t *testing.T) {
	for _, grows := range []bool{false, true} {
		g := New(testLibrary(t), [2][]string{})
		g.Summon("Doubler", 0)
		a := g.Summon("Plain", 0)
		s := g.Summon("Splitter", 0)
		c := g.Summon("Plain", 0)
		if grows {
			for len(g.ents) < cap(g.ents) {
				g.Create("Plain", 1, ZoneHand)
			}
		}
		g.Destroy(s)
		board := g.Zone(0, ZoneBoard)
		if len(board) != 7 || board[1] != a || board[6] != c {
			t.Fatalf("storage grows %v: board %v", grows, board)
		}
		shards := board[2:6]
		if !slices.IsSorted(shards) {
			t.Fatalf("storage grows %v: the shards stand %v, not in the order they were summoned:\n%s", grows, shards, g.LogTree())
		}
	}
}

func TestRedirectAndArmor(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	g.Cast("Storm", 0, 0)
	sh := g.Summon("Shield", 0)
	g.ClearLog()
	g.DealDamage(g.Hero(0), 2)
	if got := g.Log(); !slices.Equal(got, []Event{Damaged{Target: sh, Amount: 2}}) {
		t.Fatalf("log %v", got)
	}
	g2 := New(testLibrary(t), [2][]string{})
	g2.Summon("Bell", 1)
	g2.EndTurn(1)
	g2.ClearLog()
	g2.DealDamage(g2.Hero(1), 3)
	want := []Event{ArmorLost{Player: 1, Amount: 1}, Damaged{Target: g2.Hero(1), Amount: 3}}
	if got := g2.Log(); !slices.Equal(got, want) || g2.Health(g2.Hero(1)) != 28 {
		t.Fatalf("log %v health %d", got, g2.Health(g2.Hero(1)))
	}
}

func TestCombatRules(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	a := g.Summon("Plain", 0)
	z := g.Summon("Bell", 0)
	w := g.Summon("Brawler", 1)
	if err := g.CanAttack(a, g.Hero(1)); err == nil || !strings.Contains(err.Error(), "Taunt") {
		t.Fatalf("attack past Taunt: %v", err)
	}
	if err := g.CanAttack(z, w); err == nil || !strings.Contains(err.Error(), "Attack") {
		t.Fatalf("0 Attack attack: %v", err)
	}
	g.ClearLog()
	if err := g.OrderAttack(a, w); err != nil {
		t.Fatal(err)
	}
	want := []Event{
		Damaged{Target: a, Amount: 2}, Damaged{Target: w, Amount: 1},
		Triggered{Source: w, Trigger: "damaged"}, StatsChanged{ID: w, Attack: 4, Health: 2},
		Destroyed{ID: a}, DeathPhase{Round: 1},
	}
	if got := g.Log(); !slices.Equal(got, want) {
		t.Fatalf("log %v", got)
	}
}

func TestDeathPhaseLimitPanics(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	p := g.Summon("Phoenix", 0)
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.Contains(s, "Death Phase limit") {
			t.Fatalf("recovered %v", r)
		}
	}()
	g.Destroy(p)
	t.Fatal("an endless chain of Death Phases did not panic")
}

func TestAssembleEffectOffersOnlyWorkingChoices(t *testing.T) {
	g := New(testLibrary(t), [2][]string{})
	hoard := g.Create("Hoard", 0, ZoneHand)
	g.Create("Drawer", 0, ZoneHand)
	g.Create("Storm", 0, ZoneHand)
	m := g.Create("Mender", 0, ZoneHand)
	var asked []string
	g.SetChooser(func(kind string, options []string) string {
		asked = append(asked, kind+":"+strings.Join(options, ","))
		return options[0]
	})
	g.Play(m)
	if g.NameOf(hoard) != "Hoard (Assembled)" {
		t.Fatalf("the base became %q; chooser saw %q", g.NameOf(hoard), asked)
	}
	if asked[0] != "base:Hoard,Drawer" || asked[1] != "donor:Drawer" || asked[2] != "half:top" {
		t.Fatalf("chooser saw %q", asked)
	}
}

// A trigger is not queued for the events raised while that same trigger of
// that same minion resolves: two minions that answer their own damage by
// damaging every minion settle after one answer each instead of looping.
func TestTriggerIsNotQueuedForItsOwnResolution(t *testing.T) {
	lib, err := NewLibrary(append(testDefs(),
		minion("Ripple", 1, 5, trig(card.TriggerDamaged, card.ScopeSelf),
			eff(card.Clause{Effect: card.EffectDamage, Amount: 1, Target: card.TargetAllMinions}))))
	if err != nil {
		t.Fatal(err)
	}
	g := New(lib, [2][]string{})
	a := g.Summon("Ripple", 0)
	b := g.Summon("Ripple", 0)
	g.ClearLog()
	g.DealDamage(a, 1)
	want := "Damaged{target: " + u(a) + ", amount: 1}\n" +
		"Triggered{source: " + u(a) + ", trigger: \"damaged\"}\n" +
		"  Damaged{target: " + u(a) + ", amount: 1}\n" +
		"  Damaged{target: " + u(b) + ", amount: 1}\n" +
		"  Triggered{source: " + u(b) + ", trigger: \"damaged\"}\n" +
		"    Damaged{target: " + u(a) + ", amount: 1}\n" +
		"    Damaged{target: " + u(b) + ", amount: 1}\n"
	if got := g.LogTree(); got != want {
		t.Fatalf("log tree:\n%s\nwant:\n%s", got, want)
	}
	if g.Health(a) != 2 || g.Health(b) != 3 {
		t.Fatalf("health %d and %d, want 2 and 3", g.Health(a), g.Health(b))
	}
}
