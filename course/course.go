// Package course holds the course itself as data: the module folders (lesson,
// scenarios, tests, Expansion Drop), the catalog of cards and words, the
// lexicon and the JSON Schemas. Everything is embedded so that the course
// binary works from any folder.
package course

import "embed"

// Files is the whole course folder, rooted at the folder itself: "catalog.json",
// "schema/card.schema.json", "01-handles/scenarios.md", and so on.
//
//go:embed *
var Files embed.FS
