// Package lib is in no listed folder: the rule is about what listed code
// builds on, so lib's own imports are not its business.
package lib

import _ "listed/rules"
