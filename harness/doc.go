// Package harness is the thin adapter between the course tests and the
// reference engine. Every course test calls only what this package exports,
// and every exported name is the Go spelling of the harness contract: the
// card game (Game), the rule grid (Baba) and their meeting point (SpellGrid).
// Each function is one or two calls into the engine packages; no rule lives
// here.
package harness
