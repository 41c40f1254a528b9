package engine

import "strings"

// Spellings that name a card only as the compiler or the strings package
// reads them. The expectations spell the names with a dot, as above.

// A long s (U+017F) is an s to strings.EqualFold, and so to the audit.
func isFiller(name string) bool {
	return strings.EqualFold(name, "Teſt Filler") // want `engine names "Test.Filler" \(a card, Module 01\) as Te.t Filler`
}

// A Kelvin sign (U+212A) is a K.
var kind2 = "Key" // want `engine names "K.Y" \(a grid noun, Module 08\) as .ey`

// String literals joined by + are the one constant the compiler makes of
// them, found at the first literal.
var plusJoined = "Test" + "Filler" // want `engine names "Test.Filler" \(a card, Module 01\) as Test.?Filler`

var wallWord = "WA" + ("LL" + " IS STOP") // want `engine names "W..L" \(a grid noun, Module 06\) as W..L`

// What code computes is beyond the audit: it reads names as written.
var computed = "Test" + plusJoined[:0] + "Filler"

// The start of a noun that joined.go ends.
const wallStart = "WA"
