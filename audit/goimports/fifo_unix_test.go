//go:build unix

package goimports

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// TestAFIFOIsNotWaitedOn: a FIFO named like a Go file is left out at
// once, not waited on for a writer.
func TestAFIFOIsNotWaitedOn(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"engine/a.go": "package engine\n"})
	require.NoError(t, syscall.Mkfifo(filepath.Join(ws, "engine", "b.go"), 0o644))
	r := openReader(t, ws, linux())
	files := testws.Within(t, 10*time.Second, "Dir waited on the FIFO", func() []File {
		p, err := r.Dir("engine", os.ReadFile)
		assert.NoError(t, err)
		return p.Files
	})
	assert.Equal(t, []File{{Path: "engine/a.go"}}, files)
}
