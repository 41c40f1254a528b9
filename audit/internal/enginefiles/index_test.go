package enginefiles

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
)

// TestReadIndexAgreesWithGoGit reads indexes written by go-git and, where
// it is installed, by the git program in versions 2, 3 and 4, and compares
// every entry with go-git's own decoder.
func TestReadIndexAgreesWithGoGit(t *testing.T) {
	dir := t.TempDir()
	repo, err := git.PlainInit(dir, false)
	require.NoError(t, err)
	for _, rel := range []string{"a.go", "engine/world.go", "engine/zones/a-much-longer-name-than-the-others.go", "engine/zones/b.go", "z"} {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("package x // "+rel+"\n"), 0o644))
	}
	wt, err := repo.Worktree()
	require.NoError(t, err)
	require.NoError(t, wt.AddWithOptions(&git.AddOptions{All: true}))
	_, err = wt.Commit("x", &git.CommitOptions{Author: &object.Signature{Name: "L", Email: "l@example.com", When: time.Now()}})
	require.NoError(t, err)

	compare := func(what string) {
		want, err := repo.Storer.Index()
		require.NoError(t, err, what)
		got, _, err := readIndex(filepath.Join(dir, ".git"))
		require.NoError(t, err, what)
		assert.Equal(t, want.Version, got.Version, what)
		require.Equal(t, len(want.Entries), len(got.Entries), what)
		for i := range want.Entries {
			w, g := want.Entries[i], got.Entries[i]
			assert.Equal(t, w.Name, g.Name, what)
			assert.Equal(t, w.Hash, g.Hash, what)
			assert.Equal(t, w.Mode, g.Mode, what)
			assert.Equal(t, w.Size, g.Size, what)
			assert.Equal(t, w.Inode, g.Inode, what)
			assert.True(t, w.ModifiedAt.Equal(g.ModifiedAt), what)
			assert.True(t, w.CreatedAt.Equal(g.CreatedAt), what)
		}
		assert.Equal(t, want.Cache, got.Cache, what)
	}
	compare("go-git's index")
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	for _, v := range []string{"2", "3", "4"} {
		testws.Git(t, dir, "update-index", "--index-version", v)
		compare("git's index version " + v)
	}
}

// TestCacheTreeStandsForTheTreeOnlyWhileValid: after a commit the index's
// cache tree gives the engine folder's tree; once a change under it is
// added, it no longer does, and a change elsewhere leaves it standing.
func TestCacheTreeStandsForTheTreeOnlyWhileValid(t *testing.T) {
	f := newCacheFixture(t)
	f.write("docs/notes.md", "notes\n")
	f.git("add", "-A")
	f.git("commit", "-q", "-m", "docs")
	treeOf := func(dir string) plumbing.Hash {
		repo, err := git.PlainOpen(f.dir)
		require.NoError(t, err)
		head, err := repo.Head()
		require.NoError(t, err)
		c, err := repo.CommitObject(head.Hash())
		require.NoError(t, err)
		tree, err := c.Tree()
		require.NoError(t, err)
		if dir == "." {
			return tree.Hash
		}
		e, err := tree.FindEntry(dir)
		require.NoError(t, err)
		return e.Hash
	}
	tracked := func(dir string) ([]string, bool) {
		tr, err := Open(f.dir, true)
		require.NoError(t, err)
		es, ok := tr.TrackedAt(dir, treeOf(dir))
		var names []string
		for _, e := range es {
			names = append(names, e.Name)
		}
		return names, ok
	}
	got, ok := tracked("engine")
	require.True(t, ok)
	assert.Equal(t, []string{"engine/world.go"}, got)
	_, ok = tracked(".")
	assert.True(t, ok)

	f.write("docs/notes.md", "more notes\n")
	f.git("add", "docs/notes.md")
	_, ok = tracked("engine")
	assert.True(t, ok, "a change outside the engine leaves its tree standing")
	_, ok = tracked(".")
	assert.False(t, ok, "the root's tree is no longer the commit's")

	f.write("engine/world.go", "package engine // changed\n")
	f.git("add", "engine/world.go")
	_, ok = tracked("engine")
	assert.False(t, ok, "a change added under the engine")
}

// TestAForgedCacheTreeDoesNotStandForTheTree: a learner who adds an edit
// under the engine and then writes the commit's tree hash for the folder
// back into the index's cache tree (the right number of entries, a
// checksum that holds) gets no index entries in place of the tree: the
// entries make another tree. Git's own cache tree for the same folder,
// after a commit, still stands (the check's speed), in every index version.
func TestAForgedCacheTreeDoesNotStandForTheTree(t *testing.T) {
	f := newCacheFixture(t)
	f.write("engine/zones/zones.go", "package zones\n")
	f.write("engine/zones-old.go", "package engine // sorts between zones and zones/ as git sorts\n")
	f.git("add", "-A")
	f.git("commit", "-q", "-m", "zones")
	repo, err := git.PlainOpen(f.dir)
	require.NoError(t, err)
	head, err := repo.Head()
	require.NoError(t, err)
	c, err := repo.CommitObject(head.Hash())
	require.NoError(t, err)
	tree, err := c.Tree()
	require.NoError(t, err)
	engine, err := tree.FindEntry("engine")
	require.NoError(t, err)
	tracked := func() bool {
		tr, err := Open(f.dir, true)
		require.NoError(t, err)
		_, ok := tr.TrackedAt("engine", engine.Hash)
		return ok
	}
	for _, v := range []string{"2", "3", "4"} {
		f.git("update-index", "--index-version", v)
		assert.True(t, tracked(), "git's own cache tree, index version %s", v)
	}

	f.write("engine/world.go", "package engine // changed, and added\n")
	f.git("add", "-A")
	require.False(t, tracked(), "git forgot the tree once the edit was added")
	idx, err := repo.Storer.Index()
	require.NoError(t, err)
	n := 0
	for _, e := range idx.Entries {
		if strings.HasPrefix(e.Name, "engine/") {
			n++
		}
	}
	idx.Version = 2
	testws.WriteIndex(t, filepath.Join(f.dir, ".git"), idx, []index.TreeEntry{
		{Path: "", Entries: -1, Trees: 1},
		{Path: "engine", Entries: n, Trees: 0, Hash: engine.Hash},
	})
	tr, err := Open(f.dir, true)
	require.NoError(t, err)
	require.NotNil(t, tr.Index.Cache, "the forged cache tree is read")
	_, ok := tr.TrackedAt("engine", engine.Hash)
	assert.False(t, ok, "the forged cache tree stands for the commit's tree")
}

// TrackedUnder counts the index's entries under a folder, not those of a
// folder whose name only begins the same.
func TestTrackedUnderCountsTheFolder(t *testing.T) {
	tr := &Tree{Index: &index.Index{}}
	for _, n := range []string{"engine-old/x.go", "engine/a.go", "engine/sub/b.go", "engine0/c.go", "enginex.go", "harness/h.go"} {
		tr.Index.Entries = append(tr.Index.Entries, &index.Entry{Name: n})
	}
	assert.Equal(t, 2, tr.TrackedUnder("engine"))
	assert.Equal(t, 1, tr.TrackedUnder("engine/sub"))
	assert.Equal(t, 0, tr.TrackedUnder("content"))
	assert.Equal(t, 6, tr.TrackedUnder("."))
	assert.Equal(t, 0, (&Tree{}).TrackedUnder("engine"))
}
