package grid

import (
	"slices"
	"sort"
	"sync"
)

// parsers keeps parsers and their buffers for every board of the process,
// so that a board's first parse costs what a reparse does.
var parsers = sync.Pool{New: func() any { return new(parser) }}

// sync reparses the text if it changed since the last parse.
func (b *Board) sync() {
	if b.dirty {
		b.compile()
	}
}

// compile parses the board's text and settles what the rules say about
// each kind of object. The rules' strings are written only when asked for
// (ruleStrings).
func (b *Board) compile() {
	if b.shared {
		b.rs, b.canceled, b.kinds, b.kindRule, b.shared = RuleSet{}, nil, nil, nil, false
	}
	b.dirty = false
	b.written = false
	b.gen++
	lex := b.lex
	p := parsers.Get().(*parser)
	defer parsers.Put(p)
	p.begin(lex, &p.out)
	// the text cells, row-major, each tile's words oldest first and once
	keys := p.keys[:0]
	for k := lex.firstText; int(k) < len(b.byKind); k++ {
		for id := b.byKind[k].first; id != 0; id = b.objs[id].knext {
			o := &b.objs[id]
			keys = append(keys, uint64(int(o.y)*b.w+int(o.x))<<32|uint64(id))
		}
	}
	slices.Sort(keys)
	last := -1
	for _, key := range keys {
		tile := int(key >> 32)
		w := lex.kinds[b.objs[ID(key)].kind].word
		if tile != last {
			last = tile
			p.cells = append(p.cells, textCell{x: int32(tile % b.w), y: int32(tile / b.w), from: int32(len(p.words))})
		}
		c := &p.cells[len(p.cells)-1]
		if !containsWord(p.words[c.from:], w) {
			p.words = append(p.words, w)
		}
		c.to = int32(len(p.words))
	}
	p.keys = keys
	p.parse()
	rs := &b.rs
	rs.copyFrom(&p.out)

	canceled := slices.Grow(b.canceled[:0], len(rs.Rules))[:len(rs.Rules)]
	clear(canceled)
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
			if !q.Neg && q.Subject == r.Subject && q.Pred != r.Subject && lex.convertsTo(q.Pred) && rs.SameCond(q.Cond, r.Cond) {
				canceled[j] = true
			}
		}
	}

	// each kind's rules: counted, then laid out one kind after another
	if len(b.kinds) != len(lex.kinds) {
		b.kinds = make([]kindRules, len(lex.kinds))
	}
	clear(b.kinds)
	b.possible, b.converts = 0, false
	for _, r := range rs.Rules {
		bit := lex.bit[r.Pred]
		if !r.Neg {
			b.possible |= bit
			if lex.convertsTo(r.Pred) {
				b.converts = true
			}
		} else if r.Pred == r.Subject {
			b.converts = true
		}
		lo, hi := lex.span(r.Subject)
		for k := lo; k < hi; k++ {
			b.kinds[k].to++
		}
	}
	n := int32(0)
	for k := range b.kinds {
		kr := &b.kinds[k]
		count := kr.to
		kr.from, kr.to, kr.static = n, n, true
		n += count
	}
	b.kindRule = slices.Grow(b.kindRule[:0], int(n))[:n]
	for i, r := range rs.Rules {
		lo, hi := lex.span(r.Subject)
		for k := lo; k < hi; k++ {
			kr := &b.kinds[k]
			b.kindRule[kr.to] = int32(i)
			kr.to++
			if r.Cond != 0 {
				kr.static = false
			}
			bit := lex.bit[r.Pred]
			if !r.Neg {
				kr.may |= bit
			}
			if bit == 0 {
				kr.conv = true
			}
		}
	}
	for k := 1; k < len(b.kinds); k++ {
		kr := &b.kinds[k]
		if !kr.static {
			continue
		}
		var given, taken uint64
		for _, ri := range b.kindRule[kr.from:kr.to] {
			r := rs.Rules[ri]
			if r.Neg {
				taken |= lex.bit[r.Pred]
			} else {
				given |= lex.bit[r.Pred]
			}
		}
		kr.props = given &^ taken
	}
}

// kindSet is the kinds a scan looks at, as of one parse (gen).
type kindSet struct {
	gen   uint32
	kinds []KindID
}

