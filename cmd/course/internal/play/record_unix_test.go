//go:build unix

package play

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A FIFO at the record file's path would block the first move's write,
// and with it the screen: it is refused before play starts.
func TestRecordRefusesAFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "rec.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	lv, err := Load("01-push")
	require.NoError(t, err)
	_, err = NewGrid(t.Context(), GridOptions{Level: lv, Engine: reference, Record: fifo})
	var re *RecordFileError
	require.ErrorAs(t, err, &re)
	assert.Contains(t, re.Error(), "is a FIFO")
}
