package grid

// Step plays one whole turn: movement, parse, conversion, parse, the
// hazards table (SINK, then HOT/MELT, then DEFEAT, then the win check) and
// a last parse. It can be undone.
func (b *Board) Step(d Dir) {
	b.beginTurn()
	b.move(d)
	b.sync()
	b.convert()
	b.sync()
	for i := range hazards {
		b.hazard(&hazards[i])
	}
	b.sync()
	b.endTurn()
}

type decision struct {
	id      ID
	deleted bool
	keep    bool // the object's own noun is among its targets
	from    int  // its targets are b.s.targets[from:to]
	to      int
}

// convert turns objects into what the rules in force tell them to be,
// every decision taken from the board as movement left it.
func (b *Board) convert() {
	if !b.c.converts {
		return
	}
	b.s.decisions, b.s.targets = b.s.decisions[:0], b.s.targets[:0]
	for _, id := range b.objectsOf(b.kindsWith(convertible)) {
		if d, ok := b.decide(id); ok {
			b.s.decisions = append(b.s.decisions, d)
		}
	}
	for _, d := range b.s.decisions {
		o := &b.objs[d.id]
		x, y := int(o.x), int(o.y)
		targets := b.s.targets[d.from:d.to]
		switch {
		case d.deleted:
			b.destroy(d.id)
		case d.keep:
		default:
			b.setKind(d.id, b.lex.thingKind[targets[0]])
			targets = targets[1:]
		}
		own := b.ownNoun(d.id)
		for _, t := range targets {
			if d.keep && !d.deleted && t == own {
				continue
			}
			b.create(b.lex.thingKind[t], x, y)
		}
	}
}

func (b *Board) ownNoun(id ID) WordID {
	info := b.lex.kinds[b.objs[id].kind]
	if info.text {
		return 0
	}
	return info.word
}

// decide settles one object's conversion. X IS NOT X deletes it (its other
// targets still appear); X IS X locks it; each target Y some "... IS NOT Y"
// names it for is dropped. Conditions and negations are settled for this
// object.
func (b *Board) decide(id ID) (decision, bool) {
	rules := b.rulesOf(b.objs[id].kind)
	d := decision{id: id, from: len(b.s.targets)}
	negated := func(w WordID) bool {
		for _, ri := range rules {
			r := b.c.rs.Rules[ri]
			if r.Neg && r.Pred == w && (r.Cond == 0 || b.holds(id, r.Cond)) {
				return true
			}
		}
		return false
	}
	locked := false
	for _, ri := range rules {
		r := b.c.rs.Rules[ri]
		if b.lex.bit[r.Pred] != 0 || (r.Cond != 0 && !b.holds(id, r.Cond)) {
			continue
		}
		switch {
		case r.Neg:
			if r.Pred == r.Subject {
				d.deleted = true
			}
		case r.Pred == r.Subject:
			if !negated(r.Pred) {
				locked = true
			}
		case b.lex.convertsTo(r.Pred) && !negated(r.Pred):
			if !containsWord(b.s.targets[d.from:], r.Pred) {
				b.s.targets = append(b.s.targets, r.Pred)
			}
		}
	}
	if locked && !d.deleted {
		b.s.targets = b.s.targets[:d.from]
		return d, false
	}
	d.to = len(b.s.targets)
	if !d.deleted && d.to == d.from {
		return d, false
	}
	own := b.ownNoun(id)
	for _, t := range b.s.targets[d.from:d.to] {
		if own != 0 && t == own {
			d.keep = true
		}
	}
	if d.keep && !d.deleted && d.to-d.from == 1 {
		return d, false
	}
	return d, true
}

// hazard is one of the turn's hazards as a row of data: every live object
// that has by is checked against itself and against each other object on
// its tile at its float level.
type hazard struct {
	name string // for messages
	by   prop
	// other is what another object on the tile must have to count (noProp:
	// any other object counts); with self, the object having other itself
	// counts too
	other prop
	self  bool
	// what a hit does: doomOthers destroys every other object that counts
	// (else the scan of the tile stops at the first); doomSelf destroys
	// the object; wins wins the level
	doomOthers, doomSelf, wins bool
}

// hazards are the turn's hazards in the order it plays them; each one's
// destructions happen together once its scan is over.
var hazards = [...]hazard{
	// an object that is SINK and every other object on its tile at its
	// float level are destroyed, if there is any such other object
	{name: "SINK", by: propSink, other: noProp, doomOthers: true, doomSelf: true},
	// every MELT object sharing a tile with another, HOT object at its
	// float level is destroyed
	{name: "HOT", by: propHot, other: propMelt, doomOthers: true},
	// every YOU object that is itself DEFEAT, or shares its tile with a
	// DEFEAT object at its float level, is destroyed
	{name: "DEFEAT", by: propYou, other: propDefeat, self: true, doomSelf: true},
	// a YOU object that is WIN, or shares its tile with a WIN object at
	// its float level, wins; a win stays won
	{name: "WIN", by: propYou, other: propWin, self: true, wins: true},
}

// hazard plays one row of hazards: the one tile scan every hazard shares.
func (b *Board) hazard(h *hazard) {
	lex := b.lex
	by, other, float := lex.prop[h.by], lex.prop[h.other], lex.prop[propFloat]
	if b.c.possible&by == 0 || (h.other != noProp && b.c.possible&other == 0) || (h.wins && b.won) {
		return
	}
	b.s.doomedSet.reset()
	b.s.doomed = b.s.doomed[:0]
	for _, id := range b.objectsOf(b.kindsWith(h.by)) {
		o := &b.objs[id]
		p := b.props(id)
		if p&by == 0 {
			continue
		}
		hit := h.self && p&other != 0
		if !hit {
			fl := p & float
			for q := b.head[int(o.y)*b.w+int(o.x)]; q != 0; q = b.objs[q].next {
				if q == id {
					continue
				}
				pq := b.props(q)
				if pq&float != fl || (h.other != noProp && pq&other == 0) {
					continue
				}
				hit = true
				if !h.doomOthers {
					break
				}
				b.doom(q)
			}
		}
		if !hit {
			continue
		}
		if h.doomSelf {
			b.doom(id)
		}
		if h.wins {
			b.won = true
			return
		}
	}
	b.destroyDoomed()
}

func (b *Board) doom(id ID) {
	if !b.s.doomedSet.has(id) {
		b.s.doomedSet.set(id)
		b.s.doomed = append(b.s.doomed, id)
	}
}

func (b *Board) destroyDoomed() {
	for _, id := range b.s.doomed {
		b.destroy(id)
	}
	b.s.doomed = b.s.doomed[:0]
}

func containsWord(list []WordID, w WordID) bool {
	for _, v := range list {
		if v == w {
			return true
		}
	}
	return false
}
