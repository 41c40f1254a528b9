//go:build unix

package enginefiles

import "syscall"

// nonBlock opens a FIFO without waiting for its other end.
const nonBlock = syscall.O_NONBLOCK
