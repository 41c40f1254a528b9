//go:build unix

package usercache

import (
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A FIFO where a cache should be is no cache, read at once: nothing
// waits for a writer that never comes.
func TestAFIFOIsNoCache(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, ok := ReadCache(fifo)
	assert.False(t, ok)
}
