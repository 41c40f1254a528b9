//go:build !unix

package procgroup

import "os/exec"

// own has no process groups to use here: ending cmd kills the process.
func own(cmd *exec.Cmd) {}

// End kills the process, which is all there is to end here.
func End(cmd *exec.Cmd) {
	ended(cmd)
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
