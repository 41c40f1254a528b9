package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

// pipeEngine is an engine behind the protocol, in process: it greets, then
// serve reads the requests and writes the replies until it returns.
func pipeEngine(serve func(enc *json.Encoder, dec *json.Decoder)) Engine {
	return func(context.Context) (*driver.Client, error) {
		reqR, reqW := io.Pipe()
		repR, repW := io.Pipe()
		go func() {
			enc := json.NewEncoder(repW)
			_ = enc.Encode(driver.Hello{Hello: "course-play", Protocol: driver.Protocol})
			serve(enc, json.NewDecoder(reqR))
			_ = repW.Close()
		}()
		return driver.Connect(repR, reqW, reqW.Close)
	}
}

// cannedEngine answers every request with reply(req), as a learner's
// engine behind the protocol could.
func cannedEngine(reply func(driver.Request) driver.Reply) Engine {
	return pipeEngine(func(enc *json.Encoder, dec *json.Decoder) {
		for {
			var req driver.Request
			if dec.Decode(&req) != nil {
				return
			}
			_ = enc.Encode(reply(req))
		}
	})
}

// hostile is text an engine hands back that a terminal would act on, or
// that takes more than one line: an escape that clears the screen, one
// that sets the title, a carriage return, a tab and newlines.
const hostile = "a\x1b[2Jb\x1b]0;owned\x07c\rd\te\nf\n"

// requireScreenIntact checks that the view is exactly the terminal's
// height, no line wider than the terminal, and every pane's right border
// in its place.
func requireScreenIntact(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	require.Len(t, lines, h, "the screen keeps its height:\n%s", view)
	for i, l := range lines {
		assert.LessOrEqual(t, lipgloss.Width(l), w, "line %d is wider than the terminal: %q", i, l)
	}
	for i, l := range lines {
		if strings.HasPrefix(l, "│") || strings.HasPrefix(l, "╭") || strings.HasPrefix(l, "╰") {
			assert.True(t, strings.HasSuffix(l, "│") || strings.HasSuffix(l, "╮") || strings.HasSuffix(l, "╯"),
				"line %d lost its border: %q", i, l)
		}
	}
	assert.NotContains(t, view, "\x1b]", "no escape of the engine's reaches the terminal")
	assert.NotContains(t, view, "\x1b[2J")
	assert.NotContains(t, view, "\r")
}

func TestAnEnginesTextKeepsTheGridScreenWhole(t *testing.T) {
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	lv.Width, lv.Height = 2, 1
	state := driver.State{Mode: driver.ModeSpellGrid, Width: 2, Height: 1,
		Tiles:       [][]string{{"baba", hostile}, {hostile, "text:", "text:ñandú", "石"}},
		Objects:     []driver.Object{{ID: 1, Kind: "baba", You: true}, {ID: 2, Kind: hostile, X: 0, You: true, Minion: hostile, Health: 1}},
		ActiveRules: []string{"BABA IS YOU", hostile},
		Hand:        []string{hostile},
		LogTree:     "Damaged{id: 2}\n  " + hostile,
		Errors:      []string{hostile},
	}
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: cannedEngine(func(req driver.Request) driver.Reply {
		st := state
		if req.Op == "step" {
			return driver.Reply{Panic: hostile, State: &st}
		}
		return driver.Reply{State: &st}
	}), EngineName: "engine of " + hostile, Styles: NewStyles(colorprofile.ANSI256)})
	require.NoError(t, err)
	defer m.Close()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	requireScreenIntact(t, m.View().Content, 80, 24)
	press(m, "right")
	requireScreenIntact(t, m.View().Content, 80, 24)
	assert.Contains(t, m.View().Content, `a\x1b[2Jb`, "the text is shown spelled out")
	m.Update(tea.WindowSizeMsg{Width: 40, Height: 12})
	requireScreenIntact(t, m.View().Content, 40, 12)
}

