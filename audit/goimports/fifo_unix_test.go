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

	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// TestAFIFOIsRefusedAtOnce: a FIFO named like a Go file stops the rule
// at once with an error naming it, neither waited on for a writer nor
// left out (with a writer, the go command would build what it is fed).
func TestAFIFOIsRefusedAtOnce(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"engine/a.go": "package engine\n"})
	require.NoError(t, syscall.Mkfifo(filepath.Join(ws, "engine", "b.go"), 0o644))
	r := openReader(t, ws, linux())
	err := testws.Within(t, 10*time.Second, "Dir waited on the FIFO", func() error {
		_, err := r.Dir("engine", os.ReadFile)
		return err
	})
	var nr *regularfile.NotRegularError
	require.ErrorAs(t, err, &nr)
	assert.Equal(t, "engine/b.go is a FIFO, not a regular file; remove it, or put a regular file in its place", err.Error())
}

// TestAFileTooLargeToReadIsRefused: a Go file larger than the tools read
// (a sparse one here) stops the rule with an error naming it; left out,
// its imports would go unjudged while the go command builds it.
func TestAFileTooLargeToReadIsRefused(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"content/a.go": "package content\n"})
	f, err := os.Create(filepath.Join(ws, "content", "huge.go"))
	require.NoError(t, err)
	_, err = f.WriteString("package content\n\nimport \"example.com/ws/engine\"\n")
	require.NoError(t, err)
	require.NoError(t, f.Truncate(regularfile.MaxSize+1))
	require.NoError(t, f.Close())
	_, err = openReader(t, ws, linux()).Packages("content", os.ReadFile)
	var tl *regularfile.TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, "content/huge.go", tl.Path)
}
