// Package data loads and validates the course's JSON content: card files,
// level files and the catalog. Each file is checked against its JSON Schema
// in course/schema/ and against the rules a schema cannot state (a card's
// clauses in a well-formed order, a summon naming a card that exists), and
// every error names the file, the place in it and how to mend it. A set of
// files loads whole or not at all.
package data
