//go:build linux || darwin

package regularfile

import (
	"io/fs"
	"path/filepath"
	"syscall"
	"time"
)

// Read returns the content of the file at name, following links, and what
// fstat says of it once it is read, if it is a regular file; otherwise a
// *NotRegularError (or a *TooLargeError past MaxSize).
// Errors opening or reading it are *fs.PathErrors. The file is opened
// without blocking (a FIFO would wait for a writer) and read with plain
// system calls: open, fstat, read, fstat, close; the os package's files
// cost several more, which counts when a check reads thousands of small
// files.
func Read(name string) ([]byte, fs.FileInfo, error) {
	src, info, err := ReadInto(name, nil)
	return src[:len(src):len(src)], info, err
}

// ReadInto is Read, with the content read into buf when it has room for it
// (one byte more than the file's size): a reader of many files can hand
// the same buffer to every read, and allocate nothing per file. The
// content returned then shares buf's memory, and its capacity is the room
// read into, for the next call.
func ReadInto(name string, buf []byte) ([]byte, fs.FileInfo, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return nil, nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	info := &fileStat{name: filepath.Base(name), st: st}
	if !info.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: name, Mode: info.Mode()}
	}
	if st.Size > MaxSize {
		return nil, nil, &TooLargeError{Path: name, Size: st.Size}
	}
	// One byte more than the size, so that a file that grew since the
	// fstat is seen to have; a short read once the size is reached is its
	// end, which saves the last read of a zero.
	if int64(cap(buf)) > st.Size {
		buf = buf[:st.Size+1]
	} else {
		buf = make([]byte, st.Size+1)
	}
	n := 0
	for {
		if n == len(buf) {
			if n > MaxSize {
				return nil, nil, &TooLargeError{Path: name, Size: int64(n)}
			}
			buf = append(buf, make([]byte, len(buf))...)
		}
		m, err := syscall.Read(fd, buf[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m <= 0 {
			break
		}
		short := m < len(buf)-n
		n += m
		if short && int64(n) >= st.Size {
			break
		}
	}
	// The stat data returned is taken after the read: a caller that finds
	// it unchanged since some earlier moment (git's index, say) knows the
	// content read is the content of that moment, since any write in
	// between would have moved the change time.
	if err := syscall.Fstat(fd, &info.st); err != nil {
		return nil, nil, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	return buf[:n], info, nil
}

// fileStat is an fs.FileInfo made from a Stat_t, as os.Lstat's is: Sys
// returns the *syscall.Stat_t.
type fileStat struct {
	name string
	st   syscall.Stat_t
}

func (f *fileStat) Name() string       { return f.name }
func (f *fileStat) Size() int64        { return f.st.Size }
func (f *fileStat) IsDir() bool        { return f.Mode().IsDir() }
func (f *fileStat) ModTime() time.Time { return modTime(&f.st) }
func (f *fileStat) Sys() any           { return &f.st }

func (f *fileStat) Mode() fs.FileMode {
	m := fs.FileMode(f.st.Mode & 0o777)
	switch f.st.Mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	}
	if f.st.Mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if f.st.Mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if f.st.Mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}
