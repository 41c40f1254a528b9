//go:build linux && (amd64 || arm64)

package sandbox

import (
	"fmt"
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// The network is kept from a confined process by a seccomp filter, not by
// Landlock: Landlock's network rights cover TCP alone, and a socket opened
// for MPTCP (or UDP, or any other family) passes them by. The filter
// refuses socket(2) whatever the family, a unix one too (a unix socket
// with a path, an ssh agent's or a container daemon's, leads out as well:
// Landlock does not govern connecting to one), and io_uring_setup(2),
// whose rings can open a socket without socket(2); socketpair(2), a pair
// joined to nothing else, stays. It reads system call numbers as this
// architecture's, so a call made by another numbering (an amd64 kernel's
// 32-bit and x32 calls) ends the process instead.

// seccompData's fields, as the kernel lays them out for a filter: the
// call's number and its architecture.
const (
	offNumber = 0
	offArch   = 4
	x32Bit    = 0x40000000
)

// nativeArch is this architecture as the kernel's audit names it.
var nativeArch = map[string]uint32{"amd64": unix.AUDIT_ARCH_X86_64, "arm64": unix.AUDIT_ARCH_AARCH64}[runtime.GOARCH]

// offlineProgram is the filter, assembled.
func offlineProgram() ([]bpf.RawInstruction, error) {
	refuse := bpf.RetConstant{Val: unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)}
	kill := bpf.RetConstant{Val: unix.SECCOMP_RET_KILL_PROCESS}
	allow := bpf.RetConstant{Val: unix.SECCOMP_RET_ALLOW}
	return bpf.Assemble([]bpf.Instruction{
		bpf.LoadAbsolute{Off: offArch, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: nativeArch, SkipTrue: 1},
		kill,
		bpf.LoadAbsolute{Off: offNumber, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpGreaterOrEqual, Val: x32Bit, SkipFalse: 1},
		kill,
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_IO_URING_SETUP, SkipTrue: 1},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: unix.SYS_SOCKET, SkipFalse: 1},
		refuse,
		allow,
	})
}

// offline is the filter, or why it cannot be put in force here (a kernel
// without seccomp filters, or a container's filter that refuses them):
// tried once, on a thread that then ends.
var offline = sync.OnceValues(func() ([]bpf.RawInstruction, error) {
	prog, err := offlineProgram()
	if err != nil {
		return nil, fmt.Errorf("assembling the filter that keeps the tests off the network: %w", err)
	}
	err = onThread(func() error {
		if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
			return fmt.Errorf("setting no new privileges: %w", err)
		}
		return refuseNetwork(prog)
	})
	if err != nil {
		return nil, err
	}
	return prog, nil
})

// Offline says whether a confined process is kept off the network: it can
// open no socket.
func Offline() bool {
	_, err := offline()
	return err == nil
}

// refuseNetwork puts the filter prog in force on the calling thread alone
// (no SECCOMP_FILTER_FLAG_TSYNC), which must have no new privileges; what
// the thread starts inherits it.
func refuseNetwork(prog []bpf.RawInstruction) error {
	filter := make([]unix.SockFilter, len(prog))
	for i, in := range prog {
		filter[i] = unix.SockFilter{Code: in.Op, Jt: in.Jt, Jf: in.Jf, K: in.K}
	}
	fprog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if err := unix.Prctl(unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&fprog)), 0, 0); err != nil {
		return fmt.Errorf("putting the filter that keeps the tests off the network in force: %w", err)
	}
	return nil
}
