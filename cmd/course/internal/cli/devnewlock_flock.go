//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/gofrs/flock"
)

// lockCourseFolder takes dev new-module's lock: flock(2) on the course
// folder itself, so no file is left in it, and a run that is stopped lets
// go with its last descriptor. Without it, a second run's clearLeftAside
// would take the first's folder aside, in mid-write, for one a stopped
// run left, and remove it.
func lockCourseFolder(ctx context.Context, courseDir string) (unlock func(), err error) {
	lock := flock.New(courseDir, flock.SetFlag(os.O_RDONLY))
	wait, cancel := context.WithTimeout(ctx, devNewLockWait)
	defer cancel()
	locked, err := lock.TryLockContext(wait, 20*time.Millisecond)
	switch {
	case err == nil && locked:
		return func() { _ = lock.Unlock() }, nil
	case ctx.Err() != nil:
		return nil, fmt.Errorf("stopped while waiting for another course dev new-module in %s: %w", courseDir, context.Cause(ctx))
	case err == nil || errors.Is(err, context.DeadlineExceeded):
		return nil, usagef("course dev new-module: another course dev new-module is writing a module in %s and has not ended in %s; wait for it to end, or end it, and run this one again", courseDir, devNewLockWait)
	default:
		return nil, fmt.Errorf("locking %s so that no other dev new-module writes in it meanwhile: %w", courseDir, err)
	}
}
