package expansion

import (
	"os"
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
	"github.com/systemic-game-design/course/audit/internal/enginefiles"
)

// TestMain keeps the checks' verdict cache in a folder of the run's own
// (unless COURSE_CACHE_DIR says otherwise), and removes the benchmarks'
// large tree after the run.
func TestMain(m *testing.M) {
	cache := ""
	if os.Getenv(enginefiles.CacheDirEnvVar) == "" {
		cache, _ = os.MkdirTemp("", "course-cache")
		os.Setenv(enginefiles.CacheDirEnvVar, cache)
	}
	code := m.Run()
	benchtree.Remove()
	if cache != "" {
		os.RemoveAll(cache)
	}
	os.Exit(code)
}
