package driver

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// askForStacks sends the engine SIGQUIT, on which a Go program writes
// every goroutine's stack and ends, aimed at its main thread. Until the
// driver's main has begun (an init of the learner's that never returns),
// the runtime's own handler writes the dump, and it can trace a running
// goroutine only from the thread it runs on: the goroutine that runs the
// inits is held on the main thread then, and a signal sent to the
// process may be taken by any thread free for it, the runtime's monitor
// among them, which leaves that goroutine's stack unknown. Once main
// runs, the driver's handler stops every goroutine and traces them all,
// whichever thread the signal reached. Call it only before the engine is
// reaped (see engineProcess): the main thread's id is the process's.
func askForStacks(p *os.Process) error {
	return unix.Tgkill(p.Pid, p.Pid, unix.SIGQUIT)
}

// awaitEnd returns once the process p has ended, leaving it for Wait to
// reap (or at once if it cannot be waited for here).
func awaitEnd(p *os.Process) {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, p.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			return
		}
	}
}
