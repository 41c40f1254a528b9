package grid

import "math/bits"

// A history list is kept in chunks that double in size from firstChunk
// entries up to maxChunk, then stay at maxChunk: a short history holds
// little memory, a long one never copies what it already holds, and what a
// truncation frees is reused by the next pushes.
const (
	firstChunkBits = 4
	maxChunkBits   = 12
	firstChunk     = 1 << firstChunkBits
	maxChunk       = 1 << maxChunkBits
	// growing is how many entries the doubling chunks hold together
	growing       = maxChunk*2 - firstChunk
	growingChunks = maxChunkBits - firstChunkBits + 1
)

// chunked is an append-only list kept in chunks; none is allocated before
// the first push.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (c *chunked[T]) len() int { return c.n }

// locate is the chunk holding entry i and i's place in it.
func locate(i int) (chunk, at int) {
	if i < growing {
		chunk = bits.Len(uint(i>>firstChunkBits+1)) - 1
		return chunk, i - (firstChunk<<chunk - firstChunk)
	}
	i -= growing
	return growingChunks + i>>maxChunkBits, i & (maxChunk - 1)
}

func chunkLen(chunk int) int {
	if chunk < growingChunks {
		return firstChunk << chunk
	}
	return maxChunk
}

func (c *chunked[T]) push(v T) {
	ch, at := locate(c.n)
	if ch == len(c.chunks) {
		c.chunks = append(c.chunks, make([]T, chunkLen(ch)))
	}
	c.chunks[ch][at] = v
	c.n++
}

func (c *chunked[T]) at(i int) T {
	ch, at := locate(i)
	return c.chunks[ch][at]
}

// truncate keeps the first n entries; the chunk after the last one in use
// is kept for reuse, the rest are let go.
func (c *chunked[T]) truncate(n int) {
	c.n = n
	last := -1
	if n > 0 {
		last, _ = locate(n - 1)
	}
	if keep := last + 2; keep < len(c.chunks) {
		clear(c.chunks[keep:])
		c.chunks = c.chunks[:keep]
	}
}

// allocated is how many entries the chunks can hold.
func (c *chunked[T]) allocated() int {
	total := 0
	for i := range c.chunks {
		total += chunkLen(i)
	}
	return total
}
