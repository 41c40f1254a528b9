package enginefiles

import (
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
