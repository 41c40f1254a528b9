// Package startheap lets a short-lived program put off its first garbage
// collection until its heap has grown to a given size.
//
// Go collects first when the heap reaches 4 MiB, and then whenever it has
// doubled. A command of the course program allocates tens of megabytes in
// a few milliseconds (package initialization alone allocates about 6 MiB)
// while keeping little of it, so at the default it collects several times
// for garbage it would have dropped at exit anyway. The Go compiler starts
// with a larger heap for the same reason.
package startheap

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
)

// Defer turns the collector off until the program's memory reaches limit
// bytes; the first collection then restores the collector's defaults, so a
// long-running command (watch, play) costs no more memory than limit
// before it behaves as any Go program does. A user who sets GOGC or
// GOMEMLIMIT keeps what they set.
func Defer(limit int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	percent := debug.SetGCPercent(-1)
	debug.SetMemoryLimit(limit)
	// The sentinel is unreachable from the start, so the first collection
	// frees it and its cleanup hands the heap back to GOGC.
	sentinel := new(sentinel)
	runtime.AddCleanup(sentinel, restore, percent)
}

// sentinel is large enough to be a heap object of its own (tiny objects
// share a block, and a cleanup on one may never run).
type sentinel [32]byte

func restore(percent int) {
	debug.SetGCPercent(percent)
	debug.SetMemoryLimit(math.MaxInt64)
}
