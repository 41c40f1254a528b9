package grid

import (
	"bytes"
	"hash/maphash"
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

// compiled is what a parse of a board's text reads and settles: the rules,
// which of them are in force, and what they say about each kind.
type compiled struct {
	rs       RuleSet
	canceled []bool // per rule of rs: not in force
	kinds    []kindRules
	kindRule []int32 // each kind's rules, one kind after another
	possible uint64  // every property some rule gives
	converts bool    // some rule converts or deletes objects
}

// clone is a copy of c in memory of its own.
func (c *compiled) clone() compiled {
	var d compiled
	d.rs.copyFrom(&c.rs)
	d.canceled = slices.Clone(c.canceled)
	d.kinds = slices.Clone(c.kinds)
	d.kindRule = slices.Clone(c.kindRule)
	d.possible, d.converts = c.possible, c.converts
	return d
}

// compile reads the board's text. A text the lexicon has seen parsed
// before (the same words on the same tiles) is not parsed again: the board
// takes the lexicon's copy of that parse. The rules' strings are written
// only when asked for (ruleStrings).
func (b *Board) compile() {
	b.dirty = false
	b.written = false
	b.gen++
	lex := b.lex
	p := parsers.Get().(*parser)
	defer parsers.Put(p)
	text := b.readText(p)
	hash := maphash.Bytes(parseSeed, text)
	if c := lex.parses.find(hash, text); c != nil {
		b.c = c
		return
	}
	b.parseOwn(p)
	lex.parses.keep(hash, text, b.c)
}

// readText gives p the board's text cells, row-major, each tile's words
// oldest first and once, and returns their layout.
func (b *Board) readText(p *parser) []byte {
	lex := b.lex
	p.begin(lex, &p.out)
	stamps := p.stamps[:0]
	for k := lex.firstText; int(k) < len(b.byKind); k++ {
		for id := b.byKind[k].first; id != 0; id = b.objs[id].knext {
			o := &b.objs[id]
			stamps = append(stamps, uint64(int(o.y)*b.w+int(o.x))<<32|uint64(id))
		}
	}
	slices.Sort(stamps)
	last := -1
	for _, st := range stamps {
		tile := int(st >> 32)
		w := lex.kinds[b.objs[ID(st)].kind].word
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
	p.stamps = stamps
	return p.layout()
}

// parseOwn parses the text p was given into the board's own compiled.
func (b *Board) parseOwn(p *parser) {
	p.parse()
	b.c = &b.own
	b.own.settle(b.lex, &p.out)
}

// settle makes c the parse src read: a copy of its rules, which of them
// are in force, and what they say about each kind.
func (c *compiled) settle(lex *Lexicon, src *RuleSet) {
	rs := &c.rs
	rs.copyFrom(src)

	canceled := slices.Grow(c.canceled[:0], len(rs.Rules))[:len(rs.Rules)]
	clear(canceled)
	c.canceled = canceled
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
	if len(c.kinds) != len(lex.kinds) {
		c.kinds = make([]kindRules, len(lex.kinds))
	}
	clear(c.kinds)
	c.possible, c.converts = 0, false
	for _, r := range rs.Rules {
		bit := lex.bit[r.Pred]
		if !r.Neg {
			c.possible |= bit
			if lex.convertsTo(r.Pred) {
				c.converts = true
			}
		} else if r.Pred == r.Subject {
			c.converts = true
		}
		lo, hi := lex.span(r.Subject)
		for k := lo; k < hi; k++ {
			c.kinds[k].to++
		}
	}
	n := int32(0)
	for k := range c.kinds {
		kr := &c.kinds[k]
		count := kr.to
		kr.from, kr.to, kr.static = n, n, true
		n += count
	}
	c.kindRule = slices.Grow(c.kindRule[:0], int(n))[:n]
	for i, r := range rs.Rules {
		lo, hi := lex.span(r.Subject)
		for k := lo; k < hi; k++ {
			kr := &c.kinds[k]
			c.kindRule[kr.to] = int32(i)
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
	for k := 1; k < len(c.kinds); k++ {
		kr := &c.kinds[k]
		if !kr.static {
			continue
		}
		var given, taken uint64
		for _, ri := range c.kindRule[kr.from:kr.to] {
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

// parseSeed hashes texts for the lexicon's parses.
var parseSeed = maphash.MakeSeed()

// keptParses remembers the parses of texts a lexicon's boards parsed more
// than once (a replay's, a walk's that goes back and forth), so that the
// next board with that text takes the parse instead of making it. A text is
// its words and their tiles (layout), held in full to tell two texts with
// one hash apart.
type keptParses struct {
	mu     sync.Mutex
	seen   map[uint64]struct{}
	parses map[uint64]*keptParse
}

type keptParse struct {
	text []byte
	c    compiled
}

// Bounds on what keptParses holds; past them it forgets everything.
const (
	maxSeenTexts  = 1 << 14
	maxKeptParses = 1024
)

func (m *keptParses) find(hash uint64, text []byte) *compiled {
	m.mu.Lock()
	defer m.mu.Unlock()
	if k, ok := m.parses[hash]; ok && bytes.Equal(k.text, text) {
		return &k.c
	}
	return nil
}

// keep notes that a text was parsed, and the second time keeps a copy of
// its parse.
func (m *keptParses) keep(hash uint64, text []byte, c *compiled) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, again := m.seen[hash]; !again {
		if m.seen == nil || len(m.seen) == maxSeenTexts {
			m.seen = make(map[uint64]struct{}, 64)
		}
		m.seen[hash] = struct{}{}
		return
	}
	if m.parses == nil || len(m.parses) == maxKeptParses {
		m.parses = make(map[uint64]*keptParse, 64)
	}
	m.parses[hash] = &keptParse{text: slices.Clone(text), c: c.clone()}
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
	for k := 1; k < len(b.c.kinds); k++ {
		kr := &b.c.kinds[k]
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
		if len(s.kindMark) < len(b.c.kinds) {
			s.kindMark = make([]bool, len(b.c.kinds))
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
	kr := &b.c.kinds[k]
	return b.c.kindRule[kr.from:kr.to]
}

// ruleStrings writes the rules and the rules in force as strings, sorted
// and each once, if the last parse has not been written yet.
func (b *Board) ruleStrings() {
	if b.written {
		return
	}
	b.written = true
	b.rules, b.active = b.rules[:0], b.active[:0]
	for i, r := range b.c.rs.Rules {
		s := b.c.rs.String(b.lex, r)
		b.rules = append(b.rules, s)
		if !b.c.canceled[i] {
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
	if kr := &b.c.kinds[k]; kr.static {
		return kr.props
	}
	return b.dynamicProps(id, k)
}

// dynamicProps settles the properties of an object whose kind has rules
// with conditions.
func (b *Board) dynamicProps(id ID, k KindID) uint64 {
	var given, taken uint64
	for _, ri := range b.rulesOf(k) {
		r := b.c.rs.Rules[ri]
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
		r := b.c.rs.Rules[ri]
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
	cond := b.c.rs.Conds[c]
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
