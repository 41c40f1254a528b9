//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cli

import "context"

// lockCourseFolder takes no lock where a folder cannot be locked with
// flock(2): two dev new-module runs at once in one checkout there can
// have the second remove the first's folder aside, and the first then
// says it could not finish.
func lockCourseFolder(context.Context, string) (func(), error) { return func() {}, nil }
