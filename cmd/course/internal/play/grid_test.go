package play

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/engine/grid"
)

func reference(context.Context) (*driver.Client, error) { return driver.Reference(), nil }

func newGrid(t *testing.T, level string, edit func(*GridOptions)) *Grid {
	t.Helper()
	lv, err := Load(level)
	require.NoError(t, err)
	o := GridOptions{Level: lv, Engine: reference, EngineName: "reference engine", Styles: NewStyles(colorprofile.ASCII)}
	if edit != nil {
		edit(&o)
	}
	m, err := NewGrid(t.Context(), o)
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Close() })
	return m
}

// namedKeys are the keys the tests press by name.
var namedKeys = map[string]rune{
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"enter": tea.KeyEnter, "tab": tea.KeyTab, "esc": tea.KeyEscape, "backspace": tea.KeyBackspace,
}

// key is a key as the terminal's input reads it: a letter in upper case is
// the letter with shift.
func key(s string) tea.KeyPressMsg {
	if code, ok := namedKeys[s]; ok {
		return tea.KeyPressMsg{Code: code}
	}
	if s == "space" {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(s)[0]
	if unicode.IsUpper(r) {
		return tea.KeyPressMsg{Code: unicode.ToLower(r), ShiftedCode: r, Mod: tea.ModShift, Text: s}
	}
	return tea.KeyPressMsg{Code: r, Text: s}
}

func press(m tea.Model, keys ...string) {
	for _, k := range keys {
		m.Update(key(k))
	}
}

// keySets spell each direction in every key set the screen takes, so that
// every set is exercised across the levels.
var keySets = []map[string]string{
	{"up": "up", "down": "down", "left": "left", "right": "right"},
	{"up": "k", "down": "j", "left": "h", "right": "l"},
	{"up": "w", "down": "s", "left": "a", "right": "d"},
}

func TestEveryLevelIsWonByItsSolutionThroughKeys(t *testing.T) {
	all, err := Builtin()
	require.NoError(t, err)
	require.NotEmpty(t, all)
	for i, lv := range all {
		t.Run(lv.Name, func(t *testing.T) {
			m := newGrid(t, lv.Name, nil)
			keys := keySets[i%len(keySets)]
			for j, d := range lv.Solution {
				require.False(t, m.Won(), "won before move %d", j+1)
				press(m, keys[d.Dir.String()])
			}
			assert.True(t, m.Won())
			assert.Contains(t, m.View().Content, "won in "+strconv.Itoa(len(lv.Solution))+" moves")
		})
	}
}

// screen runs the program in teatest at 80x24, presses keys, and returns
// the final screen.
func screen(t *testing.T, m tea.Model, keys ...string) string {
	t.Helper()
	return screenAt(t, m, 80, 24, keys...)
}

// screenAt is screen in a terminal of w x h.
func screenAt(t *testing.T, m tea.Model, w, h int, keys ...string) string {
	t.Helper()
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h))
	for _, k := range keys {
		tm.Send(key(k))
	}
	require.NoError(t, tm.Quit())
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	return final.View().Content
}

func TestGoldenRuleGrid(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{
		{"start", nil},
		{"after_push", []string{"right", "right"}},
		{"after_undo", []string{"right", "right", "u"}},
		{"won", []string{"right", "right", "right", "right"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			view := screen(t, newGrid(t, "01-push", nil), c.keys...)
			golden.RequireEqual(t, []byte(view))
		})
	}
}

// TestGoldenSpellGridCast: c offers the spells of the hand, and a spell
// that takes no target is cast as it is taken, with no tile to pick; the
// keys say which key casts and which plays.
func TestGoldenSpellGridCast(t *testing.T) {
	for _, c := range []struct {
		name string
		keys []string
	}{
		{"start", nil},
		{"spells", []string{"c"}},
		{"cast", []string{"c", "enter"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newGrid(t, castToWin, nil)
			view := screen(t, m, c.keys...)
			golden.RequireEqual(t, []byte(view))
		})
	}
}

// TestPlayOffersMinionsAndCastSpells: p offers the minions of the hand and
// c its spells, so that neither asks for a tile only to refuse the card
// there, tile by tile; a hand without one says which key takes the rest.
func TestPlayOffersMinionsAndCastSpells(t *testing.T) {
	m := newGrid(t, castToWin, nil)
	press(m, "p")
	assert.Equal(t, []string{"Test Sprout"}, m.menuItems)
	assert.Equal(t, "choose a minion to play", m.status)
	press(m, "esc", "c")
	assert.Equal(t, []string{"Whirlwind"}, m.menuItems)
	press(m, "enter")
	assert.Equal(t, modeBoard, m.mode, "a spell of no target is cast at once")
	assert.Equal(t, []string{"cast Whirlwind"}, m.Moves())
	press(m, "c")
	assert.Equal(t, "the hand holds no spell to cast; p plays a minion onto a tile", m.status)
	assert.Equal(t, modeBoard, m.mode)

	s := newGrid(t, "12-spellgrid-gravecaller", nil)
	press(s, "p")
	assert.Equal(t, "the hand holds no minion to play; c casts a spell", s.status)
	assert.Equal(t, modeBoard, s.mode)
}

// aimWhirlwind makes the screen take Whirlwind for a spell cast at a
// character, as a workspace's own card may be (no card of the course is
// yet): c then asks for a tile to aim it at.
func aimWhirlwind(m *Grid) { m.cards["Whirlwind"] = cardAimed }

func TestGoldenSpellGridIllegalTarget(t *testing.T) {
	// cast Whirlwind at the text BABA in the top left corner
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	aimWhirlwind(m)
	view := screen(t, m, "c", "enter", "enter")
	assert.Contains(t, view, "is not a character in play")
	golden.RequireEqual(t, []byte(view))
	assert.Equal(t, []string{"Whirlwind"}, m.st.Hand, "nothing was cast")
}

