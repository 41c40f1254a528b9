//go:build linux

package sandbox

import (
	"fmt"
	"os/exec"
	"runtime"
	"sync"
	"syscall"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// kernel is the ABI version of Landlock here, found once, or why it
// cannot confine the tests.
var kernel = sync.OnceValues(func() (abi int, err error) {
	abi, err = ll.LandlockGetABIVersion()
	if err != nil {
		return 0, fmt.Errorf("%w: the kernel has no Landlock, or it is not enabled (%w)", ErrUnavailable, err)
	}
	if abi < 2 {
		// Its first version refuses every rename between two folders,
		// which a test's own temporary files make.
		return 0, fmt.Errorf("%w: the kernel's Landlock is its first version, which refuses a test's renames between folders", ErrUnavailable)
	}
	// A seccomp filter (a container's) can refuse the call that puts the
	// domain in force while it lets the others by: tried on a thread that
	// then ends, it is found once here and not in every test's start.
	err = onThread(func() error {
		fd, flags, err := landlock.Config{HandledAccessFS: ll.AccessFSWriteFile}.NewRulesetFD()
		if err != nil {
			return err
		}
		defer syscall.Close(fd)
		return confineThread(fd, flags)
	})
	if err != nil {
		return 0, fmt.Errorf("%w: Landlock could not be put in force (%w)", ErrUnavailable, err)
	}
	return abi, nil
})

// Available is nil where the tests can be confined, and otherwise says
// why not, wrapping ErrUnavailable.
func Available() error {
	_, err := kernel()
	return err
}

// Scoped says whether a confined process is kept from signalling, and
// from reaching the abstract unix sockets of, processes outside its
// confinement (Landlock's ABI 6, with the fix to its signal scoping that
// the kernel's errata list).
func Scoped() bool {
	abi, err := kernel()
	if err != nil || abi < 6 {
		return false
	}
	errata, err := ll.LandlockGetErrata()
	return err == nil && errata&0x2 != 0
}

// writeRights is every right to change the file system that the kernel's
// Landlock can withhold. Reading, listing and running files are not among
// them, so those stay open everywhere; nor is ioctl on devices (ABI 5),
// which reading a device can need.
func writeRights(abi int) landlock.AccessFSSet {
	rights := landlock.AccessFSSet(ll.AccessFSWriteFile | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile |
		ll.AccessFSMakeChar | ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock |
		ll.AccessFSMakeFifo | ll.AccessFSMakeBlock | ll.AccessFSMakeSym | ll.AccessFSRefer)
	if abi >= 3 {
		rights |= ll.AccessFSTruncate
	}
	return rights
}

// policy is a Landlock ruleset, made once and put in force on each thread
// that starts a confined process.
type policy struct {
	fd    int
	flags uint32
}

func newPolicy(writable []string) (policy, error) {
	abi, err := kernel()
	if err != nil {
		return policy{}, err
	}
	write := writeRights(abi)
	cfg := landlock.Config{HandledAccessFS: write}
	if Scoped() {
		cfg.Scoped = landlock.ScopedSet(ll.ScopeSignal | ll.ScopeAbstractUnixSocket)
	}
	fd, flags, err := cfg.NewRulesetFD(
		landlock.PathAccess(write, writable...),
		landlock.PathAccess(write&(ll.AccessFSWriteFile|ll.AccessFSTruncate), "/dev/null"),
	)
	if err != nil {
		return policy{}, fmt.Errorf("making the rules that confine the tests: %w", err)
	}
	return policy{fd: fd, flags: flags}, nil
}

func (p policy) start(cmd *exec.Cmd) error {
	// The thread ends as soon as cmd has started: it shares the domain
	// with cmd, which may therefore signal or trace it, and through it
	// course, for as long as it lives. A child outlives the thread that
	// started it, reparented to another of course's threads, where
	// cmd.Wait finds it.
	return onThread(func() error {
		if err := confineThread(p.fd, p.flags); err != nil {
			return fmt.Errorf("confining the tests: %w", err)
		}
		return cmd.Start()
	})
}

func (p policy) close() error { return syscall.Close(p.fd) }

// confineThread puts the ruleset in force on the calling thread alone
// (no LANDLOCK_RESTRICT_SELF_TSYNC: course's other threads stay free).
// No new privileges is the kernel's condition for that, and it too holds
// for the thread and what it starts.
func confineThread(fd int, flags uint32) error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no new privileges: %w", err)
	}
	if err := ll.LandlockRestrictSelf(fd, flags); err != nil {
		return fmt.Errorf("putting Landlock's rules in force: %w", err)
	}
	return nil
}

// onThread runs f on a thread of its own that ends with it, for what f
// does to the thread. That is never the main thread: its credentials are
// the process's in the kernel's checks of a signal or ptrace aimed at the
// process's id (and in /proc), and the runtime never ends it, so a
// confined main thread would leave course itself within reach of every
// confined test. While one goroutine holds the main thread, another
// cannot run there.
func onThread(f func() error) error {
	done := make(chan error, 1)
	run := func() {
		runtime.LockOSThread()
		if unix.Gettid() == unix.Getpid() {
			// Held until f's goroutine has a thread of its own, then let go.
			moved := make(chan struct{})
			go func() {
				runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
				close(moved)
				done <- f()
			}()
			<-moved
			runtime.UnlockOSThread()
			return
		}
		// Never unlocked: the thread ends with the goroutine.
		done <- f()
	}
	go run()
	return <-done
}
