package expansion

import (
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

// TestMain keeps the checks' verdict cache in a folder of the run's own and
// removes the benchmarks' large tree after the run.
func TestMain(m *testing.M) { benchtree.Main(m) }
