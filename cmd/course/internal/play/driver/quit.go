package driver

import (
	"os"
	"os/exec"
	"sync"
)

// engineProcess is a started engine that may be asked for its stacks
// while another goroutine waits for it to end. Linux's request is aimed
// at a thread by process id (see askForStacks), which once Wait has
// reaped the engine may be another program's; so the end is first
// awaited without reaping, and no request is sent once it has come.
type engineProcess struct {
	cmd  *exec.Cmd
	send func(*os.Process) error // askForStacks; tests watch it

	mu    sync.Mutex
	ended bool // no request is sent from here on
}

// wait waits for the engine to end, as cmd.Wait does.
func (e *engineProcess) wait() error {
	awaitEnd(e.cmd.Process)
	e.mu.Lock()
	e.ended = true
	e.mu.Unlock()
	return e.cmd.Wait()
}

// askForStacks asks the engine to write its goroutines' stacks and end;
// it reports whether it did, which it does not once the engine has ended.
func (e *engineProcess) askForStacks() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ended {
		return false
	}
	send := e.send
	if send == nil {
		send = askForStacks
	}
	return send(e.cmd.Process) == nil
}
