//go:build !unix

package harness

import "time"

// cpuTime is 0 where the process's CPU time cannot be read; the benchmarks
// then report no CPU figures.
func cpuTime() time.Duration { return 0 }
