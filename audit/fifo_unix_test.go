//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// TestAFIFOInAnEngineFolderIsRefusedAtOnce: a FIFO where the audit expects
// a file stops the audit with an error naming it, instead of waiting for
// a writer for ever; so does a link to one. Beside an ignored file (so
// that the walk looks for //go:embed lines) or not, in a repository or
// not.
func TestAFIFOInAnEngineFolderIsRefusedAtOnce(t *testing.T) {
	for _, c := range []struct {
		name string
		repo bool
		link bool
	}{{"plain folder", false, false}, {"repository", true, false}, {"link to a FIFO", true, true}} {
		t.Run(c.name, func(t *testing.T) {
			t.Setenv(usercache.EnvVar, t.TempDir())
			root := t.TempDir()
			if c.repo {
				_, err := git.PlainInit(root, false)
				require.NoError(t, err)
				write(t, root, ".gitignore", "*.log\n")
				write(t, root, "engine/trace.log", "a log\n")
			}
			write(t, root, "engine/world.go", "package engine\n")
			fifo := filepath.Join(root, "engine", "x.go")
			if c.link {
				fifo = filepath.Join(root, "pipe")
				require.NoError(t, os.Symlink("../pipe", filepath.Join(root, "engine", "x.go")))
			}
			require.NoError(t, syscall.Mkfifo(fifo, 0o644))
			err := testws.Within(t, 10*time.Second, "the audit waited on the FIFO", func() error {
				_, err := Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
				return err
			})
			var nr *regularfile.NotRegularError
			require.ErrorAs(t, err, &nr)
			assert.Equal(t, "engine/x.go is a FIFO, not a regular file; remove it, or put a regular file in its place", err.Error())
		})
	}
}

// TestAFileTooLargeToHoldIsRefused: a sparse file of a terabyte in an
// engine folder stops the audit with an error naming it, instead of the
// audit running out of memory.
func TestAFileTooLargeToHoldIsRefused(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/world.go", "package engine\n")
	f, err := os.Create(filepath.Join(root, "engine", "huge.go"))
	require.NoError(t, err)
	require.NoError(t, f.Truncate(1<<40))
	require.NoError(t, f.Close())
	_, err = Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
	var tl *regularfile.TooLargeError
	require.ErrorAs(t, err, &tl)
	assert.Equal(t, "engine/huge.go", tl.Path)
}
