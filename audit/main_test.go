package audit

import (
	"os"
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

// TestMain removes the benchmarks' large tree after the run.
func TestMain(m *testing.M) {
	code := m.Run()
	benchtree.Remove()
	os.Exit(code)
}
