package play

import (
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A Screen (a Grid, a Table) is a model whose Update may wait on the engine: a learner's
// engine in an endless loop holds a request for driver.Timeout, a rebuild
// (r) for as long as go build takes.
type Screen interface {
	tea.Model
	// waiting is the screen as it stands, with note on its status line.
	waiting(note string) tea.View
	// abort ends the engine from another goroutine, so that an Update
	// waiting on it returns soon.
	abort()
	// quitting says whether the player has quit.
	quitting() bool
}

// slowAfter is how long the engine may take over a key before the screen
// says it is waiting: longer than any reply of an engine at work, short
// enough that a player who sees nothing happen is told why.
const slowAfter = 400 * time.Millisecond

// maxQueued is how many of the player's messages are kept while the
// engine works; keys held down past it are dropped rather than piled up.
// What the screen set going itself (its replay's timer, one at a time) is
// always kept: dropped, it would never come again.
const maxQueued = 256

// waitingNote is the status line while the engine has been slow: short
// enough for a status line minWidth wide, so that how to quit is not cut.
const waitingNote = "waiting for the engine; q quits"

// responsive keeps a screen answering keys while its engine works: it
// runs the screen's Update off Bubble Tea's event loop, one message at a
// time and in order, and meanwhile shows the screen as it was before the
// message, quits on ctrl+c (or q, once it has said it waits), and keeps
// what comes in for afterwards.
//
// The screen is the work's alone while it runs: this model touches none of
// its fields then, and shows the views it rendered before starting.
type responsive struct {
	s         Screen
	working   bool
	work      *work     // the work in hand, or the last
	gen       int       // which work a slowMark is about
	slow      bool      // the work has taken slowAfter: say so
	queue     []tea.Msg // what came in while it worked, in order
	frame     tea.View  // the screen before the work
	waitFrame tea.View  // the same, saying it waits
	size      *tea.WindowSizeMsg
}

// work is a message's work: the screen's Update of it.
type work struct {
	done chan struct{} // closed when it has ended
	// panicked is the screen's panic and its stack, when the Update ended
	// in one; it is read once done is closed.
	panicked string

	// mu guards begun and dropped: a program that quits may never run
	// the command that does the work, so end waits only for work begun.
	mu      sync.Mutex
	begun   bool
	dropped bool // ended before it began: it never will
}

// begin says whether the work may run; false once end has dropped it.
func (w *work) begin() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.begun = !w.dropped
	return w.begun
}

// drop keeps work that has not begun from ever beginning, and says
// whether it had begun.
func (w *work) drop() (begun bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.dropped = !w.begun
	return w.begun
}

// workDone ends a piece of work, with the command the screen's Update
// returned.
type workDone struct{ cmd tea.Cmd }

// slowMark says a piece of work has run slowAfter.
type slowMark struct{ gen int }

func newResponsive(s Screen) *responsive { return &responsive{s: s} }

// Init is the screen's.
func (r *responsive) Init() tea.Cmd { return r.s.Init() }

// Update starts a message's work, or keeps the message for when the work
// in hand ends.
func (r *responsive) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case workDone:
		r.working, r.slow = false, false
		if r.work.panicked != "" {
			// the screen is left as the panic found it: no more of
			// its Update, and Run says what happened
			r.queue = nil
			return r, tea.Quit
		}
		if r.size != nil {
			r.s.Update(*r.size) // a resize asks nothing of the engine
			r.size = nil
		}
		if r.s.quitting() {
			r.queue = nil
			return r, msg.cmd
		}
		if len(r.queue) == 0 {
			return r, msg.cmd
		}
		next := r.queue[0]
		r.queue = r.queue[1:]
		return r, tea.Batch(msg.cmd, r.start(next))
	case slowMark:
		if r.working && msg.gen == r.gen {
			// Keys typed from now on, at a screen that says it waits,
			// are dropped; those typed before, when nothing said so, are
			// still played once it answers, as typed ahead.
			r.slow = true
		}
		return r, nil
	case tea.WindowSizeMsg:
		if r.working {
			r.size = &msg
			return r, nil
		}
		_, cmd := r.s.Update(msg)
		return r, cmd
	}
	if !r.working {
		return r, r.start(msg)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if s := k.String(); s == "ctrl+c" || r.slow && s == "q" {
			return r, tea.Quit
		}
	}
	if isInput(msg) && (r.slow || len(r.queue) >= maxQueued) {
		return r, nil
	}
	r.queue = append(r.queue, msg)
	return r, nil
}

// start runs the screen's Update of msg as a command of its own, after
// rendering what is shown meanwhile.
func (r *responsive) start(msg tea.Msg) tea.Cmd {
	r.frame, r.waitFrame = r.s.View(), r.s.waiting(waitingNote)
	r.working = true
	r.gen++
	gen, s, w := r.gen, r.s, &work{done: make(chan struct{})}
	r.work = w
	return tea.Batch(func() (ended tea.Msg) {
		if !w.begin() {
			return nil
		}
		defer close(w.done)
		// A panic of the screen's (a bug of play's) is caught here, not
		// by Bubble Tea, which writes what it catches off the event loop
		// on the alternate screen it then leaves, and ends as if the
		// player had quit.
		defer func() {
			if v := recover(); v != nil {
				w.panicked = fmt.Sprintf("%v\n\n%s", v, debug.Stack())
				ended = workDone{}
			}
		}()
		_, cmd := s.Update(msg)
		return workDone{cmd}
	}, tea.Tick(slowAfter, func(time.Time) tea.Msg { return slowMark{gen} }))
}

// View is the screen's, or, while the engine works, the screen as it was.
func (r *responsive) View() tea.View {
	switch {
	case r.working && r.slow:
		return r.waitFrame
	case r.working, r.panicked() != "":
		return r.frame
	}
	return r.s.View()
}

// panicked is the panic the screen's work ended in, and its stack, or "";
// it is asked once the work has ended (end).
func (r *responsive) panicked() string {
	if r.work == nil {
		return ""
	}
	return r.work.panicked
}

// end waits for the work in hand, once the program has stopped: the
// engine is ended first, so that the wait is short.
func (r *responsive) end() {
	if r.working {
		r.s.abort()
		// Work whose command the program quit before running is not
		// waited for (it would never end), and never runs after.
		if r.work.drop() {
			<-r.work.done
		}
	}
}

// isInput says whether msg is the player's: a key, a click, a paste.
func isInput(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg, tea.PasteStartMsg, tea.PasteEndMsg:
		return true
	}
	return false
}
