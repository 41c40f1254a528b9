package expansion

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A workspace in a folder of the repository looks its drop's files up in
// its own tests/, and reads the first commit and ancestry from HEAD.
func TestHistoryReadsAWorkspaceInAFolderOfTheRepository(t *testing.T) {
	f := newFixture(t)
	f.write("ws/engine/a.go", "package engine\n")
	first := f.commit("first").String()
	f.write("tests/01x_walls_test.go", "package tests\n") // the repository's, not the workspace's
	f.commit("elsewhere")
	f.write("ws/tests/01x_walls_test.go", "package tests\n")
	appears := f.commit("the drop").String()
	before := f.resolve("HEAD~1")

	h, err := OpenHistory(filepath.Join(f.dir, "ws"))
	require.NoError(t, err)
	defer h.Close()
	app, err := h.FirstAppearance([]string{"tests/01x_walls_test.go"})
	require.NoError(t, err)
	require.NotNil(t, app)
	assert.Equal(t, Appearance{Commit: appears, Before: before, File: "tests/01x_walls_test.go"}, *app)
	root, err := h.Root()
	require.NoError(t, err)
	assert.Equal(t, first, root)
	in, err := h.Before(first, appears)
	require.NoError(t, err)
	assert.True(t, in)
	in, err = h.Before(appears, first)
	require.NoError(t, err)
	assert.False(t, in)
	hash, inHistory, err := h.Commit("0000000000000000000000000000000000000000")
	require.NoError(t, err)
	assert.Empty(t, hash)
	assert.False(t, inHistory, "a commit the repository does not hold is not in HEAD's history")
}

// A shallow clone ends its history at its edge: a file present there has
// no commit before it that the clone holds, so it moves nothing, and
// nothing fails for the commits left out.
func TestHistoryEndsAtAShallowClonesEdge(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	f := newFixture(t)
	f.write("engine/a.go", "package engine\n")
	f.commit("first")
	f.write("tests/01x_walls_test.go", "package tests\n")
	f.commit("the drop")
	f.write("harness/h.go", "package harness\n")
	head := f.commit("more").String()
	clone := filepath.Join(t.TempDir(), "clone")
	out, err := exec.Command("git", "clone", "-q", "--depth", "2", "file://"+f.dir, clone).CombinedOutput()
	require.NoError(t, err, "%s", out)

	h, err := OpenHistory(clone)
	require.NoError(t, err)
	defer h.Close()
	app, err := h.FirstAppearance([]string{"tests/01x_walls_test.go"})
	require.NoError(t, err)
	require.NotNil(t, app)
	assert.Empty(t, app.Before, "the commit before it is beyond the edge")
	root, err := h.Root()
	require.NoError(t, err)
	assert.NotEqual(t, head, root)
	_, inHistory, err := h.Commit(head)
	require.NoError(t, err)
	assert.True(t, inHistory)
}
