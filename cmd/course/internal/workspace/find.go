package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// NotInsideError is a folder that is not inside any course workspace: no
// folder from it up to the root has a .course.json.
type NotInsideError struct {
	Start string // the folder the search started from
	// Lost is the nearest folder on the way up that looks like a workspace
	// whose .course.json is gone, if any.
	Lost string
}

func (e *NotInsideError) Error() string {
	if e.Lost != "" {
		return fmt.Sprintf("not inside a course workspace: %s looks like one (go.mod, harness/, tests/) but has no %s; put it back with `git -C %s checkout -- %s`, as course init committed it", e.Lost, ConfigFile, e.Lost, ConfigFile)
	}
	return "not inside a course workspace; run course init DIR or cd into one"
}

// looksLikeWorkspace reports whether dir has what course init makes
// besides .course.json: a go.mod, harness/ and tests/.
func looksLikeWorkspace(dir string) bool {
	for name, folder := range map[string]bool{"go.mod": false, "harness": true, "tests": true} {
		st, err := os.Stat(filepath.Join(dir, name))
		if err != nil || st.IsDir() != folder {
			return false
		}
	}
	return true
}

// UserError marks the error as the user's to mend.
func (e *NotInsideError) UserError() bool { return true }

// Find is the workspace that start is in: start itself or the nearest
// folder above it with a .course.json, as the go command finds go.mod.
// Outside any workspace it is a *NotInsideError.
func Find(start string) (string, error) {
	abs, err := filepath.Abs(start)
	if err != nil && errors.Is(err, fs.ErrNotExist) {
		// The folder the shell is in was deleted or moved away (the
		// workspace removed and cloned again, in another terminal): the
		// learner's to mend by a cd, where "getwd: no such file or
		// directory" read as the tool's fault.
		at := "the current folder"
		if pwd := os.Getenv("PWD"); filepath.IsAbs(pwd) {
			at = pwd
		}
		return "", &Error{Path: at, Why: "is gone: the folder you are in was deleted or moved away; cd into the workspace again (`cd \"$PWD\"` when a workspace stands again where it was)"}
	}
	if err != nil {
		return "", fmt.Errorf("finding the absolute path of %s: %w", start, err)
	}
	lost := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ConfigFile)); err == nil {
			return dir, nil
		}
		if lost == "" && looksLikeWorkspace(dir) {
			lost = dir
		}
		if parent := filepath.Dir(dir); parent == dir {
			return "", &NotInsideError{Start: start, Lost: lost}
		}
	}
}
