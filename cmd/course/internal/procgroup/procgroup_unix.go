//go:build unix

package procgroup

import (
	"os/exec"
	"syscall"
)

func own(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// End kills cmd's process group, whatever is left of it.
func End(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
