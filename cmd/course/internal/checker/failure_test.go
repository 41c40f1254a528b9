package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
)

func TestOneLineOfATestifyFailure(t *testing.T) {
	out := "    a_test.go:11: \n" +
		"        \tError Trace:\t/ws/tests/a_test.go:11\n" +
		"        \tError:      \tNot equal: \n" +
		"        \t            \texpected: []int{1, 2}\n" +
		"        \t            \tactual  : []int{2, 1}\n" +
		"        \t            \t\n" +
		"        \t            \tDiff:\n" +
		"        \t            \t--- Expected\n" +
		"        \tTest:       \tTestA\n" +
		"        \tMessages:   \tthe board after summon\n" +
		"    a_test.go:12: \n" +
		"        \tError Trace:\t/ws/tests/a_test.go:12\n" +
		"        \tError:      \t\"[1]\" should have 2 item(s), but has 1\n"
	assert.Equal(t, "a_test.go:11: Not equal: expected: []int{1, 2}; actual : []int{2, 1} (the board after summon)", oneLine(out))
	assert.Equal(t, "a_test.go:12: \"[1]\" should have 2 item(s), but has 1", oneLine(out[len(out)-100:]))
	assert.Equal(t, "panic: boom", oneLine("    some log\npanic: boom\n"))
	assert.Equal(t, "first words", oneLine("\n  first words\nsecond\n"))
	// Output printed with no line end runs into the panic's line: the one
	// line is the panic, not the learner's words before it.
	assert.Equal(t, "panic: boom", oneLine("    some log\ndebug: board emptypanic: boom [recovered, repanicked]\n\ngoroutine 7 [running]:\n"))
	assert.Equal(t, "panic: boom", oneLine("debug: x=1panic: boom\npanic: boom\n"), "a panic at a line's start comes first")
	assert.Equal(t, "crashed the test binary: fatal error: stack overflow", oneLine("crashed the test binary: fatal error: stack overflow\n"), "a cause quoted after a space is left whole")
}

// A place in a test file check replaced with the course's copy (the
// learner's own is edited) is said to be in the copy, in the assertion's
// trace, in the frames of a panic and in the one line: the learner's file
// may have other lines at that number. A place in any other file is left
// as it is.
func TestPlacesInTheCoursesCopyAreMarked(t *testing.T) {
	f := formatter{root: "/ws", copies: map[string]bool{"tests/01_handles_test.go": true}}
	out := "    01_handles_test.go:11: \n" +
		"        \tError Trace:\t/ws/tests/01_handles_test.go:11\n" +
		"        \t            \t/ws/tests/helpers_test.go:7\n" +
		"        \tError:      \tShould be true\n" +
		"        \tTest:       \tTest_01_a\n"
	got := f.failure(gotest.Test{Name: "Test_01_a", Outcome: gotest.Fail, Output: out}, &gotest.Result{})
	assert.Contains(t, got, "Error Trace:\t/ws/tests/01_handles_test.go:11 in the course's copy\n")
	assert.Contains(t, got, "/ws/tests/helpers_test.go:7\n", "the learner's own test file is theirs as it is")
	assert.NotContains(t, got, "helpers_test.go:7 in")
	assert.Equal(t, "01_handles_test.go:11 in the course's copy: Should be true", oneLine(got))

	crash := "panic: boom [recovered]\n\ngoroutine 7 [running]:\n" +
		"example.com/my-engine/harness.Summon(...)\n\t/ws/harness/game.go:40 +0x1d\n" +
		"example.com/my-engine/tests.Test_01_a(0xc000)\n\t/ws/tests/01_handles_test.go:12 +0x6e\n"
	got = f.failure(gotest.Test{Name: "Test_01_a", Outcome: gotest.Fail, Output: crash}, &gotest.Result{})
	assert.Equal(t, "panic: boom\n    harness.Summon (harness/game.go:40)\n    tests.Test_01_a (tests/01_handles_test.go:12 in the course's copy)", got)

	// With no copy put in place, nothing is marked.
	f.copies = nil
	got = f.failure(gotest.Test{Name: "Test_01_a", Outcome: gotest.Fail, Output: crash}, &gotest.Result{})
	assert.NotContains(t, got, "course's copy")
}

