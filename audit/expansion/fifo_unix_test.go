//go:build unix

package expansion

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAFIFOWhereTheCommitHadAFileIsAChange: a linked file's target, or
// the file itself, replaced by a FIFO is a change, found at once instead
// of waiting for a writer for ever.
func TestAFIFOWhereTheCommitHadAFileIsAChange(t *testing.T) {
	f := baseWorkspace(t)
	f.write("lib/shared.go", "package engine\n")
	f.symlink("../lib/shared.go", "engine/shared.go")
	f.commit("a linked file")
	require.NoError(t, os.Remove(filepath.Join(f.dir, "lib", "shared.go")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(f.dir, "lib", "shared.go"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(f.dir, "engine", "world.go")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(f.dir, "engine", "world.go"), 0o644))
	done := make(chan []string, 1)
	go func() { done <- f.check("HEAD") }()
	select {
	case got := <-done:
		assert.Equal(t, []string{"changed: engine/shared.go", "changed: engine/world.go"}, got)
	case <-time.After(10 * time.Second):
		t.Fatal("expansion-check waited on a FIFO")
	}
}
