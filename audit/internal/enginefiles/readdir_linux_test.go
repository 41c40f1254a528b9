package enginefiles

import (
	"encoding/binary"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readDir lists what os.ReadDir lists, with the same types, in a folder
// whose listing takes several getdents64 calls.
func TestReadDirListsWhatOSReadDirDoes(t *testing.T) {
	dir := t.TempDir()
	// 800 records of 120 bytes are three reads of a 32 KB buffer.
	for i := range 800 {
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("%04d-%s.go", i, strings.Repeat("n", 90))), nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	require.NoError(t, os.Symlink("sub", filepath.Join(dir, "link")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644))

	want, err := os.ReadDir(dir)
	require.NoError(t, err)
	got, err := readDir(dir)
	require.NoError(t, err)
	types := func(es []fs.DirEntry) map[string]fs.FileMode {
		m := map[string]fs.FileMode{}
		for _, e := range es {
			m[e.Name()] = e.Type()
			assert.Equal(t, e.Type().IsDir(), e.IsDir(), e.Name())
		}
		return m
	}
	assert.Len(t, got, 803)
	assert.Equal(t, types(want), types(got))
	info, err := got[0].Info()
	require.NoError(t, err)
	assert.Equal(t, got[0].Name(), info.Name())

	_, err = readDir(filepath.Join(dir, "missing"))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	var pe *fs.PathError
	assert.ErrorAs(t, err, &pe)
}

// dirent is one linux_dirent64 record.
func dirent(ino uint64, typ byte, name string) []byte {
	n := direntName + len(name) + 1
	n += (8 - n%8) % 8
	rec := make([]byte, n)
	binary.NativeEndian.PutUint64(rec, ino)
	binary.NativeEndian.PutUint16(rec[direntReclen:], uint16(n))
	rec[direntType] = typ
	copy(rec[direntName:], name)
	return rec
}

// A record without a type is lstat'ed, and left out if its file is gone;
// removed records and the dot entries are left out; a record longer than
// the listing is an error that names the folder.
func TestParseDirents(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "folder"), 0o755))
	var buf []byte
	for _, r := range [][]byte{
		dirent(1, syscall.DT_DIR, "."),
		dirent(1, syscall.DT_DIR, ".."),
		dirent(2, syscall.DT_UNKNOWN, "folder"),
		dirent(3, syscall.DT_UNKNOWN, "gone"),
		dirent(0, syscall.DT_REG, "removed"),
		dirent(4, syscall.DT_REG, "file.go"),
		dirent(5, syscall.DT_CHR, "tty"),
	} {
		buf = append(buf, r...)
	}
	ents, err := parseDirents(dir, buf)
	require.NoError(t, err)
	assert.Equal(t, []cachedEntry{
		{name: "folder", typ: fs.ModeDir, dir: dir},
		{name: "file.go", typ: 0, dir: dir},
		{name: "tty", typ: fs.ModeDevice | fs.ModeCharDevice, dir: dir},
	}, ents)

	bad := dirent(6, syscall.DT_REG, "cut.go")
	binary.NativeEndian.PutUint16(bad[direntReclen:], uint16(len(bad)+8))
	_, err = parseDirents(dir, bad)
	assert.EqualError(t, err, "readdirent "+dir+": the folder listing has a record that does not fit it")
}
