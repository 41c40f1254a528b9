//go:build unix

package procgroup

import (
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A command's context may end while another goroutine waits for it (a
// check stopped by Ctrl-C, a test binary's deadline): os/exec then calls
// the command's Cancel from a goroutine of its own while Wait writes the
// command's state, so Cancel kills the group and reads none of it; End,
// after Wait, stops counting the command. The race detector (make race)
// holds the first half: with End as Cancel it reports the read.
func TestACommandCanceledWhileWaitedForIsKilledAndForgotten(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, "sleep", "60")
	Own(cmd)
	require.NoError(t, Start(cmd, (*exec.Cmd).Start))
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	cancel()
	select {
	case err := <-waited:
		require.Error(t, err, "sleep ended on its own")
	case <-time.After(20 * time.Second):
		Kill(cmd)
		t.Fatal("the canceled command was not killed")
	}
	End(cmd)
	liveMu.Lock()
	defer liveMu.Unlock()
	assert.NotContains(t, live, cmd.Process.Pid, "a command waited for and ended is no longer counted as running")
}
