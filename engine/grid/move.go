package grid

// Move moves every YOU object one tile, with what it pushes and pulls, then
// reparses the rules. It is movement only: no conversion, hazard or win
// check. It can be undone.
func (b *Board) Move(d Dir) {
	b.beginTurn()
	b.move(d)
	b.sync()
	b.endTurn()
}

// move is the movement of a turn. The objects that are YOU when it starts
// move one at a time, the one furthest ahead in d first (ties: oldest
// first). Each plans its push chain in full before anything changes; an
// object steps at most once.
func (b *Board) move(d Dir) {
	b.sync()
	if b.c.possible&b.lex.prop[propYou] == 0 {
		return
	}
	dx, dy := d.delta()
	b.s.yous = b.s.yous[:0]
	you := b.lex.prop[propYou]
	for _, id := range b.objectsOf(b.kindsWith(propYou)) {
		if b.props(id)&you != 0 {
			b.s.yous = append(b.s.yous, id)
		}
	}
	ahead := func(id ID) int {
		o := &b.objs[id]
		return int(o.x)*dx + int(o.y)*dy
	}
	// insertion sort: usually there are one or two
	for i := 1; i < len(b.s.yous); i++ {
		for j := i; j > 0; j-- {
			p, q := b.s.yous[j-1], b.s.yous[j]
			if ap, aq := ahead(p), ahead(q); ap > aq || (ap == aq && p < q) {
				break
			}
			b.s.yous[j-1], b.s.yous[j] = q, p
		}
	}
	b.s.moved.reset()
	for _, id := range b.s.yous {
		if !b.objs[id].alive || b.s.moved.has(id) {
			continue
		}
		b.s.moveList = b.s.moveList[:0]
		if !b.tryStep(id, dx, dy) {
			continue
		}
		// PULL: what stood directly behind each mover follows it; the list
		// grows as pulled objects move, so chains of PULL follow too.
		for i := 0; i < len(b.s.moveList); i++ {
			o := &b.objs[b.s.moveList[i]]
			bx, by := int(o.x)-2*dx, int(o.y)-2*dy
			if !b.inside(bx, by) {
				continue
			}
			for _, q := range b.behind(bx, by) {
				if b.objs[q].alive && !b.s.moved.has(q) && b.props(q)&b.lex.prop[propPull] != 0 {
					b.tryStep(q, dx, dy)
				}
			}
		}
		b.openShut()
	}
}

// behind copies a tile's ids, since pulling changes the tile.
func (b *Board) behind(x, y int) []ID {
	b.s.pullBuf = b.appendTile(b.s.pullBuf[:0], x, y)
	return b.s.pullBuf
}

// tryStep plans the move of one object and the chain it pushes, and makes
// it if nothing in the chain is blocked. The moved objects join moveList.
func (b *Board) tryStep(id ID, dx, dy int) bool {
	b.s.planned.reset()
	b.s.plan = b.s.plan[:0]
	if !b.planStep(id, dx, dy) {
		return false
	}
	for _, q := range b.s.plan {
		o := &b.objs[q]
		b.relocate(q, int(o.x)+dx, int(o.y)+dy)
		b.s.moved.set(q)
		b.s.moveList = append(b.s.moveList, q)
	}
	return true
}

// planStep adds an object and everything it must push to the plan, or
// reports that the object cannot move. PUSH objects ahead are pushed (even
// when also STOP); STOP objects and the edge block; an OPEN object does not
// block a SHUT one or the reverse; an object that already stepped this move
// is not pushed again and does not block unless it is STOP without PUSH.
func (b *Board) planStep(id ID, dx, dy int) bool {
	if b.s.planned.has(id) {
		return true
	}
	b.s.planned.set(id)
	o := &b.objs[id]
	x, y := int(o.x)+dx, int(o.y)+dy
	if !b.inside(x, y) {
		return false
	}
	mine := b.props(id)
	lex := b.lex
	for q := b.head[y*b.w+x]; q != 0; q = b.objs[q].next {
		if b.s.planned.has(q) {
			continue
		}
		theirs := b.props(q)
		if lex.opposite(mine, theirs) {
			continue
		}
		if theirs&lex.prop[propPush] != 0 {
			if b.s.moved.has(q) {
				continue
			}
			if !b.planStep(q, dx, dy) {
				return false
			}
			continue
		}
		if theirs&lex.prop[propStop] != 0 {
			return false
		}
	}
	b.s.plan = append(b.s.plan, id)
	return true
}

func (lex *Lexicon) opposite(a, b uint64) bool {
	return (a&lex.prop[propOpen] != 0 && b&lex.prop[propShut] != 0) || (a&lex.prop[propShut] != 0 && b&lex.prop[propOpen] != 0)
}

// openShut destroys, for each object that moved (in the order it moved)
// and still stands, it and the oldest object on its tile that is its
// opposite (OPEN meeting SHUT).
func (b *Board) openShut() {
	if b.c.possible&b.lex.prop[propOpen] == 0 || b.c.possible&b.lex.prop[propShut] == 0 {
		return
	}
	for _, id := range b.s.moveList {
		o := &b.objs[id]
		if !o.alive {
			continue
		}
		mine := b.props(id)
		if mine&(b.lex.prop[propOpen]|b.lex.prop[propShut]) == 0 {
			continue
		}
		for q := b.head[int(o.y)*b.w+int(o.x)]; q != 0; q = b.objs[q].next {
			if q != id && b.lex.opposite(mine, b.props(q)) {
				b.destroy(id)
				b.destroy(q)
				break
			}
		}
	}
}
