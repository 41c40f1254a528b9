package game

import "fmt"

// AttackRefusal is which rule forbids an attack.
type AttackRefusal uint8

// The rules an attack can break.
const (
	AttackerNotInPlay AttackRefusal = iota + 1 // the attacker is not a minion in play
	DefenderNotEnemy                           // the defender is not an enemy minion in play or the enemy hero
	NoAttack                                   // the attacker's Attack is 0 or less
	MustAttackTaunt                            // the defender's side has a minion with Taunt, and the defender has not
)

// AttackError is why attacker may not attack defender. Attack is the
// attacker's Attack (NoAttack); Taunt is a minion with Taunt it must attack
// instead (MustAttackTaunt). The message is written only when asked for, so
// a refused attack costs one small allocation.
type AttackError struct {
	Rule               AttackRefusal
	Attacker, Defender ID
	Taunt              ID
	Attack             int32
}

func (e *AttackError) Error() string {
	switch e.Rule {
	case AttackerNotInPlay:
		return fmt.Sprintf("entity %d cannot attack: it is not a minion in play", e.Attacker)
	case DefenderNotEnemy:
		return fmt.Sprintf("entity %d cannot be attacked by entity %d: it is not an enemy minion in play or the enemy hero", e.Defender, e.Attacker)
	case NoAttack:
		return fmt.Sprintf("minion %d cannot attack: its Attack is %d", e.Attacker, e.Attack)
	case MustAttackTaunt:
		return fmt.Sprintf("minion %d must attack a minion with Taunt while its enemy has one, such as %d", e.Attacker, e.Taunt)
	}
	return fmt.Sprintf("minion %d may not attack %d (rule %d)", e.Attacker, e.Defender, e.Rule)
}

// CanAttack says why attacker may not attack defender (an *AttackError), or
// nil when it may: the attacker is a minion in play with Attack above 0, the
// defender an enemy minion in play or the enemy hero, and while the
// defender's side has a minion with Taunt, the defender is one.
func (g *Game) CanAttack(attacker, defender ID) error {
	return g.attackRefusal(attacker, defender).err()
}

// err is e as an error: nil when the attack may happen.
func (e AttackError) err() error {
	if e.Rule == 0 {
		return nil
	}
	out := new(AttackError) // only a refusal allocates
	*out = e
	return out
}

// attackRefusal is CanAttack's reason as a value; Rule 0 when the attack may happen.
func (g *Game) attackRefusal(attacker, defender ID) AttackError {
	a, d := g.ent(attacker), g.ent(defender)
	e := AttackError{Attacker: attacker, Defender: defender}
	switch {
	case a.hero || a.zone != ZoneBoard:
		e.Rule = AttackerNotInPlay
	case d.owner == a.owner || d.zone != ZoneBoard:
		e.Rule = DefenderNotEnemy
	case a.attack <= 0:
		e.Rule, e.Attack = NoAttack, a.attack
	case d.hero || !d.card.taunt:
		for _, m := range g.zones[d.owner][ZoneBoard] {
			if g.ents[m].card.taunt {
				e.Rule, e.Taunt = MustAttackTaunt, m
				break
			}
		}
	}
	return e
}

// OrderAttack makes attacker attack defender as one Sequence, or changes
// nothing and returns CanAttack's reason. Both deal their Attack at once:
// one Damage action with two targets in order of play, and the triggers
// answering the defender's damage are queued first.
func (g *Game) OrderAttack(attacker, defender ID) error {
	if err := g.attackRefusal(attacker, defender).err(); err != nil {
		return err
	}
	g.round = 0
	mark := len(g.log)
	a, d := &g.ents[attacker], &g.ents[defender]
	toDefender := g.redirected(defender)
	hits := [2]struct {
		target ID
		amount int
		prio   int8
	}{
		{target: toDefender, amount: int(a.attack), prio: -1},
		{target: attacker, amount: 0},
	}
	if !d.hero {
		hits[1].amount = int(d.attack)
	}
	if g.ents[hits[1].target].order < g.ents[hits[0].target].order {
		hits[0], hits[1] = hits[1], hits[0]
	}
	for _, h := range hits {
		g.damage(h.target, h.amount, 0, h.prio)
	}
	g.endPhase(mark)
	return nil
}
