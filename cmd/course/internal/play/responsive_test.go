package play

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/course/data"
)

// gatedEngine answers every request at once but the ops named in slow,
// which it answers only once wait returns; it tells seen of each slow op
// (its direction, for a step) as it starts on it.
func gatedEngine(mode string, slow map[string]bool, seen chan<- string, wait func()) Engine {
	return cannedEngine(func(req driver.Request) driver.Reply {
		st := &driver.State{Mode: mode, Width: 7, Height: 5}
		if mode == driver.ModeGame {
			st = &driver.State{Mode: mode, Players: []driver.Side{{}, {}}}
		}
		if slow[req.Op] {
			seen <- req.Op + " " + req.Dir
			wait()
		}
		return driver.Reply{State: st}
	})
}

// never is a wait that lasts the test.
func never(t *testing.T) func() {
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	return func() { <-stop }
}

// playRun plays s with Run, on keys the test writes, and returns the
// keys' writer and Run's result.
func playRun(t *testing.T, s Screen) (io.Writer, <-chan error) {
	t.Helper()
	in, keys := io.Pipe()
	t.Cleanup(func() { _ = keys.Close() })
	done := make(chan error, 1)
	go func() { done <- Run(t.Context(), s, colorprofile.ASCII, tea.WithInput(in), tea.WithOutput(io.Discard)) }()
	return keys, done
}

// A player who quits while the engine works (a learner's engine in an
// endless loop) leaves at once: with ctrl+c whenever, with q once the
// screen says it waits. Before, the screen answered no key until the
// engine was given up, 10 s later.
func TestQuittingWhileTheEngineWorksEndsPlayAtOnce(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	for _, c := range []struct {
		name  string
		table bool
		quit  string
		delay time.Duration
	}{
		{"q once the grid says it waits", false, "q", slowAfter + 300*time.Millisecond},
		{"ctrl+c on the grid at once", false, "\x03", 0},
		{"q once the table says it waits", true, "q", slowAfter + 300*time.Millisecond},
		{"ctrl+c on the table at once", true, "\x03", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			seen := make(chan string, 8)
			var s Screen
			var act string
			if c.table {
				tb, err := NewTable(t.Context(), TableOptions{Styles: NewStyles(colorprofile.ASCII),
					Engine: gatedEngine(driver.ModeGame, map[string]bool{"endTurn": true}, seen, never(t))})
				require.NoError(t, err)
				t.Cleanup(func() { _ = tb.Close() })
				s, act = tb, "e" // end the turn
			} else {
				g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
					Engine: gatedEngine(driver.ModeBaba, map[string]bool{"step": true}, seen, never(t))})
				require.NoError(t, err)
				t.Cleanup(func() { _ = g.Close() })
				s, act = g, "l" // step right
			}
			keys, done := playRun(t, s)
			start := time.Now()
			_, err := io.WriteString(keys, act)
			require.NoError(t, err)
			select {
			case <-seen:
			case <-time.After(5 * time.Second):
				t.Fatal("the engine was never asked")
			}
			time.Sleep(c.delay)
			_, err = io.WriteString(keys, c.quit)
			require.NoError(t, err)
			select {
			case err := <-done:
				require.NoError(t, err)
				assert.Less(t, time.Since(start), driver.Timeout/2, "play ended long before the engine would have been given up")
			case <-time.After(driver.Timeout / 2):
				t.Fatal("the screen did not quit while its engine worked")
			}
			if g, ok := s.(*Grid); ok {
				assert.Empty(t, g.history, "the move the engine never answered is not history")
			}
		})
	}
}

// Keys typed while the engine works on a move are played after it, in
// the order they were typed: a player may type ahead.
func TestKeysTypedWhileTheEngineWorksArePlayedInOrder(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	seen := make(chan string, 8)
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: gatedEngine(driver.ModeBaba, map[string]bool{"step": true}, seen, func() { time.Sleep(50 * time.Millisecond) })})
	require.NoError(t, err)
	defer g.Close()
	keys, done := playRun(t, g)
	_, err = io.WriteString(keys, "lkhjq") // right, up, left, down, quit
	require.NoError(t, err)
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("q, typed last, did not quit")
	}
	close(seen)
	var asked []string
	for s := range seen {
		asked = append(asked, s)
	}
	assert.Equal(t, []string{"step right", "step up", "step left", "step down"}, asked)
	assert.Equal(t, []string{"right", "up", "left", "down"}, g.Moves())
}

