//go:build !unix

package harness

import "time"

var start = time.Now()

// cpuTime stands in for the process's CPU time where it cannot be read:
// the time since the tests started.
func cpuTime() time.Duration { return time.Since(start) }
