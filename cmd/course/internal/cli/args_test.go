package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
