//go:build linux || darwin

package enginefiles

import (
	"io/fs"
	"os"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// vouches reports whether the index entry still describes the file, so that
// its hash can be trusted without reading the file: size, modification time,
// change time, inode and device all as recorded, and the file last modified
// before the index was written (git's racy-file rule). Restoring a
// modification time (touch -r, cp -p) changes the change time, so such an
// edit is read and hashed. Where the change time cannot be had, nothing is
// vouched for. Checks ask a Tree (Tree.Vouches), which may trust no entry.
func vouches(e *index.Entry, info fs.FileInfo, indexTime time.Time) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || e.CreatedAt.IsZero() || indexTime.IsZero() {
		return false
	}
	ctime := statCtime(st)
	return int64(e.Size) == info.Size() &&
		e.ModifiedAt.Equal(info.ModTime()) &&
		e.CreatedAt.Equal(ctime) &&
		e.Inode == uint32(st.Ino) && e.Dev == uint32(st.Dev) &&
		info.ModTime().Before(indexTime) && ctime.Before(indexTime)
}

// folderStamp is a folder's stat data, false where it cannot be had.
func folderStamp(abs string) (dirStamp, bool) {
	info, err := os.Lstat(abs)
	if err != nil {
		return dirStamp{}, false
	}
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return dirStamp{}, false
	}
	return stampOf(st), true
}
