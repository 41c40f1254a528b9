// Package content is listed as content, and held to the rule as engine
// code is: a module go.mod takes from a folder counts as a folder the
// checks do not read.
package content

import (
	_ "example.com/localmod" // want `content/content.go imports example.com/localmod, a module that go.mod's replace directive takes from the folder ./localmod`
	_ "listed/lib"           // want `content/content.go imports listed/lib, whose folder \(lib\)`
)

// Special is a function of the content's.
func Special() bool { return false }
