package grid

import (
	"encoding/binary"
	"slices"
	"strings"
)

// Rule is one (subject, predicate) pair a sentence spells, with the
// condition written between its subject and IS, if any.
type Rule struct {
	Subject WordID
	Cond    CondID // 0: no condition
	Neg     bool
	Pred    WordID
}

// CondID indexes a condition in its RuleSet; 0 is no condition.
type CondID uint32

// Condition is a condition word with its nouns in written order.
type Condition struct {
	Word  WordID
	Nouns []WordID
	same  CondID // the first condition with the same word and the same nouns in any order
	at    int32  // where Nouns start in its RuleSet's nouns
}

// RuleSet is what a board's text spells: its rules in reading order, each
// once, and the conditions they use.
type RuleSet struct {
	Rules []Rule
	Conds []Condition // index 0 unused
	// seen holds every rule once there are too many to compare one by one
	seen   map[Rule]struct{}
	useMap bool
	nouns  []WordID // the conditions' nouns, one after another
}

// maxConditionReadings bounds how many readings of one stacked condition a
// sentence yields, so that a pathological board cannot exhaust memory.
const maxConditionReadings = 1024

// textCell is a tile with text: its words are the parser's words[from:to].
type textCell struct {
	x, y     int32
	from, to int32
}

// parser reads every sentence of the text cells it is given (row-major):
// rows left to right, top to bottom, then columns top to bottom, left to
// right. Stacked text yields every reading. Every noun that is not one of a
// condition's nouns starts a sentence; words that form no sentence are
// ignored. The rule "TEXT IS PUSH" (in the lexicon's words) is added last
// when the lexicon has both words. Its buffers are kept between parses.
type parser struct {
	lex    *Lexicon
	rs     *RuleSet
	out    RuleSet // what a board's parse reads, before the board copies it
	words  []WordID
	cells  []textCell // in row-major order
	stamps []uint64   // each text object's tile and id, to sort
	// the cells in column-major order, and a count per column to sort them
	order, starts []int32
	run           [][]WordID
	subj          []WordID
	preds         []predicate
	text          []byte // the cells' layout
	// a condition's readings, and the longer ones being made
	readings, longer []WordID
	reach            []uint8
}

// begin empties the parser and the rule set for a new parse.
func (p *parser) begin(lex *Lexicon, rs *RuleSet) {
	p.lex, p.rs = lex, rs
	p.words, p.cells = p.words[:0], p.cells[:0]
	rs.reset()
}

// layout writes the cells as bytes: each one's tile and words. Two texts
// with one layout parse alike.
func (p *parser) layout() []byte {
	out := p.text[:0]
	for _, c := range p.cells {
		out = binary.LittleEndian.AppendUint16(out, uint16(c.x))
		out = binary.LittleEndian.AppendUint16(out, uint16(c.y))
		out = binary.LittleEndian.AppendUint16(out, uint16(c.to-c.from))
		for _, w := range p.words[c.from:c.to] {
			out = binary.LittleEndian.AppendUint16(out, uint16(w))
		}
	}
	p.text = out
	return out
}

// parse reads the rows, then the columns, of the cells, then adds TEXT IS
// PUSH.
func (p *parser) parse() {
	run := p.run[:0]
	for i, c := range p.cells {
		if i > 0 && (c.y != p.cells[i-1].y || c.x != p.cells[i-1].x+1) {
			run = p.flush(run)
		}
		run = append(run, p.words[c.from:c.to])
	}
	run = p.flush(run)
	// the columns: the cells in row-major order, stably sorted by x
	// (counting them by column) are in column-major order
	width := int32(0)
	for _, c := range p.cells {
		width = max(width, c.x+1)
	}
	starts := slices.Grow(p.starts[:0], int(width)+1)[:width+1]
	clear(starts)
	for _, c := range p.cells {
		starts[c.x+1]++
	}
	for x := int32(1); x <= width; x++ {
		starts[x] += starts[x-1]
	}
	order := slices.Grow(p.order[:0], len(p.cells))[:len(p.cells)]
	for i, c := range p.cells {
		order[starts[c.x]] = int32(i)
		starts[c.x]++
	}
	for k, i := range order {
		c := p.cells[i]
		if k > 0 {
			prev := p.cells[order[k-1]]
			if c.x != prev.x || c.y != prev.y+1 {
				run = p.flush(run)
			}
		}
		run = append(run, p.words[c.from:c.to])
	}
	run = p.flush(run)
	p.starts, p.order, p.run = starts, order, run
	lex := p.lex
	if lex.textWord != 0 && lex.propWord[propPush] != 0 {
		p.rs.add(Rule{Subject: lex.textWord, Pred: lex.propWord[propPush]})
	}
}

func (p *parser) flush(run [][]WordID) [][]WordID {
	if len(run) > 1 {
		p.parseRun(run)
	}
	clear(run)
	return run[:0]
}

