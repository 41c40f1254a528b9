// Package sub is under engine/: engine code builds on the standard
// library and the engine folders alone, so its imports of the content and
// of the tests are reported, though both folders are listed, and so is a
// //go:linkname directive that reaches the content without an import.
package sub

import (
	_ "fmt"
	_ "listed/content"        // want `engine/sub/sub.go imports listed/content, a content folder \(content\): engine code builds on the standard library and the engine folders alone`
	_ "listed/tests/fixtures" // want `engine/sub/sub.go imports listed/tests/fixtures, the tests \(tests/fixtures\)`
	_ "unsafe"
)

//go:linkname special listed/content.Special // want `engine/sub/sub.go imports listed/content, a content folder`
func special() bool

//go:linkname now time.now
func now() (int64, int32, int64)
