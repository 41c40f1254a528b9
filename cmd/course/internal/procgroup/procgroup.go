// Package procgroup ends a command together with every process it started:
// the go command's compilers and the test binaries it runs, and whatever a
// test starts in turn, so that nothing a check or dev check started
// outlives it, or holds its output open after it was stopped.
package procgroup

import (
	"os/exec"
	"time"
)

// WaitDelay is how long a stopped command's output may stay open (a
// process of its group that ignored the kill, say) before Wait gives up on
// it.
const WaitDelay = 5 * time.Second

// Own makes cmd the leader of a process group of its own, ended whole when
// cmd's context is done, and bounds how long Wait waits for its output
// after that. Call End once cmd has ended, for what it left running.
func Own(cmd *exec.Cmd) {
	own(cmd)
	cmd.Cancel = func() error { End(cmd); return nil }
	cmd.WaitDelay = WaitDelay
}
