package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/modules"
)

// parseFlags runs a command built with a runF seam on args and returns
// the error of parsing them.
func parseFlags(cmd *cobra.Command, args []string) error {
	cmd.SetArgs(args)
	cmd.SetOut(io.Discard)
	cmd.SetErr(io.Discard)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	return cmd.Execute()
}

func TestInitFlags(t *testing.T) {
	t.Setenv(WarmCacheEnvVar, "")
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*InitOptions) error) *cobra.Command { return newInitCmd(env, runF) }, []flagCase[InitOptions]{
		{[]string{"ws"}, InitOptions{Dir: "ws", ModulePath: "example.com/my-engine", WarmCache: true}, ""},
		{[]string{"ws", "--module-path", "github.com/me/e", "--json"}, InitOptions{Dir: "ws", ModulePath: "github.com/me/e", WarmCache: true, JSON: true}, ""},
		{[]string{"ws", "--warm-cache=false"}, InitOptions{Dir: "ws", ModulePath: "example.com/my-engine"}, ""},
		{[]string{}, InitOptions{}, "takes 1 argument(s), DIR"},
		{[]string{"a", "b"}, InitOptions{}, "takes 1 argument(s)"},
		{[]string{"ws", "--module"}, InitOptions{}, "unknown flag"},
	})
	t.Setenv(WarmCacheEnvVar, "0")
	var got *InitOptions
	env, _, _ = testEnv()
	require.NoError(t, parseFlags(newInitCmd(env, func(o *InitOptions) error { got = o; return nil }), []string{"ws"}))
	assert.False(t, got.WarmCache, "COURSE_WARM_CACHE=0 turns it off")
}

func TestStartModuleFlags(t *testing.T) {
	// Outside any workspace: a missing WORKSPACE cannot be found.
	t.Chdir(t.TempDir())
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*StartModuleOptions) error) *cobra.Command { return newStartModuleCmd(env, runF) }, []flagCase[StartModuleOptions]{
		{[]string{"01", "ws"}, StartModuleOptions{Module: "01", Workspace: "ws"}, ""},
		{[]string{"3", "ws", "--force", "--json"}, StartModuleOptions{Module: "3", Workspace: "ws", Force: true, JSON: true}, ""},
		{[]string{"--expansion", "02", "ws"}, StartModuleOptions{Module: "02", Workspace: "ws", Expansion: true}, ""},
		{[]string{"01"}, StartModuleOptions{}, "not inside a course workspace; run course init DIR or cd into one"},
		{[]string{"01", "ws", "--forse"}, StartModuleOptions{}, "unknown flag"},
	})
}

func TestValidateFlags(t *testing.T) {
	// Outside any workspace: a missing WORKSPACE cannot be found.
	t.Chdir(t.TempDir())
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*ValidateOptions) error) *cobra.Command { return newValidateCmd(env, runF) }, []flagCase[ValidateOptions]{
		{[]string{"ws"}, ValidateOptions{Workspace: "ws"}, ""},
		{[]string{"ws", "--json"}, ValidateOptions{Workspace: "ws", JSON: true}, ""},
		{[]string{}, ValidateOptions{}, "not inside a course workspace; run course init DIR or cd into one"},
		{[]string{"ws", "--jsn"}, ValidateOptions{}, "unknown flag"},
	})
}

// assertDocument checks that out is one JSON object, valid against the
// command's output schema, with schemaVersion as its first field.
func embeddedEnv(t *testing.T) (*Env, *bytes.Buffer) {
	t.Helper()
	content, err := data.Embedded()
	require.NoError(t, err)
	var out, errOut bytes.Buffer
	return &Env{Stdout: &out, Stderr: &errOut, Content: content}, &out
}

// Real output of init, start-module and validate follows each one's
// output schema.
func TestJSONOutputFollowsItsSchema(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ws")
	env, out := embeddedEnv(t)
	require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: dir, ModulePath: "example.com/x", JSON: true}))
	validJSON(t, "init", out.Bytes())
	var ir InitReport
	require.NoError(t, json.Unmarshal(out.Bytes(), &ir))
	assert.False(t, ir.WarmCache.Started)

	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, JSON: true}))
	validJSON(t, "start-module", out.Bytes())
	assert.Contains(t, out.String(), `"lesson": "course lesson 01"`)

	// Replaced with a kept version, and a drop with its commit, once the
	// module's tests pass.
	test := filepath.Join(dir, "tests", "01_handles_test.go")
	require.NoError(t, os.WriteFile(test, []byte("package tests\n"), 0o644))
	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Force: true, JSON: true}))
	validJSON(t, "start-module", out.Bytes())
	assert.Contains(t, out.String(), `"kept": "tests/01_handles_test.go.orig"`)
	testws.Green(t, dir, "01", "example.com/x")
	commitAll(t, dir)
	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true, JSON: true}))
	validJSON(t, "start-module", out.Bytes())
	assert.Contains(t, out.String(), `"drop": {`)

	env, out = embeddedEnv(t)
	require.NoError(t, RunValidate(ctx, env, &ValidateOptions{Workspace: dir, JSON: true}))
	validJSON(t, "validate", out.Bytes())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "cards", "bad.json"), []byte("{"), 0o644))
	env, out = embeddedEnv(t)
	assert.Equal(t, StatusFinding, Status(RunValidate(ctx, env, &ValidateOptions{Workspace: dir, JSON: true})))
	validJSON(t, "validate", out.Bytes())
}

