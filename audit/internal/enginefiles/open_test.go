package enginefiles

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

func committedRepo(t *testing.T) string {
	dir := t.TempDir()
	testws.Git(t, dir, "init", "-q", "-b", "main")
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "engine"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "engine", "world.go"), []byte("package engine\n"), 0o644))
	testws.Git(t, dir, "add", "-A")
	testws.Git(t, dir, "commit", "-q", "-m", "engine")
	return dir
}

// A repository the git library cannot read says which part of it and how
// to get past it, as the user's to mend.
func TestARepositoryFormatTheLibraryCannotReadIsNamed(t *testing.T) {
	dir := committedRepo(t)
	testws.Git(t, dir, "config", "core.repositoryformatversion", "1")
	testws.Git(t, dir, "config", "extensions.worktreeConfig", "true")
	_, err := Open(dir, true)
	var fe *RepositoryFormatError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "worktreeconfig", fe.Extension)
	assert.Contains(t, err.Error(), "git sparse-checkout disable")
	assert.True(t, fe.UserError())
}

// A damaged index is named as such, with the way to build it again.
func TestADamagedIndexIsNamed(t *testing.T) {
	dir := committedRepo(t)
	index := filepath.Join(dir, ".git", "index")
	raw, err := os.ReadFile(index)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(index, raw[:30], 0o644))
	_, err = Open(dir, true)
	var de *DamagedIndexError
	require.ErrorAs(t, err, &de)
	assert.Contains(t, err.Error(), "git read-tree HEAD")

	testws.Git(t, dir, "read-tree", "HEAD")
	_, err = Open(dir, true)
	assert.NoError(t, err, "the mend works")
}

// A Tree opened with OpenContent vouches for no file, one whose stat data
// the index holds included: every check through it reads the file.
func TestOpenContentVouchesForNoFile(t *testing.T) {
	dir := committedRepo(t)
	// Added again a second later, or git marks the entry as too new to
	// trust.
	time.Sleep(1100 * time.Millisecond)
	testws.Git(t, dir, "rm", "-q", "--cached", "engine/world.go")
	testws.Git(t, dir, "add", "engine/world.go")
	st, err := os.Lstat(filepath.Join(dir, "engine", "world.go"))
	require.NoError(t, err)

	tr, err := Open(dir, true)
	require.NoError(t, err)
	assert.True(t, tr.TrustsIndex())
	assert.True(t, tr.Vouches(tr.Entry("engine/world.go"), st), "Open trusts the index as git does")

	tr, err = OpenContent(dir, true)
	require.NoError(t, err)
	assert.False(t, tr.TrustsIndex())
	assert.False(t, tr.Vouches(tr.Entry("engine/world.go"), st))
}

// An index this user may not read is not damaged: the error is the
// permission's, not "build it again with git read-tree HEAD", which
// would fail the same way.
func TestAnIndexThatMayNotBeReadIsNotCalledDamaged(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	dir := committedRepo(t)
	index := filepath.Join(dir, ".git", "index")
	require.NoError(t, os.Chmod(index, 0))
	defer os.Chmod(index, 0o644)
	_, err := Open(dir, true)
	require.ErrorIs(t, err, fs.ErrPermission)
	var de *DamagedIndexError
	assert.False(t, errors.As(err, &de), "%v", err)
	assert.NotContains(t, err.Error(), "read-tree")
}