func TestAnEnginesTextKeepsTheCardTableWhole(t *testing.T) {
	side := driver.Side{Hero: driver.Character{ID: 1, Name: hostile, Health: 30},
		Board: []driver.Character{{ID: 3, Name: hostile, Attack: 1, Health: 1}},
		Hand:  []driver.Character{{ID: 4, Name: hostile}}}
	state := driver.State{Mode: driver.ModeGame, Players: []driver.Side{side, side}, LogTree: hostile, Errors: []string{hostile}}
	m, err := NewTable(t.Context(), TableOptions{Engine: cannedEngine(func(driver.Request) driver.Reply {
		st := state
		return driver.Reply{State: &st, Panic: hostile}
	}), EngineName: "engine of " + hostile, Styles: NewStyles(colorprofile.ANSI256)})
	require.NoError(t, err)
	defer m.Close()
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := m.View().Content
	lines := strings.Split(view, "\n")
	require.Len(t, lines, 24, "the screen keeps its height:\n%s", view)
	for i, l := range lines {
		assert.LessOrEqual(t, lipgloss.Width(l), 80, "line %d is wider than the terminal: %q", i, l)
	}
	assert.NotContains(t, view, "\x1b]")
	assert.NotContains(t, view, "\r")
}

// A screen a signal closes says so: play then ends with the signal's
// status, as every command does, not as a player's quit.
func TestAScreenClosedByASignalReturnsItsCause(t *testing.T) {
	stopped := errors.New("stopped by SIGTERM")
	ctx, cancel := context.WithCancelCause(context.Background())
	m := newGrid(t, "01-push", nil)
	done := make(chan error, 1)
	go func() { done <- Run(ctx, m, colorprofile.ASCII, tea.WithInput(nil), tea.WithOutput(io.Discard)) }()
	time.Sleep(100 * time.Millisecond)
	cancel(stopped)
	select {
	case err := <-done:
		assert.ErrorIs(t, err, stopped)
	case <-time.After(10 * time.Second):
		t.Fatal("the screen did not close")
	}
}

// A signal while the engine first starts (ctrl+c before the screen has
// opened, at an engine stuck before it greets) ends the start with the
// signal, so that play ends as any command a signal stopped. Before, the
// engine killed by it was reported as one that had stopped by itself
// ("its output ended"), a problem of the learner's, with a usage status.
func TestASignalWhileTheEngineStartsReturnsItsCause(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	stopped := errors.New("stopped by SIGINT")
	stuck := func(ctx context.Context) (*driver.Client, error) {
		<-ctx.Done() // a process started with ctx is killed by it
		return nil, &driver.StoppedError{Why: "its output ended"}
	}
	for _, start := range []func(ctx context.Context) error{
		func(ctx context.Context) error {
			_, err := NewGrid(ctx, GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII), Engine: stuck})
			return err
		},
		func(ctx context.Context) error {
			_, err := NewTable(ctx, TableOptions{Styles: NewStyles(colorprofile.ASCII), Engine: stuck})
			return err
		},
	} {
		ctx, cancel := context.WithCancelCause(t.Context())
		time.AfterFunc(50*time.Millisecond, func() { cancel(stopped) })
		assert.ErrorIs(t, start(ctx), stopped)
	}
	// without a signal, the engine's own failure is what is said
	_, err = NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: func(context.Context) (*driver.Client, error) { return nil, &driver.StoppedError{Why: "it crashed"} }})
	assert.ErrorContains(t, err, "it crashed")
}

