package game

import (
	"fmt"
	"slices"

	"github.com/systemic-game-design/course/engine/card"
)

// apply runs one effect for src; its events go in the log at depth. There is
// one case per row of card's effect table: the exhaustive check in make test
// names a missing one, and an effect that reaches the end panics.
func (g *Game) apply(src source, ef *effect, depth int32) {
	switch ef.op {
	case card.EffectDamage:
		g.forTargets(src, ef.target, func(t ID) { g.damage(g.redirected(t), ef.amount, depth, 0) })
		return
	case card.EffectDestroy:
		g.forTargets(src, ef.target, func(t ID) {
			if !g.ents[t].hero {
				g.ents[t].doomed = true
			}
		})
		return
	case card.EffectDraw:
		for range ef.count {
			g.draw(src.player, depth)
		}
		return
	case card.EffectArmor:
		g.armor[src.player] += int32(ef.amount)
		*g.newRecord() = record{kind: evArmorGained, a: uint32(src.player), x: int32(ef.amount), depth: depth}
		return
	case card.EffectSummon:
		g.summonFor(src, ef, depth)
		return
	case card.EffectStats:
		if src.id == 0 {
			return
		}
		e := &g.ents[src.id]
		e.attack += int32(ef.attack)
		e.health += int32(ef.health)
		*g.newRecord() = record{kind: evStatsChanged, a: src.id, x: e.attack, y: e.health, depth: depth}
		return
	case card.EffectAssemble:
		g.assembleInHand(src.player)
		return
	case card.EffectSpawnText:
		g.texts = append(g.texts, TextRequest{Source: src.id, Target: src.chosen, Word: ef.word})
		return
	}
	panic(fmt.Sprintf("apply: effect %q has no case here; add one for its row of card's effect table", ef.op))
}

// forTargets calls f for each target of a damage or destroy effect, area
// targets in order of play (heroes first: they entered play first).
func (g *Game) forTargets(src source, t card.Target, f func(ID)) {
	switch t {
	case card.TargetAllCharacters:
		f(g.heroes[0])
		f(g.heroes[1])
		fallthrough
	case card.TargetAllMinions:
		for _, m := range g.inPlay {
			f(m)
		}
		return
	case card.TargetChosen:
		if src.chosen != 0 && g.ents[src.chosen].zone == ZoneBoard {
			f(src.chosen)
		}
		return
	case card.TargetEnemyHero:
		f(g.heroes[1-src.player])
		return
	}
	panic(fmt.Sprintf("effect target %q has no case here; add one for its row of card's target table", t))
}

// draw moves the top card of p's deck to the right end of p's hand.
func (g *Game) draw(p Player, depth int32) {
	deck := g.zones[p][ZoneDeck]
	if len(deck) == 0 {
		*g.newRecord() = record{kind: evFatigue, a: uint32(p), depth: depth}
		return
	}
	id := deck[0]
	g.leave(id)
	g.enter(id, ZoneHand, -1)
	*g.newRecord() = record{kind: evDrew, a: uint32(p), b: id, depth: depth}
}

// summonFor places an effect's tokens: a dead minion's where it stood (its
// tokens left to right), a living minion's just to its right, a spell's at
// the right end of the board.
func (g *Game) summonFor(src source, ef *effect, depth int32) {
	c := g.lookup(ef.card)
	at := -1
	if src.id != 0 {
		summoner := &g.ents[src.id]
		switch summoner.zone {
		case ZoneBoard:
			at = slices.Index(g.zones[summoner.owner][ZoneBoard], src.id) + 1
		case ZoneGraveyard:
			at = int(summoner.slot)
		default: // a summoner in a deck or hand summons at the right end
		}
	}
	for range ef.count {
		id := g.issue(c, src.player)
		g.ents[id].summoner = src.id
		board := g.zones[src.player][ZoneBoard]
		pos := at
		if pos > len(board) {
			pos = len(board)
		}
		g.enter(id, ZoneBoard, pos)
		*g.newRecord() = record{kind: evSummoned, a: id, depth: depth}
		if at >= 0 {
			at = pos + 1
		}
	}
	// issue may have moved the entities, so the summoner is looked up
	// again, not kept from above.
	if src.id != 0 {
		if e := &g.ents[src.id]; e.zone == ZoneGraveyard {
			e.slot = int32(at) // the next activation's tokens go further right
		}
	}
}

// assembleInHand is the assemble effect: the chooser picks a minion in p's
// hand (the base), another card in p's hand (the donor) and a half; the base
// becomes the assembled card. Only choices that give a changed, well-formed
// card are offered; with none, nothing happens.
func (g *Game) assembleInHand(p Player) {
	hand := g.zones[p][ZoneHand]
	var names []string
	for _, id := range hand {
		if n := g.ents[id].card.Def.Name; !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	works := func(base, donor string, h card.Half) bool {
		if base == donor {
			return false
		}
		b := g.lookup(base)
		if !b.minion {
			return false
		}
		_, err := card.Assemble(&b.Def, &g.lookup(donor).Def, h)
		return err == nil
	}
	halves := []card.Half{card.Top, card.Bottom}
	var bases []string
	for _, b := range names {
		if slices.ContainsFunc(names, func(d string) bool {
			return slices.ContainsFunc(halves, func(h card.Half) bool { return works(b, d, h) })
		}) {
			bases = append(bases, b)
		}
	}
	if len(bases) == 0 {
		return
	}
	base := g.choose("base", bases)
	var donors []string
	for _, d := range names {
		if slices.ContainsFunc(halves, func(h card.Half) bool { return works(base, d, h) }) {
			donors = append(donors, d)
		}
	}
	donor := g.choose("donor", donors)
	var halfNames []string
	for _, h := range halves {
		if works(base, donor, h) {
			halfNames = append(halfNames, h.String())
		}
	}
	h, _ := card.ParseHalf(g.choose("half", halfNames))
	name, err := g.Assemble(base, donor, h)
	if err != nil {
		panic(fmt.Sprintf("assemble effect: an offered choice failed: %v", err))
	}
	for _, id := range hand {
		if g.ents[id].card.Def.Name == base {
			g.ents[id].card = g.lookup(name)
			return
		}
	}
}

func (g *Game) choose(kind string, options []string) string {
	if g.chooser == nil {
		return options[0]
	}
	pick := g.chooser(kind, slices.Clone(options))
	if !slices.Contains(options, pick) {
		panic(fmt.Sprintf("chooser returned %q for %s, which is not one of %q", pick, kind, options))
	}
	return pick
}

// Assemble registers in this game the card "<base> (Assembled)": the base
// with half h of its text replaced by the donor's (see card.Assemble), and
// returns its name. The error is a *card.AssembleError.
func (g *Game) Assemble(base, donor string, h card.Half) (string, error) {
	b, d := g.lookup(base), g.lookup(donor)
	def, err := card.Assemble(&b.Def, &d.Def, h)
	if err != nil {
		return "", err
	}
	if err := g.Register(def); err != nil {
		return "", &card.AssembleError{Base: base, Donor: donor, Half: h, Reason: "the result cannot be compiled", Err: err}
	}
	return def.Name, nil
}
