// Package procgroup ends a command together with every process it started:
// the go command's compilers and the test binaries it runs, and whatever a
// test starts in turn, so that nothing a check or dev check started
// outlives it, or holds its output open after it was stopped.
package procgroup

import (
	"os/exec"
	"sync"
	"time"
)

// WaitDelay is how long a stopped command's output may stay open (a
// process of its group that ignored the kill, say) before Wait gives up on
// it.
const WaitDelay = 5 * time.Second

// Own makes cmd the leader of a process group of its own, killed whole
// when cmd's context is done, and bounds how long Wait waits for its
// output after that. Call End once cmd has ended, for what it left
// running.
func Own(cmd *exec.Cmd) {
	own(cmd)
	// Kill, not End: os/exec calls Cancel from a goroutine of its own
	// while Wait may be writing what End reads.
	cmd.Cancel = func() error { Kill(cmd); return nil }
	cmd.WaitDelay = WaitDelay
}

// End is Kill for a command that has been waited for, which it also stops
// counting as a command of this process's own (see Start). Call it once
// Wait has returned, from the goroutine that called Wait or one that has
// heard from it since: it reads what Wait wrote. To end a command that
// may still be running, from anywhere, call Kill.
func End(cmd *exec.Cmd) {
	ended(cmd)
	Kill(cmd)
}

// live is the process ids of the commands started with Start that have not
// ended: EndLeftBehind spares them. liveMu is held while one starts, so
// that no child of this process is ever seen before it is counted.
var (
	liveMu sync.Mutex
	live   = map[int]bool{}
)

// Start starts cmd with start (cmd.Start, or a sandbox's) and counts it as
// a command of this process's own until End is called once it has ended.
func Start(cmd *exec.Cmd, start func(*exec.Cmd) error) error {
	liveMu.Lock()
	defer liveMu.Unlock()
	if err := start(cmd); err != nil {
		return err
	}
	live[cmd.Process.Pid] = true
	return nil
}

// ended stops counting cmd as a command of this process's once it has
// been waited for: until then it is this process's child, which
// EndLeftBehind must neither kill nor reap, even when its context's
// Cancel has called End.
func ended(cmd *exec.Cmd) {
	if cmd.Process == nil || cmd.ProcessState == nil {
		return
	}
	liveMu.Lock()
	delete(live, cmd.Process.Pid)
	liveMu.Unlock()
}
