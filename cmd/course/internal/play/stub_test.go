package play

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/cmd/course/internal/play/driver/drivertest"
)

// TestAStubEngineShowsInTheStatusLine plays a fresh workspace's engine,
// whose harness is all stubs: the screen stays up and says what is missing.
func TestAStubEngineShowsInTheStatusLine(t *testing.T) {
	ws := drivertest.Stubs(t, "example.com/stub")
	program, err := driver.Build(context.Background(), ws, "example.com/stub")
	require.NoError(t, err)
	m := newGrid(t, "01-push", func(o *GridOptions) {
		o.Engine = func(ctx context.Context) (*driver.Client, error) {
			return driver.StartProcess(ctx, program, ws)
		}
		o.EngineName = "engine of ws"
	})
	assert.Contains(t, m.View().Content, "! not implemented: NewBaba (Module 06)")
	press(m, "right")
	assert.Contains(t, m.View().Content, "! not implemented: NewBaba (Module 06): nothing started; r restarts")
	assert.Empty(t, m.history, "a move that failed is not history")
}
