// A package in a folder named for a card, in a file named for it too: both
// names are the engine naming the card, though the code does not.
package filler // want `engine names "Test.Filler" \(a card, Module 01\) in the name engine/test.filler/test.filler\.go, as test.filler`

// Hits counts hits.
var Hits int
