package cli

import (
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

func TestExpansionCheckFlags(t *testing.T) {
	// Outside any workspace: a missing WORKSPACE cannot be found.
	t.Chdir(t.TempDir())
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*ExpansionCheckOptions) error) *cobra.Command { return newExpansionCheckCmd(env, runF) }, []flagCase[ExpansionCheckOptions]{
		{args: []string{"ws", "HEAD"}, want: ExpansionCheckOptions{Workspace: "ws", Commit: "HEAD"}},
		{args: []string{"ws", "v1", "--json"}, want: ExpansionCheckOptions{Workspace: "ws", Commit: "v1", JSON: true}},
		{args: []string{"--json", "ws", "HEAD~1"}, want: ExpansionCheckOptions{Workspace: "ws", Commit: "HEAD~1", JSON: true}},
		{args: []string{"ws"}, err: "ws is no folder, so it was taken for a commit, but the current folder is in no course workspace"},
		{args: []string{"ws", "HEAD", "extra"}, err: "takes at most 2 argument(s), [WORKSPACE] [COMMIT], and got 3"},
		{args: []string{"ws", "HEAD", "--nope"}, err: "unknown flag: --nope"},
	})
}

// committedEngine is a git repository whose first commit holds a
// workspace's .course.json and one engine file.
func committedEngine(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	repo, err := git.PlainInit(ws, false)
	require.NoError(t, err)
	testws.Write(t, ws, map[string]string{
		".course.json":    `{"track": "go", "engineDirs": ["engine"]}`,
		"engine/world.go": "package engine\n",
	})
	wt, err := repo.Worktree()
	require.NoError(t, err)
	require.NoError(t, wt.AddWithOptions(&git.AddOptions{All: true}))
	_, err = wt.Commit("engine", &git.CommitOptions{Author: &object.Signature{Name: "L", Email: "l@example.com", When: time.Now()}})
	require.NoError(t, err)
	return ws
}

func TestExpansionCheckJSONFollowsItsSchema(t *testing.T) {
	ws := committedEngine(t)

	env, out, _ := testEnv()
	require.NoError(t, RunExpansionCheck(t.Context(), env, &ExpansionCheckOptions{Workspace: ws, Commit: "HEAD", JSON: true}))
	assert.Equal(t, true, validJSON(t, "expansion-check", out.Bytes())["ok"])

	testws.Write(t, ws, map[string]string{"engine/new.go": "package engine\n"})
	env, out, _ = testEnv()
	err := RunExpansionCheck(t.Context(), env, &ExpansionCheckOptions{Workspace: ws, Commit: "HEAD", JSON: true})
	assert.Equal(t, 1, Status(err))
	m := validJSON(t, "expansion-check", out.Bytes())
	assert.Equal(t, false, m["ok"])
	assert.Equal(t, []any{map[string]any{"path": "engine/new.go", "kind": "added"}}, m["changes"])
}

// The files a drop changed are named as text, whatever their names hold.
func TestExpansionCheckShowsTheWorkspacesTextAsText(t *testing.T) {
	ws := committedEngine(t)

	testws.Write(t, ws, map[string]string{"engine/new\x1b[1A\x1b[2K.go": "package engine\n"})
	env, out, _ := testEnv()
	env.Term = Terminal{Profile: termenv.ANSI256, ForceColor: true}
	err := RunExpansionCheck(t.Context(), env, &ExpansionCheckOptions{Workspace: ws, Commit: "HEAD"})
	assert.Equal(t, 1, Status(err))
	assert.Contains(t, out.String(), `engine/new\x1b[1A\x1b[2K.go`)
	assert.NotContains(t, out.String(), "\x1b[1A")
}
