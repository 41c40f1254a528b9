package card

import (
	"fmt"
	"strings"
)

// FormError says why a clause list cannot be a card's text: which clause (0
// based; -1 for the list as a whole) and what is wrong with it.
type FormError struct {
	Clause int
	Reason string
}

func (e *FormError) Error() string {
	if e.Clause < 0 {
		return e.Reason
	}
	return fmt.Sprintf("clause %d: %s", e.Clause, e.Reason)
}

// Check reports whether d is a card the engine can run: a known type, clauses
// whose fields fit their kind, and a well-formed order (see WellFormed).
func Check(d *Def) error {
	if d.Name == "" {
		return &FormError{Clause: -1, Reason: "the card has no name"}
	}
	if d.Type != TypeMinion && d.Type != TypeSpell {
		return &FormError{Clause: -1, Reason: fmt.Sprintf("type %q is neither %q nor %q", d.Type, TypeMinion, TypeSpell)}
	}
	for i := range d.Clauses {
		if reason := checkClause(&d.Clauses[i]); reason != "" {
			return &FormError{Clause: i, Reason: reason}
		}
	}
	return WellFormed(d.Type, d.Clauses)
}

// WellFormed checks the order of a text's clauses. A spell's clauses are all
// effects: it resolves them when cast. In a minion's text every effect belongs
// to a trigger (no effect before the first trigger or right after an aura or
// keyword), and every trigger has at least one effect before the next trigger,
// aura, keyword or the end.
func WellFormed(cardType string, clauses []Clause) error {
	if cardType == TypeSpell {
		for i, c := range clauses {
			if c.Kind != KindEffect {
				return &FormError{Clause: i, Reason: fmt.Sprintf("a spell's text is effects only, and this clause is a %s", c.Kind)}
			}
		}
		return nil
	}
	inTrigger := false // the last non-effect clause was a trigger
	hasEffect := false // that trigger has an effect so far
	openTrigger := -1  // index of that trigger
	for i, c := range clauses {
		switch c.Kind {
		case KindEffect:
			if !inTrigger {
				return &FormError{Clause: i, Reason: "this effect belongs to no trigger (it comes before the first trigger, or after an aura or keyword)"}
			}
			hasEffect = true
		default:
			if inTrigger && !hasEffect {
				return &FormError{Clause: openTrigger, Reason: "this trigger has no effect before the next clause that is not an effect"}
			}
			inTrigger = c.Kind == KindTrigger
			hasEffect = false
			openTrigger = i
		}
	}
	if inTrigger && !hasEffect {
		return &FormError{Clause: openTrigger, Reason: "this trigger has no effect before the end of the text"}
	}
	return nil
}

func checkClause(c *Clause) string {
	switch c.Kind {
	case KindKeyword:
		if c.Keyword != KeywordTaunt {
			return fmt.Sprintf("unknown keyword %q", c.Keyword)
		}
	case KindAura:
		switch c.Aura {
		case AuraMultiplier:
			if !c.Trigger.Known() {
				return fmt.Sprintf("a multiplier aura needs a trigger kind, and %q is not one", c.Trigger)
			}
			if c.Times < 2 {
				return "a multiplier aura needs times of 2 or more"
			}
		case AuraRedirect:
		default:
			return fmt.Sprintf("unknown aura %q", c.Aura)
		}
	case KindTrigger:
		if !c.Trigger.Known() {
			return fmt.Sprintf("unknown trigger %q", c.Trigger)
		}
		if m := c.Trigger.Info().Needs.missing(c); m != "" {
			return fmt.Sprintf("a %s trigger needs %s", c.Trigger, m)
		}
	case KindEffect:
		if !c.Effect.Known() {
			return fmt.Sprintf("unknown effect %q", c.Effect)
		}
		if m := c.Effect.Info().Needs.missing(c); m != "" {
			return fmt.Sprintf("%s %s effect needs %s", article(c.Effect.String()), c.Effect, m)
		}
	default:
		return fmt.Sprintf("unknown clause kind %q", c.Kind)
	}
	return ""
}

// article is "a" or "an" for a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// upperWord reports whether w is one or more letters A to Z, as grid words are.
func upperWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// Describe writes a clause list as card text, for cards the game makes
// itself (Assemble). It reads like the printed texts without copying them.
func Describe(clauses []Clause) string {
	var b strings.Builder
	capital := true
	for i, c := range clauses {
		if i > 0 {
			b.WriteByte(' ')
		}
		phrase := describeClause(&c)
		if capital {
			phrase = strings.ToUpper(phrase[:1]) + phrase[1:]
		}
		b.WriteString(phrase)
		capital = !(c.Kind == KindTrigger && strings.HasSuffix(phrase, ","))
	}
	return b.String()
}

func describeClause(c *Clause) string {
	switch c.Kind {
	case KindKeyword:
		return strings.ToUpper(c.Keyword[:1]) + c.Keyword[1:] + "."
	case KindAura:
		if c.Aura == AuraRedirect {
			return "whenever your hero takes damage, this minion takes it instead."
		}
		return fmt.Sprintf("your %s effects trigger %s.", c.Trigger, times(c.Times))
	case KindTrigger:
		return c.Trigger.Info().Phrase(c)
	}
	return c.Effect.Info().Phrase(c)
}

func times(n int) string {
	switch n {
	case 2:
		return "twice"
	case 3:
		return "three times"
	}
	return fmt.Sprintf("%d times", n)
}