// convertible stands for "some rule may convert or delete it" in kindsWith.
const convertible = numProps

// kindsWith lists the kinds whose objects may have property p now (for
// convertible: the kinds with a rule whose predicate is no property).
func (b *Board) kindsWith(p prop) []KindID {
	ks := &b.work().with[p]
	if ks.gen == b.gen {
		return ks.kinds
	}
	ks.gen = b.gen
	ks.kinds = ks.kinds[:0]
	bit := b.lex.prop[p]
	for k := 1; k < len(b.kinds); k++ {
		kr := &b.kinds[k]
		var may bool
		switch {
		case p == convertible:
			may = kr.conv
		case kr.static:
			may = kr.props&bit != 0
		default:
			may = kr.may&bit != 0
		}
		if may {
			ks.kinds = append(ks.kinds, KindID(k))
		}
	}
	return ks.kinds
}

// objectsOf lists the live objects of the kinds, oldest first, in the
// scratch's candidate buffer.
func (b *Board) objectsOf(kinds []KindID) []ID {
	s := b.work()
	buf := s.cand[:0]
	count, live := 0, 0
	var only KindID
	for _, k := range kinds {
		if n := b.byKind[k].n; n > 0 {
			count, live, only = count+1, live+int(n), k
		}
	}
	switch {
	case count == 1:
		for id := b.byKind[only].first; id != 0; id = b.objs[id].knext {
			buf = append(buf, id)
		}
	case count <= 4:
		// merge the lists, oldest first
		var at [4]ID
		n := 0
		for _, k := range kinds {
			if first := b.byKind[k].first; first != 0 {
				at[n] = first
				n++
			}
		}
		for {
			next := -1
			for i := range n {
				if at[i] != 0 && (next < 0 || at[i] < at[next]) {
					next = i
				}
			}
			if next < 0 {
				break
			}
			buf = append(buf, at[next])
			at[next] = b.objs[at[next]].knext
		}
	case live*8 < len(b.objs):
		for _, k := range kinds {
			for id := b.byKind[k].first; id != 0; id = b.objs[id].knext {
				buf = append(buf, id)
			}
		}
		slices.Sort(buf)
	default:
		if len(s.kindMark) < len(b.kinds) {
			s.kindMark = make([]bool, len(b.kinds))
		}
		for _, k := range kinds {
			s.kindMark[k] = true
		}
		for id := 1; id < len(b.objs); id++ {
			if o := &b.objs[id]; o.alive && s.kindMark[o.kind] {
				buf = append(buf, ID(id))
			}
		}
		for _, k := range kinds {
			s.kindMark[k] = false
		}
	}
	s.cand = buf
	return buf
}

// rulesOf lists the rules whose subject names kind k, in reading order.
func (b *Board) rulesOf(k KindID) []int32 {
	kr := &b.kinds[k]
	return b.kindRule[kr.from:kr.to]
}

// ruleStrings writes the rules and the rules in force as strings, sorted
// and each once, if the last parse has not been written yet.
func (b *Board) ruleStrings() {
	if b.written {
		return
	}
	b.written = true
	b.rules, b.active = b.rules[:0], b.active[:0]
	for i, r := range b.rs.Rules {
		s := b.rs.String(b.lex, r)
		b.rules = append(b.rules, s)
		if !b.canceled[i] {
			b.active = append(b.active, s)
		}
	}
	b.rules = sortUnique(b.rules)
	b.active = sortUnique(b.active)
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
	k := b.objs[id].kind
	if kr := &b.kinds[k]; kr.static {
		return kr.props
	}
	return b.dynamicProps(id, k)
}

// dynamicProps settles the properties of an object whose kind has rules
// with conditions.
func (b *Board) dynamicProps(id ID, k KindID) uint64 {
	var given, taken uint64
	for _, ri := range b.rulesOf(k) {
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
	for _, ri := range b.rulesOf(b.objs[id].kind) {
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
	s := b.work()
	s.tileBuf = b.appendTile(s.tileBuf[:0], int(o.x), int(o.y))
	tile := b.s.tileBuf
	if len(tile)-1 < len(cond.Nouns) {
		return false
	}
	if cap(b.s.used) < len(tile) {
		b.s.used = make([]bool, len(tile))
	}
	used := b.s.used[:len(tile)]
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
