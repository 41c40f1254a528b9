package driver

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
)

// An engine that allocates without end ends at its memory limit, and
// play says so, with the learner's line where the runtime names it and
// the mend. The chunks are never written, so it takes address space, not
// the machine's memory: without the limit it would run until the reply's
// time ran out.
func TestAnEngineThatAllocatesWithoutEndRunsOutOfItsLimit(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds a driver program")
	}
	limit := memlimit.For("")
	if limit == 0 {
		t.Skip("no memory limit can be set here")
	}
	c := startWrapped(t, "", "var keep [][]byte\n", "\tfor d == Right {\n\t\tkeep = append(keep, make([]byte, 256<<20))\n\t}")
	c.timeout = 5 * time.Second
	_, err := c.Do(Request{Op: "step", Dir: "right"})
	require.Error(t, err)
	assert.True(t, IsStopped(err))
	assert.Regexp(t, `^the engine stopped: it ran out of its memory limit of `+memlimit.Size(limit)+
		`( \(harness/wrapped\.go:\d+, in harness\.\(\*Baba\)\.Step\))?; look for an allocation without end: a loop that appends to a slice, or adds to a map, and never stops$`, err.Error())
}

// An engine that mapped more than its limit before the limit came (an
// init quicker than play's prlimit) is ended, and said to have run out:
// here the limit is below what any program maps as it starts. The engine
// never greets, so only its end can answer.
func TestAnEngineOverItsLimitAsItStartsIsEnded(t *testing.T) {
	old := memLimitFor
	memLimitFor = func(string) uint64 { return 4 << 10 }
	t.Cleanup(func() { memLimitFor = old })
	script := shellEngine(t, t.TempDir(), "read line <&4\n")
	_, err := startProcess(context.Background(), script, t.TempDir(), 2*time.Second)
	require.Error(t, err)
	assert.True(t, IsStopped(err))
	assert.Equal(t, "the engine stopped: it ran out of its memory limit of 4 KiB; "+memlimit.Mend, err.Error())
}
