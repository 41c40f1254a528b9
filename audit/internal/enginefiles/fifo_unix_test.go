//go:build unix

package enginefiles

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/testws"
)

// TestAFIFOForAnIgnoreFileIsNotWaitedOn: a .gitignore that is a FIFO is
// read as no rules at once (so every file beside it counts), not waited on
// for a writer.
func TestAFIFOForAnIgnoreFileIsNotWaitedOn(t *testing.T) {
	f := newCacheFixture(t)
	require.NoError(t, syscall.Mkfifo(filepath.Join(f.dir, "engine", ".gitignore"), 0o644))
	got := testws.Within(t, 10*time.Second, "the walk waited on the FIFO", func() []string {
		got, _ := f.files()
		return got
	})
	assert.Contains(t, got, "engine/world.go")
}

// A FIFO anywhere git's files are read (HEAD, the index, the config, the
// .git file of a linked checkout) is refused at once, naming it, not waited on
// for a writer: one learner's workspace would otherwise hang a whole
// class's check, whose rows are printed only when every workspace is done.
func TestAFIFOInTheRepositoryIsRefusedNotWaitedOn(t *testing.T) {
	for _, c := range []struct{ name, fifo string }{
		{"HEAD", ".git/HEAD"},
		{"the index", ".git/index"},
		{"the config", ".git/config"},
		{"the .git file", ".git"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := committedRepo(t)
			p := filepath.Join(dir, filepath.FromSlash(c.fifo))
			require.NoError(t, os.RemoveAll(p))
			require.NoError(t, syscall.Mkfifo(p, 0o644))
			err := testws.Within(t, 10*time.Second, "the open waited on the FIFO", func() error {
				_, err := Open(dir, true)
				return err
			})
			var nr *regularfile.NotRegularError
			require.ErrorAs(t, err, &nr)
			assert.Contains(t, err.Error(), c.fifo+" is a FIFO, not a regular file")
		})
	}
}
