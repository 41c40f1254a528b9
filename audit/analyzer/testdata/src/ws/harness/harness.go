// Package harness names cards by design: the analyzer leaves it alone.
package harness

var TestFiller, BaronRivendare = "Test Filler", "Baron Rivendare"

const ROCK, DOOR = "rock", "door"
