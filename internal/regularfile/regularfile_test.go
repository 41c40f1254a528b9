//go:build linux || darwin

package regularfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
)

func TestReadGivesTheContentAndWhatLstatSays(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 4095, 4096, 70000} {
		p := filepath.Join(dir, "f")
		want := []byte(strings.Repeat("x", size))
		require.NoError(t, os.WriteFile(p, want, 0o640))
		st, err := os.Lstat(p)
		require.NoError(t, err)
		// Read, and ReadInto a buffer the file fits in and one it does not.
		for _, read := range []func() ([]byte, fs.FileInfo, error){
			func() ([]byte, fs.FileInfo, error) { return Read(p) },
			func() ([]byte, fs.FileInfo, error) { return ReadInto(p, make([]byte, 80000)) },
			func() ([]byte, fs.FileInfo, error) { return ReadInto(p, make([]byte, 1000)) },
		} {
			got, info, err := read()
			require.NoError(t, err)
			assert.Equal(t, want, got, "size %d", size)
			assert.Equal(t, st.Size(), info.Size())
			assert.Equal(t, st.Mode(), info.Mode())
			assert.True(t, st.ModTime().Equal(info.ModTime()))
			assert.Equal(t, "f", info.Name())
			assert.False(t, info.IsDir())
			lst, fst := st.Sys().(*syscall.Stat_t), info.Sys().(*syscall.Stat_t)
			assert.Equal(t, [2]uint64{uint64(lst.Dev), lst.Ino}, [2]uint64{uint64(fst.Dev), fst.Ino}, "Sys must carry the file's identity")
		}
	}
}

func TestReadIntoReadsIntoTheBufferWhenItHasRoom(t *testing.T) {
	dir := t.TempDir()
	small, large := filepath.Join(dir, "small"), filepath.Join(dir, "large")
	require.NoError(t, os.WriteFile(small, []byte("package engine\n"), 0o644))
	require.NoError(t, os.WriteFile(large, []byte(strings.Repeat("y", 5000)), 0o644))
	buf := make([]byte, 4096)

	got, _, err := ReadInto(small, buf)
	require.NoError(t, err)
	assert.Equal(t, "package engine\n", string(got))
	assert.Same(t, &buf[0], &got[0], "a file that fits is read into the buffer given")
	assert.Equal(t, cap(buf), cap(got), "the room read into is handed back for the next read")

	got, _, err = ReadInto(large, buf)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("y", 5000), string(got))
	assert.Equal(t, 2*cap(buf), cap(got), "a file that does not fit is read into twice the room, for the files after it")

	// A file exactly the buffer's size does not fit: the byte more is what
	// tells that it did not grow.
	exact := filepath.Join(dir, "exact")
	require.NoError(t, os.WriteFile(exact, []byte(strings.Repeat("z", 4096)), 0o644))
	got, _, err = ReadInto(exact, buf)
	require.NoError(t, err)
	assert.Equal(t, 4096, len(got))
	assert.NotSame(t, &buf[0], &got[0])

	got, _, err = Read(small)
	require.NoError(t, err)
	assert.Equal(t, len(got), cap(got), "Read hands out no spare room to append into")

	// A file far larger than the buffer gets room of its own size.
	huge := filepath.Join(dir, "huge")
	require.NoError(t, os.WriteFile(huge, []byte(strings.Repeat("h", 20000)), 0o644))
	got, info, err := ReadInto(huge, buf)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("h", 20000), string(got))
	assert.Equal(t, int64(20000), info.Size())
	assert.Equal(t, 20001, cap(got))
}

