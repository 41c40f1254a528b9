//go:build !unix

package procgroup

import "os/exec"

// own has no process groups to use here: ending cmd kills the process.
func own(cmd *exec.Cmd) {}

// Kill kills the process, which is all there is to end here. It may be
// called from any goroutine, while cmd runs or after.
func Kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