func commitAll(t *testing.T, dir string) string {
	t.Helper()
	repo, err := git.PlainOpen(dir)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	require.NoError(t, wt.AddWithOptions(&git.AddOptions{All: true}))
	h, err := wt.Commit("work", &git.CommitOptions{Author: &object.Signature{Name: "L", Email: "l@example.com", When: time.Now()}})
	require.NoError(t, err)
	return h.String()
}

// moduleOneStarted is a new workspace with module 01 started and the
// files that make its tests pass written, not yet committed: its drop can
// start once they are.
func moduleOneStarted(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx, dir := moduleOneBegun(t)
	testws.Green(t, dir, "01", "example.com/x")
	return ctx, dir
}

// moduleOneBegun is a new workspace with module 01 started, its tests
// failing on the template's stubs.
func moduleOneBegun(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ws")
	env, _ := embeddedEnv(t)
	require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: dir, ModulePath: "example.com/x"}))
	env, _ = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir}))
	return ctx, dir
}

// start-module --expansion records the commit the drop starts from, keeps
// the first one recorded, and refuses while the engine has uncommitted
// changes.
func TestStartDropRecordsItsCommit(t *testing.T) {
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)

	engineFile := filepath.Join(dir, "engine", "game.go")
	require.NoError(t, os.WriteFile(engineFile, []byte("package engine\n"), 0o644))
	env, out := embeddedEnv(t)
	err := RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true})
	assert.Equal(t, StatusCannot, Status(err))
	assert.Contains(t, Message(err), "the engine folders have uncommitted changes (added: engine/game.go)")
	ws, st := dropNotStarted(t, dir)
	assert.Contains(t, st.Modules, "01", "the module start-module started is")
	assert.Empty(t, out.String())

	head := commitAll(t, dir)
	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	assert.Contains(t, out.String(), "drop 01x starts from commit "+head[:7])
	assert.Contains(t, out.String(), "course lesson 01")
	st, err = workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, head, st.Drops["01"].Commit)
	assert.WithinDuration(t, time.Now(), st.Drops["01"].StartedAt, time.Minute)

	// Starting it again after more commits keeps the first commit.
	require.NoError(t, os.WriteFile(engineFile, []byte("package engine\n\n// more\n"), 0o644))
	commitAll(t, dir)
	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	assert.Contains(t, out.String(), "drop 01x starts from commit "+head[:7])

	// The state is git-ignored: the work tree stays clean.
	repo, err := git.PlainOpen(dir)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	status, err := wt.Status()
	require.NoError(t, err)
	assert.True(t, status.IsClean(), "%v", status)
}

// dropNotStarted asserts that module 01's drop was refused in the
// workspace at dir: its test not copied, no drop recorded. It returns the
// workspace and its state.
func dropNotStarted(t *testing.T, dir string) (*workspace.Workspace, *workspace.State) {
	t.Helper()
	assert.NoFileExists(t, filepath.Join(dir, "tests", "01x_handles_test.go"))
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Empty(t, st.Drops, "a drop refused is not recorded")
	return ws, st
}

// With no check that still holds, start-module --expansion runs the
// module's tests itself before the drop starts: a drop started while they
// fail would have the module's work still to come count against it, and
// for good, since a drop started again keeps its first commit.
func TestStartDropRunsTheModulesTestsWhenNoCheckHolds(t *testing.T) {
	ctx, dir := moduleOneBegun(t)
	commitAll(t, dir)

	env, out := embeddedEnv(t)
	err := RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true})
	assert.Equal(t, StatusCannot, Status(err))
	assert.Contains(t, Message(err), "module 01's tests do not all pass (4 of 4 failed as they ran just now)")
	assert.Empty(t, out.String())
	dropNotStarted(t, dir)

	testws.Green(t, dir, "01", "example.com/x")
	head := commitAll(t, dir)
	env, out = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	assert.Contains(t, out.String(), "drop 01x starts from commit "+head[:7])
}

