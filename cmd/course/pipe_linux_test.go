package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// shrinkPipe makes the pipe f reads from hold a page, the least Linux
// allows.
func shrinkPipe(f *os.File) error {
	_, err := unix.FcntlInt(f.Fd(), unix.F_SETPIPE_SZ, 4096)
	return err
}
