package play

import (
	"context"
	"sync"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

// Engine starts the engine a screen talks to. ctx ends with the screen:
// a build or an engine process it starts should stop with it.
type Engine func(ctx context.Context) (*driver.Client, error)

// engineSlot is the engine a screen talks to. The screen's own work
// starts it and starts it again (r, or after it stopped); abort, called
// from another goroutine while that work may be waiting on the engine,
// ends the engine and any start under way, so that the wait ends too.
type engineSlot struct {
	start  Engine
	ctx    context.Context
	cancel context.CancelFunc
	// mu guards the writes of c, and abort's read of it: the screen's
	// work, the only writer, reads c without it.
	mu sync.Mutex
	c  *driver.Client
}

// newEngineSlot starts the engine; ctx ends it (a signal) as abort does.
func newEngineSlot(parent context.Context, start Engine) (*engineSlot, error) {
	ctx, cancel := context.WithCancel(parent)
	c, err := start(ctx)
	if err != nil {
		cancel()
		if parent.Err() != nil {
			// a signal: the engine it killed did not stop of itself
			return nil, context.Cause(parent)
		}
		return nil, err
	}
	return &engineSlot{start: start, ctx: ctx, cancel: cancel, c: c}, nil
}

// renew closes the engine and starts it again. When that fails, the old,
// closed client stays, so that every request says the engine stopped.
func (e *engineSlot) renew() error {
	_ = e.c.Close()
	c, err := e.start(e.ctx)
	if err != nil {
		return err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if err := e.ctx.Err(); err != nil {
		// aborted while it started: abort has closed the old client, and
		// this one is no one's
		_ = c.Close()
		return err
	}
	e.c = c
	return nil
}

// abort ends the engine now, from any goroutine: a request waiting on it
// returns a StoppedError, and a build or start under way is cancelled.
func (e *engineSlot) abort() {
	e.cancel()
	e.mu.Lock()
	c := e.c
	e.mu.Unlock()
	_ = c.Close()
}

// close ends the engine, once the screen's work is over: it is asked to
// stop first (its input closes), and killed only if it does not.
func (e *engineSlot) close() error {
	defer e.cancel()
	return e.c.Close()
}