// Once the engine has kept the player waiting long enough to notice, the
// screen says so; keys typed at it then are not played when the engine
// answers (the player typed them blind), and a resize made meanwhile is
// drawn once it has.
func TestASlowEngineIsSaidToBeAwaited(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	seen := make(chan string, 8)
	gate := make(chan struct{})
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(release)
	first := true
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: gatedEngine(driver.ModeBaba, map[string]bool{"step": true}, seen, func() {
			if first {
				first = false
				<-gate
			}
		})})
	require.NoError(t, err)
	defer g.Close()
	r := newResponsive(g)
	tm := teatest.NewTestModel(t, r, teatest.WithInitialTermSize(80, 24))
	tm.Send(key("right"))
	require.Equal(t, "step right", <-seen)
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), waitingNote) },
		teatest.WithDuration(5*time.Second))
	tm.Send(key("left"))
	tm.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	release()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "1 right") },
		teatest.WithDuration(5*time.Second))
	tm.Send(key("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	r.end()
	assert.Equal(t, []string{"right"}, g.Moves(), "left, typed while the screen said it waited, was not played")
	assert.Equal(t, 100, g.w, "the resize made while the engine worked was taken")
	assert.Empty(t, seen)
	assert.NotContains(t, r.View().Content, waitingNote)
}

// Quitting while the engine is started again (r: a workspace's engine is
// built again first) stops the start: the build is cancelled, not waited
// for.
func TestQuittingWhileTheEngineStartsStopsTheStart(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	starting := make(chan struct{}, 1)
	starts := 0
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: func(ctx context.Context) (*driver.Client, error) {
			starts++
			if starts == 1 {
				return reference(ctx)
			}
			starting <- struct{}{}
			<-ctx.Done() // a build that would take minutes
			return nil, ctx.Err()
		}})
	require.NoError(t, err)
	defer g.Close()
	keys, done := playRun(t, g)
	start := time.Now()
	_, err = io.WriteString(keys, "r")
	require.NoError(t, err)
	<-starting
	time.Sleep(slowAfter + 300*time.Millisecond)
	_, err = io.WriteString(keys, "q")
	require.NoError(t, err)
	select {
	case err := <-done:
		require.NoError(t, err)
		assert.Less(t, time.Since(start), 5*time.Second)
	case <-time.After(10 * time.Second):
		t.Fatal("the screen did not quit while its engine started")
	}
}

// mark is a message of the tests' own, which no screen acts on.
type mark int

// watched is a grid whose Update tells got of each mark it is given, and
// panics on the key p, or draws a view that panics once v was pressed, as
// a bug of the screen's would.
type watched struct {
	*Grid
	got       chan<- mark
	viewPanic *bool
}

func (w watched) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case mark:
		w.got <- msg
	case tea.KeyPressMsg:
		switch msg.String() {
		case "p":
			panic("a bug of the screen's")
		case "v":
			*w.viewPanic = true
		}
	}
	_, cmd := w.Grid.Update(msg)
	return w, cmd
}

func (w watched) View() tea.View {
	if *w.viewPanic {
		panic("a bug of the screen's view")
	}
	return w.Grid.View()
}

func newWatched(t *testing.T, engine Engine) (watched, <-chan mark) {
	t.Helper()
	lv, err := Load("01-push")
	require.NoError(t, err)
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII), Engine: engine})
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close() })
	got := make(chan mark, 8)
	return watched{Grid: g, got: got, viewPanic: new(bool)}, got
}

// A screen that panics (a bug of play's own) ends play with an error that
// says what the panic was, once the terminal is itself again. Before, the
// panic of an Update run off the event loop was written on the alternate
// screen, which was then left, and play ended as if the player had quit,
// with status 0 and the record's report.
func TestAPanicOfTheScreensEndsPlayWithAnError(t *testing.T) {
	for _, c := range []struct{ name, keys, says string }{
		{"in Update", "p", "a bug of the screen's"},
		{"in View", "v", "program experienced a panic"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, _ := newWatched(t, reference)
			keys, done := playRun(t, w)
			_, err := io.WriteString(keys, c.keys)
			require.NoError(t, err)
			select {
			case err := <-done:
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.says)
			case <-time.After(5 * time.Second):
				t.Fatal("Run did not return after the screen panicked")
			}
		})
	}
}

