package memlimit

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSizeInWords(t *testing.T) {
	assert.Equal(t, "4 GiB", Size(Default))
	assert.Equal(t, "1.5 GiB", Size(3<<29))
	assert.Equal(t, "512 MiB", Size(512<<20))
	assert.Equal(t, "64 KiB", Size(64<<10))
}

// The runtime's words for memory it could not have, and a fault in its
// own code, are running out; a test's log line, another thread error, a
// fault in the learner's code are not.
func TestTheRuntimesOutOfMemoryLines(t *testing.T) {
	for _, out := range []string{
		"runtime: out of memory: cannot allocate 4194304-byte block (1 in use)\nfatal error: out of memory\n",
		"fatal error: runtime: out of memory\n\nruntime stack:\n",
		"fatal error: out of memory allocating heap arena metadata\n",
		"fatal error: runtime: cannot allocate memory\n",
		"fatal error: pageAlloc: out of memory\n",
		"runtime: failed to create new OS thread (have 7 already; errno=12)\nfatal error: newosproc\n",
		"runtime/cgo: pthread_create failed: Resource temporarily unavailable\nSIGABRT: abort\nPC=0x7fd5bb884eec m=0 sigcode=18446744073709551610\n",
		"SIGSEGV: segmentation violation\nPC=0x430e3d m=0 sigcode=1 addr=0x0\n\ngoroutine 0 gp=0x6d5e60 m=0 mp=0x6d6e60 [idle]:\n" +
			"runtime.(*spanQueue).tryDrain(0x7ffe00000400?, 0x4395c5?, 0x6d64a8?)\n\t/usr/local/go/src/runtime/mgcmark_greenteagc.go:520 +0x5d\n",
	} {
		assert.True(t, ranOut(out), out)
	}
	for _, out := range []string{
		"fatal error: stack overflow\n",
		"runtime: failed to create new OS thread (have 7 already; errno=11)\nfatal error: newosproc\n",
		"    x_test.go:3: fatal error: out of memory\n",
		"SIGSEGV: segmentation violation\nPC=0x7f0 m=3 sigcode=1 addr=0x0\n\ngoroutine 7 gp=0x1 m=3 mp=0x2 [running]:\nexample.com/ws/engine.(*Board).Step(0x0)\n",
	} {
		assert.False(t, ranOut(out), out)
	}
}
