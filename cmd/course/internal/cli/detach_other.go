//go:build !unix

package cli

import "os/exec"

// detach leaves cmd as it is where there are no sessions to start it in.
func detach(*exec.Cmd) {}
