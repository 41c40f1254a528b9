//go:build !unix

package workspace

// lockOpenFlags is none here: Windows has no FIFO in its folders to wait
// on, and a link at the lock path is refused before the open.
const lockOpenFlags = 0
