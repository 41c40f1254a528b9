// Package engine is a workspace's engine folder: the analyzer checks it.
package engine

// Keep this file free of the names the checks look for, except where a
// diagnostic is expected; the expectations spell them with dots.

func spawnBaron() {} // fine: a one-word name counts as a whole token only

func Baron() {} // want `engine names "B.ron R.vendare" \(a card, Module 04\) as B.ron`

var kinds = []string{"rock", "door"} // want `engine names "R..K" \(a grid noun, Module 06\) as r..k`

var key = 1
