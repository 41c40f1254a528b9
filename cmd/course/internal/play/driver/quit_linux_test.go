package driver

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const quitBlockedEnv = "DRIVER_TEST_MAIN_THREAD_BLOCKS_SIGQUIT"

// An init that never returns is run on the program's main thread, held
// there: this one (in the test program started again) keeps SIGQUIT from
// that thread alone and waits for ever.
func init() {
	if os.Getenv(quitBlockedEnv) != "1" {
		return
	}
	set := uint64(1) << (syscall.SIGQUIT - 1)
	if _, _, errno := syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 0 /* SIG_BLOCK */, uintptr(unsafe.Pointer(&set)), 0, 8, 0, 0); errno != 0 {
		fmt.Fprintln(os.Stderr, "blocking SIGQUIT:", errno)
		os.Exit(3)
	}
	fmt.Println("blocked")
	for {
		time.Sleep(time.Hour)
	}
}

// The stacks are asked of the engine's main thread, where a learner's init
// runs: a signal to the whole process may be taken by another thread,
// where the runtime cannot trace the init. Here the main thread blocks
// the request, so it stays pending there and the engine lives on, where
// one sent to the process would be taken by another thread at once and
// end it.
func TestStacksAreAskedOfTheEnginesMainThread(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run", "^$")
	cmd.Env = append(os.Environ(), quitBlockedEnv+"=1")
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	e := &engineProcess{cmd: cmd}
	var waitErr error
	ended := make(chan struct{})
	go func() { waitErr = e.wait(); close(ended) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-ended })
	line := make([]byte, len("blocked\n"))
	_, err = out.Read(line)
	require.NoError(t, err)
	require.Equal(t, "blocked\n", string(line))

	require.True(t, e.askForStacks())
	select {
	case <-ended:
		t.Fatalf("the engine ended (%v): the request was not aimed at its main thread", waitErr)
	case <-time.After(300 * time.Millisecond):
	}
	pending := threadPending(t, cmd.Process.Pid)
	assert.NotZero(t, pending&(1<<(syscall.SIGQUIT-1)), "SIGQUIT pending on the main thread (SigPnd %x)", pending)
}

// threadPending is the set of signals pending on thread tid of process
// pid alone (SigPnd in its status).
func threadPending(t *testing.T, pid int) uint64 {
	t.Helper()
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/status", pid, pid))
	require.NoError(t, err)
	for _, l := range strings.Split(string(raw), "\n") {
		if v, ok := strings.CutPrefix(l, "SigPnd:"); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			require.NoError(t, err)
			return n
		}
	}
	t.Fatal("no SigPnd in the thread's status")
	return 0
}
