package game

import (
	"fmt"

	"github.com/systemic-game-design/course/engine/card"
)

// trigKind numbers the trigger kinds so that auras can index by them.
type trigKind uint8

const (
	tkDamaged trigKind = iota
	tkDeathrattle
	tkBattlecry
	tkEndOfTurn
	numTrigKinds
)

var trigNames = [numTrigKinds]string{card.TriggerDamaged, card.TriggerDeathrattle, card.TriggerBattlecry, card.TriggerEndOfTurn}

// TriggerNames lists the trigger kinds as the Triggered event spells them.
func TriggerNames() []string { return trigNames[:] }

func parseTrigKind(s string) trigKind {
	for i, n := range trigNames {
		if n == s {
			return trigKind(i)
		}
	}
	panic(fmt.Sprintf("unknown trigger kind %q", s))
}

type scope uint8

const (
	scopeSelf scope = iota
	scopeFriendlyMinion
	scopeAnyHero
	scopeFriendlyHero
)

type effectOp uint8

const (
	opDamage effectOp = iota
	opDraw
	opArmor
	opSummon
	opStats
	opDestroy
	opAssemble
	opSpawnText
)

type target uint8

const (
	targetAllMinions target = iota
	targetAllCharacters
	targetChosen
	targetEnemyHero
)

// effect is an effect clause compiled for the engine.
type effect struct {
	op             effectOp
	target         target
	amount, count  int
	attack, health int
	card           string
	word           string // spawnText's word
}

// trigger is a trigger clause and the effect clauses that follow it.
type trigger struct {
	kind    trigKind
	scope   scope
	effects []effect
}

type multiplier struct {
	kind  trigKind
	times uint8
}

// Card is a card definition compiled for the engine: its clauses sorted into
// what the engine asks about them.
type Card struct {
	Def         card.Def
	minion      bool
	taunt       bool
	redirect    bool
	listens     [numTrigKinds]bool
	triggers    []trigger
	multipliers []multiplier
	effects     []effect // a spell's
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
				c.multipliers = append(c.multipliers, multiplier{kind: parseTrigKind(cl.Trigger), times: uint8(min(cl.Times, 255))})
			}
		case card.KindTrigger:
			t := trigger{kind: parseTrigKind(cl.Trigger)}
			switch cl.Scope {
			case card.ScopeFriendlyMinion:
				t.scope = scopeFriendlyMinion
			case card.ScopeAnyHero:
				t.scope = scopeAnyHero
			case card.ScopeFriendlyHero:
				t.scope = scopeFriendlyHero
			}
			c.listens[t.kind] = true
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

func compileEffect(cl card.Clause) effect {
	e := effect{amount: cl.Amount, count: max(cl.Count, 1), attack: cl.Attack, health: cl.Health, card: cl.Card, word: cl.Word}
	switch cl.Effect {
	case card.EffectDamage:
		e.op = opDamage
	case card.EffectDraw:
		e.op = opDraw
	case card.EffectArmor:
		e.op = opArmor
	case card.EffectSummon:
		e.op = opSummon
	case card.EffectStats:
		e.op = opStats
	case card.EffectDestroy:
		e.op = opDestroy
	case card.EffectAssemble:
		e.op = opAssemble
	case card.EffectSpawnText:
		e.op = opSpawnText
	}
	switch cl.Target {
	case card.TargetAllCharacters:
		e.target = targetAllCharacters
	case card.TargetChosen:
		e.target = targetChosen
	case card.TargetEnemyHero:
		e.target = targetEnemyHero
	}
	return e
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

// Names lists the library's cards in the order they were given.
func (l *Library) Names() []string { return l.names }

// Def returns the definition of a card of the library.
func (l *Library) Def(name string) (card.Def, bool) {
	c, ok := l.cards[name]
	if !ok {
		return card.Def{}, false
	}
	return c.Def, true
}
