package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The commands that take a WORKSPACE and no module refuse a lone argument
// that names no folder but reads as a module's number, saying what the
// command takes instead; check says so too unless --all gives the folders.
func TestAWorkspaceArgumentThatReadsAsAModule(t *testing.T) {
	t.Chdir(t.TempDir())
	for cmd, instead := range map[string]string{
		"status":         "run `course status` in the workspace, without the number",
		"watch":          "to stop at module 03, run `course watch --module 03` in the workspace",
		"validate":       "run `course validate` in the workspace, without the number",
		"coupling-audit": "run `course coupling-audit` in the workspace, without the number",
		"check":          "to stop at module 03, run `course check --module 03` in the workspace",
	} {
		env, _, _ := testEnv()
		root := NewRoot(env)
		root.SetArgs([]string{cmd, "03"})
		err := root.Execute()
		assert.EqualError(t, err, "course "+cmd+": 03 names no folder but a module; "+cmd+" takes a WORKSPACE, not a module: "+instead, cmd)
		assert.Equal(t, StatusCannot, Status(err), cmd)
	}
}

// An empty argument that names a folder is refused, saying which: given on
// as it was, "" was no folder to init ("mkdir : no such file or
// directory", as a fault of course's), or was taken for the current
// folder by status and watch, and for a commit left out by
// expansion-check, which then compared with the open drop's commit.
func TestAnEmptyFolderArgument(t *testing.T) {
	t.Chdir(t.TempDir())
	workspaceMend := "WORKSPACE is empty; give the folder of a workspace, or leave it out to use the one the current folder is in (a shell variable left unset gives an empty argument)"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"init", ""}, "course init: DIR is empty; give the folder to make the workspace in (a shell variable left unset gives an empty argument)"},
		{[]string{"init", "  "}, "course init: DIR is empty; give the folder to make the workspace in (a shell variable left unset gives an empty argument)"},
		{[]string{"status", ""}, "course status: " + workspaceMend},
		{[]string{"watch", ""}, "course watch: " + workspaceMend},
		{[]string{"validate", ""}, "course validate: " + workspaceMend},
		{[]string{"coupling-audit", ""}, "course coupling-audit: " + workspaceMend},
		{[]string{"start-module", "01", ""}, "course start-module: " + workspaceMend},
		{[]string{"expansion-check", "", "HEAD"}, "course expansion-check: " + workspaceMend},
		{[]string{"expansion-check", ""}, "course expansion-check: its argument is empty; give a workspace's folder or a COMMIT, or leave it out (a shell variable left unset gives an empty argument)"},
		{[]string{"dev", "check", ""}, "course dev check: REPO is empty; give the folder of a checkout of the course repository, or leave it out inside one (a shell variable left unset gives an empty argument)"},
	} {
		env, _, _ := testEnv()
		root := NewRoot(env)
		root.SetArgs(c.args)
		err := root.Execute()
		assert.EqualError(t, err, c.want, "%q", c.args)
		assert.Equal(t, StatusCannot, Status(err), "%q", c.args)
	}
}

// A shell left in a folder deleted or moved away (the workspace cloned
// again in another terminal) is the learner's to mend by a cd, said so,
// where "getwd: no such file or directory" asked for a report of a fault.
func TestTheCurrentFolderGone(t *testing.T) {
	gone := filepath.Join(t.TempDir(), "ws")
	require.NoError(t, os.Mkdir(gone, 0o755))
	t.Chdir(gone)
	require.NoError(t, os.Remove(gone))
	for _, args := range [][]string{{"status"}, {"watch"}, {"check"}} {
		env, _, _ := testEnv()
		root := NewRoot(env)
		root.SetArgs(args)
		err := root.Execute()
		assert.Equal(t, StatusCannot, Status(err), args)
		assert.Contains(t, Message(err), gone+": is gone: the folder you are in was deleted or moved away; cd into the workspace again", args)
		assert.NotContains(t, Message(err), "report it", args)
	}
}
