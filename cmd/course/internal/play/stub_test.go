package play

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
)

// TestAStubEngineShowsInTheStatusLine plays a fresh workspace's engine,
// whose harness is all stubs: the screen stays up and says what is missing.
func TestAStubEngineShowsInTheStatusLine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a driver program")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	ws := filepath.Join(t.TempDir(), "ws")
	_, err := scaffold.Init(ws, "example.com/stub")
	require.NoError(t, err)
	program, err := driver.Build(context.Background(), ws, "example.com/stub")
	require.NoError(t, err)
	m := newGrid(t, "01-push", func(o *GridOptions) {
		o.Engine = func(context.Context) (*driver.Client, error) {
			return driver.StartProcess(context.Background(), program, ws)
		}
		o.EngineName = "engine of ws"
	})
	assert.Contains(t, m.View().Content, "! not implemented: NewBaba (Module 06)")
	press(m, "right")
	assert.Contains(t, m.View().Content, "no level or game has been started")
	assert.Empty(t, m.history, "a move that failed is not history")
}
