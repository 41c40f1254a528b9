package checker

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// buildSuffixes is every file name ending the go command reads as a
// package's source when it lists or builds a folder (go/build's own list):
// Go files, test files among them, assembly, C and its kin, and .syso
// objects.
var buildSuffixes = []string{
	".go", ".s", ".S", ".sx", ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp", ".hxx",
	".m", ".f", ".F", ".for", ".f90", ".swig", ".swigcxx", ".syso",
}

// irregularBuildFile is the first file of the module under root that the
// go command would read to build the tests and that is not a regular file
// (a FIFO, a socket, a device, or a link to one), as a
// *regularfile.NotRegularError named by its slash path from root; nil when
// there is none. The go command opens such a FIFO and waits for a writer
// that never comes: the build held a class's check up for its whole time
// limit, with no word of why. Folders the go command does not build
// (testdata, hidden ones, those starting with _, another module's) are
// passed over, and so is what cannot be read: the go command says so. A
// link to a folder is followed, as the go command follows it to a package
// imported through it, each folder once.
func irregularBuildFile(root string) error {
	seen := map[string]bool{}
	var found error
	var walk func(dir, rel string)
	walk = func(dir, rel string) {
		real, err := filepath.EvalSymlinks(dir)
		if err != nil || seen[real] {
			return
		}
		seen[real] = true
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, e := range entries {
			if found != nil {
				return
			}
			name := e.Name()
			p, r := filepath.Join(dir, name), path.Join(rel, name)
			if e.Type().IsRegular() {
				continue
			}
			// A link is read as what it leads to; one that leads
			// nowhere is the go command's to name.
			st, err := os.Stat(p)
			switch {
			case err != nil || st.Mode().IsRegular():
			case st.IsDir():
				if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					continue
				}
				if _, err := os.Lstat(filepath.Join(p, "go.mod")); err == nil {
					continue
				}
				walk(p, r)
			case buildSource(name):
				found = &regularfile.NotRegularError{Path: r, Mode: st.Mode()}
			}
		}
	}
	walk(root, "")
	return found
}

// buildSource reports whether the go command reads a file of this name as
// a package's source.
func buildSource(name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	for _, s := range buildSuffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}
