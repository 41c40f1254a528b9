package harness

import (
	"sort"

	"github.com/systemic-game-design/course/engine/grid"
)

// Restart takes back every Move and Step since the level began (or since
// the last Place) and returns how many it took back. (Module 9's Expansion
// Drop: it is Undo, repeated, and needs nothing new from the engine.)
func (b *Baba) Restart() int {
	n := 0
	for b.Undo() {
		n++
	}
	return n
}

// PropertiesOf lists the properties an object has now, sorted: every
// property word of the lexicon for which HasProperty holds. (Module 11's
// Expansion Drop: the lexicon is data, so the list needs no engine change.)
func (b *Baba) PropertiesOf(id ID) []string {
	out := []string{}
	for _, w := range lexicon().Words() {
		if w.Role == grid.RoleProperty && b.HasProperty(id, w.Word) {
			out = append(out, w.Word)
		}
	}
	sort.Strings(out)
	return out
}