func TestScreenFitsAndGrows(t *testing.T) {
	all, err := Builtin()
	require.NoError(t, err)
	for _, lv := range all {
		m := newGrid(t, lv.Name, nil)
		for _, size := range [][2]int{{80, 24}, {120, 40}, {100, 30}} {
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			lines := strings.Split(m.View().Content, "\n")
			assert.Len(t, lines, size[1], "%s at %dx%d", lv.Name, size[0], size[1])
			for i, l := range lines {
				assert.LessOrEqual(t, lipgloss.Width(l), size[0], "%s at %dx%d, line %d", lv.Name, size[0], size[1], i)
			}
		}
	}
	m := newGrid(t, "01-push", nil)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	small := m.View().Content
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	assert.Contains(t, m.View().Content, "┌────┐", "a larger terminal draws text as boxes")
	assert.NotContains(t, small, "┌────┐")
}

func TestABigLevelScrollsWithYOU(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	lv.Name, lv.Width, lv.Height = "big", 40, 30
	lv.Objects = append(lv.Objects, grid.LevelObject{Kind: "rock", X: 39, Y: 29})
	for i := range lv.Objects {
		if lv.Objects[i].Kind == "baba" {
			lv.Objects[i].X, lv.Objects[i].Y = 30, 20
		}
	}
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: reference, Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer m.Close()
	view := m.View().Content
	assert.Len(t, strings.Split(view, "\n"), 24)
	assert.Contains(t, view, "of 40x30", "the board pane says which part it shows")
	assert.Contains(t, view, " b ", "YOU is in view")
	assert.NotContains(t, view, "BABA  IS  YOU", "the text in the far corner is not")
}

// TestNoColorStillTellsThingsApart: without colour (NO_COLOR, a terminal
// without it, not a terminal) the screen writes no escape sequence at all,
// not even bold or reverse video, and the characters tell things apart.
func TestNoColorStillTellsThingsApart(t *testing.T) {
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Styles = NewStyles(colorprofile.ANSI256) })
	assert.Contains(t, m.View().Content, "\x1b[", "colour when allowed")
	for _, p := range []colorprofile.Profile{colorprofile.ASCII, colorprofile.NoTTY} {
		m = newGrid(t, "01-push", func(o *GridOptions) { o.Styles = NewStyles(p) })
		view := m.View().Content
		assert.NotContains(t, view, "\x1b[", "%v", p)
		for _, s := range []string{"BABA  IS  YOU", " b ", " r ", " f ", "b baba", "r rock", "f flag"} {
			assert.Contains(t, view, s, "%v", p)
		}
	}
	// the tile to aim at is marked by its edge, not by reverse video
	s := newGrid(t, "12-spellgrid-gravecaller", nil)
	aimWhirlwind(s)
	press(s, "c", "enter")
	view := s.View().Content
	assert.NotContains(t, view, "\x1b[")
	assert.Contains(t, view, "BABA< IS")
}

// TestSixteenColoursKeepTheirHues: on a terminal of 16 colours each style
// takes the one termenv lowered its colour to before; the nearest that
// Bubble Tea itself would pick turn the gold of an object and of the won
// banner red, the colour of a minion and of a problem.
func TestSixteenColoursKeepTheirHues(t *testing.T) {
	s := NewStyles(colorprofile.ANSI)
	for _, c := range []struct {
		name      string
		got, want color.Color
	}{
		{"object", s.Object.GetForeground(), lipgloss.Color("11")},
		{"won banner", s.Won.GetBackground(), lipgloss.Color("11")},
		{"won text", s.Won.GetForeground(), lipgloss.Color("0")},
		{"text", s.Text.GetBackground(), lipgloss.Color("5")},
		{"you", s.You.GetForeground(), lipgloss.Color("13")},
		{"minion", s.Minion.GetForeground(), lipgloss.Color("9")},
		{"lost banner", s.Lost.GetBackground(), lipgloss.Color("1")},
		{"keys", s.Keys.GetForeground(), lipgloss.Color("8")},
	} {
		assert.Equal(t, c.want, c.got, c.name)
	}
	for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.TrueColor} {
		assert.Equal(t, lipgloss.Color("136"), NewStyles(p).Object.GetForeground(), "%v keeps the colour of 256", p)
	}
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Styles = s })
	view := m.View().Content
	assert.Contains(t, view, "\x1b[")
	assert.NotContains(t, view, "38;5;", "no colour of 256 on a terminal of 16")
}

func TestLostAndUndo(t *testing.T) {
	// 04-defeat: walking into the skull loses; u takes it back
	lv, err := Load("04-defeat")
	require.NoError(t, err)
	var you, skull driver.Object
	m := newGrid(t, lv.Name, nil)
	for _, o := range m.st.Objects {
		if o.You {
			you = o
		}
		if o.Kind == "skull" && (skull.ID == 0 || abs(o.X-you.X)+abs(o.Y-you.Y) < abs(skull.X-you.X)+abs(skull.Y-you.Y)) {
			skull = o
		}
	}
	require.NotZero(t, skull.ID)
	lost := false
	for i := 0; i < 20 && !m.st.Lost; i++ {
		switch {
		case you.X < skull.X:
			press(m, "right")
		case you.X > skull.X:
			press(m, "left")
		case you.Y < skull.Y:
			press(m, "down")
		default:
			press(m, "up")
		}
		for _, o := range m.st.Objects {
			if o.You {
				you = o
			}
		}
		lost = m.st.Lost
	}
	require.True(t, lost, "walked into a skull")
	assert.Contains(t, m.View().Content, "all YOU objects are gone: u to undo")
	press(m, "backspace")
	assert.False(t, m.st.Lost)
	assert.NotContains(t, m.View().Content, "all YOU objects are gone")
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// TestKeysTypedTogetherAreEachAKey: a terminal delivers keys pressed
// quickly in one read, and each is a move.
func TestKeysTypedTogetherAreEachAKey(t *testing.T) {
	m := newGrid(t, "01-push", nil)
	p := tea.NewProgram(m, tea.WithInput(strings.NewReader("ldlq")), tea.WithOutput(io.Discard),
		tea.WithoutSignals(), tea.WithWindowSize(80, 24))
	_, err := p.Run()
	require.NoError(t, err)
	assert.Len(t, m.history, 3)
}

func TestHistoryRowReturnsToTheBoardBeforeIt(t *testing.T) {
	m := newGrid(t, "01-push", nil)
	start := append([][]string(nil), m.st.Tiles...)
	press(m, "right")
	after1 := append([][]string(nil), m.st.Tiles...)
	press(m, "right", "down")
	require.Len(t, m.history, 3)
	press(m, "tab", "up", "enter") // row 2
	assert.Len(t, m.history, 1)
	assert.Equal(t, after1, m.st.Tiles)
	press(m, "tab", "enter") // row 1
	assert.Empty(t, m.history)
	assert.Equal(t, start, m.st.Tiles)
}

func TestClickingAHistoryRowGoesBack(t *testing.T) {
	m := newGrid(t, "01-push", nil)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "right")
	after1 := append([][]string(nil), m.st.Tiles...)
	press(m, "right", "right")
	// row 2 is the second line inside the history pane, which starts
	// under the title and the board pane of 5 rows
	lines := strings.Split(m.View().Content, "\n")
	y := -1
	for i, l := range lines {
		if strings.Contains(l, "  2 right") {
			y = i
		}
	}
	require.Positive(t, y)
	m.Update(tea.MouseClickMsg{X: 3, Y: y, Button: tea.MouseLeft})
	assert.Len(t, m.history, 1)
	assert.Equal(t, after1, m.st.Tiles)
	m.Update(tea.MouseClickMsg{X: 60, Y: y, Button: tea.MouseLeft})
	assert.Len(t, m.history, 1, "a click beside the history does nothing")
}

