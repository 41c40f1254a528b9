package enginefiles

import "testing"

func TestAReadBufferIsKeptOnlyWhileSmall(t *testing.T) {
	var buf []byte
	keepBuffer(&buf, make([]byte, 10, 4096))
	if cap(buf) != 4096 || len(buf) != 0 {
		t.Errorf("a 4 KiB buffer was not kept empty for the next read: len %d, cap %d", len(buf), cap(buf))
	}
	keepBuffer(&buf, make([]byte, maxKeptBuffer+1))
	if cap(buf) != 4096 {
		t.Errorf("a buffer past %d bytes was kept (cap now %d)", maxKeptBuffer, cap(buf))
	}
}
