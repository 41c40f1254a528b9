//go:build unix

package enginefiles

import (
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
)

// TestAFIFOForAnIgnoreFileIsNotWaitedOn: a .gitignore that is a FIFO is
// read as no rules at once (so every file beside it counts), not waited on
// for a writer.
func TestAFIFOForAnIgnoreFileIsNotWaitedOn(t *testing.T) {
	f := newCacheFixture(t)
	require.NoError(t, syscall.Mkfifo(filepath.Join(f.dir, "engine", ".gitignore"), 0o644))
	got := testws.Within(t, 10*time.Second, "the walk waited on the FIFO", func() []string {
		got, _ := f.files()
		return got
	})
	assert.Contains(t, got, "engine/world.go")
}
