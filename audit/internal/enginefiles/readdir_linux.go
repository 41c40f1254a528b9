package enginefiles

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// readDir is a folder's entries in the order the file system gives them:
// no sorting, since every caller sorts what it reports.
//
// The entries are read with getdents64, as os.ReadDir reads them, but kept
// as cachedEntries whose names are parts of one string: a folder
// of thousands of files (build output, logs) costs a few allocations, not
// two for each file, and most of those files are dropped by their names
// alone. A file system that gives no type (DT_UNKNOWN) has the entry
// lstat'ed, as os.ReadDir does, and an entry gone by then is left out.
func readDir(dir string) ([]fs.DirEntry, error) {
	fd, err := openDir(dir)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: dir, Err: err}
	}
	defer syscall.Close(fd)
	// The whole listing is read first, so that its names and its entries
	// are each one allocation of the right size.
	bp := direntBuffers.Get().(*[]byte)
	defer direntBuffers.Put(bp)
	buf := (*bp)[:0]
	for {
		if cap(buf)-len(buf) < minDirentRoom {
			grown := make([]byte, len(buf), 2*cap(buf)+minDirentRoom)
			copy(grown, buf)
			buf = grown
		}
		n, err := getdents(fd, buf[len(buf):cap(buf)])
		if err != nil {
			return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: err}
		}
		if n <= 0 {
			break
		}
		buf = buf[:len(buf)+n]
	}
	keepBuffer(bp, buf)
	ents, err := parseDirents(dir, buf)
	if err != nil {
		return nil, err
	}
	return dirEntries(ents), nil
}

// minDirentRoom is the least room a getdents64 call is given: more than
// the largest record (a 255-byte name and its header).
const minDirentRoom = 4 << 10

// direntBuffers hold what getdents64 writes: 32 KB is a few hundred
// entries a call.
var direntBuffers = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// The layout of a struct linux_dirent64: inode (8 bytes), offset (8),
// record length (2), type (1), then the name and a NUL.
const (
	direntReclen = 16
	direntType   = 18
	direntName   = 19
)

// errDirent says getdents64 gave a record that does not fit what it read.
var errDirent = errors.New("the folder listing has a record that does not fit it")

// parseDirents is the entries of the records in buf, what getdents64 gave
// for the folder dir.
func parseDirents(dir string, buf []byte) ([]cachedEntry, error) {
	count := 0
	for off := 0; off+direntName <= len(buf); {
		reclen := int(binary.NativeEndian.Uint16(buf[off+direntReclen:]))
		if reclen < direntName || off+reclen > len(buf) {
			return nil, &fs.PathError{Op: "readdirent", Path: dir, Err: errDirent}
		}
		off += reclen
		count++
	}
	ents := make([]cachedEntry, 0, count)
	names := string(buf) // one allocation; every name is a part of it
	for off := 0; off+direntName <= len(buf); {
		rec := buf[off : off+int(binary.NativeEndian.Uint16(buf[off+direntReclen:]))]
		start := off + direntName
		off += len(rec)
		if binary.NativeEndian.Uint64(rec) == 0 {
			continue // a removed entry some file systems leave in place
		}
		end := bytes.IndexByte(rec[direntName:], 0)
		if end < 0 {
			end = len(rec) - direntName
		}
		name := names[start : start+end]
		if name == "." || name == ".." || name == "" {
			continue
		}
		typ, known := direntMode(rec[direntType])
		if !known {
			st, err := os.Lstat(filepath.Join(dir, name))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				return nil, err
			}
			typ = st.Mode().Type()
		}
		ents = append(ents, cachedEntry{name: name, typ: typ, dir: dir})
	}
	return ents, nil
}

// direntMode is the file type a dirent's d_type gives; false for
// DT_UNKNOWN, which only an lstat can tell.
func direntMode(t byte) (fs.FileMode, bool) {
	switch t {
	case syscall.DT_REG:
		return 0, true
	case syscall.DT_DIR:
		return fs.ModeDir, true
	case syscall.DT_LNK:
		return fs.ModeSymlink, true
	case syscall.DT_FIFO:
		return fs.ModeNamedPipe, true
	case syscall.DT_SOCK:
		return fs.ModeSocket, true
	case syscall.DT_BLK:
		return fs.ModeDevice, true
	case syscall.DT_CHR:
		return fs.ModeDevice | fs.ModeCharDevice, true
	}
	return 0, false
}

// openDir opens a folder to list it.
func openDir(dir string) (int, error) {
	return regularfile.IgnoringEINTR(func() (int, error) {
		return syscall.Open(dir, syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	})
}

// getdents is one getdents64 call into buf.
func getdents(fd int, buf []byte) (int, error) {
	return regularfile.IgnoringEINTR(func() (int, error) { return syscall.ReadDirent(fd, buf) })
}
