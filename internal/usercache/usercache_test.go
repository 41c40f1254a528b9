package usercache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
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
	assert.True(t, WriteFile(file, []byte("first")), "a file in a folder to be made")
	assert.True(t, WriteFile(file, []byte("second")))
	got, err := os.ReadFile(file)
	assert.NoError(t, err)
	assert.Equal(t, "second", string(got))

	// A folder where the file should be: refused, the folder untouched,
	// no temporary file left behind.
	taken := filepath.Join(dir, "taken")
	assert.NoError(t, os.MkdirAll(filepath.Join(taken, "inside"), 0o755))
	assert.False(t, WriteFile(taken, []byte("x")))
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
