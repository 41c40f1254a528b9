package workspace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"

	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/shellarg"
)

// StateLock is the lock file UpdateState holds while it reads, changes and
// writes the state file, a slash path inside the workspace. It is left in
// place when the lock is let go: removing it would let a command that had
// opened it lock a file no other command opens any more.
const StateLock = StateDir + "/state.lock"

// ErrUnchanged, returned by UpdateState's change function, leaves the
// state file as it is, so that a change found already made writes nothing.
var ErrUnchanged = errors.New("the state is unchanged")

// lockWait is how long UpdateState waits for another command to let go of
// the lock: a command holds it only to read, change and write one small
// file, so a wait this long is a command stopped or stuck. A variable so
// that a test can wait less.
var lockWait = 10 * time.Second

// lockRetry is how often UpdateState tries the lock again while it waits.
const lockRetry = 20 * time.Millisecond

// UpdateState reads the workspace's state, lets change change it, and
// saves it unless change returns an error (ErrUnchanged saves nothing and
// is no error), all under an exclusive lock on the lock file StateLock.
// Two commands that change the state at once (watch caching a check while
// start-module records a drop) so take turns, each reading what the other
// saved, and neither undoes the other's change. A lock another command
// holds for longer than lockWait, or a context done meanwhile, ends the
// wait with an error naming the lock file. Reading the state needs no
// lock: Save replaces the file whole, by rename.
func UpdateState(ctx context.Context, ws *Workspace, change func(*State) error) (err error) {
	held, err := LockState(ctx, ws)
	if err != nil {
		return err
	}
	defer func() {
		if uerr := held.Unlock(); uerr != nil && err == nil {
			err = uerr
		}
	}()
	return held.Update(change)
}

// HeldState is the workspace's state lock, taken by LockState and held
// until Unlock: what a command holds while it writes files that go with a
// record of the state (start-module's copies and the module it records),
// so that no other command reads the state between the two, nor writes
// the same files. The lock is the file's, not the process's: UpdateState
// called while it is held waits for it as another command would, so the
// holder changes the state through Update alone.
type HeldState struct {
	ws   *Workspace
	lock *flock.Flock
}

// LockState takes the workspace's state lock, waiting for another command
// that holds it as UpdateState does.
func LockState(ctx context.Context, ws *Workspace) (*HeldState, error) {
	lock, err := lockState(ctx, ws)
	if err != nil {
		return nil, err
	}
	return &HeldState{ws: ws, lock: lock}, nil
}

// Update is UpdateState's read, change and save, under the lock h holds.
func (h *HeldState) Update(change func(*State) error) error {
	st, err := LoadState(h.ws)
	if err != nil {
		return err
	}
	switch err := change(st); {
	case errors.Is(err, ErrUnchanged):
		return nil
	case err != nil:
		return err
	}
	return Save(h.ws, st)
}

// Unlock lets the lock go. It may be called more than once: a command
// that lets go early and unlocks again on its way out does no harm.
func (h *HeldState) Unlock() error {
	if h.lock == nil {
		return nil
	}
	lock := h.lock
	h.lock = nil
	if err := lock.Unlock(); err != nil {
		return &Error{Path: filepath.Join(h.ws.Dir, filepath.FromSlash(StateLock)), Why: fmt.Sprintf("cannot be unlocked (%v); end the course command that runs, and run the command again", unwrapPath(err))}
	}
	return nil
}

// lockState takes the workspace's state lock, under the rules of the
// workspace's writes: a lock file whose way leads out of the workspace, or
// that is anything but a regular file (a link, a FIFO, a folder), is an
// *Error naming it, never opened, so no file outside is made or locked and
// no FIFO is waited on.
func lockState(ctx context.Context, ws *Workspace) (*flock.Flock, error) {
	shown := filepath.Join(ws.Dir, filepath.FromSlash(StateLock))
	real, err := ws.entryPath(StateLock)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Lstat(real); err == nil && !fi.Mode().IsRegular() {
		return nil, notLockFile(shown, fi.Mode())
	}
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		return nil, &Error{Path: shown, Why: fmt.Sprintf("cannot be written: its folder cannot be made (%v)", unwrapPath(err))}
	}
	// lockOpenFlags keeps the open from following a link or waiting on a
	// FIFO put there since the check above.
	lock := flock.New(real, flock.SetFlag(os.O_CREATE|os.O_RDWR|lockOpenFlags), flock.SetPermissions(0o644))
	wait, cancel := context.WithTimeout(ctx, lockWait)
	defer cancel()
	locked, err := lock.TryLockContext(wait, lockRetry)
	if err == nil && !locked {
		err = errors.New("not taken") // flock says neither, but a lock not taken is no lock
	}
	switch {
	case err == nil:
	case ctx.Err() != nil:
		return nil, fmt.Errorf("stopped while waiting for the lock %s, which another course command holds: %w", shown, context.Cause(ctx))
	case errors.Is(err, context.DeadlineExceeded):
		return nil, &Error{Path: shown, Why: fmt.Sprintf(
			"is locked by another course command on this workspace (a watch, check, status, hint or start-module), which has not let go of it in %s; wait for that command to finish, or end it, and run this one again",
			lockWait)}
	default:
		return nil, &Error{Path: shown, Why: fmt.Sprintf(
			"cannot be written (%v); course locks this file while it changes %s: mend the permissions of the file and its folder (ls -ld %s %s shows them)",
			unwrapPath(err), StateFile, shellarg.Quote(shown), shellarg.Quote(filepath.Dir(shown)))}
	}
	// What was opened is what the path held then: a FIFO or a folder put
	// there since the check is refused too.
	if fi, err := lock.Stat(); err != nil || !fi.Mode().IsRegular() {
		_ = lock.Unlock()
		if err != nil {
			return nil, &Error{Path: shown, Why: fmt.Sprintf("cannot be read after it was opened (%v); remove it, and run the command again", unwrapPath(err))}
		}
		return nil, notLockFile(shown, fi.Mode())
	}
	return lock, nil
}

// notLockFile is the *Error for a lock file that is not a regular file.
func notLockFile(shown string, mode os.FileMode) error {
	return &Error{Path: shown, Why: fmt.Sprintf("is %s, not a regular file; course keeps an empty file there to lock %s: remove it (rm -r %s), and run the command again",
		regularfile.Describe(mode), StateFile, shellarg.Quote(shown))}
}
