//go:build unix

package workspace

import "syscall"

// lockOpenFlags opens the lock file itself, never a link's target, and
// without waiting for a writer if a FIFO stands there.
const lockOpenFlags = syscall.O_NOFOLLOW | syscall.O_NONBLOCK
