package game

import "fmt"

// CanAttack says why attacker may not attack defender, or nil when it may: the
// attacker is a minion in play with Attack above 0, the defender an enemy
// minion in play or the enemy hero, and while the defender's side has a
// minion with Taunt, the defender is one.
func (g *Game) CanAttack(attacker, defender ID) error {
	a, d := g.ent(attacker), g.ent(defender)
	if a.hero || a.zone != ZoneBoard {
		return fmt.Errorf("entity %d cannot attack: it is not a minion in play", attacker)
	}
	if d.owner == a.owner || d.zone != ZoneBoard {
		return fmt.Errorf("entity %d cannot be attacked by entity %d: it is not an enemy minion in play or the enemy hero", defender, attacker)
	}
	if a.attack <= 0 {
		return fmt.Errorf("minion %d cannot attack: its Attack is %d", attacker, a.attack)
	}
	if d.hero || !d.card.taunt {
		for _, m := range g.zones[d.owner][ZoneBoard] {
			if g.ents[m].card.taunt {
				return fmt.Errorf("minion %d must attack a minion with Taunt while its enemy has one, such as %d", attacker, m)
			}
		}
	}
	return nil
}

// OrderAttack makes attacker attack defender as one Sequence, or changes
// nothing and returns CanAttack's reason. Both deal their Attack at once:
// one Damage action with two targets in order of play, and the triggers
// answering the defender's damage are queued first.
func (g *Game) OrderAttack(attacker, defender ID) error {
	if err := g.CanAttack(attacker, defender); err != nil {
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
