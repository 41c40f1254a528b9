// Package sub is under engine/: engine code builds on the standard
// library and the engine folders alone, so its imports of the content and
// of the tests are reported, though both folders are listed.
package sub

import (
	_ "fmt"
	_ "listed/content"        // want `engine/sub/sub.go imports listed/content, a content folder \(content\): engine code builds on the standard library and the engine folders alone`
	_ "listed/tests/fixtures" // want `engine/sub/sub.go imports listed/tests/fixtures, the tests \(tests/fixtures\)`
)
