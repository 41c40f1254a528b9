//go:build unix

package game

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used, user and system; ok is
// false where it cannot be read.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
