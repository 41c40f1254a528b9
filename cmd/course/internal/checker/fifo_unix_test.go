//go:build unix

package checker

import (
	"context"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// A FIFO where a test file or the state file is expected is refused, not
// waited on.
func TestAFIFOIsRefusedNotWaitedOn(t *testing.T) {
	for _, rel := range []string{"tests/01_fifo_test.go", ".course/state.json"} {
		ws := fixture(t, map[string]string{
			"tests/01_a_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
			".course/keep":       "",
		})
		require.NoError(t, syscall.Mkfifo(filepath.Join(ws, filepath.FromSlash(rel)), 0o644))
		err := testws.Within(t, time.Minute, "check waited on the FIFO "+rel, func() error {
			_, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, nil)
			return err
		})
		if rel == ".course/state.json" {
			// The tests ran; the state file is a warning, not a hang.
			require.NoError(t, err)
			continue
		}
		var wsErr *workspace.Error
		require.ErrorAs(t, err, &wsErr, rel)
		assert.Contains(t, wsErr.Why, "not a regular file")
	}
}
