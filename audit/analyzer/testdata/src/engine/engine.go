package engine

// Keep this file free of the names the checks look for, except where a
// diagnostic is expected: the expectations below spell them with a dot so
// that they name nothing themselves.

type registry struct{ byName map[string]int }

func (r *registry) spawnTestFiller() int { // want `engine names "Test.Filler" \(a card, Module 01\) as Test.?Filler`
	return r.byName["Test Filler"] // want `engine names "Test.Filler" \(a card, Module 01\) as Test.Filler`
}

var sortKey, keyed, key int

// Literals joined by '+' are one constant: one diagnostic, from the first.
var joined = "Test" + ("Fil" + "ler") // want `engine names "Test.Filler" \(a card, Module 01\) as Test.?Filler`

const KEY = 1 // want `engine names "K.Y" \(a grid noun, Module 08\) as K.Y`

var kind = "wall" // want `engine names "W..L" \(a grid noun, Module 06\) as w..l`

// A wall of text names nothing.
var contestFiller = sortKey + keyed + key
