package procgroup

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Adopt makes this process the one the orphans of its descendants are
// handed to (PR_SET_CHILD_SUBREAPER), instead of init: a process a
// learner's test started in a session of its own (setsid), out of the
// group End kills, then stays within reach of EndOrphans. It reports
// whether the system took it.
func Adopt() bool {
	ok := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
	if ok {
		adopted.Store(true)
	}
	return ok
}

// adopted says Adopt took: this process's children are then its own
// commands and the orphans handed to it, and nothing else.
var adopted atomic.Bool

// sweepMu keeps EndLeftBehind to one sweep at a time.
var sweepMu sync.Mutex

// EndLeftBehind kills and reaps the orphans handed to this process (see
// Adopt) while its commands run on: every child that is no command Start
// started and End has not seen ended. A class's check calls it as each
// workspace's check ends, so that a process a learner's test left running
// (setsid, out of its group) does not run on through the other learners'
// checks, where it could spend their CPU and memory until their tests
// time out or are killed. It does nothing unless Adopt took: a process
// that did not adopt may have children of its own.
func EndLeftBehind() {
	if !adopted.Load() {
		return
	}
	// One sweep at a time, so that only it reaps the orphans it killed:
	// a pid it has killed stays a zombie, and cannot be taken by a new
	// command of course's, until it reaps it itself.
	sweepMu.Lock()
	defer sweepMu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for range 64 {
		// The count of commands is held while the children are listed and
		// killed, not while they are reaped: a process that does not die
		// at once (one stuck in the kernel) holds up this sweep alone,
		// not every workspace's next command.
		liveMu.Lock()
		var pids []int
		for _, pid := range children() {
			if !live[pid] {
				pids = append(pids, pid)
				_ = syscall.Kill(pid, syscall.SIGKILL)
			}
		}
		liveMu.Unlock()
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			for {
				var status syscall.WaitStatus
				got, err := syscall.Wait4(pid, &status, syscall.WNOHANG, nil)
				if got != 0 || err != nil || time.Now().After(deadline) {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
		if time.Now().After(deadline) {
			return // EndOrphans reaps what is left when the command ends
		}
	}
}

// EndOrphans kills and reaps every child this process still has: after
// Adopt, and once every command it ran itself has ended, those are the
// processes its commands left running. What a killed orphan started is
// handed on in turn and killed in the next round.
func EndOrphans() {
	for range 64 {
		pids := children()
		if len(pids) == 0 {
			return
		}
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		for _, pid := range pids {
			var status syscall.WaitStatus
			_, _ = syscall.Wait4(pid, &status, 0, nil)
		}
	}
}

// children is the process ids of this process's children: those whose
// parent, the fourth field of /proc/PID/stat, is this process.
func children() []int {
	self := os.Getpid()
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var pids []int
	for _, f := range stats {
		raw, err := os.ReadFile(f)
		if err != nil {
			continue // it has ended since
		}
		// "PID (COMM) STATE PPID ...": COMM may hold spaces and
		// parentheses, so the fields are read after its last ')'.
		s := string(raw)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 2 || fields[1] != strconv.Itoa(self) {
			continue
		}
		if pid, err := strconv.Atoi(filepath.Base(filepath.Dir(f))); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}
