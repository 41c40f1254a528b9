//go:build !unix

package harness

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
