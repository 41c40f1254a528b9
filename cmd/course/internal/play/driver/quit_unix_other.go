//go:build unix && !linux

package driver

import (
	"os"
	"syscall"
)

// askForStacks sends the engine SIGQUIT, on which a Go program writes
// every goroutine's stack and ends.
func askForStacks(p *os.Process) error { return p.Signal(syscall.SIGQUIT) }

// awaitEnd returns at once: p.Signal sends nothing to a process Wait has
// reaped.
func awaitEnd(*os.Process) {}
