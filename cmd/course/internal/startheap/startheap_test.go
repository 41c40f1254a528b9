package startheap

import (
	"math"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// settings reads the collector's GOGC and memory limit as the runtime has
// them now.
func settings() (percent int64, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// The tests change the collector of the whole test process, so none of
// them runs in parallel, and each puts the defaults back.
func resetDefaults(t *testing.T) {
	t.Cleanup(func() { restore(100) })
}

func TestDeferTurnsTheCollectorOffUntilTheLimitThenRestoresTheDefaults(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	resetDefaults(t)

	Defer(64 << 20)
	percent, limit := settings()
	assert.Equal(t, int64(-1), percent, "GOGC while the start heap lasts")
	assert.Equal(t, int64(64<<20), limit)

	// Any collection, the one the limit brings or this one, ends the start.
	runtime.GC()
	require.Eventually(t, func() bool {
		percent, limit = settings()
		return percent == 100 && limit == math.MaxInt64
	}, 5*time.Second, time.Millisecond, "after the first collection GOGC is %d and the limit %d, want 100 and none", percent, limit)
}

var sink []byte

func TestDeferCollectsOnceTheProgramReachesTheLimit(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	resetDefaults(t)
	total := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(total)

	Defer(int64(total[0].Value.Uint64()) + 16<<20)
	// Garbage, four times what the limit leaves room for, and no call
	// to runtime.GC: the limit alone must bring the first collection.
	for range 64 {
		sink = make([]byte, 1<<20)
	}
	require.Eventually(t, func() bool {
		percent, _ := settings()
		return percent == 100
	}, 5*time.Second, time.Millisecond, "the collector is still off after the program passed its limit")
}

func TestDeferLeavesWhatTheUserSetAlone(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, "200")
			resetDefaults(t)
			before, beforeLimit := settings()

			Defer(64 << 20)
			percent, limit := settings()
			assert.Equal(t, before, percent)
			assert.Equal(t, beforeLimit, limit)
		})
	}
}
