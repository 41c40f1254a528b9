package memlimit

import (
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
)

// started is a child that waits to be killed: sleep, whose data is a few
// hundred KiB.
func started(t *testing.T) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Skipf("no sleep to start: %v", err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd
}

// limits is the Max data size line of a process's limits.
func limits(t *testing.T, pid int) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/limits")
	require.NoError(t, err)
	for l := range strings.Lines(string(b)) {
		if strings.HasPrefix(l, "Max data size") {
			return strings.Join(strings.Fields(l), " ")
		}
	}
	t.Fatalf("no data size in %s", b)
	return ""
}

func TestSetBoundsTheChildsDataBothLimits(t *testing.T) {
	if !settable() {
		t.Skip("prlimit(2) is refused here")
	}
	cmd := started(t)
	require.NoError(t, Set(cmd.Process.Pid, 1<<30))
	assert.Equal(t, "Max data size 1073741824 1073741824 bytes", limits(t, cmd.Process.Pid))
	assert.NotEqual(t, limits(t, os.Getpid()), limits(t, cmd.Process.Pid), "the limit is the child's alone")
}

// A child that mapped more before the limit than the limit allows is
// told, for its caller to end it: the limit takes back nothing.
func TestSetTellsOfAChildAlreadyOverTheLimit(t *testing.T) {
	if !settable() {
		t.Skip("prlimit(2) is refused here")
	}
	cmd := started(t)
	stat := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat"
	require.Eventually(t, func() bool { // asleep, its libraries loaded
		b, err := os.ReadFile(stat)
		return err == nil && strings.Contains(string(b), ") S ")
	}, 10*time.Second, 5*time.Millisecond)
	assert.ErrorIs(t, Set(cmd.Process.Pid, 4<<10), ErrOverLimit)
}

// A child that has ended, and is not yet waited for, keeps its id: Set
// on it is no error.
func TestSetOnAChildThatEndedIsNoError(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Start(); err != nil {
		t.Skipf("no true to start: %v", err)
	}
	defer cmd.Wait()
	stat := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat"
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(stat)
		return err == nil && strings.Contains(string(b), ") Z ")
	}, 10*time.Second, 5*time.Millisecond)
	assert.NoError(t, Set(cmd.Process.Pid, Default))
	assert.NoError(t, Set(cmd.Process.Pid, 0))
}

func TestForIsTheDefaultAndNoneForASanitizedBuild(t *testing.T) {
	if !settable() {
		t.Skip("prlimit(2) is refused here")
	}
	exe, err := os.Executable()
	require.NoError(t, err)
	var own unix.Rlimit
	require.NoError(t, unix.Getrlimit(unix.RLIMIT_DATA, &own))
	assert.Equal(t, min(uint64(Default), own.Cur), For(exe))
	assert.True(t, sanitized(&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-asan", Value: "true"}}}))
	assert.True(t, sanitized(&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-msan", Value: "true"}}}))
	assert.False(t, sanitized(&debug.BuildInfo{Settings: []debug.BuildSetting{{Key: "-race", Value: "true"}}}))
}

// A limit of the user's own that is lower than Default is the one a
// child gets (it has it already): For never raises it.
func TestForKeepsALowerLimitOfTheUsers(t *testing.T) {
	if !settable() {
		t.Skip("prlimit(2) is refused here")
	}
	var own unix.Rlimit
	require.NoError(t, unix.Getrlimit(unix.RLIMIT_DATA, &own))
	if own.Cur < 3<<30 {
		t.Skip("this process's own limit is lower still")
	}
	lower := own
	lower.Cur = 3 << 30
	require.NoError(t, unix.Setrlimit(unix.RLIMIT_DATA, &lower))
	t.Cleanup(func() { _ = unix.Setrlimit(unix.RLIMIT_DATA, &own) })
	exe, err := os.Executable()
	require.NoError(t, err)
	assert.Equal(t, uint64(3<<30), For(exe))
}

// A child already past the limit when it comes is ended at once, its
// group with it: the limit takes back nothing it mapped, and left alone
// it would fill what it holds. Here sleep would sleep for a minute.
func TestBoundEndsAChildAlreadyOverTheLimit(t *testing.T) {
	if !settable() {
		t.Skip("prlimit(2) is refused here")
	}
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep to start")
	}
	cmd := exec.CommandContext(t.Context(), "sleep", "60")
	procgroup.Own(cmd)
	require.NoError(t, procgroup.Start(cmd, (*exec.Cmd).Start))
	t.Cleanup(func() { procgroup.End(cmd) })
	stat := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat"
	require.Eventually(t, func() bool { // asleep, its libraries loaded
		b, err := os.ReadFile(stat)
		return err == nil && strings.Contains(string(b), ") S ")
	}, 10*time.Second, 5*time.Millisecond)
	over, err := Bound(cmd, 4<<10)
	require.NoError(t, err)
	assert.True(t, over)
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		assert.EqualError(t, err, "signal: killed")
	case <-time.After(10 * time.Second):
		t.Fatal("the child over its limit was left running")
	}

	// One within its limit runs on.
	cmd = exec.CommandContext(t.Context(), "sleep", "60")
	procgroup.Own(cmd)
	require.NoError(t, procgroup.Start(cmd, (*exec.Cmd).Start))
	t.Cleanup(func() { procgroup.End(cmd); _ = cmd.Wait() })
	over, err = Bound(cmd, Default)
	require.NoError(t, err)
	assert.False(t, over)
	assert.NoError(t, cmd.Process.Signal(syscall.Signal(0)), "it runs")
}
