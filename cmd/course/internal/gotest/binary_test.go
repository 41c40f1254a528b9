package gotest

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Tests too many to name in one argument (Linux takes 128 KiB at most in
// one) all run, and each tells its own outcome: a failure among them
// fails that test alone, whether the tests are the course's or not.
func TestTestsTooManyForOneArgumentAllRun(t *testing.T) {
	const n = 3000
	name := func(i int) string {
		return fmt.Sprintf("Test_01_%s_%04d", strings.Repeat("a_long_name_", 5), i)
	}
	var src strings.Builder
	src.WriteString("package tests\n\nimport \"testing\"\n\n")
	var expected []string
	for i := range n {
		body := ""
		if i == n/2 {
			body = `t.Fatal("wrong")`
		}
		fmt.Fprintf(&src, "func %s(t *testing.T) { %s }\n", name(i), body)
		expected = append(expected, name(i))
	}
	require.Greater(t, len(strings.Join(expected, "|")), 128<<10, "one -test.run for them all would be too long")
	dir, p := module(t, src.String())
	for _, verify := range []bool{false, true} {
		p.Expected, p.Verify = expected, verify
		res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
		require.NoError(t, err, "verify %v", verify)
		require.Len(t, res.Tests, n, "verify %v", verify)
		for i, test := range res.Tests {
			want := Pass
			if i == n/2 {
				want = Fail
			}
			require.Equal(t, want, test.Outcome, "%s, verify %v", test.Name, verify)
		}
	}
}

// Each part of a run is at most maxRunPattern long, and the parts hold
// every name once, in order; a name too long for a part of its own is
// one all the same.
func TestRunPartsKeepEachPatternShort(t *testing.T) {
	defer func(n int) { maxRunPattern = n }(maxRunPattern)
	maxRunPattern = 40
	names := []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_" + strings.Repeat("x", 50), "Test_01_d"}
	parts := runParts(names)
	assert.Equal(t, [][]string{{"Test_01_a", "Test_01_b", "Test_01_c"}, {"Test_01_" + strings.Repeat("x", 50)}, {"Test_01_d"}}, parts)
	assert.Equal(t, names, slices.Concat(parts...))
	for i, part := range parts {
		if len(part) > 1 {
			assert.LessOrEqual(t, len(runPattern(part)), maxRunPattern, part)
		}
		if i+1 < len(parts) {
			assert.Greater(t, len(runPattern(append(slices.Clip(part), parts[i+1][0]))), maxRunPattern, "the next name would fit in %v", part)
		}
	}
	assert.Equal(t, [][]string{nil}, runParts(nil), "no test is one run that runs none")
}

// twoAPart makes the runs of the tests below two tests a part.
func twoAPart(t *testing.T) {
	t.Helper()
	old := maxRunPattern
	t.Cleanup(func() { maxRunPattern = old })
	maxRunPattern = len(runPattern([]string{"Test_01_a", "Test_01_b"}))
}

// A run in parts is told as one run: a green one runs each test once,
// and in a red one a pass of another part is confirmed by one run more,
// as a pass in the run a failure fails is.
func TestARunInPartsConfirmsAsOneRun(t *testing.T) {
	twoAPart(t)
	f := runsFile(t)
	dir, p := module(t, `package tests

import ("fmt"; "os"; "testing")
`+noteRun+`
func Test_01_a(t *testing.T) { noteRun("a") }
func Test_01_b(t *testing.T) { noteRun("b") }
func Test_01_c(t *testing.T) { noteRun("c") }
func Test_01_d(t *testing.T) { noteRun("d"); if os.Getenv("RED") != "" { t.Fatal("wrong") } }
func Test_01_e(t *testing.T) { noteRun("e") }
`)
	p.Expected, p.Verify = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d", "Test_01_e"}, true
	require.Len(t, runParts(p.Expected), 3)

	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Pass, "Test_01_d": Pass, "Test_01_e": Pass}, outcomes(res))
	assert.Equal(t, map[string]int{"a": 1, "b": 1, "c": 1, "d": 1, "e": 1}, runs(t, f), "green: one run each")

	require.NoError(t, os.Remove(f))
	res, err = Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Env: []string{"RED=1"}})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Pass, "Test_01_d": Fail, "Test_01_e": Pass}, outcomes(res))
	assert.Equal(t, map[string]int{"a": 2, "b": 2, "c": 2, "d": 1, "e": 2}, runs(t, f), "red: the passes once more")
}

// A crash in one part ends the run there, as it would end one process of
// them all: every test left, in that part or a later one, runs in a
// process of its own. Test_01_f fails when Test_01_e ran before it in
// its process.
func TestACrashInAPartLeavesTheRestToRunAlone(t *testing.T) {
	twoAPart(t)
	dir, p := module(t, `package tests

import ("os"; "testing")

var eRan bool

func Test_01_a(t *testing.T) {}
func Test_01_b(t *testing.T) {}
func Test_01_c(t *testing.T) { os.Exit(3) }
func Test_01_d(t *testing.T) {}
func Test_01_e(t *testing.T) { eRan = true }
func Test_01_f(t *testing.T) { if eRan { t.Fatal("ran after Test_01_e in one process") } }
`)
	res := verified(t, dir, p, "Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d", "Test_01_e", "Test_01_f")
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Crash, "Test_01_d": Pass, "Test_01_e": Pass, "Test_01_f": Pass}, outcomes(res))
}

// A time-out in one part ends the run there, as it ends one process of
// them all: no later part starts, and its tests are not run, though the
// test that ran out of time was the last of its part.
func TestATimeoutInAPartEndsTheRun(t *testing.T) {
	twoAPart(t)
	f := runsFile(t)
	dir, p := module(t, `package tests

import ("fmt"; "os"; "testing")
`+noteRun+`
func Test_01_a(t *testing.T) { noteRun("a") }
func Test_01_b(t *testing.T) { noteRun("b") }
func Test_01_c(t *testing.T) { noteRun("c") }
func Test_01_d(t *testing.T) { noteRun("d"); for {} }
func Test_01_e(t *testing.T) { noteRun("e") }
func Test_01_f(t *testing.T) { noteRun("f") }
`)
	p.Expected = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d", "Test_01_e", "Test_01_f"}
	require.Equal(t, [][]string{{"Test_01_a", "Test_01_b"}, {"Test_01_c", "Test_01_d"}, {"Test_01_e", "Test_01_f"}}, runParts(p.Expected))
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 2 * time.Second})
	require.NoError(t, err)
	assert.True(t, res.TimedOut)
	assert.Equal(t, []string{"Test_01_d"}, res.Running)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Pass, "Test_01_b": Pass, "Test_01_c": Pass, "Test_01_d": TimedOut, "Test_01_e": NotRun, "Test_01_f": NotRun}, outcomes(res))
	assert.Equal(t, map[string]int{"a": 1, "b": 1, "c": 1, "d": 1}, runs(t, f))
}
