package enginefiles

import (
	"bytes"
	"io"
	"sync"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/systemic-game-design/course/internal/usercache"
)

func TestASetKeepsOnlyWhatEarlierRunsSaved(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	h := BlobHash([]byte("package engine\n"))

	first := OpenBlobSet("verdicts")
	if first.Kept() {
		t.Fatal("a set never saved says it kept verdicts")
	}
	first.Add(h)
	if !first.Has(h) {
		t.Fatal("the set does not have the hash just added")
	}
	if first.Kept() {
		t.Error("a hash added in this run counts as kept by an earlier one")
	}
	first.Save()

	second := OpenBlobSet("verdicts")
	if !second.Kept() || !second.Has(h) {
		t.Errorf("after a save, the next run's set: kept %v, has the hash %v; want both", second.Kept(), second.Has(h))
	}
	if second.Has(plumbing.Hash{1}) {
		t.Error("the set has a hash nobody added")
	}
}

func TestASetThatIsOffKeepsNothing(t *testing.T) {
	t.Setenv(usercache.EnvVar, "off")
	s := OpenBlobSet("verdicts")
	s.Add(BlobHash(nil))
	s.Save()
	if s.Persists() || OpenBlobSet("verdicts").Kept() {
		t.Error("with COURSE_CACHE_DIR=off a set was kept")
	}
}

// TestBlobHashIsGitsObjectID: the pooled hashers give what go-git's
// ComputeHash (a new hasher each time) and git give, for contents of
// every size class, hashed by several goroutines at once.
func TestBlobHashIsGitsObjectID(t *testing.T) {
	if got, want := BlobHash(nil).String(), "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391"; got != want {
		t.Fatalf("BlobHash of nothing is %s, git's is %s", got, want)
	}
	if got, want := BlobHash([]byte("hello\n")).String(), "ce013625030ba8dba906f756967f9e9ca394464a"; got != want {
		t.Fatalf("BlobHash(%q) is %s, git's is %s", "hello\n", got, want)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for _, n := range []int{0, 1, 9, 55, 56, 63, 64, 65, 99, 100, 1000, 4095, 70000} {
				content := bytes.Repeat([]byte{byte('a' + g)}, n)
				if got, want := BlobHash(content), plumbing.ComputeHash(plumbing.BlobObject, content); got != want {
					t.Errorf("BlobHash of %d bytes is %s, ComputeHash's %s", n, got, want)
				}
			}
		})
	}
	wg.Wait()
}

// TestAContentsHashIsItsBlobHash: the hash a read carries is the blob
// hash of its content, however often it is asked for.
func TestAContentsHashIsItsBlobHash(t *testing.T) {
	c := NewContent([]byte("package engine\n"), nil)
	for range 2 {
		if got, want := c.Hash(), BlobHash([]byte("package engine\n")); got != want {
			t.Fatalf("Content.Hash is %s, BlobHash %s", got, want)
		}
	}
}

// TestExpectLeavesWhatASetHolds: room made in a set that holds hashes
// loses none of them.
func TestExpectLeavesWhatASetHolds(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	s := OpenBlobSet("verdicts")
	s.Expect(100)
	a, b := BlobHash([]byte("a")), BlobHash([]byte("b"))
	s.Add(a)
	s.Expect(100)
	s.Add(b)
	if !s.Has(a) || !s.Has(b) {
		t.Errorf("after Expect the set has a: %v, b: %v; want both", s.Has(a), s.Has(b))
	}
}

// TestSortHashesSortsInByteOrder: hashes that share their first bytes, or
// all of them, are ordered as bytes.Compare orders them.
func TestSortHashesSortsInByteOrder(t *testing.T) {
	var hashes []plumbing.Hash
	for i := range 300 {
		h := BlobHash([]byte{byte(i)})
		if i%3 == 0 {
			h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7] = 1, 2, 3, 4, 5, 6, 7, byte(i%2)
		}
		hashes = append(hashes, h, h)
	}
	SortHashes(hashes)
	for i := 1; i < len(hashes); i++ {
		if bytes.Compare(hashes[i-1][:], hashes[i][:]) > 0 {
			t.Fatalf("%s sorted before %s", hashes[i-1], hashes[i])
		}
	}
}

// TestObjectHashIsGitsForEveryType: the pooled hashers give go-git's
// object id for a commit, a tree and a tag as for a blob, hashed from many
// goroutines at once, as verifiedStorage hashes the objects it is asked for.
func TestObjectHashIsGitsForEveryType(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Go(func() {
			content := bytes.Repeat([]byte{byte(i)}, i*97)
			for _, typ := range []plumbing.ObjectType{plumbing.CommitObject, plumbing.TreeObject, plumbing.TagObject, plumbing.BlobObject} {
				got, err := objectHash(typ, int64(len(content)), func(w io.Writer) error {
					_, err := io.Copy(w, bytes.NewReader(content))
					return err
				})
				if want := plumbing.ComputeHash(typ, content); err != nil || got != want {
					t.Errorf("objectHash of a %s of %d bytes is %s (%v), ComputeHash's %s", typ, len(content), got, err, want)
				}
			}
		})
	}
	wg.Wait()
}
