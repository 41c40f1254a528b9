//go:build !unix

package gotest

import "os/exec"

// inGroup has no process groups to use here: cancelling kills the process.
func inGroup(cmd *exec.Cmd) {}

// endGroup kills the process, which is all there is to end here.
func endGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

// canHandFiles: here a child cannot be handed open files beyond stdin,
// stdout and stderr.
const canHandFiles = false
