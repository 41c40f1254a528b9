// Package courserepo tells the course's own repository from a learner's
// workspace. The repository's engine is held to every module's names and
// its tests live in course/NN-slug/, so the commands and the coupling
// analyzer must draw the line in the same place: here.
package courserepo

import "golang.org/x/mod/modfile"

// Module is the module path of the course repository.
const Module = "github.com/systemic-game-design/course"

// Catalog is the file only the repository has, from its top folder.
const Catalog = "course/catalog.json"

// Is reports whether a folder is the course repository: its go.mod (the
// file's content) names Module, and it has the catalog. A learner's
// workspace whose module path happens to be the course's is not.
func Is(gomod []byte, hasCatalog bool) bool {
	return hasCatalog && modfile.ModulePath(gomod) == Module
}
