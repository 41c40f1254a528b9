// Package cards holds the card files of the card game, one JSON file per
// card, named after the card in kebab case (loot-hoarder.json). Each file
// follows course/schema/card.schema.json; course/data parses and validates
// them. Cards that belong to one module only live in that module's folder
// (course/NN-slug/cards/) instead.
package cards

import "embed"

// Files is every card file of this folder, at its base name.
//
//go:embed *.json
var Files embed.FS
