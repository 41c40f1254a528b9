//go:build unix

package benchtree

import (
	"syscall"
	"time"
)

// CPUTime is the processor time (user and system) the process and the
// children it has waited for have used so far. On a shared machine the wall
// time of a benchmark depends on the other load; this does much less.
func CPUTime() time.Duration {
	var self, children syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &self) != nil || syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children) != nil {
		return 0
	}
	tv := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return tv(self.Utime) + tv(self.Stime) + tv(children.Utime) + tv(children.Stime)
}
