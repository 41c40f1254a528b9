package checker

import (
	"bytes"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/courserepo"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/shellarg"
)

// ownTests refuses a course repository whose module test packages are not
// the course program's own (course, its course folder): their Go files
// by name and by content. Any folder whose go.mod names the course's
// module and that has a catalog is taken for the repository, and the
// repository's check runs the tests it holds: a learner's workspace
// dressed up so, with a test of its own under a course test's name, would
// pass. The repository's own checks run the course program built from it,
// whose copies are its files.
func ownTests(ws *workspace.Workspace, course fs.FS, p *plan) error {
	prefix := workspace.RepositoryModule + "/course/"
	for _, pkg := range p.packages {
		d, ok := strings.CutPrefix(pkg.ImportPath, prefix)
		if !ok {
			continue
		}
		if file := unlikeFile(pkg.Dir, course, d); file != "" {
			return errorf("%s says it is the course repository (its go.mod names %s and it has %s), but %s is not this course program's, so its tests are not the course's; check the repository with the course program built from it, `go run ./cmd/course check .` in %s",
				ws.Dir, courserepo.Module, courserepo.Catalog, file, shellarg.Quote(ws.Dir))
		}
	}
	return nil
}

// unlikeFile is the first Go file (its path from the repository, such as
// course/01-handles/tests/01_handles_test.go) that the folder dir and the
// course's folder d do not hold alike: one of them lacks it, or its bytes
// differ; "" when they hold the same Go files.
func unlikeFile(dir string, course fs.FS, d string) string {
	rel := func(name string) string { return "course/" + d + "/" + name }
	theirs, err := os.ReadDir(dir)
	if err != nil {
		return "course/" + d
	}
	ours, err := fs.ReadDir(course, d)
	if err != nil {
		return "course/" + d
	}
	names := map[string]bool{}
	for _, e := range slices.Concat(theirs, ours) {
		if strings.HasSuffix(e.Name(), ".go") {
			names[e.Name()] = true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(names)) {
		want, err := fs.ReadFile(course, path.Join(d, name))
		if err != nil {
			return rel(name)
		}
		got, err := regularfile.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, want) {
			return rel(name)
		}
	}
	return ""
}
