//go:build !linux

package enginefiles

import (
	"io/fs"
	"os"
)

// readDir is a folder's entries in the order the file system gives them:
// no sorting, since every caller sorts what it reports.
func readDir(dir string) ([]fs.DirEntry, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.ReadDir(-1)
}
