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
	"github.com/systemic-game-design/course/internal/testws"
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
	got := testws.Within(t, 10*time.Second, "expansion-check waited on a FIFO", func() []string { return f.check("HEAD") })
	assert.Equal(t, []string{"changed: engine/shared.go", "changed: engine/world.go"}, got)
}