// With a buffer, ReadInto reads before it stats; what it refuses, and what
// it reads past the stat size, is as without one.
func TestReadIntoABufferRefusesAndReadsAsReadDoes(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.go")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	paths := []struct{ path, kind string }{{fifo, "a FIFO"}, {dir, "a folder"}}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths = append(paths, struct{ path, kind string }{"/dev/zero", "a device"})
	}
	for _, c := range paths {
		buf := make([]byte, 64)
		err := testws.Within(t, 5*time.Second, fmt.Sprintf("ReadInto(%s) blocked", c.path), func() error { _, _, err := ReadInto(c.path, buf); return err })
		var nr *NotRegularError
		require.ErrorAs(t, err, &nr, c.path)
		assert.Equal(t, c.path+" is "+c.kind+", not a regular file; remove it, or put a regular file in its place", err.Error())
	}
	if runtime.GOOS == "linux" {
		got, _, err := ReadInto("/proc/self/status", make([]byte, 16))
		require.NoError(t, err)
		assert.Contains(t, string(got), "Name:")
		assert.Contains(t, string(got), "Pid:", "read past the first read's room and the stat size of 0")
	}
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	got, info, err := ReadInto(empty, make([]byte, 8))
	require.NoError(t, err)
	assert.Empty(t, got)
	assert.Equal(t, int64(0), info.Size())
}

func TestReadFollowsALinkToAFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "target"), []byte("content"), 0o644))
	require.NoError(t, os.Symlink("target", filepath.Join(dir, "link")))
	got, info, err := Read(filepath.Join(dir, "link"))
	require.NoError(t, err)
	assert.Equal(t, "content", string(got))
	assert.True(t, info.Mode().IsRegular())
}

// A file whose size stat gives as 0 but which has content (as files under
// /proc do) is read to its end.
func TestReadReadsPastTheStatSize(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs /proc")
	}
	got, _, err := Read("/proc/self/status")
	require.NoError(t, err)
	assert.Contains(t, string(got), "Name:")
}

func TestReadRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.go")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	require.NoError(t, os.Symlink("pipe.go", filepath.Join(dir, "link.go")))
	for _, c := range []struct{ path, kind string }{
		{fifo, "a FIFO"},
		{filepath.Join(dir, "link.go"), "a FIFO"},
		{dir, "a folder"},
	} {
		err := testws.Within(t, 5*time.Second, fmt.Sprintf("Read(%s) blocked", c.path), func() error { _, _, err := Read(c.path); return err })
		var nr *NotRegularError
		require.ErrorAs(t, err, &nr, c.path)
		assert.Equal(t, c.path+" is "+c.kind+", not a regular file; remove it, or put a regular file in its place", err.Error())
		assert.True(t, nr.UserError())
	}
}

func TestReadOfAMissingFileIsNotExist(t *testing.T) {
	_, _, err := Read(filepath.Join(t.TempDir(), "missing"))
	assert.True(t, errors.Is(err, fs.ErrNotExist), "%v", err)
	var pe *fs.PathError
	assert.ErrorAs(t, err, &pe)
}

func TestDescribe(t *testing.T) {
	for m, want := range map[fs.FileMode]string{
		fs.ModeDir | 0o755: "a folder",
		fs.ModeNamedPipe:   "a FIFO",
		fs.ModeSocket:      "a socket",
		fs.ModeDevice | fs.ModeCharDevice | 0o666: "a device",
		fs.ModeSymlink:   "a symbolic link",
		0o644:            "a regular file",
		fs.ModeIrregular: "mode ?---------",
	} {
		assert.Equal(t, want, Describe(m), "%v", m)
	}
}

// A file larger than MaxSize (here a sparse one, which takes no room on
// disk) is refused before anything is read into memory.
func TestReadRefusesAFileTooLargeToHold(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.go")
	f, err := os.Create(p)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(1<<40))
	require.NoError(t, f.Close())
	_, _, err = Read(p)
	var tl *TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, int64(1<<40), tl.Size)
	assert.True(t, tl.UserError())
	assert.Contains(t, err.Error(), "huge.go is 1099511627776 bytes, more than the 1073741824 the course tools read")
}

func TestWithPathNamesTheFileAsGiven(t *testing.T) {
	got := WithPath(fmt.Errorf("reading: %w", &NotRegularError{Path: "/abs/engine/x.go", Mode: fs.ModeNamedPipe}), "engine/x.go")
	assert.Equal(t, &NotRegularError{Path: "engine/x.go", Mode: fs.ModeNamedPipe}, got)
	got = WithPath(&TooLargeError{Path: "/abs/big", Size: 5}, "big")
	assert.Equal(t, &TooLargeError{Path: "big", Size: 5}, got)
	assert.Nil(t, WithPath(fs.ErrNotExist, "x"))
}
