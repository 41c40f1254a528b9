package grid

// chunkSize is how many entries one chunk of a history list holds.
const chunkSize = 4096

// chunked is an append-only list kept in fixed-size chunks, so that a long
// history grows without ever copying what it already holds.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunked[T]) len() int { return c.n }

func (c *chunked[T]) push(v T) {
	i := c.n / chunkSize
	if i == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, chunkSize))
	}
	c.chunks[i][c.n%chunkSize] = v
	c.n++
}

func (c *chunked[T]) at(i int) T { return c.chunks[i/chunkSize][i%chunkSize] }

// truncate keeps the first n entries; the chunk after the last one in use
// is kept for reuse, the rest are let go.
func (c *chunked[T]) truncate(n int) {
	c.n = n
	if keep := n/chunkSize + 2; keep < len(c.chunks) {
		clear(c.chunks[keep:])
		c.chunks = c.chunks[:keep]
	}
}

// allocated is how many entries the chunks can hold.
func (c *chunked[T]) allocated() int { return len(c.chunks) * chunkSize }
