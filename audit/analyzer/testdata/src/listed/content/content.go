// Package content is listed as content, and held to the rule as engine
// code is.
package content

import _ "listed/lib" // want `content/content.go imports listed/lib, whose folder \(lib\)`
