//go:build linux

package memlimit

import (
	"bytes"
	"debug/buildinfo"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// settable says whether this process may set a child's RLIMIT_DATA:
// tried once on itself, with the limits it has, so nothing changes. A
// container's seccomp profile can refuse prlimit(2); the programs then
// run unbounded, as on other systems.
var settable = sync.OnceValue(func() bool {
	var own unix.Rlimit
	if unix.Prlimit(0, unix.RLIMIT_DATA, nil, &own) != nil {
		return false
	}
	return unix.Prlimit(0, unix.RLIMIT_DATA, &own, nil) == nil
})

// For is the limit Set is to put on a process that runs program: Default,
// or this process's own RLIMIT_DATA where that is lower (a child has it
// already; the user asked for it), or 0 where none is to be set: the
// system refuses prlimit(2), or program was built with the address or
// memory sanitizer, whose shadow memory is mapped whole as it starts.
func For(program string) uint64 {
	if !settable() {
		return 0
	}
	if info, err := buildinfo.ReadFile(program); err == nil && sanitized(info) {
		return 0
	}
	limit := uint64(Default)
	var own unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_DATA, &own) == nil && own.Cur < limit {
		limit = own.Cur
	}
	return limit
}

// sanitized reports whether a Go program was built with -asan or -msan.
func sanitized(info *debug.BuildInfo) bool {
	for _, s := range info.Settings {
		if (s.Key == "-asan" || s.Key == "-msan") && s.Value == "true" {
			return true
		}
	}
	return false
}

// Set puts limit (For's) on process pid, a child of this process that
// has started and not been waited for, so that its id is still its own;
// 0 sets nothing. Soft and hard limits alike: a program may raise its
// soft limit up to its hard one, which a test could do to slip the bound.
//
// The child runs between its exec and this call, and the limit takes back
// nothing it mapped in that time: a program that allocated gigabytes in
// a package's init would keep them, ready to fill. So its data is read
// once the limit is in force, when it can no longer grow past the limit
// (and before, see below):
// if it is already past, Set returns ErrOverLimit, and the caller ends
// the process. A child that has ended already is no error.
func Set(pid int, limit uint64) error {
	if limit == 0 {
		return nil
	}
	// Read before as well: a child already past the limit can die of it
	// the moment it comes (its next mapping fails, too early in its
	// runtime for a word), before its data could be read after.
	if data, ok := dataSize(pid); ok && data > limit {
		return ErrOverLimit
	}
	err := unix.Prlimit(pid, unix.RLIMIT_DATA, &unix.Rlimit{Cur: limit, Max: limit}, nil)
	if errors.Is(err, unix.ESRCH) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("setting the memory limit of process %d: %w", pid, err)
	}
	if data, ok := dataSize(pid); ok && data > limit {
		return ErrOverLimit
	}
	return nil
}

// dataSize is the private writable memory process pid has mapped (its
// VmData, which RLIMIT_DATA bounds); false when it cannot be read (the
// process has ended).
func dataSize(pid int) (uint64, bool) {
	status, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, false
	}
	for line := range bytes.Lines(status) {
		rest, ok := bytes.CutPrefix(line, []byte("VmData:"))
		if !ok {
			continue
		}
		kb, err := strconv.ParseUint(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
		if err != nil {
			return 0, false
		}
		return kb << 10, true
	}
	return 0, false
}
