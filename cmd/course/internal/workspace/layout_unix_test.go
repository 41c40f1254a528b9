//go:build unix

package workspace

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
)

// A FIFO where a card, a level or .course.json is expected is refused at
// once: reading it would wait for a writer for ever.
func TestLayoutRefusesAFIFOWithoutWaiting(t *testing.T) {
	dir := learnerDir(t, map[string]string{"cards/ok.json": "{}"})
	require.NoError(t, syscall.Mkfifo(filepath.Join(dir, "cards", "pipe.json"), 0o644))
	type opened struct {
		ws  *Workspace
		err error
	}
	o := testws.Within(t, 10*time.Second, "reading a FIFO hung", func() opened { ws, err := Open(dir); return opened{ws, err} })
	require.NoError(t, o.err)
	err := testws.Within(t, 10*time.Second, "reading a FIFO hung", func() error { _, err := o.ws.CardFiles(); return err })
	var wsErr *Error
	if assert.ErrorAs(t, err, &wsErr) {
		assert.Contains(t, wsErr.Error(), "pipe.json: is not a regular file (a FIFO)")
	}

	fifoConfig := t.TempDir()
	require.NoError(t, syscall.Mkfifo(filepath.Join(fifoConfig, ConfigFile), 0o644))
	err = testws.Within(t, 10*time.Second, "reading a FIFO hung", func() error { _, err := Open(fifoConfig); return err })
	if assert.ErrorAs(t, err, &wsErr) {
		assert.Contains(t, wsErr.Error(), ".course.json: is not a regular file (a FIFO)")
	}
}