func (p *parser) has(cell []WordID, class uint8) bool {
	for _, w := range cell {
		if p.lex.class[w]&class != 0 {
			return true
		}
	}
	return false
}

// hasOther reports whether cell holds a word outside the given classes.
func (p *parser) hasOther(cell []WordID, classes uint8) bool {
	for _, w := range cell {
		if p.lex.class[w]&classes == 0 {
			return true
		}
	}
	return false
}

// appendWords appends the words of cell in class to list, each once.
func (p *parser) appendWords(list, cell []WordID, class uint8) []WordID {
	for _, w := range cell {
		if p.lex.class[w]&class != 0 && !containsWord(list, w) {
			list = append(list, w)
		}
	}
	return list
}

// canStart reports whether some reading of the tiles before i leaves tile i
// outside a condition's list of nouns, that is, not preceded by
// NOUN COND [NOUN AND]* in every reading.
func (p *parser) canStart(run [][]WordID, i int) bool {
	for j := i - 1; ; j -= 2 {
		if j < 0 || p.hasOther(run[j], classCondition|classAnd) {
			return true
		}
		if j == 0 || p.hasOther(run[j-1], classNoun) {
			return true
		}
		if !p.has(run[j], classAnd) {
			return false // a condition word with a noun before it
		}
	}
}

func (p *parser) parseRun(run [][]WordID) {
	for i := range run {
		if !p.has(run[i], classNoun) || !p.canStart(run, i) {
			continue
		}
		subjects := p.subj[:0]
		for j := i; ; j += 2 {
			subjects = p.appendWords(subjects, run[j], classNoun)
			if j+1 >= len(run) {
				break
			}
			next := run[j+1]
			if p.has(next, classIs) {
				p.emit(subjects, 0, p.predicates(run, j+2))
			}
			for _, c := range next {
				if p.lex.class[c]&classCondition != 0 {
					p.condition(run, subjects, c, j+2)
				}
			}
			if !p.has(next, classAnd) || j+2 >= len(run) || !p.has(run[j+2], classNoun) {
				break
			}
		}
		p.subj = subjects
	}
}

// condition reads a condition's nouns from tile k on, then IS and its
// predicates. Its readings so far, each n nouns long, lie one after another
// in a buffer.
func (p *parser) condition(run [][]WordID, subjects []WordID, c WordID, k int) {
	if k >= len(run) {
		return
	}
	readings, n := p.readings[:0], 1
	for _, w := range run[k] {
		if p.lex.class[w]&classNoun != 0 {
			readings = append(readings, w)
		}
	}
	for m := k; len(readings) > 0 && m+1 < len(run); m += 2 {
		next := run[m+1]
		if p.has(next, classIs) {
			preds := p.predicates(run, m+2)
			if len(preds) > 0 {
				for i := 0; i < len(readings); i += n {
					p.emit(subjects, p.rs.cond(c, readings[i:i+n]), preds)
				}
			}
		}
		if !p.has(next, classAnd) || m+2 >= len(run) {
			break
		}
		longer, count := p.longer[:0], 0
		for i := 0; i < len(readings); i += n {
			for _, w := range run[m+2] {
				if p.lex.class[w]&classNoun == 0 {
					continue
				}
				if count == maxConditionReadings {
					break
				}
				longer = append(append(longer, readings[i:i+n]...), w)
				count++
			}
		}
		p.readings, p.longer = longer, readings
		readings, n = longer, n+1
	}
	p.readings = readings
}

type predicate struct {
	neg  bool
	word WordID
}

// predicates reads what follows IS from tile k: [NOT] X [AND [NOT] X]*, in
// every reading, in written order.
func (p *parser) predicates(run [][]WordID, k int) []predicate {
	const (
		expect = iota
		afterNot
		afterPred
	)
	if k >= len(run) {
		return nil
	}
	out := p.preds[:0]
	// reach[i] is the set of states a reading can be in before tile k+i
	reach := p.reach[:0]
	for range len(run) - k + 1 {
		reach = append(reach, 0)
	}
	p.reach = reach
	reach[0] = 1 << expect
	for i := 0; k+i < len(run); i++ {
		cell := run[k+i]
		for _, w := range cell {
			class := p.lex.class[w]
			for s := expect; s <= afterPred; s++ {
				if reach[i]&(1<<s) == 0 {
					continue
				}
				switch {
				case (s == expect || s == afterNot) && class&(classNoun|classProperty) != 0:
					out = appendPredicate(out, predicate{neg: s == afterNot, word: w})
					reach[i+1] |= 1 << afterPred
				case s == expect && class&classNot != 0:
					reach[i+1] |= 1 << afterNot
				case s == afterPred && class&classAnd != 0:
					reach[i+1] |= 1 << expect
				}
			}
		}
		if reach[i+1] == 0 {
			break
		}
	}
	p.preds = out
	return out
}

