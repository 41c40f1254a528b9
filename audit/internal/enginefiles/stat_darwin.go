package enginefiles

import (
	"syscall"
	"time"
)

func statCtime(st *syscall.Stat_t) time.Time { return time.Unix(st.Ctimespec.Unix()) }

func stampOf(st *syscall.Stat_t) dirStamp {
	return dirStamp{mtime: st.Mtimespec.Nano(), ctime: st.Ctimespec.Nano(), ino: int64(st.Ino), dev: int64(st.Dev), size: st.Size}
}
