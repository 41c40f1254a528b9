package procgroup

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// Adopt makes this process the one the orphans of its descendants are
// handed to (PR_SET_CHILD_SUBREAPER), instead of init: a process a
// learner's test started in a session of its own (setsid), out of the
// group End kills, then stays within reach of EndOrphans. It reports
// whether the system took it.
func Adopt() bool {
	return unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
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