// Keys typed ahead while the engine works are played once it answers,
// even when it has since been slow enough for the screen to say it
// waits: they were typed before it said so. Before, they were dropped
// the moment it did.
func TestKeysTypedBeforeTheScreenSaysItWaitsArePlayed(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	seen := make(chan string, 8)
	first := true
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: gatedEngine(driver.ModeBaba, map[string]bool{"step": true}, seen, func() {
			if first {
				first = false
				time.Sleep(slowAfter + 300*time.Millisecond)
			}
		})})
	require.NoError(t, err)
	defer g.Close()
	keys, done := playRun(t, g)
	_, err = io.WriteString(keys, "lk") // right, then up before the engine answered
	require.NoError(t, err)
	for _, want := range []string{"step right", "step up"} {
		select {
		case got := <-seen:
			require.Equal(t, want, got)
		case <-time.After(5 * time.Second):
			t.Fatalf("the engine was never asked to %s", want)
		}
	}
	_, err = io.WriteString(keys, "q")
	require.NoError(t, err)
	require.NoError(t, <-done)
	assert.Equal(t, []string{"right", "up"}, g.Moves())
}

// The bound on what is kept while the engine works is the player's keys':
// what the screen set going itself (its replay's timer) comes once, and
// is never dropped with the keys past the bound; dropped, the replay
// stopped for good.
func TestTheQueuesBoundDropsOnlyKeys(t *testing.T) {
	seen := make(chan string, 8)
	w, got := newWatched(t, gatedEngine(driver.ModeBaba, map[string]bool{"step": true}, seen, never(t)))
	r := newResponsive(w)
	tm := teatest.NewTestModel(t, r, teatest.WithInitialTermSize(80, 24))
	tm.Send(key("right"))
	require.Equal(t, "step right", <-seen)
	for range maxQueued + 10 {
		tm.Send(key("x"))
	}
	tm.Send(mark(1))
	w.abort() // the step ends, stopped
	select {
	case m := <-got:
		assert.Equal(t, mark(1), m)
	case <-time.After(5 * time.Second):
		t.Fatal("the screen's own message was dropped with the keys past the bound")
	}
	tm.Send(key("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	r.end()
}

// What the screen says while it waits fits a terminal of the least size
// it draws in whole, so that how to quit is not cut off.
func TestTheWaitingNoteFitsTheLeastScreen(t *testing.T) {
	g := newGrid(t, "01-push", nil)
	tb, err := NewTable(t.Context(), TableOptions{Engine: reference, Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer tb.Close()
	g.Update(tea.WindowSizeMsg{Width: minWidth, Height: minHeight})
	tb.Update(tea.WindowSizeMsg{Width: tableMinWidth, Height: tableMinHeight})
	for _, s := range []Screen{g, tb} {
		assert.Contains(t, s.waiting(waitingNote).Content, waitingNote)
	}
}

// Quitting while the screen goes back through the history (the engine
// undoing move after move) leaves the record file holding the moves the
// history holds, which play then reports as recorded. Before, the history
// had lost the moves undone so far and the file still held them all.
func TestQuittingWhileGoingBackKeepsTheRecordTrue(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "rec.json")
	seen := make(chan string, 8)
	undos, wait := 0, never(t)
	g, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII), Record: file,
		Engine: gatedEngine(driver.ModeBaba, map[string]bool{"undo": true}, seen, func() {
			if undos++; undos == 2 {
				wait() // the second undo never ends
			}
		})})
	require.NoError(t, err)
	defer g.Close()
	keys, done := playRun(t, g)
	_, err = io.WriteString(keys, "lll\tkk\r") // three moves, then back before the first
	require.NoError(t, err)
	for range 2 {
		select {
		case <-seen:
		case <-time.After(5 * time.Second):
			t.Fatal("the engine was never asked to undo")
		}
	}
	_, err = io.WriteString(keys, "\x03")
	require.NoError(t, err)
	require.NoError(t, <-done)
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	content, err := data.Embedded()
	require.NoError(t, err)
	rec, err := content.ParseLevel(file, raw)
	require.NoError(t, err)
	var dirs []string
	for _, d := range rec.Solution {
		dirs = append(dirs, d.Dir.String())
	}
	assert.Equal(t, []string{"right", "right"}, g.Moves(), "one move was undone before the player quit")
	assert.Equal(t, g.Moves(), dirs, "the record holds the history's moves")
}

// A program that quits before it runs the command of the work it just
// started (a queued key's, as the player presses ctrl+c) ends at once:
// end does not wait for work that never began, and that work, run late,
// does nothing. Before, end waited for it for ever.
func TestEndDoesNotWaitForWorkThatNeverBegan(t *testing.T) {
	g := newGrid(t, "01-push", nil)
	r := newResponsive(g)
	r.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	cmd := r.start(key("right"))
	require.True(t, r.working)
	ended := make(chan struct{})
	go func() {
		r.end()
		close(ended)
	}()
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("end waited for work whose command never ran")
	}
	batch, ok := cmd().(tea.BatchMsg)
	require.True(t, ok)
	assert.Nil(t, batch[0](), "the work, run after end, does nothing")
	assert.Empty(t, g.history, "the screen's Update did not run")
}
