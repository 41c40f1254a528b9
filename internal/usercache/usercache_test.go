package usercache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDir(t *testing.T) {
	t.Setenv(EnvVar, "/somewhere")
	assert.Equal(t, "/somewhere", Dir())
	t.Setenv(EnvVar, "off")
	assert.Equal(t, "", Dir())
	t.Setenv(EnvVar, "")
	if base, err := os.UserCacheDir(); err == nil {
		assert.Equal(t, filepath.Join(base, "systemic-game-design-course"), Dir())
	}
}

func TestWriteFileWritesWholeOrNotAtAll(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "made", "verdicts")
	assert.NoError(t, WriteFile(file, []byte("first")), "a file in a folder to be made")
	assert.NoError(t, WriteFile(file, []byte("second")))
	got, err := os.ReadFile(file)
	assert.NoError(t, err)
	assert.Equal(t, "second", string(got))

	// A folder where the file should be: refused, the folder untouched,
	// no temporary file left behind.
	taken := filepath.Join(dir, "taken")
	assert.NoError(t, os.MkdirAll(filepath.Join(taken, "inside"), 0o755))
	assert.Error(t, WriteFile(taken, []byte("x")))
	entries, err := os.ReadDir(dir)
	assert.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"made", "taken"}, names)
	_, err = os.Stat(filepath.Join(taken, "inside"))
	assert.NoError(t, err)
}

// CreateFile writes a file that is not there, and leaves one that is as
// it was, saying so: of two runs that each write a first record, the
// first one's stays.
func TestCreateFileNeverReplacesAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "made", "record")
	created, err := CreateFile(file, []byte("first"))
	assert.NoError(t, err)
	assert.True(t, created)
	created, err = CreateFile(file, []byte("second"))
	assert.NoError(t, err)
	assert.False(t, created, "a file there already is not written over")
	got, err := os.ReadFile(file)
	assert.NoError(t, err)
	assert.Equal(t, "first", string(got))
	left, err := filepath.Glob(filepath.Join(filepath.Dir(file), ".*"))
	assert.NoError(t, err)
	assert.Empty(t, left, "no temporary file is left behind")
}

// A cache reads back as it was written, and as none once it is not whole:
// cut short, changed, or emptied, as a power loss can leave a file that
// was never synced. A record (WriteFile) is synced instead, and read as
// it is.
func TestACacheNotWholeReadsAsNone(t *testing.T) {
	file := filepath.Join(t.TempDir(), "made", "verdicts")
	data := []byte("some verdicts, in a format of the cache's own")
	require.True(t, WriteCache(file, data))
	got, ok := ReadCache(file)
	require.True(t, ok)
	assert.Equal(t, data, got)

	whole, err := os.ReadFile(file)
	require.NoError(t, err)
	for name, spoilt := range map[string][]byte{
		"cut short":          whole[:len(whole)-1],
		"cut at the data":    whole[:len(data)],
		"a byte changed":     append(append([]byte{}, whole[:3]...), append([]byte{whole[3] ^ 1}, whole[4:]...)...),
		"emptied":            {},
		"zeroed":             make([]byte, len(whole)),
		"longer than sealed": append(append([]byte{}, whole...), '\n'),
	} {
		require.NoError(t, os.WriteFile(file, spoilt, 0o644))
		_, ok := ReadCache(file)
		assert.False(t, ok, name)
	}

	_, ok = ReadCache(filepath.Join(t.TempDir(), "none"))
	assert.False(t, ok, "no file")
}
