package card

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The engine's vocabulary: the effects, triggers, targets and scopes a clause
// may name. Each is a small typed number whose zero value means "none", and
// each value is one row of its table below: its name in the card files, the
// clause fields it needs, what it does, and the words Describe writes for it.
// Check, Describe, the JSON encoding and the game all read these rows, and a
// test holds course/schema/card.schema.json's lists equal to them.

// Effect is what an effect clause does.
type Effect uint8

// The effects, in the order of their table rows.
const (
	EffectDamage Effect = iota + 1
	EffectDestroy
	EffectDraw
	EffectArmor
	EffectSummon
	EffectStats
	EffectAssemble
	EffectSpawnText
)

// EffectInfo is one row of the effect table.
type EffectInfo struct {
	Name  string // as the card files spell it
	Needs Fields // the clause fields it cannot do without
	About string // what it does, for readers of the table
	// Phrase is the clause as Describe writes it, ending in a full stop.
	Phrase func(c *Clause) string
}

var effectTable = [...]EffectInfo{
	EffectDamage: {Name: "damage", Needs: FieldAmount | FieldTarget,
		About: "deals Amount damage to each of Target",
		Phrase: func(c *Clause) string {
			return fmt.Sprintf("deal %d damage to %s.", c.Amount, c.Target.Info().Phrase)
		}},
	EffectDestroy: {Name: "destroy", Needs: FieldTarget,
		About:  "marks each minion of Target pending destroy",
		Phrase: func(c *Clause) string { return "destroy " + c.Target.Info().Phrase + "." }},
	EffectDraw: {Name: "draw",
		About: "draws Count cards (1 if unset) for the owner",
		Phrase: func(c *Clause) string {
			if c.Count > 1 {
				return fmt.Sprintf("draw %d cards.", c.Count)
			}
			return "draw a card."
		}},
	EffectArmor: {Name: "armor", Needs: FieldAmount,
		About:  "gives the owner's hero Amount Armor",
		Phrase: func(c *Clause) string { return fmt.Sprintf("gain %d Armor.", c.Amount) }},
	EffectSummon: {Name: "summon", Needs: FieldCard,
		About: "summons Count (1 if unset) minions of Card for the owner",
		Phrase: func(c *Clause) string {
			if c.Count > 1 {
				return fmt.Sprintf("summon %d copies of %s.", c.Count, c.Card)
			}
			return "summon a " + c.Card + "."
		}},
	EffectStats: {Name: "stats",
		About:  "adds Attack and Health to the minion whose trigger it is",
		Phrase: func(c *Clause) string { return fmt.Sprintf("gain %+d Attack and %+d Health.", c.Attack, c.Health) }},
	EffectAssemble: {Name: "assemble",
		About:  "turns a minion in the owner's hand into a card assembled from it and half of another card there",
		Phrase: func(*Clause) string { return "assemble a minion in your hand from half of another card in your hand." }},
	EffectSpawnText: {Name: "spawnText", Needs: FieldWord,
		About:  "asks for Word to be written on the minion's tile when the Sequence ends (SpellGrid)",
		Phrase: func(c *Clause) string { return "write " + c.Word + " on this tile." }},
}

// Trigger is when a trigger clause's effects resolve; an aura's multiplier
// names one too.
type Trigger uint8

// The triggers, in the order of their table rows. Their names are what the
// Triggered event says.
const (
	TriggerDamaged Trigger = iota + 1
	TriggerDeathrattle
	TriggerBattlecry
	TriggerEndOfTurn
)

// NumTriggers is one more than the largest Trigger: the length of an array
// indexed by Trigger.
const NumTriggers = len(triggerTable)

// TriggerInfo is one row of the trigger table.
type TriggerInfo struct {
	Name   string
	Needs  Fields
	About  string
	Phrase func(c *Clause) string // ends in a colon or a comma
}

var triggerTable = [...]TriggerInfo{
	TriggerDamaged: {Name: "damaged", Needs: FieldScope,
		About:  "a character that Scope covers took damage",
		Phrase: func(c *Clause) string { return c.Scope.Info().Phrase }},
	TriggerDeathrattle: {Name: "deathrattle",
		About:  "the minion was removed by a Death Creation Step",
		Phrase: func(*Clause) string { return "Deathrattle:" }},
	TriggerBattlecry: {Name: "battlecry",
		About:  "the minion was played from a hand",
		Phrase: func(*Clause) string { return "Battlecry:" }},
	TriggerEndOfTurn: {Name: "endOfTurn",
		About:  "its owner's turn ended",
		Phrase: func(*Clause) string { return "at the end of your turn," }},
}

// Scope is whose damage a "damaged" trigger answers.
type Scope uint8

// The scopes, in the order of their table rows.
const (
	ScopeSelf Scope = iota + 1
	ScopeFriendlyMinion
	ScopeAnyHero
	ScopeFriendlyHero
)

