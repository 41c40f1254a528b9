package scaffold

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// --force twice on a file changed twice keeps both earlier versions.
func TestForceKeepsEveryEarlierVersion(t *testing.T) {
	o := fakeCourse(t)
	_, err := StartModule(o)
	require.NoError(t, err)
	target := filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go")
	o.Force = true
	for _, edit := range []string{"package tests // first\n", "package tests // second\n", "package tests // third\n"} {
		require.NoError(t, os.WriteFile(target, []byte(edit), 0o644))
		_, err := StartModule(o)
		require.NoError(t, err)
	}
	for name, want := range map[string]string{".orig": "first", ".orig.1": "second", ".orig.2": "third"} {
		got, err := os.ReadFile(target + name)
		require.NoError(t, err)
		assert.Equal(t, "package tests // "+want+"\n", string(got), name)
	}

	require.NoError(t, os.WriteFile(target, []byte("package tests // fourth\n"), 0o644))
	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, FileResult{Path: "tests/01_handles_test.go", Action: Replaced, Kept: "tests/01_handles_test.go.orig.3"}, rs[0])
}

// tests/ linked out of the workspace, or a dangling link in tests/ or
// cards/ pointing outside: refused naming the path, and nothing is written
// outside (nor inside).
func TestWritesThroughLinksOutAreRefused(t *testing.T) {
	cases := map[string]func(ws, outside string) string{
		"tests is a link out": func(ws, outside string) string {
			require.NoError(t, os.Symlink(outside, filepath.Join(ws, "tests")))
			return "tests/01_handles_test.go"
		},
		"dangling test link": func(ws, outside string) string {
			require.NoError(t, os.MkdirAll(filepath.Join(ws, "tests"), 0o755))
			require.NoError(t, os.Symlink(filepath.Join(outside, "planted.go"), filepath.Join(ws, "tests", "01_handles_test.go")))
			return "tests/01_handles_test.go"
		},
		"dangling card link": func(ws, outside string) string {
			require.NoError(t, os.MkdirAll(filepath.Join(ws, "cards"), 0o755))
			require.NoError(t, os.Symlink(filepath.Join(outside, "planted.json"), filepath.Join(ws, "cards", "test-filler.json")))
			return "cards/test-filler.json"
		},
	}
	for name, link := range cases {
		t.Run(name, func(t *testing.T) {
			o := fakeCourse(t)
			outside := t.TempDir()
			rel := link(o.Workspace.Dir, outside)
			_, err := StartModule(o)
			var wsErr *workspace.Error
			require.ErrorAs(t, err, &wsErr)
			assert.Equal(t, filepath.Join(o.Workspace.Dir, filepath.FromSlash(rel)), wsErr.Path)
			assert.Contains(t, wsErr.Why, "leads out of the workspace")
			entries, err := os.ReadDir(outside)
			require.NoError(t, err)
			assert.Empty(t, entries, "nothing written outside")
			assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "cards", "module-only.json"), "nothing written inside")
		})
	}

	// A link that stays inside the workspace is written through.
	o := fakeCourse(t)
	require.NoError(t, os.MkdirAll(filepath.Join(o.Workspace.Dir, "mine"), 0o755))
	require.NoError(t, os.Symlink("mine", filepath.Join(o.Workspace.Dir, "tests")))
	_, err := StartModule(o)
	require.NoError(t, err)
	assert.FileExists(t, filepath.Join(o.Workspace.Dir, "mine", "01_handles_test.go"))
}

// A link inside the workspace where a file is written in place, one that
// leads nowhere (read as no file) or one to the course's copy written for
// another module path (read as that copy), is refused before any file is
// written, as the write would refuse it: the module's other files were
// copied first, and the start was not recorded.
func TestLinkWrittenInPlaceIsRefusedBeforeAnyWrite(t *testing.T) {
	t.Run("dangling card link", func(t *testing.T) {
		o := fakeCourse(t)
		ws := o.Workspace.Dir
		require.NoError(t, os.MkdirAll(filepath.Join(ws, "cards"), 0o755))
		require.NoError(t, os.MkdirAll(filepath.Join(ws, "mine"), 0o755))
		require.NoError(t, os.Symlink("../mine/nothing.json", filepath.Join(ws, "cards", "test-filler.json")))
		for _, run := range []func(StartOptions) ([]FileResult, error){Plan, StartModule} {
			_, err := run(o)
			var wsErr *workspace.Error
			require.ErrorAs(t, err, &wsErr)
			assert.Equal(t, filepath.Join(ws, "cards", "test-filler.json"), wsErr.Path)
			assert.Equal(t, "is not a regular file (a symbolic link); remove it, and run the command again", wsErr.Why)
		}
		assert.NoFileExists(t, filepath.Join(ws, "tests", "01_handles_test.go"), "nothing written")
		assert.NoFileExists(t, filepath.Join(ws, "mine", "nothing.json"), "nothing written")
	})
	t.Run("link to a copy for another module path", func(t *testing.T) {
		o := fakeCourse(t)
		ws := o.Workspace.Dir
		o.ModulePath = "example.com/old"
		_, err := StartModule(o)
		require.NoError(t, err)
		test := filepath.Join(ws, "tests", "01_handles_test.go")
		require.NoError(t, os.MkdirAll(filepath.Join(ws, "mine"), 0o755))
		require.NoError(t, os.Rename(test, filepath.Join(ws, "mine", "copy.go")))
		require.NoError(t, os.Symlink("../mine/copy.go", test))
		o.ModulePath = "example.com/new"
		_, err = Plan(o)
		var wsErr *workspace.Error
		require.ErrorAs(t, err, &wsErr, "Plan decides as StartModule does")
		assert.Equal(t, test, wsErr.Path)
		assert.Contains(t, wsErr.Why, "is not a regular file (a symbolic link)")
	})
}

// unreadableHelperEnv, when set, makes TestUnreadableChangedFileStops the
// helper process run as another user: it runs StartModule on the
// workspace named by the variable and prints the error.
const unreadableHelperEnv = "SCAFFOLD_UNREADABLE_HELPER"

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}

// The template's .gitignore covers the tool's state and every version
// --force keeps.
func TestInitIgnoresStateAndKeptVersions(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ws")
	_, err := Init(dir, "example.com/x")
	require.NoError(t, err)
	for _, f := range []string{".course/state.json", "tests/01_handles_test.go.orig", "tests/01_handles_test.go.orig.12"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644))
	}
	repo, err := git.PlainOpen(dir)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	st, err := wt.Status()
	require.NoError(t, err)
	assert.True(t, st.IsClean(), "%v", st)
}
