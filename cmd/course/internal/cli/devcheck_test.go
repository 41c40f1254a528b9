package cli

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDevFlags(t *testing.T) {
	env, _, _ := testEnv()
	for _, tc := range []struct {
		args []string
		want DevCheckOptions
		err  bool
	}{
		{args: nil, want: DevCheckOptions{Repo: "."}},
		{args: []string{"repo", "--no-tests", "--json"}, want: DevCheckOptions{Repo: "repo", NoTests: true, JSON: true}},
		{args: []string{"a", "b"}, err: true},
	} {
		var got *DevCheckOptions
		cmd := newDevCheckCmd(env, func(o *DevCheckOptions) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		err := cmd.Execute()
		if tc.err {
			assert.Error(t, err, tc.args)
			continue
		}
		require.NoError(t, err, tc.args)
		got.commands = nil
		assert.Equal(t, tc.want, *got, tc.args)
	}
	var nm *DevNewModuleOptions
	cmd := newDevNewModuleCmd(env, func(o *DevNewModuleOptions) error { nm = o; return nil })
	cmd.SetArgs([]string{"14", "trading", "--title", "Trading", "--repo", "r"})
	require.NoError(t, cmd.Execute())
	assert.Equal(t, DevNewModuleOptions{Number: "14", Name: "trading", Title: "Trading", Repo: "r"}, *nm)
}

// The command lines a lesson names are resolved against the real command
// tree: a command, a subcommand, and each flag.
func TestCommandsOfTheTree(t *testing.T) {
	env, _, _ := testEnv()
	resolve := commandsOf(NewRoot(env))
	assert.NoError(t, resolve([]string{"start-module", "01", "~/ws", "--expansion"}))
	assert.NoError(t, resolve([]string{"dev", "check", "--no-tests"}))
	assert.NoError(t, resolve([]string{"check", "--help"}))
	assert.EqualError(t, resolve([]string{"chek", "~/ws"}), `course has no command "chek"`)
	assert.EqualError(t, resolve([]string{"check", "--jsn"}), "course check has no flag --jsn")
	assert.EqualError(t, resolve([]string{"dev", "check", "-x"}), "course dev check has no flag -x")
}
