package enginefiles

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheReadHookIsGivenTheFilesAsTheWalkFoundThem: the read hook is given
// each file the walk read, before the walk visits it, with its content and
// what Lstat says of it; a link's content is not given (the check reads
// its target itself), and a file's Info is what Lstat says of it, read or
// not.
func TestTheReadHookIsGivenTheFilesAsTheWalkFoundThem(t *testing.T) {
	for _, readAll := range []bool{false, true} {
		f := newCacheFixture(t)
		f.write("engine/more.go", "package engine\n\nvar n int\n")
		f.write("engine/notes.md", "notes\n")
		require.NoError(t, os.Symlink("more.go", filepath.Join(f.dir, "engine", "alias.go")))
		tr, err := Open(f.dir, true)
		require.NoError(t, err)
		var mu sync.Mutex
		given := map[string]string{}
		tr.SetReadHook(readAll, func(p string, c *Content) {
			src, info := c.Src, c.Info
			st, err := os.Lstat(filepath.Join(f.dir, filepath.FromSlash(p)))
			require.NoError(t, err)
			assert.True(t, st.Mode().IsRegular(), p)
			assert.Equal(t, st.Size(), info.Size(), p)
			mu.Lock()
			defer mu.Unlock()
			_, twice := given[p]
			assert.False(t, twice, "%s given twice", p)
			given[p] = string(src)
		})
		kept := map[string]string{}
		require.NoError(t, tr.Walk("engine", Visitor{File: func(file File) error {
			st, err := os.Lstat(file.Abs)
			require.NoError(t, err)
			assert.Equal(t, st.Mode(), file.Info.Mode(), file.Path)
			assert.Equal(t, st.Size(), file.Info.Size(), file.Path)
			assert.True(t, st.ModTime().Equal(file.Info.ModTime()), file.Path)
			mu.Lock()
			defer mu.Unlock()
			if src, ok := given[file.Real]; ok {
				kept[file.Path] = src
			}
			return nil
		}}))
		// The Go files are read for their //go:embed lines (an ignored log
		// sits beside them); with readAll, every file is.
		want := map[string]string{"engine/world.go": "package engine\n", "engine/more.go": "package engine\n\nvar n int\n"}
		if readAll {
			want["engine/notes.md"] = "notes\n"
		}
		assert.Equal(t, want, kept, "readAll %v", readAll)
	}
}
