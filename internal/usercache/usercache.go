// Package usercache says where course keeps what it keeps for the user
// between runs (the audit's verdicts, the folder listings, what Go files
// import, the key that signs a kept check): the user's cache folder, or
// the one COURSE_CACHE_DIR names, or none.
package usercache

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// EnvVar names a folder to keep the caches in instead of the user's cache
// folder; "off" keeps none.
const EnvVar = "COURSE_CACHE_DIR"

// Dir is the folder the caches live in; "" for none (EnvVar is "off", or
// the user has no cache folder).
func Dir() string {
	dir := os.Getenv(EnvVar)
	if dir == "off" {
		return ""
	}
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(base, "systemic-game-design-course")
	}
	return dir
}

// WriteFile writes a cache file whole or not at all (a temporary file
// renamed into place), making its folder; false when it cannot be
// written, which only costs the next run time.
func WriteFile(file string, data []byte) bool {
	tmp, err := writeTemp(file, data)
	if err != nil {
		return false
	}
	if os.Rename(tmp, file) != nil {
		os.Remove(tmp)
		return false
	}
	return true
}

// CreateFile writes a new cache file whole or not at all, and never in
// place of one that is there: a temporary file linked into place, so that
// of two runs at once that each write the file, the first one's stays and
// the second is told (created false, no error). It makes the folder.
func CreateFile(file string, data []byte) (created bool, err error) {
	tmp, err := writeTemp(file, data)
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp)
	if err := os.Link(tmp, file); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("writing %s: %w", file, err)
	}
	return true, nil
}

// writeTemp writes data to a new temporary file beside file, making the
// folder, and gives its name. The data is synced before the file is
// closed: a file renamed or linked into place after a power loss is then
// what was written, not empty.
func writeTemp(file string, data []byte) (string, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return "", fmt.Errorf("making the folder of %s: %w", file, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+"-*")
	if err != nil {
		return "", fmt.Errorf("writing %s: %w", file, err)
	}
	_, werr := tmp.Write(data)
	var serr error
	if werr == nil {
		serr = tmp.Sync()
	}
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return "", fmt.Errorf("writing %s: %w", file, err)
	}
	return tmp.Name(), nil
}
