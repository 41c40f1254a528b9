package engine

// Keep this file free of the names the checks look for, except where a
// diagnostic is expected: the expectations below spell them with a dot so
// that they name nothing themselves.

type registry struct{ byName map[string]int }

func (r *registry) spawnTestFiller() int { // want `engine names "Test.Filler" \(as Test.?Filler\)`
	return r.byName["Test Filler"] // want `engine names "Test.Filler" \(as Test.Filler\)`
}

var sortKey, keyed int

var key = 1 // want `engine names "K.Y" \(as k.y\)`

// A wall of text. // want `engine names "W..L" \(as w..l\)`
var contestFiller = sortKey + keyed
