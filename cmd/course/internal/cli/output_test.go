package cli

import (
	"bytes"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
)

// failingWriter refuses every write, as a full disk or a closed pipe does.
type failingWriter struct{ err error }

func (f failingWriter) Write([]byte) (int, error) { return 0, f.err }

// A command whose output cannot be written ends with status 2 and one line
// saying so, not 0 with its report lost (`course status > report.txt` on a
// full disk); a reader that stopped reading (EPIPE: `course status | head`)
// ends it with a broken pipe's status, 141, and nothing more said.
func TestLostOutputIsNoSuccess(t *testing.T) {
	ws := newWorkspace(t, false) // nothing started: status runs no test
	run := func(werr error) (int, string) {
		env, _ := embeddedEnv(t)
		var errOut bytes.Buffer
		env.Stdout, env.Stderr = failingWriter{werr}, &errOut
		return Main([]string{"status", ws}, env), errOut.String()
	}
	status, stderr := run(syscall.ENOSPC)
	assert.Equal(t, StatusCannot, status)
	assert.Equal(t, "course status: its output could not be written (no space left on device); free some space, or send the output where it can be written\n", stderr)

	status, stderr = run(syscall.EPIPE)
	assert.Equal(t, 128+int(syscall.SIGPIPE), status)
	assert.Empty(t, stderr)
}