func appendPredicate(list []predicate, x predicate) []predicate {
	for _, y := range list {
		if y == x {
			return list
		}
	}
	return append(list, x)
}

func (p *parser) emit(subjects []WordID, cond CondID, preds []predicate) {
	for _, pr := range preds {
		for _, s := range subjects {
			p.rs.add(Rule{Subject: s, Cond: cond, Neg: pr.neg, Pred: pr.word})
		}
	}
}

// manyRules is how many rules a RuleSet compares one by one before it
// keeps a set of them.
const manyRules = 32

func (rs *RuleSet) reset() {
	rs.Rules = rs.Rules[:0]
	if len(rs.Conds) == 0 {
		rs.Conds = append(rs.Conds, Condition{})
	}
	clear(rs.Conds[1:])
	rs.Conds = rs.Conds[:1]
	rs.nouns = rs.nouns[:0]
	if rs.useMap {
		clear(rs.seen)
		rs.useMap = false
	}
}

func (rs *RuleSet) add(r Rule) {
	if !rs.useMap {
		for _, q := range rs.Rules {
			if q == r {
				return
			}
		}
		rs.Rules = append(rs.Rules, r)
		if len(rs.Rules) == manyRules {
			if rs.seen == nil {
				rs.seen = make(map[Rule]struct{}, 2*manyRules)
			}
			for _, q := range rs.Rules {
				rs.seen[q] = struct{}{}
			}
			rs.useMap = true
		}
		return
	}
	if _, dup := rs.seen[r]; dup {
		return
	}
	rs.seen[r] = struct{}{}
	rs.Rules = append(rs.Rules, r)
}

// cond interns a condition as written; conditions with the same word and
// the same nouns in any order share their same field.
func (rs *RuleSet) cond(word WordID, nouns []WordID) CondID {
	same := CondID(0)
	for id := 1; id < len(rs.Conds); id++ {
		c := &rs.Conds[id]
		if c.Word != word || len(c.Nouns) != len(nouns) {
			continue
		}
		if slices.Equal(c.Nouns, nouns) {
			return CondID(id)
		}
		if same == 0 && sameNouns(c.Nouns, nouns) {
			same = c.same
		}
	}
	id := CondID(len(rs.Conds))
	if same == 0 {
		same = id
	}
	from := len(rs.nouns)
	rs.nouns = append(rs.nouns, nouns...)
	rs.Conds = append(rs.Conds, Condition{Word: word, Nouns: rs.nouns[from:len(rs.nouns):len(rs.nouns)], same: same, at: int32(from)})
	return id
}

// copyFrom makes rs a copy of src in rs's own memory, reusing it.
func (rs *RuleSet) copyFrom(src *RuleSet) {
	rs.Rules = append(rs.Rules[:0], src.Rules...)
	rs.nouns = append(rs.nouns[:0], src.nouns...)
	clear(rs.Conds)
	rs.Conds = rs.Conds[:0]
	if len(src.Conds) > 1 {
		rs.Conds = append(rs.Conds, src.Conds...)
		for i := 1; i < len(rs.Conds); i++ {
			c := &rs.Conds[i]
			end := int(c.at) + len(c.Nouns)
			c.Nouns = rs.nouns[c.at:end:end]
		}
	}
}

// sameNouns reports whether two lists of nouns of one length hold the same
// nouns, each as many times.
func sameNouns(a, b []WordID) bool {
	for _, w := range a {
		if countWord(a, w) != countWord(b, w) {
			return false
		}
	}
	return true
}

func countWord(list []WordID, w WordID) int {
	n := 0
	for _, v := range list {
		if v == w {
			n++
		}
	}
	return n
}

// SameCond reports whether two conditions (0: none) have the same word and
// the same nouns in any order.
func (rs *RuleSet) SameCond(a, b CondID) bool {
	if a == 0 || b == 0 {
		return a == b
	}
	return rs.Conds[a].same == rs.Conds[b].same
}

// String writes a rule as the course does: "X IS YOU",
// "X IS NOT YOU", "X ON Y AND Z IS WIN", where X, Y and Z are nouns.
func (rs *RuleSet) String(lex *Lexicon, r Rule) string {
	var sb strings.Builder
	sb.WriteString(lex.words[r.Subject].Word)
	if r.Cond != 0 {
		c := rs.Conds[r.Cond]
		sb.WriteByte(' ')
		sb.WriteString(lex.words[c.Word].Word)
		for i, n := range c.Nouns {
			if i > 0 {
				sb.WriteString(" AND")
			}
			sb.WriteByte(' ')
			sb.WriteString(lex.words[n].Word)
		}
	}
	sb.WriteString(" IS ")
	if r.Neg {
		sb.WriteString("NOT ")
	}
	sb.WriteString(lex.words[r.Pred].Word)
	return sb.String()
}
