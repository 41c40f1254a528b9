package game

import (
	"fmt"
	"slices"

	"github.com/systemic-game-design/course/engine/card"
)

// entry is one trigger waiting in a Queue.
type entry struct {
	owner ID
	order uint32 // the owner's order of play, the Queue's tie-break
	trig  uint8  // index into the owner's card's triggers
	prio  int8   // lower resolves first; 0 except in combat
}

// activation is a trigger that is resolving right now; it is not queued again
// for the events it raises.
type activation struct {
	owner ID
	trig  uint8
}

// snapshot is what the auras in play said at the last Aura Update.
type snapshot struct {
	times    [2][card.NumTriggers]uint8 // 0 or 1: once
	redirect [2][]ID                    // oldest first
}

// source is who an effect acts for.
type source struct {
	id     ID // 0 for a spell
	player Player
	chosen ID // a spell's target, 0 if none
}

// newRecord appends a zero record to the log and returns it, for the
// caller to fill in the same statement, *g.newRecord() = record{...}, from
// values that do not touch the log: the compiler then writes the fields in
// their place in the log. Appending a record value instead builds it on the
// stack and copies it in 16-byte pieces, each of which waits for the
// narrower stores that built it to finish; on a full board's area damage
// (a hundred records) that waiting was about 8% of the Sequence's time.
func (g *Game) newRecord() *record {
	g.log = append(g.log, record{})
	return &g.log[len(g.log)-1]
}

// --- Sequences: the actions a harness call starts ---

// Summon puts a new minion of the named card at the right end of p's board,
// as one Sequence.
func (g *Game) Summon(name string, p Player) ID {
	g.round = 0
	mark := len(g.log)
	id := g.Create(name, p, ZoneBoard)
	*g.newRecord() = record{kind: evSummoned, a: id}
	g.endPhase(mark)
	return id
}

// Play plays a minion from a hand: one Sequence of two Phases, the summon
// (right end of the board) and then its Battlecry.
func (g *Game) Play(id ID) {
	e := g.ent(id)
	if e.zone != ZoneHand {
		panic(fmt.Sprintf("play: entity %d is not in a hand", id))
	}
	if !e.card.minion {
		panic(fmt.Sprintf("play: entity %d is the spell %q; cast it instead", id, e.card.Def.Name))
	}
	g.round = 0
	mark := len(g.log)
	g.leave(id)
	g.enter(id, ZoneBoard, -1)
	*g.newRecord() = record{kind: evSummoned, a: id}
	g.endPhase(mark)

	start := len(g.queue)
	g.queueOwn(id, card.TriggerBattlecry)
	g.resolveQueue(start, 0)
	g.settle()
}

// DealDamage deals amount to target as one Sequence.
func (g *Game) DealDamage(target ID, amount int) {
	g.ent(target)
	g.round = 0
	mark := len(g.log)
	g.damage(g.redirected(target), amount, 0, 0)
	g.endPhase(mark)
}

// Cast casts a spell for player p as one Sequence; chosen is its target (0: none).
func (g *Game) Cast(name string, p Player, chosen ID) {
	c := g.lookup(name)
	if c.minion {
		panic(fmt.Sprintf("cast: card %q is a minion, not a spell", name))
	}
	if chosen != 0 {
		g.ent(chosen)
	}
	g.round = 0
	mark := len(g.log)
	*g.newRecord() = record{kind: evSpellCast, spell: c}
	src := source{player: p, chosen: chosen}
	for i := range c.effects {
		g.apply(src, &c.effects[i], 0)
	}
	g.endPhase(mark)
}

// Destroy marks every target pending destroy, as one Sequence: the Death
// Creation Step removes them together.
func (g *Game) Destroy(targets ...ID) {
	for _, t := range targets {
		g.ent(t)
	}
	g.round = 0
	mark := len(g.log)
	for _, t := range targets {
		if e := &g.ents[t]; e.zone == ZoneBoard && !e.hero {
			e.doomed = true
		}
	}
	g.endPhase(mark)
}

// EndTurn ends p's turn as one Sequence: p's minions' end of turn triggers
// resolve in order of play.
func (g *Game) EndTurn(p Player) {
	g.round = 0
	start := len(g.queue)
	for _, m := range g.inPlay {
		if g.ents[m].owner == p {
			g.queueOwn(m, card.TriggerEndOfTurn)
		}
	}
	g.resolveQueue(start, 0)
	g.settle()
}

// --- Phases and Queues ---

// endPhase resolves the Queue the Phase's events (log[mark:]) fill, then
// runs the end of the outermost Phase: Aura Update, Death Creation Step and
// Death Phases.
func (g *Game) endPhase(mark int) {
	g.react(mark, 0)
	g.settle()
}

