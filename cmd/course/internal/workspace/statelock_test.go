package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/gofrs/flock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

// Two commands that change the state at once each keep the other's
// change: every key each of them added is there at the end.
func TestUpdateStateLosesNoUpdate(t *testing.T) {
	ws, err := Open(learnerDir(t, map[string]string{}))
	require.NoError(t, err)
	const rounds = 40
	var wg sync.WaitGroup
	errs := make(chan error, 2*rounds)
	for _, who := range []string{"a", "b"} {
		wg.Go(func() {
			for i := range rounds {
				errs <- UpdateState(t.Context(), ws, func(st *State) error {
					if st.Hints == nil {
						st.Hints = map[string]int{}
					}
					st.Hints[fmt.Sprintf("%s%02d", who, i)] = i
					return nil
				})
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	st, err := LoadState(ws)
	require.NoError(t, err)
	var lost []string
	for _, who := range []string{"a", "b"} {
		for i := range rounds {
			if k := fmt.Sprintf("%s%02d", who, i); st.Hints[k] != i {
				lost = append(lost, k)
			}
		}
	}
	assert.Empty(t, lost, "updates lost")
}

// A change that returns an error saves nothing: ErrUnchanged is no
// error, any other is the caller's.
func TestUpdateStateSavesOnlyAChange(t *testing.T) {
	dir := learnerDir(t, map[string]string{})
	ws, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, UpdateState(t.Context(), ws, func(st *State) error { return ErrUnchanged }))
	assert.NoFileExists(t, filepath.Join(dir, ".course", "state.json"))
	mine := errors.New("mine")
	err = UpdateState(t.Context(), ws, func(st *State) error {
		st.Hints = map[string]int{"01": 1}
		return mine
	})
	assert.ErrorIs(t, err, mine)
	assert.NoFileExists(t, filepath.Join(dir, ".course", "state.json"))
	assert.FileExists(t, filepath.Join(dir, ".course", "state.lock"), "the lock file stays, for the next command to lock")
}

// The lock file is made and opened under the workspace's rules: never
// through a link out of the workspace, never a link, a folder or anything
// but a regular file, each refused at once with the lock file named.
func TestUpdateStateRefusesALockFileItMayNotUse(t *testing.T) {
	called := func(t *testing.T) func(*State) error {
		return func(*State) error {
			t.Error("the state was changed without its lock")
			return nil
		}
	}

	dir := learnerDir(t, map[string]string{})
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".course")))
	ws, err := Open(dir)
	require.NoError(t, err)
	err = UpdateState(t.Context(), ws, called(t))
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, filepath.Join(dir, ".course"), wsErr.Path, "the link to remove, as Save names it")
	assert.Contains(t, wsErr.Why, "leads out of the workspace")
	entries, err := os.ReadDir(outside)
	require.NoError(t, err)
	assert.Empty(t, entries, "nothing made outside the workspace")

	// A link at the lock path itself, dangling out of the workspace: the
	// file it names is not made.
	dir = learnerDir(t, map[string]string{".course/state.json": "{}"})
	require.NoError(t, os.Symlink(filepath.Join(outside, "planted"), filepath.Join(dir, ".course", "state.lock")))
	ws, err = Open(dir)
	require.NoError(t, err)
	err = UpdateState(t.Context(), ws, called(t))
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, filepath.Join(dir, ".course", "state.lock"), wsErr.Path)
	assert.Contains(t, wsErr.Why, "is a symbolic link, not a regular file")
	assert.NoFileExists(t, filepath.Join(outside, "planted"))

	dir = learnerDir(t, map[string]string{".course/state.lock/x": ""})
	ws, err = Open(dir)
	require.NoError(t, err)
	err = testws.Within(t, 5*time.Second, "a folder at the lock path was waited on", func() error { return UpdateState(t.Context(), ws, called(t)) })
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, filepath.Join(dir, ".course", "state.lock"), wsErr.Path)
	assert.Contains(t, wsErr.Why, "is a folder, not a regular file")
	assert.Contains(t, wsErr.Why, "remove it")
}

// A lock another command holds is waited for, then given up with an error
// that names the lock file and says what to do; a context done meanwhile
// ends the wait with its cause.
func TestUpdateStateGivesUpOnALockHeldTooLong(t *testing.T) {
	defer func(d time.Duration) { lockWait = d }(lockWait)
	lockWait = 200 * time.Millisecond
	dir := learnerDir(t, map[string]string{})
	ws, err := Open(dir)
	require.NoError(t, err)
	require.NoError(t, UpdateState(t.Context(), ws, func(*State) error { return nil }))
	held := flock.New(filepath.Join(dir, ".course", "state.lock"))
	require.NoError(t, held.Lock())
	defer func() { _ = held.Unlock() }()

	changed := false
	start := time.Now()
	err = testws.Within(t, 5*time.Second, "a held lock was waited on past its time", func() error {
		return UpdateState(t.Context(), ws, func(*State) error { changed = true; return nil })
	})
	waited := time.Since(start)
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, filepath.Join(dir, ".course", "state.lock"), wsErr.Path)
	assert.Contains(t, wsErr.Why, "is locked by another course command on this workspace")
	assert.Contains(t, wsErr.Why, "wait for that command to finish, or end it")
	assert.False(t, changed)
	assert.GreaterOrEqual(t, waited, lockWait)
	assert.Less(t, waited, time.Second)

	lockWait = time.Minute
	stopped := errors.New("stopped by a signal")
	ctx, cancel := context.WithCancelCause(t.Context())
	time.AfterFunc(50*time.Millisecond, func() { cancel(stopped) })
	err = testws.Within(t, 5*time.Second, "a cancelled wait went on", func() error {
		return UpdateState(ctx, ws, func(*State) error { changed = true; return nil })
	})
	assert.ErrorIs(t, err, stopped)
	assert.Contains(t, err.Error(), filepath.Join(dir, ".course", "state.lock"))
	assert.False(t, changed)

	// Let go, the lock is taken at once.
	require.NoError(t, held.Unlock())
	require.NoError(t, UpdateState(t.Context(), ws, func(*State) error { changed = true; return nil }))
	assert.True(t, changed)
}

// A lock held through LockState is the one UpdateState takes: another
// command's change waits for Unlock and then reads what the holder's
// Update saved; unlocking twice is no error.
func TestHeldStateHoldsOffUpdateState(t *testing.T) {
	defer func(d time.Duration) { lockWait = d }(lockWait)
	lockWait = 200 * time.Millisecond
	ws, err := Open(learnerDir(t, map[string]string{}))
	require.NoError(t, err)
	held, err := LockState(t.Context(), ws)
	require.NoError(t, err)
	require.NoError(t, held.Update(func(st *State) error { st.Hints = map[string]int{"01": 1}; return nil }))

	err = UpdateState(t.Context(), ws, func(*State) error { return nil })
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr, "a change made while the lock was held")
	assert.Contains(t, wsErr.Why, "is locked by another course command")

	require.NoError(t, held.Unlock())
	require.NoError(t, held.Unlock())
	require.NoError(t, UpdateState(t.Context(), ws, func(st *State) error {
		assert.Equal(t, 1, st.Hints["01"], "the holder's record")
		st.Hints["02"] = 1
		return nil
	}))
}