func TestSpellGridHistoryIsRestartAndReplay(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	press(m, "u")
	assert.Contains(t, m.status, "undo is not supported")
	press(m, "right")
	after1 := append([][]string(nil), m.st.Tiles...)
	press(m, "c", "enter", "n") // Whirlwind, no target
	require.Len(t, m.history, 2)
	assert.Equal(t, "cast Whirlwind", m.history[1].label())
	assert.Empty(t, m.st.Hand)
	press(m, "tab", "enter") // before the cast
	assert.Len(t, m.history, 1)
	assert.Equal(t, after1, m.st.Tiles)
	assert.Equal(t, []string{"Whirlwind"}, m.st.Hand)
	assert.Contains(t, m.status, "restarted and replayed 1 moves")
}

func TestSpellGridPlayRefusedThenPlayed(t *testing.T) {
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	lv.Hand = []string{"Test Sprout"}
	o := GridOptions{Level: lv, Engine: reference, EngineName: "reference engine", Styles: NewStyles(colorprofile.ASCII)}
	m, err := NewGrid(t.Context(), o)
	require.NoError(t, err)
	defer m.Close()
	press(m, "c")
	assert.Equal(t, "the hand holds no spell to cast; p plays a minion onto a tile", m.status, "c offers no minion")
	assert.Equal(t, modeBoard, m.mode)
	press(m, "p", "enter")
	assert.Equal(t, "play Test Sprout: (3,0) holds nothing; enter plays it there", m.status, "the cursor starts on an empty tile")
	press(m, "left", "enter") // onto (2,0), the text YOU
	assert.Contains(t, m.status, "the tile is not empty")
	assert.Empty(t, m.history)
	press(m, "down", "down", "down", "down", "right", "enter") // (3,4) is empty
	require.Len(t, m.history, 1)
	assert.Equal(t, "play Test Sprout at (3,4)", m.history[0].label())
	var minion driver.Object
	for _, o := range m.st.Objects {
		if o.Minion == "Test Sprout" {
			minion = o
		}
	}
	assert.Equal(t, 3, minion.X)
	assert.Contains(t, m.View().Content, "Test Sprout")
}

func TestRecordWritesASolution(t *testing.T) {
	file := filepath.Join(t.TempDir(), "rec.json")
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Record = file })
	press(m, "right", "up", "u", "right", "right", "right")
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	content, err := data.Embedded()
	require.NoError(t, err)
	lv, err := content.ParseLevel(file, raw)
	require.NoError(t, err, "the recording is a level file")
	var dirs []string
	for _, d := range lv.Solution {
		dirs = append(dirs, d.Dir.String())
	}
	assert.Equal(t, []string{"right", "right", "right", "right"}, dirs)

	// and it replays to the win, one move per key
	r := newGrid(t, file, func(o *GridOptions) { o.Replay = true })
	press(r, "space", "space", "space")
	assert.False(t, r.Won())
	press(r, "space")
	assert.True(t, r.Won())
}

func TestReplayOnATimer(t *testing.T) {
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Replay = true; o.Every = time.Millisecond })
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "won in 4 moves") }, teatest.WithDuration(5*time.Second))
	require.NoError(t, tm.Quit())
	tm.WaitFinished(t)
}

// wonWithMovesLeft is 01-push with a recorded solution that wins at its
// fourth move and goes on for two more, which walk Baba off the flag.
func wonWithMovesLeft(o *GridOptions) {
	o.Replay = true
	o.Level.Solution = append(o.Level.Solution[:4:4], data.Move{Dir: grid.Left}, data.Move{Dir: grid.Up})
}

// TestGoldenReplayStopsAtTheWin: a replay on a timer stops at the move
// that wins, as a key is refused once the level is won, and says that the
// rest of the recorded solution is not played; the banner counts the moves
// to the win, with Baba on the flag.
func TestGoldenReplayStopsAtTheWin(t *testing.T) {
	m := newGrid(t, "01-push", func(o *GridOptions) { wonWithMovesLeft(o); o.Every = time.Millisecond })
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(string(b), "not played") }, teatest.WithDuration(5*time.Second))
	// a tick more than the moves left, had the replay gone on
	time.Sleep(20 * time.Millisecond)
	require.NoError(t, tm.Quit())
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Grid)
	assert.Equal(t, 4, final.MoveCount())
	assert.False(t, final.ticking, "the replay's timer stopped")
	golden.RequireEqual(t, []byte(final.View().Content))
}

