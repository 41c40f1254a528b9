// Package extra is the harness's own: under harness/, held to the rule.
package extra

import _ "listed/rules" // want `harness/extra/extra.go imports listed/rules, whose folder \(rules\)`
