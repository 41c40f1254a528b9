//go:build unix

package driver

import "syscall"

// quitSignal makes a Go program write every goroutine's stack and end.
var quitSignal = syscall.SIGQUIT
