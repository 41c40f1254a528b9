package grid

import "sort"

// sync reparses the text if it changed since the last parse.
func (b *Board) sync() {
	if b.dirty {
		b.compile()
	}
}

// compile parses the board's text and settles what the rules say about
// each kind of object.
func (b *Board) compile() {
	b.dirty = false
	n := b.w * b.h
	if len(b.cells) != n {
		b.cells = make([][]WordID, n)
	}
	for i := range b.cells {
		b.cells[i] = b.cells[i][:0]
	}
	for id := 1; id < len(b.objs); id++ {
		o := &b.objs[id]
		if !o.alive || !b.isText(o.kind) {
			continue
		}
		i := int(o.y)*b.w + int(o.x)
		b.cells[i] = appendNew(b.cells[i], []WordID{b.lex.kinds[o.kind].word})
	}
	rs := Parse(b.lex, TextGrid{Width: b.w, Height: b.h, Cells: b.cells})
	b.rs = rs

	canceled := b.canceled[:0]
	for range rs.Rules {
		canceled = append(canceled, false)
	}
	b.canceled = canceled
	for i, r := range rs.Rules {
		if r.Neg {
			continue
		}
		for _, q := range rs.Rules {
			if q.Neg && q.Subject == r.Subject && q.Pred == r.Pred && rs.SameCond(q.Cond, r.Cond) {
				canceled[i] = true
				break
			}
		}
	}
	for i, r := range rs.Rules {
		if r.Neg || canceled[i] || r.Pred != r.Subject {
			continue
		}
		for j, q := range rs.Rules {
			if !q.Neg && q.Subject == r.Subject && q.Pred != r.Subject && b.lex.convertsTo(q.Pred) && rs.SameCond(q.Cond, r.Cond) {
				canceled[j] = true
			}
		}
	}
	b.rules, b.active = b.rules[:0], b.active[:0]
	for i, r := range rs.Rules {
		s := rs.String(b.lex, r)
		b.rules = append(b.rules, s)
		if !canceled[i] {
			b.active = append(b.active, s)
		}
	}
	b.rules = sortUnique(b.rules)
	b.active = sortUnique(b.active)

	if len(b.kinds) != len(b.lex.kinds) {
		b.kinds = make([]kindRules, len(b.lex.kinds))
	}
	b.possible, b.converts = 0, false
	for k := range b.kinds {
		b.kinds[k] = kindRules{rules: b.kinds[k].rules[:0], static: true}
	}
	for i, r := range rs.Rules {
		bit := b.lex.bit[r.Pred]
		if !r.Neg {
			b.possible |= bit
			if b.lex.convertsTo(r.Pred) {
				b.converts = true
			}
		} else if r.Pred == r.Subject {
			b.converts = true
		}
		for k := 1; k < len(b.kinds); k++ {
			if !b.lex.names(r.Subject, KindID(k)) {
				continue
			}
			kr := &b.kinds[k]
			kr.rules = append(kr.rules, int32(i))
			if r.Cond != 0 {
				kr.static = false
			}
		}
	}
	for k := 1; k < len(b.kinds); k++ {
		kr := &b.kinds[k]
		if !kr.static {
			continue
		}
		var given, taken uint64
		for _, ri := range kr.rules {
			r := rs.Rules[ri]
			if r.Neg {
				taken |= b.lex.bit[r.Pred]
			} else {
				given |= b.lex.bit[r.Pred]
			}
		}
		kr.props = given &^ taken
	}
}

func sortUnique(list []string) []string {
	sort.Strings(list)
	out := list[:0]
	for i, s := range list {
		if i == 0 || s != list[i-1] {
			out = append(out, s)
		}
	}
	return out
}

// props is the set of properties an object has now.
func (b *Board) props(id ID) uint64 {
	kr := &b.kinds[b.objs[id].kind]
	if kr.static {
		return kr.props
	}
	return b.dynamicProps(id, kr)
}

// dynamicProps settles the properties of an object whose kind has rules
// with conditions.
func (b *Board) dynamicProps(id ID, kr *kindRules) uint64 {
	var given, taken uint64
	for _, ri := range kr.rules {
		r := b.rs.Rules[ri]
		bit := b.lex.bit[r.Pred]
		if bit == 0 || (r.Cond != 0 && !b.holds(id, r.Cond)) {
			continue
		}
		if r.Neg {
			taken |= bit
		} else {
			given |= bit
		}
	}
	return given &^ taken
}

// told reports whether a rule in force tells the object to be the noun w
// (an identity or a conversion), no negated rule taking it back.
func (b *Board) told(id ID, w WordID) bool {
	given := false
	for _, ri := range b.kinds[b.objs[id].kind].rules {
		r := b.rs.Rules[ri]
		if r.Pred != w || (r.Cond != 0 && !b.holds(id, r.Cond)) {
			continue
		}
		if r.Neg {
			return false
		}
		given = true
	}
	return given
}

// holds reports whether a condition holds for an object now. ON N1 ... Nk
// holds when the other objects on its tile can supply a different object
// for each noun that the noun names, whatever their float level.
func (b *Board) holds(id ID, c CondID) bool {
	cond := b.rs.Conds[c]
	if cond.Word != b.lex.onWord || cond.Word == 0 {
		return false
	}
	o := &b.objs[id]
	tile := b.tiles[int(o.y)*b.w+int(o.x)]
	if len(tile)-1 < len(cond.Nouns) {
		return false
	}
	if cap(b.used) < len(tile) {
		b.used = make([]bool, len(tile))
	}
	used := b.used[:len(tile)]
	clear(used)
	for i, other := range tile {
		if other == id {
			used[i] = true
		}
	}
	return b.supply(cond.Nouns, tile, used)
}

// supply finds distinct objects of tile, not yet used, named by each noun.
func (b *Board) supply(nouns []WordID, tile []ID, used []bool) bool {
	if len(nouns) == 0 {
		return true
	}
	for i, other := range tile {
		if used[i] || !b.lex.names(nouns[0], b.objs[other].kind) {
			continue
		}
		used[i] = true
		if b.supply(nouns[1:], tile, used) {
			used[i] = false
			return true
		}
		used[i] = false
	}
	return false
}