// TestReplayByKeyStopsAtTheWin: one move per key, the replay plays none
// past the win; a key for the next move then names the keys that go on,
// and undoing the winning move lets the replay go on from there.
func TestReplayByKeyStopsAtTheWin(t *testing.T) {
	m := newGrid(t, "01-push", wonWithMovesLeft)
	press(m, "space", "space", "space", "space")
	require.True(t, m.Won())
	assert.Equal(t, "the level is won at move 4 of the recorded solution's 6: its last 2 moves are not played", m.status)
	press(m, "space", "n")
	assert.Equal(t, 4, m.MoveCount())
	assert.True(t, m.Won())
	assert.Contains(t, m.View().Content, "won in 4 moves")
	assert.Equal(t, "the level is won: the recorded solution's last 2 moves are not played; u undoes, r restarts, q quits", m.status)

	press(m, "u", "space")
	assert.Equal(t, 4, m.MoveCount(), "the replay plays the winning move again, and stops there")
	assert.Contains(t, m.status, "not played")

	// the last move left is said as one
	one := newGrid(t, "01-push", func(o *GridOptions) {
		o.Replay = true
		o.Level.Solution = append(o.Level.Solution[:4:4], data.Move{Dir: grid.Left})
	})
	press(one, "space", "space", "space", "space")
	assert.Contains(t, one.status, "its last move is not played")
	press(one, "space")
	assert.Equal(t, 4, one.MoveCount())
	assert.Contains(t, one.status, "the recorded solution's last move is not played")
}

func TestReplayNeedsASolution(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	lv.Solution = nil
	_, err = NewGrid(t.Context(), GridOptions{Level: lv, Engine: reference, Replay: true})
	var ns *NoSolutionError
	require.ErrorAs(t, err, &ns)
	assert.True(t, ns.UserError())
}

func TestLoadFindsLevels(t *testing.T) {
	lv, err := Load("03")
	require.NoError(t, err)
	assert.Equal(t, "03-text-is-push", lv.Name)
	_, err = Load("levels/01-push.json")
	require.NoError(t, err)
	_, err = Load("nowhere")
	var nf *NotFoundError
	require.ErrorAs(t, err, &nf)
	assert.Contains(t, err.Error(), "course play --list")
}

// fakeEngine serves canned replies: a SpellGrid whose one card asks the
// chooser twice when cast.
func fakeEngine(t *testing.T) Engine {
	return pipeEngine(func(enc *json.Encoder, dec *json.Decoder) {
		state := driver.State{Mode: driver.ModeSpellGrid, Width: 2, Height: 1, Tiles: [][]string{{"baba"}, nil},
			Objects: []driver.Object{{ID: 1, Kind: "baba", You: true}}, Hand: []string{"Gizmo"}}
		for {
			var req driver.Request
			if dec.Decode(&req) != nil {
				return
			}
			switch req.Op {
			case "checkCast":
				_ = enc.Encode(driver.Reply{})
			case "cast":
				_ = enc.Encode(driver.Reply{Choose: &driver.Choose{Kind: "base", Options: []string{"Left One", "Right One"}}})
				_ = dec.Decode(&req)
				first := *req.Answer
				_ = enc.Encode(driver.Reply{Choose: &driver.Choose{Kind: "half", Options: []string{"top", "bottom"}}})
				_ = dec.Decode(&req)
				state.Hand = []string{first + " (" + *req.Answer + ")"}
				st := state
				_ = enc.Encode(driver.Reply{State: &st})
			default:
				st := state
				_ = enc.Encode(driver.Reply{State: &st})
			}
		}
	})
}

// chooserGrid is a SpellGrid level of two tiles on the fake engine, whose
// cast asks the chooser, and the level; it closes when the test ends.
func chooserGrid(t *testing.T) (*Grid, Level) {
	t.Helper()
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	lv.Width, lv.Height = 2, 1
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: fakeEngine(t), Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	t.Cleanup(func() { m.Close() })
	return m, lv
}

func TestSpellGridChooserIsAMenu(t *testing.T) {
	m, _ := chooserGrid(t)
	press(m, "c", "enter", "n")
	require.Equal(t, modeChoose, m.mode)
	assert.Contains(t, m.View().Content, "The engine asks: choose the base")
	assert.Contains(t, m.View().Content, "> Left One")
	press(m, "right") // not an answer
	assert.Contains(t, m.status, "waits for a choice")
	press(m, "down", "enter")
	assert.Contains(t, m.View().Content, "choose the half")
	press(m, "down", "enter")
	assert.Equal(t, modeBoard, m.mode)
	require.Len(t, m.history, 1)
	assert.Equal(t, []string{"Right One", "bottom"}, m.history[0].Choices, "kept for restart and replay")
	assert.Equal(t, []string{"Right One (bottom)"}, m.st.Hand)
}

func TestRefusalsSayWhy(t *testing.T) {
	m := newGrid(t, "01-push", nil)
	press(m, "u")
	assert.Equal(t, "nothing to undo", m.status)
	press(m, "tab")
	assert.Equal(t, "no moves yet", m.status)
	assert.Equal(t, modeBoard, m.mode)
	press(m, "c")
	assert.Equal(t, modeBoard, m.mode, "no casting on a rule-grid level")
	press(m, "right", "right", "right", "right")
	require.True(t, m.Won())
	press(m, "right")
	assert.Len(t, m.history, 4, "no step after the win")
	assert.Contains(t, m.status, "the level is won")

	s := newGrid(t, "12-spellgrid-gravecaller", nil)
	aimWhirlwind(s)
	press(s, "c", "enter")
	require.Equal(t, modeTarget, s.mode)
	press(s, "down", "down", "down", "down", "enter") // (0,4) is empty
	assert.Contains(t, s.status, "nothing stands on (0,4) to aim at")
	press(s, "esc", "c", "enter", "n")
	require.Len(t, s.history, 1)
	press(s, "c")
	assert.Equal(t, "the hand is empty", s.status)
	press(s, "p")
	assert.Equal(t, modeBoard, s.mode)
}

