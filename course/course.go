// Package course holds the course itself as data: the module folders (lesson,
// scenarios, tests, Expansion Drop), the catalog of cards and words, the
// lexicon and the JSON Schemas. Everything is embedded so that the course
// binary works from any folder.
package course

import "embed"

// Files is the whole course folder, rooted at the folder itself: "catalog.json",
// "schema/card.schema.json", "01-handles/scenarios.md", and so on. A name
// that starts with . or _ is left out at the top as go:embed leaves it out
// further down: a folder course dev new-module was writing a module in
// when it was stopped (.new-14-trading-123456) is no part of the course.
//
//go:embed [^._]*
var Files embed.FS
