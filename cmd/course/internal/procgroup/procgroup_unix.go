//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

// own starts cmd in a session of its own, which makes it the leader of a
// process group of its own too (End kills that group). A new session has no
// controlling terminal: a learner's test that opens /dev/tty finds none, so
// it cannot write past the escapes check spells out (a passing line over a
// failing one, the window's title) or read keys typed for the shell, as it
// could from a process group of its own on the instructor's terminal.
func own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// Kill kills cmd's process group, whatever is left of it. It may be
// called from any goroutine, while cmd runs or after: it reads only
// cmd.Process, which Start wrote.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
