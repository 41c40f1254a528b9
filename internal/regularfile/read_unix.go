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
func Read(name string) ([]byte, fs.FileInfo, error) { return ReadAtMost(name, MaxSize) }

// ReadInto is Read, with the content read into buf when it has room for it
// (one byte more than the file's size): a reader of many files can hand
// the same buffer to every read, and allocate nothing per file. The
// content returned then shares buf's memory, and its capacity is the room
// read into, for the next call; a file that does not fit is read into new
// room, twice buf's or the file's size and a byte, whichever is more, so
// that a reader of files a little larger each time does not allocate for
// every one of them.
//
// Given room, ReadInto reads before it stats: a file that fits takes an
// open, one read, one fstat and a close, where an fstat first would add a
// call to every file, which counts when a check reads thousands of them.
// Something other than a regular file is still refused by that fstat,
// with no more than buf's room read from it; since only a file replaced
// while it is being opened can be anything else (a walk hands over the
// files its folder listing says are regular), that read harms nothing.
func ReadInto(name string, buf []byte) ([]byte, fs.FileInfo, error) {
	return readInto(name, buf, MaxSize)
}

// ReadAtMost is Read with a smaller limit than MaxSize: a file larger than
// limit bytes is a *TooLargeError, told by the fstat of the open file
// before anything is read, or by the read should the file have grown.
func ReadAtMost(name string, limit int64) ([]byte, fs.FileInfo, error) {
	src, info, err := readInto(name, nil, min(limit, MaxSize))
	return src[:len(src):len(src)], info, err
}

func readInto(name string, buf []byte, limit int64) ([]byte, fs.FileInfo, error) {
	fd, err := IgnoringEINTR(func() (int, error) {
		return syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return nil, nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	info := &fileStat{name: filepath.Base(name)}
	n := 0
	if cap(buf) > 0 {
		buf = buf[:cap(buf)]
		m, rerr := readSome(fd, buf)
		if err := statRegular(fd, name, info, limit); err != nil {
			return nil, nil, err
		}
		if rerr != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: rerr}
		}
		// A read short of the room that gave as many bytes as the fstat
		// after it says the file holds has read it all, and that fstat is
		// the one taken after the read.
		if m < len(buf) && int64(m) == info.st.Size {
			return buf[:m], info, nil
		}
		n = m
	} else if err := statRegular(fd, name, info, limit); err != nil {
		return nil, nil, err
	}
	size := info.st.Size
	// One byte more than the size, so that a file that grew since the
	// fstat is seen to have; a short read once the size is reached is its
	// end, which saves the last read of a zero.
	if int64(cap(buf)) <= size {
		room := size + 1
		if buf != nil && 2*int64(cap(buf)) > room && 2*int64(cap(buf)) <= limit {
			room = 2 * int64(cap(buf))
		}
		grown := make([]byte, room)
		copy(grown, buf[:n])
		buf = grown
	} else {
		buf = buf[:cap(buf)]
	}
	for {
		if n == len(buf) {
			if int64(n) > limit {
				return nil, nil, &TooLargeError{Path: name, Size: int64(n)}
			}
			buf = append(buf, make([]byte, len(buf))...)
		}
		m, err := readSome(fd, buf[n:])
		if err != nil {
			return nil, nil, &fs.PathError{Op: "read", Path: name, Err: err}
		}
		if m <= 0 {
			break
		}
		short := m < len(buf)-n
		n += m
		if short && int64(n) >= size {
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

// readSome is one read(2) into p, tried again when a signal cuts it short.
func readSome(fd int, p []byte) (int, error) {
	return IgnoringEINTR(func() (int, error) { return syscall.Read(fd, p) })
}

// IgnoringEINTR makes a system call (call) again for as long as a signal
// cuts it short, as the os package does for its own.
func IgnoringEINTR(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// statRegular fstats fd into info, and refuses what is not a regular file
// or is larger than limit.
func statRegular(fd int, name string, info *fileStat, limit int64) error {
	if err := syscall.Fstat(fd, &info.st); err != nil {
		return &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if !info.Mode().IsRegular() {
		return &NotRegularError{Path: name, Mode: info.Mode()}
	}
	if info.st.Size > limit {
		return &TooLargeError{Path: name, Size: info.st.Size}
	}
	return nil
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
