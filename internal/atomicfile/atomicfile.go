// Package atomicfile writes a file whole or not at all: the content goes
// to a temporary file beside it, which is then renamed into place, so a
// reader never sees half of it, a stop mid-write leaves what was there,
// and a symbolic link standing at the path is replaced, not written
// through.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes data to name with the permissions perm, as the package
// says. Its errors are the file system's, naming the temporary file or
// name.
func Write(name string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	err = errors.Join(werr, tmp.Close(), os.Chmod(tmp.Name(), perm))
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