// ScopeInfo is one row of the scope table.
type ScopeInfo struct {
	Name   string
	About  string
	Phrase string // the trigger as Describe writes it
}

var scopeTable = [...]ScopeInfo{
	ScopeSelf:           {Name: "self", About: "the minion itself", Phrase: "whenever this minion takes damage,"},
	ScopeFriendlyMinion: {Name: "friendlyMinion", About: "any minion of its owner", Phrase: "whenever a friendly minion takes damage,"},
	ScopeAnyHero:        {Name: "anyHero", About: "either hero", Phrase: "whenever a hero takes damage,"},
	ScopeFriendlyHero:   {Name: "friendlyHero", About: "its owner's hero", Phrase: "whenever your hero takes damage,"},
}

// Target is what a damage or destroy effect acts on.
type Target uint8

// The targets, in the order of their table rows.
const (
	TargetAllMinions Target = iota + 1
	TargetAllCharacters
	TargetChosen
	TargetEnemyHero
)

// TargetInfo is one row of the target table.
type TargetInfo struct {
	Name   string
	About  string
	Phrase string // as Describe writes it after "damage to"
}

var targetTable = [...]TargetInfo{
	TargetAllMinions:    {Name: "allMinions", About: "every minion in play, in order of play", Phrase: "all minions"},
	TargetAllCharacters: {Name: "allCharacters", About: "both heroes, then every minion in play", Phrase: "all characters"},
	TargetChosen:        {Name: "chosen", About: "the character a spell is cast at", Phrase: "a character"},
	TargetEnemyHero:     {Name: "enemyHero", About: "the other player's hero", Phrase: "the enemy hero"},
}

// Fields is a set of the clause fields an effect or trigger needs.
type Fields uint8

// The fields a table row can need, each with the check Check makes.
const (
	FieldAmount Fields = 1 << iota
	FieldTarget
	FieldCard
	FieldWord
	FieldScope
)

// fieldTable says, for each field a row can need, its JSON name, what Check
// asks of it, and (show) the value an error quotes; show is nil where the
// value says nothing more.
var fieldTable = [...]struct {
	f    Fields
	name string
	ok   func(c *Clause) bool
	need string
	show func(c *Clause) string
}{
	{FieldAmount, "amount", func(c *Clause) bool { return c.Amount > 0 }, "an amount above 0", nil},
	{FieldTarget, "target", func(c *Clause) bool { return c.Target.Known() }, "a target", func(c *Clause) string { return c.Target.String() }},
	{FieldCard, "card", func(c *Clause) bool { return c.Card != "" }, "the card it summons", nil},
	{FieldWord, "word", func(c *Clause) bool { return upperWord(c.Word) }, "a word in upper case letters", func(c *Clause) string { return c.Word }},
	{FieldScope, "scope", func(c *Clause) bool { return c.Scope.Known() }, "a scope", func(c *Clause) string { return c.Scope.String() }},
}

// Names lists the JSON names of the fields in the set.
func (fs Fields) Names() []string {
	var out []string
	for _, f := range fieldTable {
		if fs&f.f != 0 {
			out = append(out, f.name)
		}
	}
	return out
}

// missing says which field of the set c lacks, as the rest of a sentence
// that starts "a damage effect needs", or "" when it has them all.
func (fs Fields) missing(c *Clause) string {
	for _, f := range fieldTable {
		if fs&f.f == 0 || f.ok(c) {
			continue
		}
		if f.show == nil {
			return f.need
		}
		return fmt.Sprintf("%s, and %q is not one", f.need, f.show(c))
	}
	return ""
}

// NameError is a name that is not in the vocabulary: Of says which list
// ("effect", "trigger", "target", "scope"), Known is that list.
type NameError struct {
	Of    string
	Name  string
	Known []string
}

func (e *NameError) Error() string {
	return fmt.Sprintf("%s %q is not one the engine knows; use one of %s", e.Of, e.Name, quoteAll(e.Known))
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// row is what every table's rows share: a name.
type row interface{ rowName() string }

func (r EffectInfo) rowName() string  { return r.Name }
func (r TriggerInfo) rowName() string { return r.Name }
func (r ScopeInfo) rowName() string   { return r.Name }
func (r TargetInfo) rowName() string  { return r.Name }

// known reports whether v has a row (row 0 is "none").
func known[T ~uint8, R row](table []R, v T) bool { return v != 0 && int(v) < len(table) }

func nameOf[T ~uint8, R row](of string, table []R, v T) string {
	switch {
	case v == 0:
		return ""
	case known(table, v):
		return table[v].rowName()
	}
	return fmt.Sprintf("%s(%d)", of, v)
}

func namesOf[R row](table []R) []string {
	out := make([]string, 0, len(table)-1)
	for _, r := range table[1:] {
		out = append(out, r.rowName())
	}
	return out
}

func parse[T ~uint8, R row](of string, table []R, s string) (T, error) {
	for i := 1; i < len(table); i++ {
		if table[i].rowName() == s {
			return T(i), nil
		}
	}
	return 0, &NameError{Of: of, Name: s, Known: namesOf(table)}
}

func marshal[T ~uint8, R row](of string, table []R, v T) ([]byte, error) {
	if !known(table, v) {
		return nil, &NameError{Of: of, Name: nameOf(of, table, v), Known: namesOf(table)}
	}
	return json.Marshal(table[v].rowName())
}

func unmarshal[T ~uint8, R row](of string, table []R, b []byte, v *T) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("%s must be a string, one of %s: %w", of, quoteAll(namesOf(table)), err)
	}
	x, err := parse[T](of, table, s)
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// String is the effect's name; "" for none.
func (e Effect) String() string { return nameOf("effect", effectTable[:], e) }

