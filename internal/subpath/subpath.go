// Package subpath tells whether a path names a folder or something beneath
// it, and by what path from there. It judges names alone: where a link
// could lead out of the folder, callers resolve links first.
package subpath

import (
	"path/filepath"
	"strings"
)

// Rel is p relative to dir (in the system's separators, "." for dir
// itself) when p is dir or beneath it; ok is false when p lies elsewhere
// or the two cannot be related (one absolute and one not, another volume).
// A name that merely begins with two dots ("..x") is beneath dir.
func Rel(dir, p string) (rel string, ok bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// In reports whether p is dir or beneath it.
func In(dir, p string) bool {
	_, ok := Rel(dir, p)
	return ok
}
