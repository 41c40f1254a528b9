package enginefiles

import (
	"path/filepath"
	"testing"
)

// TestEntryPathsAreJoinsResults: the Path and place on disk a walk makes
// as one string are what join and filepath.Join make, for every root.
func TestEntryPathsAreJoinsResults(t *testing.T) {
	for _, root := range []string{"/tmp/ws", "/", "/tmp//ws/", "/tmp/ws/../ws", "ws", "."} {
		for _, clean := range []bool{true, false} {
			w := &walker{t: &Tree{Root: root}}
			if clean {
				w.diskPrefix = rootSlash(root)
			}
			for _, c := range []struct{ rel, name string }{{".", "a.go"}, {"engine", "a.go"}, {"engine/p01", ".gitignore"}} {
				p, abs := w.entryPaths(c.rel, c.name)
				wantP := join(c.rel, c.name)
				if wantAbs := filepath.Join(root, filepath.FromSlash(wantP)); p != wantP || abs != wantAbs {
					t.Errorf("root %q, %q in %q: %q, %q; want %q, %q", root, c.name, c.rel, p, abs, wantP, wantAbs)
				}
			}
		}
	}
}