// A test not run says why: the build failed, the run knows (a hang after
// a crash stopped the runs not yet started), or the time ran out.
func TestATestNotRunSaysWhy(t *testing.T) {
	f := formatter{root: "/ws"}
	notRun := gotest.Test{Package: "m/tests", Name: "Test_01_b", Outcome: gotest.NotRun}
	assert.Equal(t, "did not run: the time ran out before it", f.failure(notRun, &gotest.Result{TimedOut: true}))
	assert.Equal(t, "did not run: the test binary stopped before reaching it", f.failure(notRun, &gotest.Result{}))
	assert.Equal(t, "did not run: the tests do not compile (the build error is shown above)",
		f.failure(notRun, &gotest.Result{BuildOutput: map[string]string{"m/tests": "x.go:1: undefined: y"}}))
	notRun.Cause = gotest.NotStartedAfterTimeout
	assert.Equal(t, "did not run: "+gotest.NotStartedAfterTimeout, f.failure(notRun, &gotest.Result{TimedOut: true}))
}

// A test that ran its binary out of the memory limit says so first, with
// the limit and the mend, then the learner's frames where it allocated,
// not the runtime's lines; its one line is that heading.
func TestATestOutOfMemorySaysSoWithItsFrames(t *testing.T) {
	f := formatter{root: "/ws"}
	cause := "the test binary ran out of its memory limit of 4 GiB while this test ran; look for an allocation without end: a loop that appends to a slice, or adds to a map, and never stops"
	out := "fatal error: runtime: out of memory\n\nruntime stack:\nruntime.throw({0x4923d2?, 0x58000000?})\n\t/usr/local/go/src/runtime/panic.go:1229 +0x48\n\n" +
		"goroutine 7 gp=0xc000 m=2 mp=0xc001 [running]:\nruntime.growslice(...)\n\t/usr/local/go/src/runtime/slice.go:177 +0x1\n" +
		"example.com/my-engine/harness.(*Game).Summon(...)\n\t/ws/harness/game.go:40 +0x1d\n" +
		"example.com/my-engine/tests.Test_01_a(0xc000)\n\t/ws/tests/01_handles_test.go:12 +0x6e\n"
	got := f.failure(gotest.Test{Name: "Test_01_a", Outcome: gotest.OutOfMemory, Cause: cause, Output: out}, &gotest.Result{})
	assert.Equal(t, "ran out of memory: "+cause+"\n    harness.(*Game).Summon (harness/game.go:40)\n    tests.Test_01_a (tests/01_handles_test.go:12)", got)
	assert.Equal(t, "ran out of memory: "+cause, oneLine(got))
}

// Where the limit ended the binary in a thread it could not start, the
// runtime's lines (cgo's complaint, the signal and its PC) are no words
// of the learner's: the heading says why, the frames where.
func TestATestOutOfMemoryInAThreadStartShowsNoRuntimeLines(t *testing.T) {
	f := formatter{root: "/ws"}
	out := "    grow_test.go:5: growing\n" +
		"runtime/cgo: pthread_create failed: Resource temporarily unavailable\nSIGABRT: abort\nPC=0x7fd5bb884eec m=0 sigcode=18446744073709551610\n\n" +
		"goroutine 0 gp=0x1 m=0 mp=0x2 [idle]:\nruntime.abort()\n\t/usr/local/go/src/runtime/asm_amd64.s:1 +0x1\n\n" +
		"goroutine 7 gp=0x3 m=nil [running]:\nexample.com/my-engine/tests.TestGrows(0xc000)\n\t/ws/tests/grow_test.go:11 +0x6e\n"
	got := f.failure(gotest.Test{Name: "TestGrows", Outcome: gotest.OutOfMemory, Cause: "the limit", Output: out}, &gotest.Result{})
	assert.Equal(t, "ran out of memory: the limit\n    grow_test.go:5: growing\n    tests.TestGrows (tests/grow_test.go:11)", got)
}
