package grid

import (
	"sort"
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
}

// RuleSet is what a board's text spells: its rules in reading order, each
// once, and the conditions they use.
type RuleSet struct {
	Rules   []Rule
	Conds   []Condition // index 0 unused
	seen    map[Rule]struct{}
	condBy  map[string]CondID
	canonBy map[string]CondID
}

// maxConditionReadings bounds how many readings of one stacked condition a
// sentence yields, so that a pathological board cannot exhaust memory.
const maxConditionReadings = 1024

// TextGrid is the text of a board: for each tile, the distinct words
// written on it, oldest first.
type TextGrid struct {
	Width, Height int
	Cells         [][]WordID // Cells[y*Width+x]
}

// Parse reads every sentence of a text grid: rows left to right, top to
// bottom, then columns top to bottom, left to right. Stacked text yields every
// reading. Every noun that is not one of a condition's nouns starts a
// sentence; words that form no sentence are ignored. The rule "TEXT IS PUSH"
// (in the lexicon's words) is added last when the lexicon has both words.
func Parse(lex *Lexicon, tg TextGrid) *RuleSet {
	rs := &RuleSet{Conds: []Condition{{}}}
	p := parser{lex: lex, rs: rs}
	run := make([][]WordID, 0, max(tg.Width, tg.Height))
	flush := func() {
		if len(run) > 1 {
			p.parseRun(run)
		}
		run = run[:0]
	}
	for y := 0; y < tg.Height; y++ {
		for x := 0; x < tg.Width; x++ {
			c := tg.Cells[y*tg.Width+x]
			if len(c) == 0 {
				flush()
				continue
			}
			run = append(run, c)
		}
		flush()
	}
	for x := 0; x < tg.Width; x++ {
		for y := 0; y < tg.Height; y++ {
			c := tg.Cells[y*tg.Width+x]
			if len(c) == 0 {
				flush()
				continue
			}
			run = append(run, c)
		}
		flush()
	}
	if lex.textWord != 0 && lex.propWord[propPush] != 0 {
		rs.add(Rule{Subject: lex.textWord, Pred: lex.propWord[propPush]})
	}
	return rs
}

type parser struct {
	lex *Lexicon
	rs  *RuleSet
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

func (p *parser) words(cell []WordID, class uint8) []WordID {
	var out []WordID
	for _, w := range cell {
		if p.lex.class[w]&class != 0 {
			out = append(out, w)
		}
	}
	return out
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
		var subjects []WordID
		for j := i; ; j += 2 {
			subjects = appendNew(subjects, p.words(run[j], classNoun))
			if j+1 >= len(run) {
				break
			}
			next := run[j+1]
			if p.has(next, classIs) {
				p.emit(subjects, 0, p.predicates(run, j+2))
			}
			for _, c := range p.words(next, classCondition) {
				p.condition(run, subjects, c, j+2)
			}
			if !p.has(next, classAnd) || j+2 >= len(run) || !p.has(run[j+2], classNoun) {
				break
			}
		}
	}
}

// condition reads a condition's nouns from tile k on, then IS and its predicates.
func (p *parser) condition(run [][]WordID, subjects []WordID, c WordID, k int) {
	if k >= len(run) {
		return
	}
	var readings [][]WordID
	for _, n := range p.words(run[k], classNoun) {
		readings = append(readings, []WordID{n})
	}
	for m := k; len(readings) > 0 && m+1 < len(run); m += 2 {
		next := run[m+1]
		if p.has(next, classIs) {
			preds := p.predicates(run, m+2)
			if len(preds) > 0 {
				for _, nouns := range readings {
					p.emit(subjects, p.rs.cond(c, nouns), preds)
				}
			}
		}
		if !p.has(next, classAnd) || m+2 >= len(run) {
			return
		}
		nouns := p.words(run[m+2], classNoun)
		var longer [][]WordID
		for _, r := range readings {
			for _, n := range nouns {
				if len(longer) == maxConditionReadings {
					break
				}
				longer = append(longer, append(r[:len(r):len(r)], n))
			}
		}
		readings = longer
	}
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
	var out []predicate
	// reach[i] is the set of states a reading can be in before tile k+i
	reach := make([]uint8, len(run)-k+1)
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

func appendNew(list, more []WordID) []WordID {
next:
	for _, w := range more {
		for _, v := range list {
			if v == w {
				continue next
			}
		}
		list = append(list, w)
	}
	return list
}

func (p *parser) emit(subjects []WordID, cond CondID, preds []predicate) {
	for _, pr := range preds {
		for _, s := range subjects {
			p.rs.add(Rule{Subject: s, Cond: cond, Neg: pr.neg, Pred: pr.word})
		}
	}
}

func (rs *RuleSet) add(r Rule) {
	if rs.seen == nil {
		rs.seen = map[Rule]struct{}{}
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
	if rs.condBy == nil {
		rs.condBy, rs.canonBy = map[string]CondID{}, map[string]CondID{}
	}
	k := condKey(word, nouns)
	if id, ok := rs.condBy[k]; ok {
		return id
	}
	id := CondID(len(rs.Conds))
	sorted := append([]WordID(nil), nouns...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
	canon := condKey(word, sorted)
	same, ok := rs.canonBy[canon]
	if !ok {
		same = id
		rs.canonBy[canon] = id
	}
	rs.Conds = append(rs.Conds, Condition{Word: word, Nouns: append([]WordID(nil), nouns...), same: same})
	rs.condBy[k] = id
	return id
}

func condKey(word WordID, nouns []WordID) string {
	var sb strings.Builder
	sb.Grow(2 * (len(nouns) + 1))
	for _, w := range append([]WordID{word}, nouns...) {
		sb.WriteByte(byte(w >> 8))
		sb.WriteByte(byte(w))
	}
	return sb.String()
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
