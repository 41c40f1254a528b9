// Package harness is the thin adapter between the course tests and the
// reference engine. Every course test calls only what this package exports,
// and every exported name is the Go spelling of the harness contract
// (course/harness.md): Module 0's sketch (Sketch, Part 0), the card game
// (Game, Part I), the rule grid (Baba, Part II), the two joined (SpellGrid,
// Part III), and Module 13's snapshots and invariants, which read an
// engine's state and judge it. Each function is one or two calls into the
// engine packages (the invariants call none); no rule lives here. The
// Expansion Drops' solutions that are harness code live here too, so that
// the drop tests run against the reference.
package harness
