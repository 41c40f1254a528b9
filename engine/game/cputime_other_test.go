//go:build !unix

package game

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
