//go:build unix

package cli

import (
	"os/exec"
	"syscall"
)

// detach starts cmd in a session of its own: the terminal's Ctrl-C and
// hang-up do not reach it.
func detach(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
