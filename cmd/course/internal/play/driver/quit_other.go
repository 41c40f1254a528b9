//go:build !unix

package driver

import "os"

// quitSignal ends the program where there is no signal for a Go program's
// stacks.
var quitSignal = os.Kill
