// Package memlimit bounds the memory a learner's program may take: each
// test binary check runs and the engine play runs. A stub that appends in
// an endless loop, or a test that allocates without end, would otherwise
// take the whole machine's memory, and in a class check several at once
// push the instructor's machine into swap or the kernel's out-of-memory
// killer, which may end some other program. Bounded, the runaway
// program's own allocation fails, its Go runtime ends it ("fatal error:
// runtime: out of memory"), and the caller says so against the test (or
// move) that ran.
//
// On Linux the bound is the process's RLIMIT_DATA, set with prlimit(2)
// on the child once it has started (os/exec runs nothing of ours between
// fork and exec). Limits are a process's, not a thread's, so it cannot be
// put on the thread that starts the child, as the sandbox's Landlock
// domain is, without binding course too; it is set from course's own
// threads once the sandbox's Start has returned, and holds with the
// sandbox or without it. RLIMIT_DATA, not RLIMIT_AS: since Linux 4.7 it counts
// every private writable mapping (the Go heap, goroutine and thread
// stacks, the C heap), which is the memory a program can fill, and
// leaves out address space reserved and never made writable. A Go
// program reserves much of that: about 1.3 GiB of address space for a
// program that allocates nothing, and a test binary linked with cgo
// (testify brings in net) reserves 64 MiB more for each thread's C
// malloc arena, which grows with the machine's cores (2.4 GiB of address
// space with GOMAXPROCS=64 for 240 MB of data), so a bound on the address
// space low enough to protect a machine would fail honest tests on a
// large one. The race detector's shadow memory is made writable as it is
// used (a race build of the course's tests runs under the Default bound);
// the address and memory sanitizers (-asan, -msan) map terabytes of
// shadow at once, so a binary built with them is not bounded.
//
// Elsewhere no bound is set and the programs run as before: macOS does
// not enforce RLIMIT_DATA or RLIMIT_AS on mmap, which is how Go
// allocates, and neither it nor Windows lets one process set another's
// limits (Windows's job objects would, but a test binary would then share
// one with every process it starts, and no code here makes them).
package memlimit

import (
	"errors"
	"fmt"
	"os/exec"
	"regexp"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
)

// Default is the memory (RLIMIT_DATA) a learner's program may map for
// its data. A check of the course's reference maps about 120 MB of data a
// test binary (more with many threads, each with its 8 MiB stack: 240 MB
// with GOMAXPROCS=64; 440 to 580 MB built with -race), so no honest test
// comes near it, while a runaway allocation ends there, before it fills
// the memory of a machine that runs a few such programs at once: a loop
// that appends, writing all it takes, reaches it in seconds on an idle
// machine (18 s, and a minute beside a class's check, on a loaded one).
const Default = 4 << 30

// ErrOverLimit is Set's error for a process that mapped more than the
// limit before the limit was put on it: the limit cannot take back what
// is mapped, so the process must be ended.
var ErrOverLimit = errors.New("the process took more memory than its limit before the limit was set")

// Bound puts limit (For's) on the process cmd has just started (through
// procgroup, not yet waited for): Set, and where the process had mapped
// past the limit before it came, the process's group is killed at once
// (procgroup.Kill) and overLimit says so, for the caller to tell as the
// process's running out. On any other error the process is killed,
// waited for and ended (procgroup.End).
func Bound(cmd *exec.Cmd, limit uint64) (overLimit bool, err error) {
	switch err := Set(cmd.Process.Pid, limit); {
	case errors.Is(err, ErrOverLimit):
		procgroup.Kill(cmd)
		return true, nil
	case err != nil:
		procgroup.Kill(cmd)
		_ = cmd.Wait()
		procgroup.End(cmd)
		return false, err
	}
	return false, nil
}

// Size is limit in words: "4 GiB", "1.5 GiB", "512 MiB".
func Size(limit uint64) string {
	switch {
	case limit >= 1<<30 && limit%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", limit>>30)
	case limit >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(limit)/(1<<30))
	case limit >= 1<<20:
		return fmt.Sprintf("%d MiB", limit>>20)
	}
	return fmt.Sprintf("%d KiB", limit>>10)
}

// Mend is what a learner whose program ran out of its limit is to look
// for.
const Mend = "look for an allocation without end: a loop that appends to a slice, or adds to a map, and never stops"

// runtimeOutOfMemory is the Go runtime giving up for want of memory, as
// it does when a mapping fails at the limit: "fatal error: runtime: out
// of memory", "fatal error: out of memory" after the size it could not
// allocate, "fatal error: out of memory allocating heap arena metadata",
// and a thread it could not make for want of memory: its own (ENOMEM,
// errno 12) or, in a program linked with cgo (the course's test binaries:
// testify brings in net), glibc's, whose pthread_create says EAGAIN
// ("Resource temporarily unavailable") when it cannot map the thread's
// stack. Each starts a line, where a test's t.Log cannot put it.
var runtimeOutOfMemory = regexp.MustCompile(`(?m)^(fatal error: (runtime: |pageAlloc: )?(out of memory|cannot allocate memory)|runtime: failed to create new OS thread \(.*errno=12\)$|runtime/cgo: pthread_create failed: (Resource temporarily unavailable|Cannot allocate memory)$)`)

// runtimeFault is a signal the runtime could not turn into a panic,
// raised in the runtime's own code: the first goroutine of its report,
// the one that faulted, is in package runtime. Not every allocation of
// the runtime's is checked: Go 1.26's garbage collector takes the memory
// of its span queues (newSpanSPMC) without looking, and at the limit
// about one runaway test in twelve ends in a nil dereference there
// (SIGSEGV in runtime.(*spanQueue).tryDrain) instead of "out of memory".
var runtimeFault = regexp.MustCompile(`(?m)^SIG(SEGV|BUS): .*\nPC=\S+ .*\n\ngoroutine \d+ .*:\nruntime\.`)

// ranOut reports whether a Go program's output says it ran out of the
// memory limit: its runtime ran out of memory, or faulted in its own
// code, which where a limit is set is a failed allocation it did not
// check. Ask it only of a program Set bounded.
func ranOut(output string) bool {
	return runtimeOutOfMemory.MatchString(output) || runtimeFault.MatchString(output)
}

// Ended reports whether a program started under limit (For's; 0 for
// none), with Bound's overLimit, ended for its memory: Bound ended it
// for having mapped past the limit before it came, or its output says it
// ran out (ranOut). Without a limit of course's, the runtime's own "out
// of memory" is the program's crash, not this.
func Ended(limit uint64, overLimit bool, output string) bool {
	return limit > 0 && (overLimit || ranOut(output))
}
