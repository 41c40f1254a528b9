package enginefiles

import (
	"bytes"
	"cmp"
	"crypto"
	"encoding/binary"
	"hash"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	githash "github.com/go-git/go-git/v5/plumbing/hash"
	"github.com/systemic-game-design/course/internal/usercache"
)

// BlobSet is a set of git blob hashes that a check has found something of
// (say, "names nothing" or "has no //go:embed line"), kept between runs in
// the user's own cache folder. A file whose index entry vouches for it (see
// Tree.Vouches) is known by its hash without being read; if the hash is in
// the set, the file need not be read at all. What is added is the hash of
// the bytes the check judged, never an index entry's: one workspace's
// forged index must not put another blob in the set for every workspace
// after. The set lives outside the workspace, so a workspace copied to
// another machine (an instructor's) brings no verdicts with it: there
// every file is read afresh.
type BlobSet struct {
	file  string
	mu    sync.Mutex
	have  map[plumbing.Hash]bool
	added bool
	kept  bool // whether it held any hash when opened
}

// OpenBlobSet loads the set called name (a file name; put in it whatever the
// verdict depends on, such as a hash of the rules). A set that cannot be
// read is empty.
func OpenBlobSet(name string) *BlobSet {
	s := &BlobSet{have: map[plumbing.Hash]bool{}}
	dir := usercache.Dir()
	if dir == "" {
		return s
	}
	s.file = filepath.Join(dir, name)
	raw, ok := usercache.ReadCache(s.file)
	if !ok || len(raw)%len(plumbing.Hash{}) != 0 {
		return s
	}
	for i := 0; i < len(raw); i += len(plumbing.Hash{}) {
		var h plumbing.Hash
		copy(h[:], raw[i:])
		s.have[h] = true
	}
	s.kept = len(s.have) > 0
	return s
}

// Expect makes room for n hashes in a set that holds none yet, such as
// the one a first run fills with a verdict on every file it reads: grown
// a hash at a time, the set is copied over and over.
func (s *BlobSet) Expect(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.have) == 0 && n > 0 {
		s.have = make(map[plumbing.Hash]bool, n)
	}
}

// Has reports whether the hash is in the set.
func (s *BlobSet) Has(h plumbing.Hash) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.have[h]
}

// Kept reports whether the set held any hash when it was opened: whether
// earlier runs left verdicts to look a hash up in. What this run adds does
// not count, so that a first run does not start stat'ing files for hashes
// that cannot be there halfway through.
func (s *BlobSet) Kept() bool { return s.kept }

// Persists reports whether the set is kept between runs: when it is not
// (COURSE_CACHE_DIR=off, or no cache folder), adding to it is pointless
// and callers need not hash anything for it.
func (s *BlobSet) Persists() bool { return s.file != "" }

// Add puts a hash in the set.
func (s *BlobSet) Add(h plumbing.Hash) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.have[h] {
		s.have[h] = true
		s.added = true
	}
}

// Save writes the set back if it grew; a set that cannot be written is
// simply not kept (it only saves time).
func (s *BlobSet) Save() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.added || s.file == "" {
		return
	}
	hashes := make([]plumbing.Hash, 0, len(s.have))
	for h := range s.have {
		hashes = append(hashes, h)
	}
	SortHashes(hashes)
	buf := make([]byte, 0, len(hashes)*len(plumbing.Hash{}))
	for _, h := range hashes {
		buf = append(buf, h[:]...)
	}
	if usercache.WriteCache(s.file, buf) {
		s.added = false
	}
}

// SortHashes sorts hashes in byte order, as bytes.Compare orders them.
// The caches are written in that order, thousands of hashes after a first
// run: their first eight bytes, compared as a number, decide almost every
// comparison, where bytes.Compare is a call for each.
func SortHashes(hashes []plumbing.Hash) {
	slices.SortFunc(hashes, func(a, b plumbing.Hash) int {
		x, y := binary.BigEndian.Uint64(a[:8]), binary.BigEndian.Uint64(b[:8])
		if x != y {
			return cmp.Compare(x, y)
		}
		return bytes.Compare(a[8:], b[8:])
	})
}

// BlobHash is git's object id of a blob with this content: the SHA-1 of
// "blob <size>\x00" and the content, by the collision-detecting SHA-1
// go-git hashes objects with (as plumbing.ComputeHash has it). A first run
// hashes every file it reads, thousands of them, and ComputeHash makes a
// new hasher and four small allocations for each; the hashers here are
// reused, and allocate nothing.
func BlobHash(content []byte) plumbing.Hash {
	h, _ := objectHash(plumbing.BlobObject, int64(len(content)), func(w io.Writer) error {
		_, err := w.Write(content)
		return err
	})
	return h
}

// objectHash is git's object id of an object of type t and size whose
// content write writes: the SHA-1 of "<type> <size>\x00" and the content,
// by a hasher of the pool. Each call holds its hasher alone until it
// returns, so objects may be hashed at once from many goroutines.
func objectHash(t plumbing.ObjectType, size int64, write func(io.Writer) error) (plumbing.Hash, error) {
	b := blobHashers.Get().(*blobHasher)
	defer blobHashers.Put(b)
	b.h.Reset()
	b.scratch = append(append(b.scratch[:0], t.String()...), ' ')
	b.scratch = strconv.AppendInt(b.scratch, size, 10)
	b.scratch = append(b.scratch, 0)
	b.h.Write(b.scratch)
	if err := write(b.h); err != nil {
		return plumbing.ZeroHash, err
	}
	var out plumbing.Hash
	b.scratch = b.h.Sum(b.scratch[:0])
	copy(out[:], b.scratch)
	return out, nil
}

// blobHasher is a SHA-1 hasher and room for a blob's header and its sum.
type blobHasher struct {
	h       hash.Hash
	scratch []byte
}

var blobHashers = sync.Pool{New: func() any {
	return &blobHasher{h: githash.New(crypto.SHA1), scratch: make([]byte, 0, 32)}
}}
