// Package regularfile reads files that must be regular files. A FIFO, a
// socket or a device standing where a file was expected is refused at
// once, instead of blocking the reader (a FIFO with no writer) or never
// ending (a device); and the file examined is the file read, one open
// handle, so nothing can be swapped in between the check and the read.
package regularfile

import (
	"errors"
	"fmt"
	"io/fs"
)

// NotRegularError says a path names something other than a regular file.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file; remove it, or put a regular file in its place", e.Path, Describe(e.Mode))
}

// UserError marks the error as the user's to mend: the thing at the path
// is theirs to remove or replace.
func (e *NotRegularError) UserError() bool { return true }

// MaxSize is the largest file Read reads: no file of a course workspace
// comes near it, and a larger one (a sparse file, say, a terabyte that
// takes no room on disk) would exhaust memory instead of being refused.
const MaxSize = 1 << 30

// TooLargeError says a file is larger than MaxSize.
type TooLargeError struct {
	Path string
	Size int64
}

func (e *TooLargeError) Error() string { return e.Path + " " + e.Why() }

// Why is the error without the path: what is wrong with the file and how
// to mend it, for a message that names the file its own way.
func (e *TooLargeError) Why() string {
	return fmt.Sprintf("is %d bytes, more than the %d the course tools read; no course file is that large: remove it, or move it out of the workspace", e.Size, int64(MaxSize))
}

// UserError marks the error as the user's to mend.
func (e *TooLargeError) UserError() bool { return true }

// Describe names the kind of file a mode is, for a message: "a folder",
// "a FIFO", "a socket", "a device", "a symbolic link", or the mode itself.
func Describe(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsRegular():
		return "a regular file"
	default:
		return "mode " + m.String()
	}
}

// ReadFile is Read without the file's stat data: a drop-in for
// os.ReadFile where the file must be regular.
func ReadFile(name string) ([]byte, error) {
	src, _, err := Read(name)
	return src, err
}

// WithPath returns err naming path instead of the path it was read by, if
// err is one of this package's refusals (so that a message can name a file
// as the user knows it, not by its absolute path); otherwise nil.
func WithPath(err error, path string) error {
	var nr *NotRegularError
	var tl *TooLargeError
	switch {
	case errors.As(err, &nr):
		return &NotRegularError{Path: path, Mode: nr.Mode}
	case errors.As(err, &tl):
		return &TooLargeError{Path: path, Size: tl.Size}
	}
	return nil
}
