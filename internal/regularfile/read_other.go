//go:build !linux && !darwin

package regularfile

import (
	"io"
	"io/fs"
	"os"
)

// Read returns the content of the file at name, following links, and what
// stat says of it once it is read, if it is a regular file; otherwise a
// *NotRegularError (or a *TooLargeError past MaxSize).
// The check and the read use one open handle.
func Read(name string) ([]byte, fs.FileInfo, error) { return ReadAtMost(name, MaxSize) }

// ReadInto is Read; buf is not used here, where the os package reads.
func ReadInto(name string, _ []byte) ([]byte, fs.FileInfo, error) {
	return read(name, MaxSize)
}

// ReadAtMost is Read with a smaller limit than MaxSize: a file larger than
// limit bytes is a *TooLargeError.
func ReadAtMost(name string, limit int64) ([]byte, fs.FileInfo, error) {
	return read(name, min(limit, MaxSize))
}

func read(name string, limit int64) ([]byte, fs.FileInfo, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: name, Mode: info.Mode()}
	}
	if info.Size() > limit {
		return nil, nil, &TooLargeError{Path: name, Size: info.Size()}
	}
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(raw)) > limit {
		return nil, nil, &TooLargeError{Path: name, Size: int64(len(raw))}
	}
	if err != nil {
		return nil, nil, err
	}
	// Taken again after the read, as on Linux and macOS.
	if info, err = f.Stat(); err != nil {
		return nil, nil, err
	}
	return raw, info, nil
}
