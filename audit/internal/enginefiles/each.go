package enginefiles

import (
	"sync"
	"sync/atomic"
)

// Each calls f(i) for every i in [0, n), on up to workers goroutines at
// once, and returns when every call has: the walk's folders, the embed
// scan's files and the audit's reads all spread this way, each result
// written to its own index by f.
func Each(n, workers int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, workers) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}
