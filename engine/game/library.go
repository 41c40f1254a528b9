package game

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/card"
)

// TriggerNames lists the trigger kinds as the Triggered event spells them,
// in the order of card's trigger table.
func TriggerNames() []string { return card.TriggerNames() }

// effect is an effect clause compiled for the engine.
type effect struct {
	op             card.Effect
	target         card.Target
	amount, count  int
	attack, health int
	card           string
	word           string // spawnText's word
}

// trigger is a trigger clause and the effect clauses that follow it.
type trigger struct {
	kind    card.Trigger
	scope   card.Scope
	effects []effect
}

type multiplier struct {
	kind  card.Trigger
	times uint8
}

// Card is a card definition compiled for the engine: its clauses sorted into
// what the engine asks about them.
type Card struct {
	Def         card.Def
	minion      bool
	taunt       bool
	redirect    bool
	listens     [card.NumTriggers]bool
	triggers    []trigger
	multipliers []multiplier
	effects     []effect // a spell's
	// damageScopes are the scopes of its "damaged" triggers: the damage it
	// may answer, so that the Queue passes over other damage at once
	damageScopes scopeSet
}

// Compile checks a definition and sorts its clauses for the engine.
func Compile(d card.Def) (*Card, error) {
	if err := card.Check(&d); err != nil {
		return nil, fmt.Errorf("card %q: %w", d.Name, err)
	}
	c := &Card{Def: d, minion: d.Type == card.TypeMinion}
	for _, cl := range d.Clauses {
		switch cl.Kind {
		case card.KindKeyword:
			c.taunt = c.taunt || cl.Keyword == card.KeywordTaunt
		case card.KindAura:
			if cl.Aura == card.AuraRedirect {
				c.redirect = true
			} else {
				c.multipliers = append(c.multipliers, multiplier{kind: cl.Trigger, times: uint8(min(cl.Times, 255))})
			}
		case card.KindTrigger:
			t := trigger{kind: cl.Trigger, scope: cl.Scope}
			c.listens[t.kind] = true
			if t.kind == card.TriggerDamaged {
				c.damageScopes |= scopeSet(1) << t.scope
			}
			c.triggers = append(c.triggers, t)
		case card.KindEffect:
			e := compileEffect(cl)
			if c.minion {
				last := &c.triggers[len(c.triggers)-1]
				last.effects = append(last.effects, e)
			} else {
				c.effects = append(c.effects, e)
			}
		}
	}
	return c, nil
}

// compileEffect copies an effect clause for the engine. Compile has checked
// it, so an effect without a table row is a broken contract and panics.
func compileEffect(cl card.Clause) effect {
	if !cl.Effect.Known() {
		panic(fmt.Sprintf("compile: effect %q has no row in card's effect table; card.Check should have refused it", cl.Effect))
	}
	return effect{op: cl.Effect, target: cl.Target, amount: cl.Amount, count: max(cl.Count, 1),
		attack: cl.Attack, health: cl.Health, card: cl.Card, word: cl.Word}
}

// Library is a set of compiled cards, shared read-only by every game made from it.
type Library struct {
	cards map[string]*Card
	names []string // in the order given
}

// NewLibrary compiles defs. Names must be unique, and every summon effect
// must name a minion of the set.
func NewLibrary(defs []card.Def) (*Library, error) {
	lib := &Library{cards: make(map[string]*Card, len(defs))}
	for _, d := range defs {
		if _, dup := lib.cards[d.Name]; dup {
			return nil, fmt.Errorf("card %q is defined twice; give each card one file", d.Name)
		}
		c, err := Compile(d)
		if err != nil {
			return nil, err
		}
		lib.cards[d.Name] = c
		lib.names = append(lib.names, d.Name)
	}
	for _, name := range lib.names {
		for _, s := range lib.cards[name].Def.Summons() {
			if t, ok := lib.cards[s]; !ok || !t.minion {
				return nil, fmt.Errorf("card %q summons %q, which is not a minion of the set", name, s)
			}
		}
	}
	return lib, nil
}
