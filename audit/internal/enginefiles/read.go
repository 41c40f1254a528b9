package enginefiles

import (
	"io/fs"
	"sync"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// ReadHook is given a file a walk read, by its Path, with what fstat said
// of it (a regular file; links are not followed). It is called from the
// walk's workers, several at once (each with a Content of its own), before
// the walk visits the file. c is the walk's to reuse once the hook
// returns: keep no part of it.
type ReadHook func(p string, c *Content)

// SetReadHook gives hook every Go file the walks read (to find //go:embed
// lines), so that a check that reads the files anyway can do its work on
// them there, spread over the walk's workers, instead of reading them
// again. With readAll, a walk reads every regular file it finds instead of
// only stat'ing it (an open and an fstat tell what an Lstat does), for a
// check that will read them all. Call it before the walks.
func (t *Tree) SetReadHook(readAll bool, hook ReadHook) {
	t.onRead, t.readAll = hook, readAll
}

// KeepStats makes the walks keep what fstat said of each file they read,
// as they keep what they lstat'ed, so that a later walk of the same files
// (another check of the same command; see package session) stats none of
// them. A Tree walked once has no use for it. Call it before the walks.
func (t *Tree) KeepStats() {
	t.keepRead = true
	// A Tree that several checks walk is walked over most of what git
	// tracks (the commands' checks read the engine, harness and content
	// folders): the stat data of each file walked are kept, and the map
	// made at that size at once, not grown a few thousand files at a
	// time.
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.infos) == 0 && t.Index != nil {
		t.infos = make(map[string]fs.FileInfo, len(t.Index.Entries))
	}
}

// readBuffers are the buffers the walks read files into: the files are
// handed to a ReadHook and not kept, so a few buffers serve thousands of
// files. Each starts with room for most source files (see
// regularfile.ReadInto, which reads first and stats after when given
// room), and grows to the largest file it is handed, up to maxKeptBuffer.
var readBuffers = sync.Pool{New: func() any { return &readBuffer{buf: make([]byte, 0, initialBuffer)} }}

// readBuffer is a pooled buffer, and the Content handed over with it, so
// that a pooled read allocates nothing for either.
type readBuffer struct {
	buf []byte
	c   Content
}

// initialBuffer is a new read buffer's room.
const initialBuffer = 16 << 10

// maxKeptBuffer is the largest buffer kept for the next read: a rare large
// file is read into room of its own, which is not held on to.
const maxKeptBuffer = 1 << 20

// keepBuffer makes the room src was read into buf's for the next read,
// unless it is larger than maxKeptBuffer.
func keepBuffer(buf *[]byte, src []byte) {
	if cap(src) <= maxKeptBuffer {
		*buf = src[:0]
	}
}

// ReadPooled reads the regular file name (see regularfile.Read) into one
// of readBuffers and hands its content to use, which must keep no part of
// c: the buffer, and c, go back to the pool when use returns.
func ReadPooled(name string, use func(c *Content)) error {
	rb := readBuffers.Get().(*readBuffer)
	defer readBuffers.Put(rb)
	src, info, err := regularfile.ReadInto(name, rb.buf)
	if err != nil {
		return err
	}
	keepBuffer(&rb.buf, src)
	rb.c = Content{Src: src, Info: info}
	defer func() { rb.c = Content{} }() // holds nothing for the pool
	use(&rb.c)
	return nil
}
