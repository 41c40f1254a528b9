package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
