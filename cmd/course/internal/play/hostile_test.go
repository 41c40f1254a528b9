package play

import (
	"context"
	"encoding/json"
	"errors"
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

// cannedEngine answers every request with reply(req), as a learner's
// engine behind the protocol could.
func cannedEngine(reply func(driver.Request) driver.Reply) Engine {
	return func() (*driver.Client, error) {
		reqR, reqW := io.Pipe()
		repR, repW := io.Pipe()
		go func() {
			enc := json.NewEncoder(repW)
			_ = enc.Encode(driver.Hello{Hello: "course-play", Protocol: driver.Protocol})
			dec := json.NewDecoder(reqR)
			for {
				var req driver.Request
				if dec.Decode(&req) != nil {
					_ = repW.Close()
					return
				}
				_ = enc.Encode(reply(req))
			}
		}()
		return driver.Connect(repR, reqW, reqW.Close)
	}
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
	for i, l := range lines[1 : h-2] {
		assert.True(t, strings.HasSuffix(strings.TrimRight(l, " "), "│") || strings.HasSuffix(l, "╮") || strings.HasSuffix(l, "╯"),
			"line %d lost its border: %q", i+1, l)
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
	m, err := NewGrid(GridOptions{Level: lv, Engine: cannedEngine(func(req driver.Request) driver.Reply {
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
	m, err := NewTable(TableOptions{Engine: cannedEngine(func(driver.Request) driver.Reply {
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
