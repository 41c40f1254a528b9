//go:build unix

package workspace

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

// A FIFO at the lock path is refused at once, naming it: opening it to
// lock would wait for a writer for ever.
func TestUpdateStateRefusesAFIFOLockWithoutWaiting(t *testing.T) {
	dir := learnerDir(t, map[string]string{".course/state.json": "{}"})
	lock := filepath.Join(dir, ".course", "state.lock")
	require.NoError(t, syscall.Mkfifo(lock, 0o644))
	ws, err := Open(dir)
	require.NoError(t, err)
	err = testws.Within(t, 5*time.Second, "a FIFO at the lock path was waited on", func() error {
		return UpdateState(t.Context(), ws, func(*State) error {
			t.Error("the state was changed without its lock")
			return nil
		})
	})
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, lock, wsErr.Path)
	assert.Contains(t, wsErr.Why, "is a FIFO, not a regular file")
	fi, err := os.Lstat(lock)
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "left as it was")
}
