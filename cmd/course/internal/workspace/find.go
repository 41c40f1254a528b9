package workspace

import (
	"fmt"
	"os"
	"path/filepath"
)

// NotInsideError is a folder that is not inside any course workspace: no
// folder from it up to the root has a .course.json.
type NotInsideError struct {
	Start string // the folder the search started from
}

func (e *NotInsideError) Error() string {
	return "not inside a course workspace; run course init DIR or cd into one"
}

// UserError marks the error as the user's to mend.
func (e *NotInsideError) UserError() bool { return true }

// Find is the workspace that start is in: start itself or the nearest
// folder above it with a .course.json, as the go command finds go.mod.
// Outside any workspace it is a *NotInsideError.
func Find(start string) (string, error) {
	abs, err := filepath.Abs(start)
	if err != nil {
		return "", fmt.Errorf("finding the absolute path of %s: %w", start, err)
	}
	for dir := abs; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ConfigFile)); err == nil {
			return dir, nil
		}
		if parent := filepath.Dir(dir); parent == dir {
			return "", &NotInsideError{Start: start}
		}
	}
}
