package grid

import (
	"testing"
	"unsafe"
)

// TestChunkedGrowsFromSmall: nothing is allocated before the first push,
// the first chunk is small, the chunks double up to their largest size, and
// every entry reads back where it was pushed, also across a truncation.
func TestChunkedGrowsFromSmall(t *testing.T) {
	var c chunked[int32]
	if c.allocated() != 0 {
		t.Fatalf("an empty list holds %d entries", c.allocated())
	}
	c.push(0)
	if got := c.allocated(); got != firstChunk {
		t.Fatalf("after one push %d entries are allocated, want %d", got, firstChunk)
	}
	const n = 3*maxChunk + growing + 5
	for i := 1; i < n; i++ {
		c.push(int32(i))
		if all := c.allocated(); all < c.len() || all > c.len()+max(c.len(), maxChunk) {
			t.Fatalf("%d entries in %d allocated", c.len(), all)
		}
	}
	for i := range n {
		if got := c.at(i); got != int32(i) {
			t.Fatalf("entry %d reads %d", i, got)
		}
	}
	c.truncate(100)
	if got := len(c.chunks); got > 5 {
		t.Errorf("after truncating to 100 entries %d chunks are kept", got)
	}
	for i := 100; i < 200; i++ {
		c.push(int32(-i))
	}
	if c.at(99) != 99 || c.at(150) != -150 {
		t.Errorf("after truncate and push: at(99) = %d, at(150) = %d", c.at(99), c.at(150))
	}
	c.truncate(0)
	if len(c.chunks) > 1 {
		t.Errorf("after truncating to nothing %d chunks are kept", len(c.chunks))
	}
}

// TestFirstStepAllocatesLittle: a board's first turn allocates its history
// from small chunks, not thousands of entries ahead.
func TestFirstStepAllocatesLittle(t *testing.T) {
	b := rulesBoard(t, 9, 5, "ZIP IS YOU")
	place(t, b, "zip", 0, 4)
	b.Step(Right)
	if got := b.HistoryBytes(); got > 1024 {
		t.Errorf("after one turn the history holds %d bytes, want at most 1 KiB", got)
	}
}

// TestHistoryEntrySizes: the sizes HistoryBytes counts are those of the
// entries the history holds.
func TestHistoryEntrySizes(t *testing.T) {
	if got := unsafe.Sizeof(change{}); got != ChangeBytes {
		t.Errorf("a change takes %d bytes, ChangeBytes says %d", got, ChangeBytes)
	}
	if got := unsafe.Sizeof(turn{}); got != TurnBytes {
		t.Errorf("a turn takes %d bytes, TurnBytes says %d", got, TurnBytes)
	}
}
