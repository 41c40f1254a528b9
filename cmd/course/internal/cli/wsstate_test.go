package cli

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
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

// start-module reads the state, then copies the files and records under
// the state lock: what another command saves meanwhile (watch's check, a
// hint), before the lock or waiting for it, is kept beside the drop and
// the module it records.
func TestStartModuleKeepsWhatAnotherCommandSavedWhileItRan(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)

	defer func(f func(scaffold.StartOptions) ([]scaffold.FileResult, error)) { startFiles = f }(startFiles)
	defer func(f func(context.Context, *workspace.Workspace) (*workspace.HeldState, error)) { lockStart = f }(lockStart)
	copyFiles, lock := startFiles, lockStart
	var before, during func() error // saves of another command: before the lock, and while start-module holds it
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	lockStart = func(ctx context.Context, ws *workspace.Workspace) (*workspace.HeldState, error) {
		errs <- before()
		return lock(ctx, ws)
	}
	startFiles = func(o scaffold.StartOptions) ([]scaffold.FileResult, error) {
		res, err := copyFiles(o)
		wg.Go(func() { errs <- during() }) // waits for the lock start-module holds
		return res, err
	}
	saved := func() {
		t.Helper()
		wg.Wait()
		for range 2 {
			require.NoError(t, <-errs)
		}
	}

	check := func(failed int) func() error {
		return func() error {
			rep := &checker.Report{Modules: []checker.Module{{Number: "01", Failed: failed}}}
			return cacheCheck(context.Background(), ws, "key", time.Now(), rep)
		}
	}
	before, during = check(4), check(3)
	env, _ := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	saved()
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Contains(t, st.Drops, "01", "the drop start-module recorded")
	assert.Contains(t, string(st.LastCheck), `"failed": 3`, "the check watch kept while start-module held the lock, saved after its record")

	// Starting the next module ends the drop and records the module.
	hint := func(n string) func() error {
		return func() error { return recordHintShown(context.Background(), dir, n, 1) }
	}
	before, during = hint("02"), hint("03")
	env, _ = embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "02", Workspace: dir}))
	saved()
	st, err = workspace.LoadState(ws)
	require.NoError(t, err)
	assert.NotEmpty(t, st.Drops["01"].End, "the drop start-module ended")
	assert.Contains(t, st.Modules, "02", "the module start-module started")
	assert.Equal(t, 1, st.Hints["02"], "the hint counted before the lock")
	assert.Equal(t, 1, st.Hints["03"], "the hint counted while start-module held the lock")
	assert.NotEmpty(t, st.LastCheck, "the check kept before")
}

// A drop recorded while start-module --expansion ran (by another
// start-module, between this one's first read of the state and its lock)
// is the first one recorded: it is kept, and is the one the output names.
func TestStartDropKeepsADropRecordedWhileItRan(t *testing.T) {
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	first := workspace.Drop{Commit: "0123456789abcdef0123456789abcdef01234567", StartedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	defer func(f func(context.Context, *workspace.Workspace) (*workspace.HeldState, error)) { lockStart = f }(lockStart)
	lock := lockStart
	lockStart = func(ctx context.Context, ws *workspace.Workspace) (*workspace.HeldState, error) {
		require.NoError(t, workspace.UpdateState(context.Background(), ws, func(st *workspace.State) error {
			st.Drops = map[string]workspace.Drop{"01": first}
			return nil
		}))
		return lock(ctx, ws)
	}
	env, out := embeddedEnv(t)
	require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true}))
	assert.Contains(t, out.String(), "drop 01x starts from commit 0123456")
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, first, st.Drops["01"])
}

// Two start-modules at once, module 01's drop and module 02: starting 02
// ends every open drop of an earlier module, so however the two fall, the
// drop 01x records is ended by 02, and 02 copies nothing while 01x has
// copied its test but not recorded the drop. start-module 01 --expansion
// is held between its copy and its record; 02 runs meanwhile.
func TestStartModulesAtOnceTakeTurns(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ctx, dir := moduleOneStarted(t)
	commitAll(t, dir)
	ws, err := workspace.Open(dir)
	require.NoError(t, err)

	dropCopied, release := make(chan struct{}), make(chan struct{})
	moduleCopied := make(chan struct{}, 1)
	var held, overlapped atomic.Bool
	defer func(f func(scaffold.StartOptions) ([]scaffold.FileResult, error)) { startFiles = f }(startFiles)
	copyFiles := startFiles
	startFiles = func(o scaffold.StartOptions) ([]scaffold.FileResult, error) {
		res, err := copyFiles(o)
		if o.Expansion {
			held.Store(true)
			close(dropCopied)
			<-release
			held.Store(false)
			return res, err
		}
		if held.Load() {
			overlapped.Store(true)
		}
		select {
		case moduleCopied <- struct{}{}:
		default: // a copy already told; a second must not block the start
		}
		return res, err
	}

	dropEnv, _ := embeddedEnv(t)
	moduleEnv, _ := embeddedEnv(t)
	errs := make(chan error, 2)
	go func() {
		errs <- RunStartModule(ctx, dropEnv, &StartModuleOptions{Module: "01", Workspace: dir, Expansion: true})
	}()
	select {
	case <-dropCopied:
	case err := <-errs: // the drop's start ended before it copied its test
		t.Fatalf("start-module 01 --expansion ended before it copied its files: %v", err)
	}
	go func() { errs <- RunStartModule(ctx, moduleEnv, &StartModuleOptions{Module: "02", Workspace: dir}) }()
	select {
	case <-moduleCopied: // 02 did not wait for 01x to record its drop
	case <-time.After(time.Second): // 02 waits for the state lock 01x holds
	}
	close(release)
	for range 2 {
		require.NoError(t, <-errs)
	}

	assert.False(t, overlapped.Load(), "start-module 02 copied its files while 01x had copied its test and not yet recorded the drop")
	st, err := workspace.LoadState(ws)
	require.NoError(t, err)
	assert.Contains(t, st.Modules, "02", "the module started")
	require.Contains(t, st.Drops, "01", "the drop started")
	assert.NotEmpty(t, st.Drops["01"].End, "drop 01x, started before module 02, is still open after module 02 started: check would judge 02's engine work as the drop's")
}
