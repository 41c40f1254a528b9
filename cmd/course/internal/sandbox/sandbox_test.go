package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestUnavailableSaysWhyAndNewRefuses(t *testing.T) {
	err := Available()
	if err == nil {
		t.Skip("the tests can be confined here")
	}
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("Available() = %v, which does not wrap ErrUnavailable", err)
	}
	if Scoped() {
		t.Error("Scoped() is true where nothing is confined")
	}
	if _, err := New(t.TempDir()); !errors.Is(err, ErrUnavailable) {
		t.Errorf("New() = %v, want ErrUnavailable", err)
	}
}

// A folder is hidden only where the process can do without it: not the
// root, not a relative path, not a folder that holds what it needs.
func TestHidableLeavesWhatIsNeeded(t *testing.T) {
	base := t.TempDir() // an absolute path on every system
	home := filepath.Join(base, "home", "l")
	cache := filepath.Join(home, ".cache", "course")
	tmp := filepath.Join(base, "tmp")
	for _, c := range []struct {
		folder string
		needed []string
		want   bool
	}{
		{cache, []string{filepath.Join(tmp, "run"), home}, true},
		{cache, []string{""}, true},
		{cache + "-other", []string{cache}, true},
		{filepath.VolumeName(base) + string(filepath.Separator), nil, false},
		{filepath.Join("relative", "cache"), nil, false},
		{home, []string{home}, false},
		{tmp, []string{filepath.Join(tmp, "run", "bin")}, false},
	} {
		if got := Hidable(c.folder, c.needed...); got != c.want {
			t.Errorf("Hidable(%q, %q) = %v, want %v", c.folder, c.needed, got, c.want)
		}
	}
}

// Which folder holds which is told where links lead.
func TestHidableFollowsLinks(t *testing.T) {
	base := t.TempDir()
	cache, run := filepath.Join(base, "cache"), filepath.Join(base, "cache", "run")
	if err := os.MkdirAll(run, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "run-link")
	if err := os.Symlink(run, link); err != nil {
		t.Skip(err)
	}
	if Hidable(cache, link) {
		t.Errorf("Hidable(%q, %q) is true, but the link leads into it", cache, link)
	}
}
