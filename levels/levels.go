// Package levels holds the course's rule-grid levels, one JSON file each in
// the format of course/schema/level.schema.json, with a recorded solution.
package levels

import "embed"

// Files is every level file, by its name: "01-push.json", ...
//
//go:embed *.json
var Files embed.FS
