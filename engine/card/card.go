// Package card is the card format: a card definition as Go types that decode
// from the JSON files in cards/, the clause model a card's text compiles to,
// the engine's vocabulary (effects, triggers, scopes and targets, one table
// row each), the well-formedness rule for a clause list, and the splice of halves behind
// Assemble. It is pure data and functions: no I/O, no game state.
package card

// Type is what a card is when it is used: a minion enters the board, a spell
// resolves its effects and is gone.
const (
	TypeMinion = "minion"
	TypeSpell  = "spell"
)

// Def is one card file. Text is the printed text; Clauses is what the engine
// reads, in the order the text reads.
type Def struct {
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Cost    int      `json:"cost"`
	Attack  int      `json:"attack,omitempty"`
	Health  int      `json:"health,omitempty"`
	Text    string   `json:"text"`
	Noun    string   `json:"noun,omitempty"`
	Clauses []Clause `json:"clauses"`
}

// Clause kinds.
const (
	KindKeyword = "keyword"
	KindAura    = "aura"
	KindTrigger = "trigger"
	KindEffect  = "effect"
)

// Keywords.
const KeywordTaunt = "taunt"

// Auras. A multiplier makes the owner's minions' triggers of one kind resolve
// Times times (several multipliers of a kind: the largest wins, stacking
// "max"); a redirect makes damage aimed at the owner's hero hit this minion.
const (
	AuraMultiplier = "multiplier"
	AuraRedirect   = "redirect"
	StackingMax    = "max"
)

// Clause is one piece of a card's text. Kind says which of the other fields
// mean anything (the effects, triggers, scopes and targets, and the fields
// each needs, are the rows of vocab.go):
//
//   - keyword: Keyword ("taunt").
//   - aura: Aura ("multiplier" with Trigger, Times and Stacking; or "redirect").
//   - trigger: Trigger, and Scope for "damaged".
//   - effect: Effect, with Amount (damage, armor), Target (damage, destroy),
//     Count (draw, summon), Card (summon), Attack and Health (stats, added to
//     the minion whose trigger it is), Word (spawnText: the word written on
//     the grid, in upper case).
type Clause struct {
	Kind     string  `json:"kind"`
	Keyword  string  `json:"keyword,omitempty"`
	Aura     string  `json:"aura,omitempty"`
	Trigger  Trigger `json:"trigger,omitempty"`
	Scope    Scope   `json:"scope,omitempty"`
	Times    int     `json:"times,omitempty"`
	Stacking string  `json:"stacking,omitempty"`
	Effect   Effect  `json:"effect,omitempty"`
	Amount   int     `json:"amount,omitempty"`
	Target   Target  `json:"target,omitempty"`
	Count    int     `json:"count,omitempty"`
	Card     string  `json:"card,omitempty"`
	Attack   int     `json:"attack,omitempty"`
	Health   int     `json:"health,omitempty"`
	Word     string  `json:"word,omitempty"`
}

// HasKeyword reports whether the card's clauses include keyword k.
func (d *Def) HasKeyword(k string) bool {
	for _, c := range d.Clauses {
		if c.Kind == KindKeyword && c.Keyword == k {
			return true
		}
	}
	return false
}

// Summons lists the cards the definition's summon effects name, in text order.
func (d *Def) Summons() []string {
	var names []string
	for _, c := range d.Clauses {
		if c.Kind == KindEffect && c.Effect == EffectSummon {
			names = append(names, c.Card)
		}
	}
	return names
}