// react builds the Queue of every trigger that can respond to the events
// log[mark:], and resolves it at depth.
func (g *Game) react(mark int, depth int32) {
	// Only Damaged records call for triggers, and most Phases have none:
	// find the first before walking the minions in play.
	first := mark
	for first < len(g.log) && g.log[first].kind != evDamaged {
		first++
	}
	if first == len(g.log) {
		return
	}
	start := len(g.queue)
	g.queueDamaged(g.log[first:])
	if len(g.queue) == start {
		return
	}
	// Stable insertion sort by (priority, order of play): the Queue is small,
	// and queueDamaged queues in order of play, so entries move only when
	// the events' priorities differ (combat).
	q := g.queue[start:]
	for i := 1; i < len(q); i++ {
		for j := i; j > 0 && less(&q[j], &q[j-1]); j-- {
			q[j], q[j-1] = q[j-1], q[j]
		}
	}
	g.resolveQueue(start, depth)
}

func less(a, b *entry) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return a.order < b.order
}

// queueDamaged queues every "damaged" trigger in play that answers a Damaged
// record of events. It takes the minions in play in order of play, each
// one's events in log order and, for each event, its triggers in text order:
// one owner's entries are then in the order the Queue keeps among equals,
// and each minion's card is read once rather than once per event.
func (g *Game) queueDamaged(events []record) {
	for _, m := range g.inPlay {
		me := &g.ents[m]
		c := me.card
		if !c.listens[card.TriggerDamaged] {
			continue
		}
		for i := range events {
			r := &events[i]
			if r.kind != evDamaged {
				continue
			}
			hit := g.scopesHit(r.a, m, me.owner) & c.damageScopes
			if hit == 0 {
				continue
			}
			for k := range c.triggers {
				tr := &c.triggers[k]
				if tr.kind == card.TriggerDamaged && hit.has(tr.scope) && !g.isActive(m, uint8(k)) {
					g.queue = append(g.queue, entry{owner: m, order: me.order, trig: uint8(k), prio: r.prio})
				}
			}
		}
	}
}

// scopeSet is a set of trigger scopes, one bit each.
type scopeSet uint32

func (s scopeSet) has(sc card.Scope) bool { return s&(scopeSet(1)<<sc) != 0 }

// scopesHit is the set of scopes that damage to target falls in, seen from
// listener, a minion in play of player owner: those of listener's "damaged"
// triggers answer that damage.
func (g *Game) scopesHit(target, listener ID, owner Player) scopeSet {
	const (
		self           = scopeSet(1) << card.ScopeSelf
		friendlyMinion = scopeSet(1) << card.ScopeFriendlyMinion
		anyHero        = scopeSet(1) << card.ScopeAnyHero
		friendlyHero   = scopeSet(1) << card.ScopeFriendlyHero
	)
	t := &g.ents[target]
	switch {
	case t.hero && t.owner == owner:
		return anyHero | friendlyHero
	case t.hero:
		return anyHero
	case target == listener:
		return self | friendlyMinion
	case t.owner == owner:
		return friendlyMinion
	}
	return 0
}

// queueOwn queues id's own triggers of one kind, in text order.
func (g *Game) queueOwn(id ID, kind card.Trigger) {
	e := &g.ents[id]
	if !e.card.listens[kind] {
		return
	}
	for k := range e.card.triggers {
		if e.card.triggers[k].kind == kind && !g.isActive(id, uint8(k)) {
			g.queue = append(g.queue, entry{owner: id, order: e.order, trig: uint8(k)})
		}
	}
}

func (g *Game) isActive(id ID, trig uint8) bool {
	for _, a := range g.active {
		if a.owner == id && a.trig == trig {
			return true
		}
	}
	return false
}

// resolveQueue resolves the entries queue[start:] in order, then drops them.
// Each activation logs its Triggered line at depth, its effects one level
// deeper, and then the Queue those effects fill, before the next entry.
func (g *Game) resolveQueue(start int, depth int32) {
	end := len(g.queue)
	for i := start; i < end; i++ {
		en := g.queue[i]
		// The activations' summons may move the entities, so e is not
		// used past this point; only its values are kept.
		e := &g.ents[en.owner]
		owner, tr := e.owner, &e.card.triggers[en.trig]
		times := int(g.aura.times[owner][tr.kind])
		times = max(times, 1)
		for range times {
			*g.newRecord() = record{kind: evTriggered, a: en.owner, trig: tr.kind, depth: depth}
			g.active = append(g.active, activation{owner: en.owner, trig: en.trig})
			mark := len(g.log)
			src := source{id: en.owner, player: owner}
			for k := range tr.effects {
				g.apply(src, &tr.effects[k], depth+1)
			}
			g.react(mark, depth+1)
			g.active = g.active[:len(g.active)-1]
		}
	}
	g.queue = g.queue[:start]
}

