package cli

import (
	"bytes"
	"context"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
)

// newWorkspace makes a learner's workspace with init, module 01 started
// when started is true.
func newWorkspace(t *testing.T, started bool) string {
	t.Helper()
	t.Setenv(WarmCacheEnvVar, "0")
	dir := filepath.Join(t.TempDir(), "ws")
	env, _ := embeddedEnv(t)
	require.NoError(t, RunInit(context.Background(), env, &InitOptions{Dir: dir, ModulePath: "example.com/x"}))
	if started {
		env, _ = embeddedEnv(t)
		require.NoError(t, RunStartModule(context.Background(), env, &StartModuleOptions{Module: "01", Workspace: dir}))
	}
	return dir
}

func TestModulesJSONFollowsItsSchema(t *testing.T) {
	t.Chdir(t.TempDir())
	env, out := embeddedEnv(t)
	require.Equal(t, 0, Main([]string{"modules", "--json"}, env))
	m := validJSON(t, "modules", out.Bytes())
	assert.NotContains(t, m, "workspace", "outside a workspace")
	mods := m["modules"].([]any)
	require.NotEmpty(t, mods)
	assert.NotContains(t, mods[0], "started")

	ws := newWorkspace(t, true)
	t.Chdir(ws)
	env, out = embeddedEnv(t)
	require.Equal(t, 0, Main([]string{"modules", "--json"}, env))
	m = validJSON(t, "modules", out.Bytes())
	assert.NotEmpty(t, m["workspace"])
	byNumber := map[string]map[string]any{}
	for _, x := range m["modules"].([]any) {
		byNumber[x.(map[string]any)["number"].(string)] = x.(map[string]any)
	}
	assert.Equal(t, true, byNumber["01"]["started"])
	assert.Equal(t, false, byNumber["02"]["started"])
}

func TestVersionJSONFollowsItsSchema(t *testing.T) {
	fakeBuild(t, "(devel)",
		debug.BuildSetting{Key: "vcs.revision", Value: "3f2a1c9d8e7f6a5b4c3d2e1f"},
		debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	env, out := embeddedEnv(t)
	require.Equal(t, 0, Main([]string{"version", "--json"}, env))
	m := validJSON(t, "version", out.Bytes())
	assert.Equal(t, true, m["dirty"])

	fakeBuild(t, "v1.2.0")
	env, out = embeddedEnv(t)
	require.Equal(t, 0, Main([]string{"version", "--json"}, env))
	m = validJSON(t, "version", out.Bytes())
	assert.NotContains(t, m, "dirty")
}

func TestStatusJSONFollowsItsSchema(t *testing.T) {
	// Nothing started: status runs no test and names the first module.
	ws := newWorkspace(t, false)
	env, out := embeddedEnv(t)
	require.NoError(t, RunStatus(context.Background(), env, &StatusOptions{Workspace: ws, JSON: true}))
	m := validJSON(t, "status", out.Bytes())
	assert.Contains(t, m["next"], "course start-module 00")
	assert.NotContains(t, m, "checkedAt")

	// A module and its drop started, laid out from a check's report as
	// status lays it out after running one.
	ws = newWorkspace(t, true)
	testws.Green(t, ws, "01", "example.com/x")
	commitAll(t, ws)
	env, _ = embeddedEnv(t)
	require.NoError(t, RunStartModule(context.Background(), env, &StartModuleOptions{Module: "01", Workspace: ws, Expansion: true}))
	env, out = embeddedEnv(t)
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rep := &StatusReport{SchemaVersion: 1, Workspace: ws, Modules: []ModuleStatus{}, CheckedAt: &at, Cached: true}
	w, err := workspace.Open(ws)
	require.NoError(t, err)
	fillStatus(env, rep, workspaceProgress(w), &checker.Report{
		Modules: []checker.Module{{Number: "01", Tests: []checker.Test{
			{Name: "Test_01_one", Outcome: "pass"}, {Name: "Test_01_two", Outcome: "fail"}, {Name: "Test_01x_drop", Outcome: "pass"},
		}}},
		Drops: []checker.Drop{{Module: "01x", Commit: strings.Repeat("a", 40),
			Changes: []expansion.Change{{Path: "engine/world.go", Kind: expansion.Changed}}}},
	})
	require.NoError(t, writeJSON(out, rep))
	m = validJSON(t, "status", out.Bytes())
	first := m["modules"].([]any)[0].(map[string]any)
	assert.Equal(t, "Test_01_two", first["firstFailure"])
	assert.Equal(t, []any{"changed: engine/world.go"}, first["drop"].(map[string]any)["engineChanged"])
}

func TestDevCheckJSONFollowsItsSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("scaffolds every module of the repository")
	}
	env, out := embeddedEnv(t)
	root := NewRoot(env)
	root.SetArgs([]string{"dev", "check", "../../../..", "--no-tests", "--json"})
	root.SetOut(&bytes.Buffer{})
	root.SetErr(&bytes.Buffer{})
	err := root.Execute()
	m := validJSON(t, "dev-check", out.Bytes())
	assert.Equal(t, err == nil, m["ok"], "ok says what the status says")
}
