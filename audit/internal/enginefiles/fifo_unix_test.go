//go:build unix

package enginefiles

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAFIFOForAnIgnoreFileIsNotWaitedOn: a .gitignore that is a FIFO is
// read as no rules at once (so every file beside it counts), not waited on
// for a writer.
func TestAFIFOForAnIgnoreFileIsNotWaitedOn(t *testing.T) {
	f := newCacheFixture(t)
	require.NoError(t, syscall.Mkfifo(filepath.Join(f.dir, "engine", ".gitignore"), 0o644))
	done := make(chan []string, 1)
	go func() {
		got, _ := f.files()
		done <- got
	}()
	select {
	case got := <-done:
		assert.Contains(t, got, "engine/world.go")
	case <-time.After(10 * time.Second):
		t.Fatal("the walk waited on the FIFO")
	}
}
