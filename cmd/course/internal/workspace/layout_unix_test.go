//go:build unix

package workspace

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A FIFO where a card, a level or .course.json is expected is refused at
// once: reading it would wait for a writer for ever.
func TestLayoutRefusesAFIFOWithoutWaiting(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		dir := learnerDir(t, map[string]string{"cards/ok.json": "{}"})
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "cards", "pipe.json"), 0o644))
		ws, err := Open(dir)
		require.NoError(t, err)
		_, err = ws.CardFiles()
		var wsErr *Error
		if assert.ErrorAs(t, err, &wsErr) {
			assert.Contains(t, wsErr.Error(), "pipe.json: is not a regular file (a FIFO)")
		}

		fifoConfig := t.TempDir()
		require.NoError(t, syscall.Mkfifo(filepath.Join(fifoConfig, ConfigFile), 0o644))
		_, err = Open(fifoConfig)
		if assert.ErrorAs(t, err, &wsErr) {
			assert.Contains(t, wsErr.Error(), ".course.json: is not a regular file (a FIFO)")
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("reading a FIFO hung")
	}
}