// Known reports whether e is an effect of the table.
func (e Effect) Known() bool { return known(effectTable[:], e) }

// Info is e's table row; it panics for an effect the table does not have.
func (e Effect) Info() EffectInfo { mustKnow("effect", e.Known(), e); return effectTable[e] }

// ParseEffect reads an effect's name; the error is a *NameError.
func ParseEffect(s string) (Effect, error) { return parse[Effect]("effect", effectTable[:], s) }

// EffectNames lists every effect's name, in table order.
func EffectNames() []string { return namesOf(effectTable[:]) }

// MarshalJSON writes the name; an effect the table does not have is an error.
func (e Effect) MarshalJSON() ([]byte, error) { return marshal("effect", effectTable[:], e) }

// UnmarshalJSON reads a name; one the table does not have is a *NameError.
func (e *Effect) UnmarshalJSON(b []byte) error { return unmarshal("effect", effectTable[:], b, e) }

// String is the trigger's name; "" for none.
func (t Trigger) String() string { return nameOf("trigger", triggerTable[:], t) }

// Known reports whether t is a trigger of the table.
func (t Trigger) Known() bool { return known(triggerTable[:], t) }

// Info is t's table row; it panics for a trigger the table does not have.
func (t Trigger) Info() TriggerInfo { mustKnow("trigger", t.Known(), t); return triggerTable[t] }

// ParseTrigger reads a trigger's name; the error is a *NameError.
func ParseTrigger(s string) (Trigger, error) { return parse[Trigger]("trigger", triggerTable[:], s) }

// TriggerNames lists every trigger's name, in table order.
func TriggerNames() []string { return namesOf(triggerTable[:]) }

// MarshalJSON writes the name; a trigger the table does not have is an error.
func (t Trigger) MarshalJSON() ([]byte, error) { return marshal("trigger", triggerTable[:], t) }

// UnmarshalJSON reads a name; one the table does not have is a *NameError.
func (t *Trigger) UnmarshalJSON(b []byte) error { return unmarshal("trigger", triggerTable[:], b, t) }

// String is the scope's name; "" for none.
func (s Scope) String() string { return nameOf("scope", scopeTable[:], s) }

// Known reports whether s is a scope of the table.
func (s Scope) Known() bool { return known(scopeTable[:], s) }

// Info is s's table row; it panics for a scope the table does not have.
func (s Scope) Info() ScopeInfo { mustKnow("scope", s.Known(), s); return scopeTable[s] }

// ScopeNames lists every scope's name, in table order.
func ScopeNames() []string { return namesOf(scopeTable[:]) }

// MarshalJSON writes the name; a scope the table does not have is an error.
func (s Scope) MarshalJSON() ([]byte, error) { return marshal("scope", scopeTable[:], s) }

// UnmarshalJSON reads a name; one the table does not have is a *NameError.
func (s *Scope) UnmarshalJSON(b []byte) error { return unmarshal("scope", scopeTable[:], b, s) }

// String is the target's name; "" for none.
func (t Target) String() string { return nameOf("target", targetTable[:], t) }

// Known reports whether t is a target of the table.
func (t Target) Known() bool { return known(targetTable[:], t) }

// Info is t's table row; it panics for a target the table does not have.
func (t Target) Info() TargetInfo { mustKnow("target", t.Known(), t); return targetTable[t] }

// TargetNames lists every target's name, in table order.
func TargetNames() []string { return namesOf(targetTable[:]) }

// MarshalJSON writes the name; a target the table does not have is an error.
func (t Target) MarshalJSON() ([]byte, error) { return marshal("target", targetTable[:], t) }

// UnmarshalJSON reads a name; one the table does not have is a *NameError.
func (t *Target) UnmarshalJSON(b []byte) error { return unmarshal("target", targetTable[:], b, t) }

// mustKnow panics for a value with no row: the caller broke the contract
// that only checked clauses reach it.
func mustKnow(of string, ok bool, v fmt.Stringer) {
	if !ok {
		panic(fmt.Sprintf("%s %q has no row in the %s table; only a value Check accepted may get here", of, v.String(), of))
	}
}