// The history, the card menu and the engine's choices move their selection
// the same way, held inside the list.
func TestMoveSelectionStaysInsideTheList(t *testing.T) {
	assert.Equal(t, 0, moveSelection(0, 3, "up"))
	assert.Equal(t, 0, moveSelection(1, 3, "k"))
	assert.Equal(t, 2, moveSelection(1, 3, "down"))
	assert.Equal(t, 2, moveSelection(2, 3, "j"))
	assert.Equal(t, 1, moveSelection(1, 3, "enter"))
}

// TestTheScreenShowsALevelsTextAsText: a level file is anyone's to write.
// A title that would set the window title, write to the clipboard or
// clear the screen is shown spelled out, while the screen keeps its own
// colours.
func TestTheScreenShowsALevelsTextAsText(t *testing.T) {
	m := newGrid(t, "01-push", func(o *GridOptions) {
		o.Styles = NewStyles(colorprofile.ANSI256)
		o.Level.Title = "Push\x1b]0;owned\a\x1b]52;c;aGk=\a\x1b[2J"
	})
	view := m.View().Content
	assert.Contains(t, view, `Push\x1b]0;owned\x07\x1b]52;c;aGk=\x07\x1b[2J`)
	assert.NotContains(t, view, "\x1b]")
	assert.NotContains(t, view, "\x1b[2J")
	assert.NotContains(t, view, "\a")
	assert.Contains(t, view, "\x1b[", "the screen's own colours stay")
}

func TestRecordKeepsTheFileThatWasThere(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "notes.txt")
	require.NoError(t, os.WriteFile(file, []byte("my notes\n"), 0o644))
	require.NoError(t, os.WriteFile(file+".orig", []byte("kept before\n"), 0o644))
	outside := filepath.Join(dir, "outside.txt")
	require.NoError(t, os.WriteFile(outside, []byte("another file\n"), 0o644))
	link := filepath.Join(dir, "link.json")
	require.NoError(t, os.Symlink(outside, link))

	m := newGrid(t, "01-push", func(o *GridOptions) { o.Record = file })
	press(m, "right", "right")
	assert.Equal(t, file+".orig.1", m.Kept())
	for name, want := range map[string]string{file + ".orig": "kept before\n", file + ".orig.1": "my notes\n"} {
		raw, err := os.ReadFile(name)
		require.NoError(t, err)
		assert.Equal(t, want, string(raw), "%s is kept as it was", name)
	}
	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Contains(t, string(raw), `"solution"`)
	_, err = os.Stat(file + ".orig.2")
	assert.ErrorIs(t, err, os.ErrNotExist, "a move writes over the screen's own recording")

	// A link is kept itself: the file it leads to is not written.
	m = newGrid(t, "01-push", func(o *GridOptions) { o.Record = link })
	press(m, "right")
	raw, err = os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "another file\n", string(raw))
	target, err := os.Readlink(link + ".orig")
	require.NoError(t, err)
	assert.Equal(t, outside, target)
}

func TestRecordRefusesAFolder(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	_, err = NewGrid(t.Context(), GridOptions{Level: lv, Engine: reference, Record: t.TempDir()})
	var re *RecordFileError
	require.ErrorAs(t, err, &re)
	assert.True(t, re.UserError())
	assert.Contains(t, re.Error(), "is a folder")
}

// A record file in a folder that is not there is refused before the
// screen opens, and one whose folder goes away while playing is reported,
// not taken for recorded.
func TestRecordThatCannotBeWrittenIsNotRecorded(t *testing.T) {
	lv, err := Load("01-push")
	require.NoError(t, err)
	missing := filepath.Join(t.TempDir(), "no-such-folder", "rec.json")
	_, err = NewGrid(t.Context(), GridOptions{Level: lv, Engine: reference, Record: missing})
	var re *RecordError
	require.ErrorAs(t, err, &re)
	assert.True(t, re.UserError())
	assert.Contains(t, err.Error(), "--record "+missing+": the solution could not be written there")

	dir := filepath.Join(t.TempDir(), "recordings")
	require.NoError(t, os.Mkdir(dir, 0o755))
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Record = filepath.Join(dir, "rec.json") })
	press(m, "right")
	require.NoError(t, m.RecordErr())
	require.NoError(t, os.RemoveAll(dir))
	press(m, "right")
	assert.ErrorAs(t, m.RecordErr(), &re, "the last moves were not written")
	assert.Contains(t, m.status, "record: ")
}

// A link to a level file that is gone is said so, and not taken for the
// built-in level its name also names.
func TestLoadNamesALinkToNothing(t *testing.T) {
	link := filepath.Join(t.TempDir(), "01-push.json")
	require.NoError(t, os.Symlink(filepath.Join(t.TempDir(), "gone.json"), link))
	_, err := Load(link)
	var le *LevelFileError
	require.ErrorAs(t, err, &le)
	assert.Contains(t, err.Error(), link+" is a link to ")
	assert.Contains(t, err.Error(), "gone.json, which is not there; give a level file")
}

// A level file given in a folder of the user's that is not there is said
// to be missing, not played as the built-in level of the same name; a bare
// name, or levels/ as a checkout of the course has it, still names one.
func TestLoadNamesAMissingFileInAFolder(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "my-levels", "01-push.json")
	_, err := Load(missing)
	var le *LevelFileError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, missing+" is not there (a built-in level is named without a folder, as 01-push); give a level file, or one of `course play --list`", err.Error())
	// A name no built-in level has is not offered as one.
	for _, arg := range []string{filepath.Join(t.TempDir(), "my-levels", "mine.json"), filepath.Join(t.TempDir(), "levels")} {
		_, err = Load(arg)
		require.ErrorAs(t, err, &le)
		assert.Equal(t, arg+" is not there; give a level file, or one of `course play --list`", err.Error())
	}
	for _, arg := range []string{"01-push", "01-push.json", "01", filepath.Join("levels", "01-push.json")} {
		l, err := Load(arg)
		require.NoError(t, err, arg)
		assert.Equal(t, "01-push", l.Name, arg)
	}
}

