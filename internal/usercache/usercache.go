// Package usercache says where course keeps what it keeps for the user
// between runs (the audit's verdicts, the folder listings, what Go files
// import, the key that signs a kept check): the user's cache folder, or
// the one COURSE_CACHE_DIR names, or none.
package usercache

import (
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
	if os.MkdirAll(filepath.Dir(file), 0o755) != nil {
		return false
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+"-*")
	if err != nil {
		return false
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), file) != nil {
		os.Remove(tmp.Name())
		return false
	}
	return true
}