// A workspace from before drops ended: a drop still open while a later
// module is started, the engine that module's work. Starting the next
// module ends the drop there, as it is, instead of refusing for good.
func TestADropLeftOpenByAnOlderToolEndsAtTheNextStart(t *testing.T) {
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	env, _ := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	// Module 02 started by the older tool: its files in tests/, the drop
	// left open, and the engine changed for module 02.
	content, err := env.content()
	require.NoError(t, err)
	for _, f := range modules.TestFiles(content.Course(), modules.All()[2]) {
		src, err := fs.ReadFile(content.Course(), f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "tests", filepath.Base(f)), src, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "engine", "queue.go"), []byte("package engine\n"), 0o644))
	head := commitAll(t, dir)

	env, out := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "03", Workspace: dir}))
	assert.Contains(t, out.String(), "drop 01x ends at commit "+head[:7])
	assert.Contains(t, out.String(), "warning: drop 01x: the engine changed meanwhile (added: engine/queue.go), so it stays undone")
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, head, st.Drops["01"].End)
}

// start-module's next step names the workspace as the learner did: by the
// folder they gave, or not at all when they left it out (run where they
// are, in the workspace, it needs none).
func TestStartModuleNamesTheWorkspaceAsItWasGiven(t *testing.T) {
	ctx := context.Background()
	t.Chdir(t.TempDir())
	env, out := embeddedEnv(t)
	require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: "my-engine", ModulePath: "example.com/x"}))
	require.NoError(t, parseFlags(newStartModuleCmd(env, nil), []string{"00", "my-engine"}))
	assert.Contains(t, out.String(), "\nnext: course check my-engine: the module's tests fail")

	t.Chdir("my-engine/tests")
	out.Reset()
	var got *StartModuleOptions
	require.NoError(t, parseFlags(newStartModuleCmd(env, func(o *StartModuleOptions) error { got = o; return nil }), []string{"01"}))
	assert.True(t, got.Found, "WORKSPACE left out")
	require.NoError(t, RunStartModule(ctx, env, got))
	assert.Contains(t, out.String(), "\nnext: course check: the module's tests fail")
}

// On a terminal, init's and start-module's prose wraps between words short
// of the last column, each line's continuation under its first word: at 80
// columns the next step broke "build what" in two. Through a pipe each is
// one line.
func TestInitAndStartModuleFitTheTerminal(t *testing.T) {
	ctx := context.Background()
	t.Chdir(t.TempDir())
	dir := "my-engine"
	for _, term := range []Terminal{{IsTerminal: true, Width: 80, Profile: termenv.ANSI}, {IsTerminal: true, Width: 80}, {}} {
		env, out := embeddedEnv(t)
		env.Term = term
		require.NoError(t, os.RemoveAll(dir))
		require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: dir, ModulePath: "example.com/x"}))
		require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "05", Workspace: dir}))
		text := ansi.Strip(out.String())
		if !term.IsTerminal {
			assert.Contains(t, text, "\nnext: course check "+dir+": the module's tests fail (RED) until you build what they state; course status says where you stand\n")
			continue
		}
		for _, line := range strings.Split(text, "\n") {
			assert.Less(t, ansi.StringWidth(line), 80, "%q", line)
		}
		assert.Contains(t, text, "\nnext: course check "+dir+": the module's tests fail (RED) until you build\n      what they state; course status says where you stand\n")
		assert.Contains(t, text, "\nnote: module 05 comes after modules 00 to 04, not started here; its tests build\n      on what those modules build, so start them first unless you mean to skip\n      ahead\n")
	}
}

// A workspace's folder name is the user's: init, start-module and modules
// echo it (in the workspace line and in the next step) as termsafe shows
// it, so an escape sequence in it is spelled out, not sent to the
// terminal.
func TestAWorkspaceNameIsEchoedTermSafe(t *testing.T) {
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "ws\x1b[31m")
	env, out := embeddedEnv(t)
	require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: dir, ModulePath: "example.com/x"}))
	env, out2 := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "00", Workspace: dir}))
	t.Chdir(dir)
	env, out3 := embeddedEnv(t)
	require.NoError(t, RunModules(env, &ModulesOptions{}))
	for _, o := range []string{out.String(), out2.String(), out3.String()} {
		assert.NotContains(t, o, "\x1b", o)
		assert.Contains(t, o, `ws\x1b[31m`, o)
	}
}

// check's next step names the workspace too, and is shown the same way.
func TestChecksNextStepIsShownTermSafe(t *testing.T) {
	env, out := embeddedEnv(t)
	printCheck(env, &checker.Report{OK: true, Modules: []checker.Module{}, Drops: []checker.Drop{}}, "course start-module 01 'ws\x1b[31m'")
	assert.Contains(t, out.String(), `next: course start-module 01 'ws\x1b[31m'`)
	assert.NotContains(t, out.String(), "\x1b")
}