// A level file far larger than any level is refused before it is read.
func TestLoadRefusesAHugeFile(t *testing.T) {
	name := filepath.Join(t.TempDir(), "huge.json")
	f, err := os.Create(name)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(MaxLevelSize+1))
	require.NoError(t, f.Close())
	_, err = Load(name)
	var le *LevelFileError
	require.ErrorAs(t, err, &le)
	assert.Contains(t, err.Error(), "is 4194305 bytes, larger than any level file (at most 4 MiB)")
}

// TestNoColorMarksTheSelectedHistoryRow: without colour the row tab
// selects is marked by its characters, as a menu's row is, since reverse
// video is not drawn.
func TestNoColorMarksTheSelectedHistoryRow(t *testing.T) {
	m := newGrid(t, "01-push", nil)
	press(m, "right", "right", "tab", "up")
	view := m.View().Content
	assert.NotContains(t, view, "\x1b[")
	assert.Contains(t, view, ">   1 right")
	assert.NotContains(t, view, ">   2 right")
	press(m, "down")
	assert.Contains(t, m.View().Content, ">   2 right")
}

// TestReplayGoesOnFromAMoveUndone: undoing a replayed move, or going back
// before it, makes it the replay's next, so the solution still wins.
func TestReplayGoesOnFromAMoveUndone(t *testing.T) {
	for _, back := range [][]string{{"u"}, {"tab", "enter"}} {
		m := newGrid(t, "01-push", func(o *GridOptions) { o.Replay = true })
		press(m, "space", "space")
		press(m, back...)
		require.Len(t, m.history, 1, "%v", back)
		press(m, "space", "space", "space")
		assert.True(t, m.Won(), "%v: %s", back, m.status)
		assert.NotContains(t, m.status, "not won", "%v", back)
	}
	s := newGrid(t, "12-spellgrid-gravecaller", func(o *GridOptions) { o.Replay = true })
	press(s, "space", "space", "tab", "enter")
	require.Len(t, s.history, 1)
	press(s, "space", "space", "space")
	assert.True(t, s.Won(), s.status)
}

// TestKeysWrapOnANarrowScreen: on a screen narrower than its line of keys
// the keys go on to another line, between two keys, rather than lose the
// last ones (q quit among them) to the cut.
func TestKeysWrapOnANarrowScreen(t *testing.T) {
	for _, tc := range []struct {
		level string
		keys  []string
		want  []string
	}{
		{"04-defeat", nil, []string{"tab history", "q quit"}},
		{"12-spellgrid-gravecaller", nil, []string{"tab history", "q quit"}},
		{"12-spellgrid-gravecaller", []string{"c", "enter"}, []string{"n no target", "esc cancel"}},
		{"12-spellgrid-gravecaller", []string{"c", "enter", "enter"}, []string{"n no target", "esc cancel"}},
	} {
		m := newGrid(t, tc.level, nil)
		if m.spell() {
			aimWhirlwind(m)
		}
		press(m, tc.keys...)
		for _, size := range [][2]int{{40, 12}, {60, 20}} {
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			view := m.View().Content
			lines := strings.Split(view, "\n")
			assert.Len(t, lines, size[1], "%s %v at %v", tc.level, tc.keys, size)
			for i, l := range lines {
				assert.LessOrEqual(t, lipgloss.Width(l), size[0], "%s %v at %v, line %d", tc.level, tc.keys, size, i)
			}
			for _, k := range tc.want {
				assert.Contains(t, view, k, "%s %v at %v", tc.level, tc.keys, size)
			}
		}
	}
}

// TestTooSmallSaysHowToQuit: however small the terminal, what it shows
// fits it and, where it has room for the words, says that q quits, rather
// than the start of a longer sentence cut off before it.
func TestTooSmallSaysHowToQuit(t *testing.T) {
	for _, size := range [][2]int{{39, 11}, {20, 6}, {10, 3}, {19, 1}, {7, 1}} {
		view := tooSmall(size[0], size[1], minWidth, minHeight)
		lines := strings.Split(view, "\n")
		assert.LessOrEqual(t, len(lines), size[1], "%v", size)
		for _, l := range lines {
			assert.LessOrEqual(t, lipgloss.Width(l), size[0], "%v", size)
		}
		assert.Contains(t, strings.ReplaceAll(view, "\n", " "), "q quits", "%v: %q", size, view)
	}
	assert.LessOrEqual(t, lipgloss.Width(tooSmall(1, 1, minWidth, minHeight)), 1)
}

// TestAWonLevelSaysKeysThatWork: a step once the level is won names the
// keys that go on from there, and on a SpellGrid level, which has no
// undo, not u.
func TestAWonLevelSaysKeysThatWork(t *testing.T) {
	for _, level := range []string{"01-push", "12-spellgrid-gravecaller"} {
		m := newGrid(t, level, nil)
		for _, d := range m.o.Level.Solution {
			press(m, d.Dir.String())
		}
		require.True(t, m.Won(), level)
		press(m, "right")
		status := m.status
		if strings.Contains(status, "u undoes") {
			press(m, "u")
			assert.NotContains(t, m.status, "not supported", "%s: %q named u, and u does not undo", level, status)
		}
		if strings.Contains(status, "tab") {
			press(m, "tab")
			assert.Equal(t, modeHistory, m.mode, level)
		}
	}
}

// TestColoursReadOnALightAndADarkBackground: a colour of 256 is the same
// whatever the terminal's background, so each style that colours only
// its text stands out from both white and black (a contrast of 2:1, the
// least that still reads: the pale gold 222 an object had was 1.4:1 on
// white).
func TestColoursReadOnALightAndADarkBackground(t *testing.T) {
	s := NewStyles(colorprofile.ANSI256)
	white, black := color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}
	for name, st := range map[string]lipgloss.Style{"object": s.Object, "you": s.You, "minion": s.Minion, "problem": s.Problem, "keys": s.Keys} {
		fg := st.GetForeground() // an indexed colour, whose RGBA is its xterm value
		for bgName, bg := range map[string]color.Color{"white": white, "black": black} {
			assert.GreaterOrEqual(t, contrast(fg, bg), 2.0, "%s on %s", name, bgName)
		}
	}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		lin := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.03928 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// TestALongStatusWraps: a status longer than the screen is wide goes on
