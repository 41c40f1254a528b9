package cli

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// watch keeps a check's result while the learner asks for hints: each
// keeps the other's record, however their saves fall.
func TestCommandsSavingTheStateAtOnceKeepEveryRecord(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	dir := testws.New(t, nil)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	rep := &checker.Report{Modules: []checker.Module{{Number: "01", Passed: 1, Failed: 3}}}
	const rounds = 30
	var wg sync.WaitGroup
	errs := make(chan error, 2*rounds)
	wg.Go(func() {
		for i := range rounds {
			errs <- recordHintShown(t.Context(), dir, fmt.Sprintf("%02d", i), 1)
		}
	})
	wg.Go(func() {
		for range rounds {
			errs <- cacheCheck(t.Context(), ws, "key", time.Now(), rep)
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	var lost []string
	for i := range rounds {
		if n := fmt.Sprintf("%02d", i); st.Hints[n] != 1 {
			lost = append(lost, n)
		}
	}
	assert.Empty(t, lost, "hints counted, then lost")
	assert.NotEmpty(t, st.LastCheck)
}

// start-module reads the state before it copies the files and records
// after: what another command saved in between (watch's check, a hint)
// is kept beside the drop and the module it records.
func TestStartModuleKeepsWhatAnotherCommandSavedWhileItRan(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)

	var meanwhile func()
	defer func(f func(scaffold.StartOptions) ([]scaffold.FileResult, error)) { startFiles = f }(startFiles)
	copyFiles := startFiles
	startFiles = func(o scaffold.StartOptions) ([]scaffold.FileResult, error) {
		res, err := copyFiles(o)
		meanwhile()
		return res, err
	}

	meanwhile = func() {
		rep := &checker.Report{Modules: []checker.Module{{Number: "01", Failed: 4}}}
		require.NoError(t, cacheCheck(context.Background(), ws, "key", time.Now(), rep))
	}
	env, _ := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Contains(t, st.Drops, "01", "the drop start-module recorded")
	assert.NotEmpty(t, st.LastCheck, "the check watch kept meanwhile")

	// Starting the next module ends the drop and records the module.
	meanwhile = func() { require.NoError(t, recordHintShown(context.Background(), dir, "02", 1)) }
	env, _ = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "02", Workspace: dir}))
	st, err = workspace.LoadState(ws)
	require.NoError(t, err)
	assert.NotEmpty(t, st.Drops["01"].End, "the drop start-module ended")
	assert.Contains(t, st.Modules, "02", "the module start-module started")
	assert.Equal(t, 1, st.Hints["02"], "the hint counted meanwhile")
	assert.NotEmpty(t, st.LastCheck, "the check kept before")
}

// A drop recorded while start-module --expansion ran (by another
// start-module) is the first one recorded: it is kept, and is the one the
// output names.
func TestStartDropKeepsADropRecordedWhileItRan(t *testing.T) {
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	first := workspace.Drop{Commit: "0123456789abcdef0123456789abcdef01234567", StartedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	defer func(f func(scaffold.StartOptions) ([]scaffold.FileResult, error)) { startFiles = f }(startFiles)
	copyFiles := startFiles
	startFiles = func(o scaffold.StartOptions) ([]scaffold.FileResult, error) {
		res, err := copyFiles(o)
		require.NoError(t, workspace.UpdateState(context.Background(), ws, func(st *workspace.State) error {
			st.Drops = map[string]workspace.Drop{"01": first}
			return nil
		}))
		return res, err
	}
	env, out := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	assert.Contains(t, out.String(), "drop 01x starts from commit 0123456")
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, first, st.Drops["01"])
}
