package card

import (
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// schemaDefs reads the card schema's $defs from the course content on disk.
func schemaDefs(t *testing.T) map[string]any {
	t.Helper()
	raw, err := os.ReadFile("../../course/schema/card.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	return doc["$defs"].(map[string]any)
}

// at walks a decoded JSON document by object keys.
func at(v any, keys ...string) any {
	for _, k := range keys {
		v = v.(map[string]any)[k]
	}
	return v
}

func strs(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

func TestSchemaEnumsEqualTheTables(t *testing.T) {
	defs := schemaDefs(t)
	for _, c := range []struct {
		what   string
		schema []string
		table  []string
	}{
		{"effect", strs(at(defs, "effect", "properties", "effect", "enum")), EffectNames()},
		{"trigger", strs(at(defs, "triggerKind", "enum")), TriggerNames()},
		{"scope", strs(at(defs, "trigger", "properties", "scope", "enum")), ScopeNames()},
		{"target", strs(at(defs, "target", "enum")), TargetNames()},
	} {
		if !slices.Equal(c.schema, c.table) {
			t.Errorf("the schema's %s list is %q, the table's %q: make them equal", c.what, c.schema, c.table)
		}
	}
}

func TestSchemaRequiresWhatTheTableNeeds(t *testing.T) {
	defs := schemaDefs(t)
	required := map[string][]string{} // effect name -> the schema's required fields besides kind and effect
	for _, branch := range at(defs, "effect", "allOf").([]any) {
		name := at(branch, "if", "properties", "effect", "const").(string)
		if r, ok := at(branch, "then").(map[string]any)["required"]; ok {
			required[name] = strs(r)
		}
	}
	for _, n := range EffectNames() {
		e, _ := ParseEffect(n)
		if got, want := required[n], e.Info().Needs.Names(); !slices.Equal(got, want) {
			t.Errorf("the schema requires %q of a %s effect, the table %q", got, n, want)
		}
	}
	if got := strs(at(defs, "trigger", "then", "required")); !slices.Equal(got, TriggerDamaged.Info().Needs.Names()) {
		t.Errorf("the schema requires %q of a damaged trigger, the table %q", got, TriggerDamaged.Info().Needs.Names())
	}
	for _, n := range TriggerNames()[1:] {
		if tr, _ := ParseTrigger(n); tr.Info().Needs != 0 {
			t.Errorf("the %s trigger needs %q, which the schema does not require", n, tr.Info().Needs.Names())
		}
	}
}

func TestUnmarshalRefusesUnknownNames(t *testing.T) {
	for _, c := range []struct{ json, of, name, known string }{
		{`{"kind": "effect", "effect": "heal"}`, "effect", "heal", "spawnText"},
		{`{"kind": "trigger", "trigger": "onDraw"}`, "trigger", "onDraw", "endOfTurn"},
		{`{"kind": "trigger", "trigger": "damaged", "scope": "enemy"}`, "scope", "enemy", "friendlyHero"},
		{`{"kind": "effect", "effect": "damage", "target": "everyone"}`, "target", "everyone", "allCharacters"},
		{`{"kind": "effect", "effect": "Damage"}`, "effect", "Damage", "damage"},
	} {
		var cl Clause
		err := json.Unmarshal([]byte(c.json), &cl)
		var ne *NameError
		if !errors.As(err, &ne) || ne.Of != c.of || ne.Name != c.name || !slices.Contains(ne.Known, c.known) {
			t.Errorf("%s: error %v, want a NameError for %s %q", c.json, err, c.of, c.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, `"`+c.name+`"`) || !strings.Contains(msg, `"`+c.known+`"`) {
			t.Errorf("%s: the message %q names neither the value nor the allowed ones", c.json, msg)
		}
	}
	var cl Clause
	if err := json.Unmarshal([]byte(`{"kind": "effect", "effect": 3}`), &cl); err == nil || !strings.Contains(err.Error(), `"damage"`) {
		t.Errorf("a number for an effect: %v", err)
	}
}

func TestClauseJSONRoundTrip(t *testing.T) {
	in := []Clause{
		{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeFriendlyHero},
		{Kind: KindEffect, Effect: EffectDamage, Amount: 2, Target: TargetEnemyHero},
		{Kind: KindEffect, Effect: EffectSpawnText, Word: "WORD"},
		{Kind: KindAura, Aura: AuraMultiplier, Trigger: TriggerEndOfTurn, Times: 2, Stacking: StackingMax},
	}
	raw, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"kind":"trigger","trigger":"damaged","scope":"friendlyHero"},` +
		`{"kind":"effect","effect":"damage","amount":2,"target":"enemyHero"},` +
		`{"kind":"effect","effect":"spawnText","word":"WORD"},` +
		`{"kind":"aura","aura":"multiplier","trigger":"endOfTurn","times":2,"stacking":"max"}]`
	if string(raw) != want {
		t.Fatalf("marshalled\n%s\nwant\n%s", raw, want)
	}
	var out []Clause
	if err := json.Unmarshal(raw, &out); err != nil || !slices.Equal(out, in) {
		t.Fatalf("read back %+v, %v", out, err)
	}
	var ne *NameError
	if _, err := json.Marshal(Clause{Kind: KindEffect, Effect: Effect(200)}); !errors.As(err, &ne) || ne.Name != "effect(200)" {
		t.Fatalf("marshalling an effect with no row: %v", err)
	}
}

func TestCheckReadsTheTable(t *testing.T) {
	for _, c := range []struct {
		clause Clause
		reason string
	}{
		{Clause{Kind: KindEffect, Effect: Effect(200)}, `unknown effect "effect(200)"`},
		{Clause{Kind: KindEffect}, `unknown effect ""`},
		{Clause{Kind: KindEffect, Effect: EffectArmor}, "an armor effect needs an amount above 0"},
		{Clause{Kind: KindEffect, Effect: EffectDamage, Amount: 1}, `a damage effect needs a target, and "" is not one`},
		{Clause{Kind: KindEffect, Effect: EffectSummon}, "a summon effect needs the card it summons"},
		{Clause{Kind: KindEffect, Effect: EffectSpawnText, Word: "word"}, `a spawnText effect needs a word in upper case letters, and "word" is not one`},
		{Clause{Kind: KindTrigger, Trigger: TriggerDamaged}, `a damaged trigger needs a scope, and "" is not one`},
		{Clause{Kind: KindTrigger, Trigger: Trigger(9)}, `unknown trigger "trigger(9)"`},
		{Clause{Kind: KindEffect, Effect: EffectStats, Attack: 1}, ""},
	} {
		if got := checkClause(&c.clause); got != c.reason {
			t.Errorf("%+v: %q, want %q", c.clause, got, c.reason)
		}
	}
}

func TestDescribeEveryRow(t *testing.T) {
	cases := []struct {
		clauses []Clause
		want    string
	}{
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerDeathrattle}, {Kind: KindEffect, Effect: EffectDamage, Amount: 2, Target: TargetAllCharacters}},
			"Deathrattle: Deal 2 damage to all characters."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerBattlecry}, {Kind: KindEffect, Effect: EffectDestroy, Target: TargetChosen}},
			"Battlecry: Destroy a character."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerEndOfTurn}, {Kind: KindEffect, Effect: EffectDraw, Count: 2}},
			"At the end of your turn, draw 2 cards."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeSelf}, {Kind: KindEffect, Effect: EffectArmor, Amount: 1}},
			"Whenever this minion takes damage, gain 1 Armor."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeFriendlyMinion}, {Kind: KindEffect, Effect: EffectSummon, Card: "X", Count: 2}},
			"Whenever a friendly minion takes damage, summon 2 copies of X."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeAnyHero}, {Kind: KindEffect, Effect: EffectStats, Attack: 1, Health: -1}},
			"Whenever a hero takes damage, gain +1 Attack and -1 Health."},
		{[]Clause{{Kind: KindTrigger, Trigger: TriggerDamaged, Scope: ScopeFriendlyHero}, {Kind: KindEffect, Effect: EffectAssemble}},
			"Whenever your hero takes damage, assemble a minion in your hand from half of another card in your hand."},
		{[]Clause{{Kind: KindEffect, Effect: EffectSpawnText, Word: "WORD"}, {Kind: KindEffect, Effect: EffectDamage, Amount: 1, Target: TargetEnemyHero},
			{Kind: KindEffect, Effect: EffectSummon, Card: "Y"}, {Kind: KindEffect, Effect: EffectDraw}, {Kind: KindEffect, Effect: EffectDamage, Amount: 1, Target: TargetAllMinions}},
			"Write WORD on this tile. Deal 1 damage to the enemy hero. Summon a Y. Draw a card. Deal 1 damage to all minions."},
	}
	for _, c := range cases {
		if got := Describe(c.clauses); got != c.want {
			t.Errorf("Describe = %q, want %q", got, c.want)
		}
	}
}

func TestInfoPanicsWithoutARow(t *testing.T) {
	defer func() {
		if r, _ := recover().(string); !strings.Contains(r, "no row") {
			t.Fatalf("recovered %q", r)
		}
	}()
	Effect(0).Info()
	t.Fatal("the row of no effect was handed out")
}
