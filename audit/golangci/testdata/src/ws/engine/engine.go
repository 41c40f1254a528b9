// Package engine: the expectations spell names with dots so that they name
// nothing themselves.
package engine

func spawnTestFiller() {} // want `engine names "Test.Filler" \(a card, Module 01\) as Test.?Filler`
