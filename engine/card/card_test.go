package card

import (
	"errors"
	"slices"
	"testing"
)

var (
	kw     = Clause{Kind: KindKeyword, Keyword: KeywordTaunt}
	aura   = Clause{Kind: KindAura, Aura: AuraRedirect}
	dr     = Clause{Kind: KindTrigger, Trigger: TriggerDeathrattle}
	bc     = Clause{Kind: KindTrigger, Trigger: TriggerBattlecry}
	hurt   = Clause{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeSelf}
	draw   = Clause{Kind: KindEffect, Effect: EffectDraw}
	armor  = Clause{Kind: KindEffect, Effect: EffectArmor, Amount: 1}
	damage = Clause{Kind: KindEffect, Effect: EffectDamage, Amount: 1, Target: TargetAllMinions}
)

func TestWellFormed(t *testing.T) {
	cases := []struct {
		name    string
		clauses []Clause
		bad     int // index of the clause at fault, -1 if well-formed
	}{
		{"empty", nil, -1},
		{"keyword alone", []Clause{kw}, -1},
		{"trigger without effect", []Clause{dr}, 0},
		{"effect first", []Clause{draw, dr}, 0},
		{"keyword trigger effect", []Clause{kw, dr, damage}, -1},
		{"two triggers", []Clause{dr, draw, bc, draw}, -1},
		{"effect after aura", []Clause{aura, draw}, 1},
		{"trigger closed by keyword", []Clause{hurt, kw, dr, draw}, 0},
		{"two effects", []Clause{hurt, armor, draw}, -1},
	}
	for _, c := range cases {
		err := WellFormed(TypeMinion, c.clauses)
		var fe *FormError
		switch {
		case c.bad < 0 && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.bad >= 0 && !errors.As(err, &fe):
			t.Errorf("%s: accepted", c.name)
		case c.bad >= 0 && fe.Clause != c.bad:
			t.Errorf("%s: blamed clause %d, want %d", c.name, fe.Clause, c.bad)
		}
	}
	if WellFormed(TypeSpell, []Clause{damage, draw}) != nil || WellFormed(TypeSpell, []Clause{dr, draw}) == nil {
		t.Error("a spell is effects only")
	}
}

func TestHalvesSplitCeilingFirst(t *testing.T) {
	top, bottom := Halves([]Clause{kw, dr, damage})
	if !slices.Equal(top, []Clause{kw, dr}) || !slices.Equal(bottom, []Clause{damage}) {
		t.Fatalf("halves %v / %v", top, bottom)
	}
	top, bottom = Halves(nil)
	if len(top) != 0 || len(bottom) != 0 {
		t.Fatal("an empty text has empty halves")
	}
}

func TestAssemble(t *testing.T) {
	alpha := &Def{Name: "Alpha", Type: TypeMinion, Cost: 2, Attack: 2, Health: 1, Clauses: []Clause{dr, draw}}
	beta := &Def{Name: "Beta", Type: TypeMinion, Cost: 3, Attack: 1, Health: 4, Clauses: []Clause{hurt, draw}}
	gamma := &Def{Name: "Gamma", Type: TypeMinion, Clauses: []Clause{bc, draw}}
	delta := &Def{Name: "Delta", Type: TypeMinion, Clauses: []Clause{aura}}

	got, err := Assemble(alpha, beta, Top)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Alpha (Assembled)" || got.Cost != 2 || got.Attack != 2 || got.Health != 1 || !slices.Equal(got.Clauses, []Clause{hurt, draw}) {
		t.Fatalf("assembled %+v", got)
	}
	if got.Text != "Whenever this minion takes damage, draw a card." {
		t.Fatalf("text %q", got.Text)
	}
	if !slices.Equal(alpha.Clauses, []Clause{dr, draw}) {
		t.Fatal("Assemble changed the base")
	}

	var ae *AssembleError
	if _, err := Assemble(alpha, gamma, Bottom); !errors.As(err, &ae) || ae.Err != nil {
		t.Fatalf("unchanged: %v", err)
	}
	_, err = Assemble(alpha, delta, Top)
	var fe *FormError
	if !errors.As(err, &ae) || !errors.As(err, &fe) {
		t.Fatalf("ill-formed: %v", err)
	}
}

func TestCheckRejectsBadFields(t *testing.T) {
	for _, d := range []Def{
		{Name: "", Type: TypeMinion},
		{Name: "A", Type: "land"},
		{Name: "A", Type: TypeMinion, Clauses: []Clause{{Kind: KindTrigger, Trigger: TriggerDamaged}, draw}},
		{Name: "A", Type: TypeSpell, Clauses: []Clause{{Kind: KindEffect, Effect: EffectDamage, Target: TargetAllMinions}}},
		{Name: "A", Type: TypeSpell, Clauses: []Clause{{Kind: KindEffect, Effect: EffectSummon}}},
		{Name: "A", Type: TypeMinion, Clauses: []Clause{{Kind: KindAura, Aura: AuraMultiplier, Trigger: TriggerDeathrattle, Times: 1}}},
	} {
		if err := Check(&d); err == nil {
			t.Errorf("accepted %+v", d)
		}
	}
}

// A card assembled again keeps its first base's name under its suffixes.
func TestBaseNameCutsEveryAssembly(t *testing.T) {
	for name, want := range map[string]string{
		"Base":                               "Base",
		AssembledName("Base"):                "Base",
		AssembledName(AssembledName("Base")): "Base",
		"Base (Assembled) Twin":              "Base (Assembled) Twin",
	} {
		if got := BaseName(name); got != want {
			t.Errorf("BaseName(%q) = %q, want %q", name, got, want)
		}
	}
}
