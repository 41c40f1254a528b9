package gotest

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
)

// A test that allocates without end ends its own binary at the memory
// limit, at once, as out of memory, naming the limit and the mend; the
// tests before and after it keep their results, and a test sees the
// limit on its own process. The chunks are never written, so the test
// takes address space, not the machine's memory: without the limit it
// would run to its time limit.
func TestAnAllocationWithoutEndRunsOutOfTheMemoryLimit(t *testing.T) {
	limit := memlimit.For("")
	if limit == 0 {
		t.Skip("no memory limit can be set here")
	}
	dir, p := module(t, `package tests

import ("os"; "runtime/debug"; "strings"; "testing")

var keep [][]byte

func Test_01_a(t *testing.T) {}
func Test_01_grows(t *testing.T) {
	debug.SetGCPercent(-1) // so that its own allocation fails, with its frames
	for n := 256 << 20; ; n *= 2 {
		keep = append(keep, make([]byte, n))
	}
}
func Test_01_limit(t *testing.T) {
	b, err := os.ReadFile("/proc/self/limits")
	if err != nil {
		t.Skip(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "Max data size") && !strings.Contains(l, " `+strconv.FormatUint(limit, 10)+` ") {
			t.Fatal(l)
		}
	}
}
func Test_01_z(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_grows", "Test_01_limit", "Test_01_z"}
	start := time.Now()
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 10 * time.Second})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 9*time.Second, "it ran to its time limit")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_grows": OutOfMemory, "Test_01_limit": Pass, "Test_01_z": Pass}, outcomes(r))
	assert.Equal(t, "the test binary ran out of its memory limit of "+memlimit.Size(limit)+" while this test ran; look for an allocation without end: a loop that appends to a slice, or adds to a map, and never stops",
		byName(r)["Test_01_grows"].Cause)
	assert.Contains(t, byName(r)["Test_01_grows"].Output, "tests.Test_01_grows(", byName(r)["Test_01_grows"].Output)
	assert.False(t, r.TimedOut)
}

// A binary that has mapped more than its limit when the limit comes (an
// init quicker than course's prlimit) is ended, and its tests ran out of
// memory before any ran: here the limit is below what any Go program
// maps as it starts. An init waits a moment, so that the binary can
// neither end nor start a test before the limit comes, however busy the
// machine.
func TestABinaryOverTheLimitAsItStartsIsEnded(t *testing.T) {
	if memlimit.For("") == 0 {
		t.Skip("no memory limit can be set here")
	}
	old := memLimitFor
	memLimitFor = func(string) uint64 { return 4 << 10 }
	t.Cleanup(func() { memLimitFor = old })
	dir, p := module(t, `package tests

import ("testing"; "time")

func init() { time.Sleep(time.Second) }

func Test_01_a(t *testing.T) {}
func Test_01_b(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_b"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 10 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": OutOfMemory, "Test_01_b": OutOfMemory}, outcomes(r))
	assert.True(t, strings.HasPrefix(byName(r)["Test_01_a"].Cause, "the test binary ran out of its memory limit of 4 KiB before any test ran"), byName(r)["Test_01_a"].Cause)
}

// Where check set no limit, the runtime's own out-of-memory is a crash,
// as before: the machine's memory ran out, or the user's own limit.
func TestOutOfMemoryWithoutALimitOfChecksIsACrash(t *testing.T) {
	old := memLimitFor
	memLimitFor = func(string) uint64 { return 0 }
	t.Cleanup(func() { memLimitFor = old })
	dir, p := module(t, `package tests

import ("fmt"; "os"; "testing")

func Test_01_a(t *testing.T) { fmt.Println("fatal error: runtime: out of memory"); os.Exit(2) }
`)
	p.Expected = []string{"Test_01_a"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 10 * time.Second})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Crash}, outcomes(r))
	assert.Equal(t, "fatal error: runtime: out of memory", byName(r)["Test_01_a"].Cause)
}

// After a run out of memory the tests left run one at a time, not Jobs at
// once, each able to take the whole limit; and after a second run out,
// none starts: every test here reaches the same allocation without end.
// The runs left go in order, so the same tests run before the stop.
// Run at once, with no such hold, the two in flight after the first
// would both run out; run to the end, all five would.
func TestRunsOutOfMemoryAreOneAtATimeThenStop(t *testing.T) {
	if memlimit.For("") == 0 {
		t.Skip("no memory limit can be set here")
	}
	dir, p := module(t, `package tests

import "testing"

var keep [][]byte

func grow() {
	for {
		keep = append(keep, make([]byte, 256<<20))
	}
}

func Test_01_a(t *testing.T) {}
func Test_01_g1(t *testing.T) { grow() }
func Test_01_g2(t *testing.T) { grow() }
func Test_01_g3(t *testing.T) { grow() }
func Test_01_g4(t *testing.T) { grow() }
func Test_01_g5(t *testing.T) { grow() }
`)
	p.Expected = []string{"Test_01_a", "Test_01_g1", "Test_01_g2", "Test_01_g3", "Test_01_g4", "Test_01_g5"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 10 * time.Second, Jobs: 2})
	require.NoError(t, err)
	got := outcomes(r)
	// In order: the same tests run before the runs stop, check after check.
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_g1": OutOfMemory, "Test_01_g2": OutOfMemory,
		"Test_01_g3": NotRun, "Test_01_g4": NotRun, "Test_01_g5": NotRun}, got)
	for _, test := range r.Tests {
		if test.Outcome == NotRun {
			assert.Equal(t, NotStartedAfterOutOfMemory, test.Cause, test.Name)
		}
	}
}
