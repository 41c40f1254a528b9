// Package engine builds on a package of its own folder, and on rules,
// which .course.json does not list.
package engine

import (
	_ "listed/engine/sub"
	_ "listed/rules" // want `engine/engine.go imports listed/rules, whose folder \(rules\)`
)
