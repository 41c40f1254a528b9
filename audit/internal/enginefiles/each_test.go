package enginefiles

import (
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	for _, c := range []struct{ n, workers int }{{0, 4}, {1, 4}, {3, 8}, {1000, 4}} {
		calls := make([]atomic.Int32, c.n)
		Each(c.n, c.workers, func(i int) { calls[i].Add(1) })
		for i := range calls {
			assert.Equal(t, int32(1), calls[i].Load(), "n %d, index %d", c.n, i)
		}
	}
}