// A problem longer than the terminal is wide is wrapped under the board,
// so that its end (where the learner's code stopped) is on screen.
func TestALongProblemIsShownWhole(t *testing.T) {
	long := "runtime error: index out of range [5] with length 3; it was running engine.(*Board).settle (engine/board.go:88)"
	lv, err := Load("01-push")
	require.NoError(t, err)
	for _, size := range [][2]int{{80, 24}, {60, 16}} {
		m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: cannedEngine(func(driver.Request) driver.Reply {
			return driver.Reply{Panic: long, State: &driver.State{Mode: driver.ModeBaba, Width: 7, Height: 5}}
		}), Styles: NewStyles(colorprofile.ANSI256)})
		require.NoError(t, err)
		m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		view := m.View().Content
		requireScreenIntact(t, view, size[0], size[1])
		assert.Contains(t, view, "(engine/board.go:88)", "at %dx%d", size[0], size[1])
		assert.Contains(t, view, "←↑↓→", "the keys stay on screen")
		_ = m.Close()
	}

	tb, err := NewTable(t.Context(), TableOptions{Engine: cannedEngine(func(driver.Request) driver.Reply {
		return driver.Reply{Panic: long, State: &driver.State{Mode: driver.ModeGame}}
	}), Styles: NewStyles(colorprofile.ANSI256)})
	require.NoError(t, err)
	defer tb.Close()
	tb.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	view := tb.View().Content
	assert.Len(t, strings.Split(view, "\n"), 24)
	assert.Contains(t, view, "(engine/board.go:88)")
	assert.Contains(t, view, "q quit")
}

// A terminal smaller than the screen's least says so, and how to go on,
// instead of a screen whose status and keys are cut off.
func TestATerminalTooSmallSaysSo(t *testing.T) {
	g := newGrid(t, "01-push", nil)
	tb, err := NewTable(t.Context(), TableOptions{Engine: reference, Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer tb.Close()
	for _, c := range []struct {
		m    tea.Model
		w, h int
		says string
	}{
		{g, 20, 5, "20x5, and it needs at least 40x12"},
		{tb, 20, 5, "20x5, and it needs at least 60x20"},
		// the card table's least is its own: at the level's, its
		// boards and hands had no room
		{tb, 40, 12, "40x12, and it needs at least 60x20"},
	} {
		c.m.Update(tea.WindowSizeMsg{Width: c.w, Height: c.h})
		lines := strings.Split(c.m.View().Content, "\n")
		assert.LessOrEqual(t, len(lines), c.h)
		for _, l := range lines {
			assert.LessOrEqual(t, lipgloss.Width(l), c.w, "%q", l)
		}
		text := strings.Join(lines, " ")
		assert.Contains(t, text, c.says)
		assert.Contains(t, text, "q quits")
	}
	press(g, "right", "tab")
	require.Equal(t, modeHistory, g.mode)
	press(g, "q")
	assert.True(t, g.quit, "q quits, as the screen says, in the history too")
	press(tb, ":", "q")
	assert.True(t, tb.quit, "q quits, as the screen says, where it would be typed at the prompt")
}

// choosingEngine asks its chooser with no options when a card is cast or
// an attack made, as an engine whose assemble finds no candidates could,
// then panics at the answer it is given.
func choosingEngine(mode string) Engine {
	asked := false
	return cannedEngine(func(req driver.Request) driver.Reply {
		st := &driver.State{Mode: mode, Width: 2, Height: 1, Tiles: [][]string{{"baba"}, nil},
			Objects: []driver.Object{{ID: 1, Kind: "baba", You: true}}, Hand: []string{"Gizmo"}}
		switch {
		case req.Op == "cast" || req.Op == "attack":
			asked = true
			return driver.Reply{Choose: &driver.Choose{Kind: "base"}}
		case req.Answer != nil && asked:
			asked = false
			return driver.Reply{Panic: fmt.Sprintf("no card is named %q", *req.Answer), State: st}
		}
		return driver.Reply{State: st}
	})
}

// An engine that asks to choose among no options cannot be answered from
// a menu: the screen says so and stays up, whatever key is pressed.
func TestAChoiceAmongNoOptionsDoesNotCrashTheScreen(t *testing.T) {
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	lv.Width, lv.Height = 2, 1
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: choosingEngine(driver.ModeSpellGrid), Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer m.Close()
	press(m, "c", "enter", "n")
	press(m, "down", "enter")
	assert.Contains(t, m.View().Content, "asked to choose the base among no options")
	assert.Contains(t, m.View().Content, `no card is named ""`)
	assert.Equal(t, modeBoard, m.mode)

	tb, err := NewTable(t.Context(), TableOptions{Engine: choosingEngine(driver.ModeGame), Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer tb.Close()
	tb.Command("attack 1 2")
	press(tb, "down", "enter")
	assert.Contains(t, tb.View().Content, "asked to choose the base among no options")
	assert.Nil(t, tb.choose)
}

// Going back on a SpellGrid level replays the moves kept; an engine that
// now asks a choice it did not ask before, among no options, is answered
// "" as the screens answer such a choice, where the replay took the first
// of no options and the screen crashed.
func TestGoingBackPastAChoiceAmongNoOptionsDoesNotCrash(t *testing.T) {
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	lv.Width, lv.Height = 2, 1
	steps := 0
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII),
		Engine: cannedEngine(func(req driver.Request) driver.Reply {
			st := &driver.State{Mode: driver.ModeSpellGrid, Width: 2, Height: 1, Tiles: [][]string{{"baba"}, nil},
				Objects: []driver.Object{{ID: 1, Kind: "baba", You: true}}}
			if req.Op == "step" {
				if steps++; steps > 2 {
					return driver.Reply{Choose: &driver.Choose{Kind: "base"}}
				}
			}
			return driver.Reply{State: st}
		})})
	require.NoError(t, err)
	defer m.Close()
	press(m, "right", "left")
	require.Len(t, m.history, 2)
	press(m, "tab", "enter") // back before the second move: the first replayed
	assert.Equal(t, modeBoard, m.mode)
	assert.Len(t, m.history, 1)
	assert.Contains(t, m.status, "back before move 2")
}

// A replay whose engine fails a move stops there and keeps the engine's
// reason on screen, instead of sending the rest to it and then saying
// only that the level is not won.
func TestAReplayStopsAtTheMoveTheEngineFailed(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	require.Len(t, lv.Solution, 4)
	steps := 0
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Replay: true, Every: time.Millisecond, Styles: NewStyles(colorprofile.ASCII),
		Engine: cannedEngine(func(req driver.Request) driver.Reply {
			st := &driver.State{Mode: driver.ModeBaba, Width: 7, Height: 5}
			if req.Op == "step" {
				if steps++; steps == 2 {
					return driver.Reply{Panic: "boom in Step", State: st}
				}
			}
			return driver.Reply{State: st}
		})})
	require.NoError(t, err)
	defer m.Close()
	for range 4 {
		m.Update(tickMsg{})
	}
	assert.Equal(t, 2, steps, "nothing is sent past the move that failed")
	assert.Contains(t, m.status, "replay stopped at move 2 of 4: boom in Step")
	assert.False(t, m.ticking)
}