// to the next lines, as a problem does, and keeps its end: here the key
// that casts with no target.
func TestALongStatusWraps(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	aimWhirlwind(m)
	press(m, "c", "enter")
	for range 5 {
		press(m, "down")
	}
	press(m, "right", "right")
	require.Contains(t, m.status, "Test Gravecaller")
	require.Greater(t, len(m.status), 80)
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		lines := linesAt(t, m, size)
		if size[0] == 80 {
			assert.Contains(t, strings.Join(lines, " "), "n casts with no target", "%v", size)
		}
	}
}

// TestRestartSaysTheRecordIsEmptied: r empties the record file, as it
// does the history; the status says so, since no key brings the moves
// back.
func TestRestartSaysTheRecordIsEmptied(t *testing.T) {
	file := filepath.Join(t.TempDir(), "rec.json")
	m := newGrid(t, "01-push", func(o *GridOptions) { o.Record = file })
	press(m, "right", "right", "r")
	assert.Contains(t, m.status, file+" now holds no moves, where it held 2")
	press(m, "r")
	assert.Equal(t, "restarted", m.status, "nothing recorded to lose")
	n := newGrid(t, "01-push", nil)
	press(n, "right", "r")
	assert.Equal(t, "restarted", n.status, "no record file")
}

// TestReplayGoesOnWhereGoingBackStopped: on a SpellGrid level, going back
// restarts and replays the moves before the row; when the engine fails
// partway, the replay of the solution goes on from the moves the history
// kept, not from the first again.
func TestReplayGoesOnWhereGoingBackStopped(t *testing.T) {
	lv, err := Load("12-spellgrid-gravecaller")
	require.NoError(t, err)
	steps := 0
	eng := cannedEngine(func(req driver.Request) driver.Reply {
		st := &driver.State{Mode: driver.ModeSpellGrid, Width: 6, Height: 6}
		if req.Op == "step" {
			if steps++; steps == 5 { // the second step replayed on going back
				return driver.Reply{Panic: "boom"}
			}
		}
		return driver.Reply{State: st}
	})
	m, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: eng, Styles: NewStyles(colorprofile.ASCII), Replay: true})
	require.NoError(t, err)
	defer m.Close()
	press(m, "space", "space", "space", "tab", "enter") // back before move 3
	require.Len(t, m.history, 1, m.status)
	assert.Equal(t, 1, m.replay, "the next move replayed is the solution's second")
}

// TestAStatusBesideTheBannerGoesUnderIt: a status too long to stand
// beside the won banner goes under it, whole, where its end was cut.
func TestAStatusBesideTheBannerGoesUnderIt(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	for _, d := range m.o.Level.Solution {
		press(m, d.Dir.String())
	}
	require.True(t, m.Won())
	press(m, "right")
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		lines := linesAt(t, m, size)
		text := strings.Join(lines, "\n")
		assert.Contains(t, text, "won in 4 moves", "%v", size)
		assert.Contains(t, text, "q quits", "%v", size)
	}
	// one that fits stays beside it
	press(m, "tab", "esc")
	m.say(false, "ok")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	assert.Contains(t, m.View().Content, "★ won in 4 moves ★  ok")
}

// linesAt lays the grid out at size (width, height) and returns its
// screen's lines, having checked that there are height of them and none
// is wider than width.
func linesAt(t *testing.T, m *Grid, size [2]int) []string {
	t.Helper()
	m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
	lines := strings.Split(m.View().Content, "\n")
	assert.Len(t, lines, size[1], "%v", size)
	for i, l := range lines {
		assert.LessOrEqual(t, lipgloss.Width(l), size[0], "%v, line %d", size, i)
	}
	return lines
}

// TestTheLostBannerWrapsOnANarrowScreen: on a SpellGrid level the lost
// banner names r and tab at its end, which a narrow screen cut off.
func TestTheLostBannerWrapsOnANarrowScreen(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	m.st.Lost = true // as the engine says once nothing is YOU
	for _, size := range [][2]int{{40, 12}, {80, 24}} {
		lines := linesAt(t, m, size)
		assert.Contains(t, strings.Join(lines, " "), "or tab to the history", "%v", size)
	}
}

// castToWin is a SpellGrid level of testdata that no step alone wins: a
// minion that is STOP stands between baba and the flag until a spell
// kills it.
const castToWin = "testdata/levels/cast-to-win.json"

// TestARecordedSpellGridWinReplaysToAWin: a SpellGrid win that needed a
// play and a cast is recorded with them, and its replay, a move per key,
// wins as the game did, where the record kept only the steps and its
// replay was not won.
func TestARecordedSpellGridWinReplaysToAWin(t *testing.T) {
	file := filepath.Join(t.TempDir(), "rec.json")
	m := newGrid(t, castToWin, func(o *GridOptions) { o.Record = file })
	press(m, "right")                                          // into the minion, which stops baba
	press(m, "p", "enter", "right", "right", "right", "enter") // the sprout onto (3,0)
	press(m, "c", "down", "enter")                             // Whirlwind, which needs no target
	if m.mode == modeTarget {
		press(m, "n")
	}
	press(m, "right", "right")
	require.True(t, m.Won(), m.status)
	require.Equal(t, []string{"right", "play Test Sprout at (3,0)", "cast Whirlwind", "right", "right"}, m.Moves())

	raw, err := os.ReadFile(file)
	require.NoError(t, err)
	content, err := data.Embedded()
	require.NoError(t, err)
	lv, err := content.ParseLevel(file, raw)
	require.NoError(t, err, "the recording is a level file")
	assert.Equal(t, []data.Move{{Dir: grid.Right}, {Play: "Test Sprout", X: 3, Y: 0}, {Cast: "Whirlwind"}, {Dir: grid.Right}, {Dir: grid.Right}}, lv.Solution)

	r := newGrid(t, file, func(o *GridOptions) { o.Replay = true })
	for range 4 {
		press(r, "space")
		require.False(t, r.Won())
	}
	press(r, "space")
	assert.True(t, r.Won(), r.status)
	assert.Equal(t, m.Moves(), r.Moves())
	assert.Contains(t, r.View().Content, "won in 5 moves")
}

