package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Without WORKSPACE, every command that takes one finds it from the
// current folder, as go finds go.mod; expansion-check also finds the
// commit the latest drop started from.
func TestCommandsFindTheirWorkspace(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine", "deep"), 0o755))
	real, err := filepath.EvalSymlinks(ws)
	require.NoError(t, err)
	t.Chdir(filepath.Join(ws, "engine", "deep"))
	env, _, _ := testEnv()

	var sm *StartModuleOptions
	require.NoError(t, parseFlags(newStartModuleCmd(env, func(o *StartModuleOptions) error { sm = o; return nil }), []string{"01"}))
	var v *ValidateOptions
	require.NoError(t, parseFlags(newValidateCmd(env, func(o *ValidateOptions) error { v = o; return nil }), nil))
	var c *CheckOptions
	require.NoError(t, parseFlags(newCheckCmd(env, func(o *CheckOptions) error { c = o; return nil }), nil))
	for _, got := range []string{sm.Workspace, v.Workspace, c.Workspace} {
		gotReal, err := filepath.EvalSymlinks(got)
		require.NoError(t, err)
		assert.Equal(t, real, gotReal)
	}

	// No drop started: expansion-check needs the commit named.
	err = parseFlags(newExpansionCheckCmd(env, func(*ExpansionCheckOptions) error { return nil }), nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no Expansion Drop is started")
	var e *ExpansionCheckOptions
	require.NoError(t, parseFlags(newExpansionCheckCmd(env, func(o *ExpansionCheckOptions) error { e = o; return nil }), []string{"HEAD~1"}))
	assert.Equal(t, "HEAD~1", e.Commit)

	// With drops recorded, the latest one's commit.
	require.NoError(t, os.MkdirAll(filepath.Join(ws, ".course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course", "state.json"), []byte(`{"drops": {
		"01": {"commit": "aaaaaaa", "startedAt": "2026-11-01T10:00:00Z"},
		"02": {"commit": "bbbbbbb", "startedAt": "2026-11-20T10:00:00Z"}}}`), 0o644))
	require.NoError(t, parseFlags(newExpansionCheckCmd(env, func(o *ExpansionCheckOptions) error { e = o; return nil }), nil))
	assert.Equal(t, "bbbbbbb", e.Commit)
	require.NoError(t, parseFlags(newExpansionCheckCmd(env, func(o *ExpansionCheckOptions) error { e = o; return nil }), []string{ws}))
	assert.Equal(t, ws, e.Workspace)
	assert.Equal(t, "bbbbbbb", e.Commit)
}