// r starts the engine afresh (a workspace's is built again, so that the
// learner's mend plays), and what the engine says when the level starts
// again stays on screen instead of a bare "restarted".
func TestRestartStartsTheEngineAfreshAndKeepsItsWord(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	starts := 0
	canned := cannedEngine(func(req driver.Request) driver.Reply {
		st := &driver.State{Mode: driver.ModeBaba, Width: 7, Height: 5}
		if req.Op == "new" {
			return driver.Reply{Panic: "not implemented: NewBaba (Module 06)", State: st}
		}
		return driver.Reply{State: st}
	})
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Styles: NewStyles(colorprofile.ASCII), Engine: func(ctx context.Context) (*driver.Client, error) {
		starts++
		return canned(ctx)
	}})
	require.NoError(t, err)
	defer m.Close()
	require.Equal(t, 1, starts)
	press(m, "r")
	assert.Equal(t, 2, starts, "r started the engine again")
	assert.Equal(t, "not implemented: NewBaba (Module 06)", m.status)

	tstarts := 0
	tb, err := NewTable(t.Context(), TableOptions{Styles: NewStyles(colorprofile.ASCII), Engine: func(ctx context.Context) (*driver.Client, error) {
		tstarts++
		return reference(ctx)
	}})
	require.NoError(t, err)
	defer tb.Close()
	press(tb, "r")
	assert.Equal(t, 2, tstarts, "r started the card table's engine again")
}
