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
}
