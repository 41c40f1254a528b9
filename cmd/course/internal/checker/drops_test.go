package checker

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A drop's span names its commits short, and a drop that ended where it
// started, no commit between, reads as one commit rather than "from X to X".
func TestDropSpanNamesTheCommitsItIsJudgedOver(t *testing.T) {
	start := "3dbea99d1c2b6f0a8e7c5d4b3a291807f6e5d4c3"
	end := "a1b2c3d4e5f60718293a4b5c6d7e8f9012345678"
	assert.Equal(t, "since 3dbea99", DropSpan(start, ""))
	assert.Equal(t, "from 3dbea99 to a1b2c3d, where it ended", DropSpan(start, end))
	assert.Equal(t, "at 3dbea99, where it started and ended", DropSpan(start, start))
}
