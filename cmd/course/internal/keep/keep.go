// Package keep names where the course tools keep a file they replace:
// beside it, as NAME.orig, then NAME.orig.1, NAME.orig.2, and so on, so
// that no version kept before is ever replaced.
package keep

import "fmt"

// Name is the first of p.orig, p.orig.1, p.orig.2, ... for which exists
// is false.
func Name(p string, exists func(string) bool) string {
	name := p + ".orig"
	for i := 1; exists(name); i++ {
		name = fmt.Sprintf("%s.orig.%d", p, i)
	}
	return name
}