// TestAReplayAnswersTheChooserAsRecorded: a cast whose engine asked the
// chooser is recorded with the answers, and its replay gives them, not
// the menu.
func TestAReplayAnswersTheChooserAsRecorded(t *testing.T) {
	m, lv := chooserGrid(t)
	press(m, "c", "enter", "n", "down", "enter", "down", "enter")
	require.Equal(t, []data.Move{{Cast: "Gizmo", Choices: []string{"Right One", "bottom"}}}, m.solution())

	lv.Solution = m.solution()
	r, err := NewGrid(t.Context(), GridOptions{Level: lv, Engine: fakeEngine(t), Styles: NewStyles(colorprofile.ASCII), Replay: true})
	require.NoError(t, err)
	defer r.Close()
	press(r, "space")
	assert.Equal(t, modeBoard, r.mode, "no menu: the recorded answers were given")
	assert.Equal(t, []string{"Right One (bottom)"}, r.st.Hand)
	assert.Equal(t, m.solution(), r.solution())
}

// TestGoldenGridLevelPanelAtItsLeast: at the level screen's least size
// and one above it, a Level panel too long for the screen marks how many
// of its lines are out of sight, where it was cut unsaid, and PgDn and
// PgUp scroll it, the arrows being the steps.
func TestGoldenGridLevelPanelAtItsLeast(t *testing.T) {
	for _, size := range []struct{ w, h int }{{minWidth, minHeight}, {minWidth + 1, minHeight + 1}} {
		for _, keys := range [][]string{nil, {"pgdown", "pgdown"}, {"pgdown", "pgdown", "pgup"}} {
			t.Run(fmt.Sprintf("%dx%d_%s", size.w, size.h, strings.Join(append([]string{"keys"}, keys...), "_")), func(t *testing.T) {
				view := screenAt(t, newGrid(t, "12-spellgrid-gravecaller", nil), size.w, size.h, keys...)
				assert.Contains(t, view, "more: PgDn")
				if len(keys) > 0 {
					assert.Contains(t, view, "more: PgUp")
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}

// TestPgDnStopsAtTheLastLineShown: PgDn pressed again and again scrolls
// the Level panel and the log exactly as far as the screen shows them,
// with the log empty ("no events yet") or long, and pressed while the
// terminal is too small for the screen (which then lays the panes out at
// its least): no pane is left with lines out of sight below, and the
// pane scrolled furthest has as many out of sight above as the scroll
// says, so that the first PgUp moves it.
func TestPgDnStopsAtTheLastLineShown(t *testing.T) {
	var long []string
	for i := range 40 {
		long = append(long, fmt.Sprintf("%s- Damage %d, to a minion far away, which dies", strings.Repeat("  ", i%3), i))
	}
	above := regexp.MustCompile(`↑ (\d+) more: PgUp`)
	for _, c := range []struct {
		level, log string
	}{
		{"01-push", ""},
		{"12-spellgrid-gravecaller", ""},
		{"12-spellgrid-gravecaller", strings.Join(long, "\n") + "\n"},
	} {
		for _, size := range [][2]int{{minWidth, minHeight}, {minWidth, 24}, {minWidth + 1, minHeight + 1}, {60, 20}, {80, 24}, {80, 40}, {100, 30}, {150, 50}} {
			pressedAt := []int{size[0]}
			if size[0] == minWidth {
				// too narrow: the screen says so, and PgDn scrolls as it
				// shows the panes once there is room
				pressedAt = append(pressedAt, minWidth-1, minWidth/2)
			}
			for _, pressW := range pressedAt {
				t.Run(fmt.Sprintf("%s_log%d_%dx%d_pressed_at_%d", c.level, len(c.log), size[0], size[1], pressW), func(t *testing.T) {
					m := newGrid(t, c.level, nil)
					m.st.LogTree = c.log
					m.Update(tea.WindowSizeMsg{Width: pressW, Height: size[1]})
					for range 60 {
						press(m, "pgdown")
					}
					view := strings.Join(linesAt(t, m, size), "\n")
					assert.NotContains(t, view, "more: PgDn", "a pane still has lines below")
					shown := 0
					for _, mark := range above.FindAllStringSubmatch(view, -1) {
						n, _ := strconv.Atoi(mark[1])
						shown = max(shown, n)
					}
					assert.Equal(t, shown, m.scroll, "scrolled %d, where the screen shows %d above", m.scroll, shown)
				})
			}
		}
	}
}

// The Level panel and the log scrolled to their end and then given a
// larger screen scroll back to what it shows, so that the first PgUp
// moves them.
func TestALargerScreenBringsTheGridScrollBack(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	m.st.LogTree = strings.Repeat("- Damage 1, to a minion far away\n", 40)
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for range 60 {
		press(m, "pgdown")
	}
	scrolled := m.scroll
	m.Update(tea.WindowSizeMsg{Width: 150, Height: 60})
	most := m.layout().overflow()
	require.Less(t, most, scrolled, "the larger screen shows more of the panes")
	assert.Equal(t, most, m.scroll)
}

// TestAWonSpellGridLevelTakesNoCast: once the level is won, a cast or a
// play is refused as a step is, naming the keys that go on, not offered
// from the hand: the engine's win holds through the moves after it.
func TestAWonSpellGridLevelTakesNoCast(t *testing.T) {
	m := newGrid(t, "12-spellgrid-gravecaller", nil)
	for _, d := range m.o.Level.Solution {
		press(m, d.Dir.String())
	}
	require.True(t, m.Won())
	require.NotEmpty(t, m.st.Hand, "the hand holds a card to offer")
	for _, k := range []string{"c", "p"} {
		press(m, k)
		assert.Equal(t, modeBoard, m.mode, k)
		assert.Equal(t, "the level is won: tab goes back through the history, r restarts, q quits", m.status, k)
	}
}
