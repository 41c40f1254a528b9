//go:build !unix

package benchtree

import "time"

// CPUTime is zero where the process's processor time cannot be read.
func CPUTime() time.Duration { return 0 }
