//go:build unix

package gotest

import (
	"os/exec"
	"syscall"
)

// inGroup makes cmd the leader of a process group of its own, so that
// ending it ends every process it started: the go command's compilers, a
// test binary's children.
func inGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { endGroup(cmd); return nil }
}

// endGroup kills cmd's process group, whatever is left of it.
func endGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

// canHandFiles: a child can be handed open files beyond stdin, stdout and
// stderr (exec.Cmd.ExtraFiles).
const canHandFiles = true
