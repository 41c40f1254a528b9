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
