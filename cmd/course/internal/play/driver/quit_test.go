package driver

import (
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Once the engine has ended, its stacks are not asked for: where the
// request is aimed by process id, the id may be another program's once
// Wait has reaped it.
func TestNoStacksAreAskedOfAnEngineThatEnded(t *testing.T) {
	exe, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(exe, "-test.run", "^$")
	require.NoError(t, cmd.Start())
	sent := 0
	e := &engineProcess{cmd: cmd, send: func(p *os.Process) error { sent++; return askForStacks(p) }}
	require.NoError(t, e.wait())
	assert.False(t, e.askForStacks())
	assert.Zero(t, sent, "a request sent to an engine that ended")
}
