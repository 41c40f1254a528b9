package atomicfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteReplacesWholeAndLeavesNoTemporaryFile: the file holds the new
// content with the permissions asked for, a link at the path is replaced
// (its target untouched), and no temporary file is left beside it.
func TestWriteReplacesWholeAndLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.txt")
	require.NoError(t, os.WriteFile(target, []byte("kept\n"), 0o644))
	name := filepath.Join(dir, "out.json")
	require.NoError(t, os.Symlink(target, name))

	require.NoError(t, Write(name, []byte("new\n"), 0o640))

	raw, err := os.ReadFile(name)
	require.NoError(t, err)
	assert.Equal(t, "new\n", string(raw))
	st, err := os.Lstat(name)
	require.NoError(t, err)
	assert.True(t, st.Mode().IsRegular(), "the link is replaced")
	assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())
	raw, err = os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "kept\n", string(raw), "nothing is written through the link")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 2, "no temporary file is left")
}

// TestAFailedWriteLeavesWhatWasThere: a name that cannot take the file (a
// folder stands there) is an error, and neither it nor a temporary file
// is left changed or behind.
func TestAFailedWriteLeavesWhatWasThere(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "taken")
	require.NoError(t, os.Mkdir(name, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(name, "inside"), []byte("x"), 0o644))
	assert.Error(t, Write(name, []byte("new\n"), 0o644))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file is left")
	_, err = os.Stat(filepath.Join(name, "inside"))
	assert.NoError(t, err)
}