// --- the end of a Phase: auras and deferred death ---

// settle runs the Aura Update and the Death Creation Step, and a Death Phase
// for as long as that step removes anything.
func (g *Game) settle() {
	for {
		if !g.naive {
			g.auraUpdate()
		}
		g.deathCreation()
		if g.naive {
			g.auraUpdate()
		}
		if len(g.dead) == 0 {
			return
		}
		g.round++
		if g.round > DeathPhaseLimit {
			panic(fmt.Sprintf("Death Phase limit: more than %d Death Phases in one Sequence", DeathPhaseLimit))
		}
		*g.newRecord() = record{kind: evDeathPhase, a: g.round}
		start := len(g.queue)
		for _, d := range g.dead {
			g.queueOwn(d, card.TriggerDeathrattle)
		}
		g.resolveQueue(start, 0)
	}
}

// auraUpdate takes the snapshot the auras are read from until the next one.
func (g *Game) auraUpdate() {
	g.aura.times = [2][card.NumTriggers]uint8{}
	g.aura.redirect[0] = g.aura.redirect[0][:0]
	g.aura.redirect[1] = g.aura.redirect[1][:0]
	for _, m := range g.inPlay {
		e := &g.ents[m]
		for _, mu := range e.card.multipliers {
			g.aura.times[e.owner][mu.kind] = max(g.aura.times[e.owner][mu.kind], mu.times)
		}
		if e.card.redirect {
			g.aura.redirect[e.owner] = append(g.aura.redirect[e.owner], m)
		}
	}
	if !g.ruleAuras {
		return
	}
	for k := range card.NumTriggers {
		for p := range 2 {
			t := &g.aura.times[p][k]
			*t = max(*t, g.ruleTimes[k])
			if g.ruleCap[k] {
				*t = 1
			}
		}
	}
}

// deathCreation removes, all at once, every minion at 0 or less Health or
// marked pending destroy, into g.dead in order of play. Each remembers the
// board index it had just before the removal.
func (g *Game) deathCreation() {
	g.dead = g.dead[:0]
	for _, m := range g.inPlay {
		e := &g.ents[m]
		if e.health <= 0 || e.doomed {
			e.doomed = true // the mark the lists are filtered by below
			g.dead = append(g.dead, m)
		}
	}
	if len(g.dead) == 0 {
		return
	}
	// One pass over each list takes them all out, where leave would search
	// and shift the lists once per minion.
	for p := range 2 {
		board := &g.zones[p][ZoneBoard]
		kept := (*board)[:0]
		for i, m := range *board {
			if e := &g.ents[m]; e.doomed {
				e.slot = int32(i)
			} else {
				kept = append(kept, m)
			}
		}
		*board = kept
	}
	g.inPlay = slices.DeleteFunc(g.inPlay, func(m ID) bool { return g.ents[m].doomed })
	for _, d := range g.dead {
		g.ents[d].doomed = false
		g.enter(d, ZoneGraveyard, -1)
		*g.newRecord() = record{kind: evDestroyed, a: d}
	}
}

// redirected is where damage aimed at target lands: a hero's damage goes to
// the oldest redirecting minion of its owner still in play, if any.
func (g *Game) redirected(target ID) ID {
	t := &g.ents[target]
	if !t.hero {
		return target
	}
	for _, r := range g.aura.redirect[t.owner] {
		if g.ents[r].zone == ZoneBoard {
			return r
		}
	}
	return target
}

// damage deals amount to target (already redirected); a hero's Armor takes
// what it can first. Nothing happens for 0 or less, or a target not in play.
func (g *Game) damage(target ID, amount int, depth int32, prio int8) {
	t := &g.ents[target]
	if amount <= 0 || t.zone != ZoneBoard {
		return
	}
	taken := int32(amount)
	if t.hero {
		if absorbed := min(g.armor[t.owner], taken); absorbed > 0 {
			g.armor[t.owner] -= absorbed
			taken -= absorbed
			*g.newRecord() = record{kind: evArmorLost, a: uint32(t.owner), x: absorbed, depth: depth}
		}
	}
	t.health -= taken
	*g.newRecord() = record{kind: evDamaged, a: target, x: int32(amount), depth: depth, prio: prio}
}
