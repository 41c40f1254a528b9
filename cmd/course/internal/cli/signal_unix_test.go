//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// stuckRoot is a command line whose one command ignores its context: it
// says it has started, then waits until release is closed, as a command
// stuck in a system call would.
func stuckRoot(started chan<- struct{}, release <-chan struct{}) *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceErrors: true, SilenceUsage: true}
	root.AddCommand(&cobra.Command{Use: "stuck", RunE: func(*cobra.Command, []string) error {
		close(started)
		<-release
		return nil
	}})
	return root
}

// politeRoot is a command line whose one command says it has started,
// then waits for its context to end and returns the cause, as a command
// that stops when told does.
func politeRoot(started chan<- struct{}) *cobra.Command {
	root := &cobra.Command{Use: "course", SilenceErrors: true, SilenceUsage: true}
	root.AddCommand(&cobra.Command{Use: "polite", RunE: func(cmd *cobra.Command, _ []string) error {
		close(started)
		<-cmd.Context().Done()
		return context.Cause(cmd.Context())
	}})
	return root
}

// runStuck runs the stuck command, sends it the signals with the given
// gaps, and returns the status it was ended with and how long after the
// first signal, and its stderr.
func runStuck(t *testing.T, grace time.Duration, sigs ...syscall.Signal) (int, time.Duration, string) {
	old := signalGrace
	signalGrace = grace
	t.Cleanup(func() { signalGrace = old })
	started, release := make(chan struct{}), make(chan struct{})
	exited := make(chan int, 1)
	var stderr bytes.Buffer
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &stderr, Exit: func(status int) {
		exited <- status
		close(release) // os.Exit would not return: let the command go
	}}
	done := make(chan int, 1)
	go func() { done <- execute(stuckRoot(started, release), []string{"stuck"}, env) }()
	<-started
	begin := time.Now()
	for _, s := range sigs {
		require.NoError(t, syscall.Kill(os.Getpid(), s))
		time.Sleep(50 * time.Millisecond)
	}
	select {
	case status := <-exited:
		took := time.Since(begin)
		<-done
		return status, took, stderr.String()
	case <-time.After(grace + 10*time.Second):
		close(release)
		t.Fatal("the process was not ended")
		return 0, 0, ""
	}
}

func TestACommandThatIgnoresTheSignalIsEndedAfterTheGrace(t *testing.T) {
	status, took, stderr := runStuck(t, 300*time.Millisecond, syscall.SIGTERM)
	assert.Equal(t, 128+int(syscall.SIGTERM), status)
	assert.GreaterOrEqual(t, took, 300*time.Millisecond, "the command had its grace")
	assert.Equal(t, "course: stopped by SIGTERM before it could finish stopping what it started; check for processes it may have left running\n", stderr)
}

func TestASecondSignalEndsTheProcessAtOnce(t *testing.T) {
	status, took, _ := runStuck(t, time.Hour, syscall.SIGINT, syscall.SIGINT)
	assert.Equal(t, 130, status)
	assert.Less(t, took, 5*time.Second)
}

// A command that stops when told returns its own status; the process is
// not ended under it.
func TestACommandThatStopsInTimeIsNotEnded(t *testing.T) {
	old := signalGrace
	signalGrace = 200 * time.Millisecond
	t.Cleanup(func() { signalGrace = old })
	started := make(chan struct{})
	root := politeRoot(started)
	var stderr bytes.Buffer
	var ended atomic.Bool
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &stderr, Exit: func(int) { ended.Store(true) }}
	done := make(chan int, 1)
	go func() { done <- execute(root, []string{"polite"}, env) }()
	<-started
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	assert.Equal(t, 130, <-done)
	time.Sleep(400 * time.Millisecond) // past the grace
	assert.False(t, ended.Load())
	assert.Equal(t, "course polite: stopped by an interrupt (SIGINT); nothing it started is left running\n", stderr.String())
}

// Closing the terminal's window (SIGHUP) stops a command as SIGTERM does:
// the processes it started run in sessions of their own, which the
// hangup does not reach, so the command must stop them itself.
func TestAHangupStopsTheCommand(t *testing.T) {
	started := make(chan struct{})
	root := politeRoot(started)
	var stderr bytes.Buffer
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &stderr, Exit: func(int) {}}
	done := make(chan int, 1)
	go func() { done <- execute(root, []string{"polite"}, env) }()
	<-started
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGHUP))
	assert.Equal(t, 128+int(syscall.SIGHUP), <-done)
	assert.Equal(t, "course polite: stopped by a hangup (SIGHUP); nothing it started is left running\n", stderr.String())
}

// Under nohup, which starts course with SIGHUP ignored, a hangup leaves the
// command running, as nohup is asked to.
func TestAHangupUnderNohupIsIgnored(t *testing.T) {
	signal.Ignore(syscall.SIGHUP)
	t.Cleanup(func() { signal.Reset(syscall.SIGHUP) })
	started := make(chan struct{})
	root := politeRoot(started)
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Exit: func(int) {}}
	done := make(chan int, 1)
	go func() { done <- execute(root, []string{"polite"}, env) }()
	<-started
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGHUP))
	select {
	case status := <-done:
		t.Fatalf("the hangup stopped the command (status %d)", status)
	case <-time.After(300 * time.Millisecond):
	}
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGINT))
	assert.Equal(t, 130, <-done)
}
