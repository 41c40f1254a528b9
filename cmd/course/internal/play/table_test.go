package play

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

func newTable(t *testing.T) *Table {
	t.Helper()
	m, err := NewTable(t.Context(), TableOptions{Engine: reference, EngineName: "reference engine", Styles: NewStyles(colorprofile.ASCII),
		Cards: []string{"Loot Hoarder", "Test Filler", "Whirlwind", "Armorsmith"}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Close() })
	return m
}

func typeLine(keys []string, line string) []string {
	for _, r := range line {
		keys = append(keys, string(r))
	}
	return append(keys, "enter")
}

func TestGoldenCardTableAfterAnAttack(t *testing.T) {
	// hero 1 and 2, then Loot Hoarder #3 for player 0 and Test Filler #4
	// for player 1; the Hoarder attacks the enemy hero
	var keys []string
	keys = append(keys, "s")
	keys = typeLine(keys, "loot hoarder")
	keys = append(keys, "e", "s")
	keys = typeLine(keys, "Test Filler")
	keys = append(keys, "e", "a")
	keys = typeLine(keys, "3 2")
	m := newTable(t)
	view := screen(t, m, keys...)
	assert.Contains(t, view, "Log tree of attack 3 2")
	assert.Contains(t, view, "Damaged{target: 2, amount: 2}")
	assert.Contains(t, view, "hero #2   Health 28")
	golden.RequireEqual(t, []byte(view))
}

// TestGoldenCardTableAtItsLeast: at 60x20, the least the table is drawn
// in, both boards and the hand show every id, and a minion's line cuts
// its name, not its Attack/Health, which a narrow pane cut before.
func TestGoldenCardTableAtItsLeast(t *testing.T) {
	var keys []string
	for _, c := range []string{"s", "Loot Hoarder", "s", "Armorsmith", "h", "Whirlwind", "e", "s", "Test Filler", "e"} {
		if len(c) == 1 {
			keys = append(keys, c)
			continue
		}
		keys = typeLine(keys, c)
	}
	m := newTable(t)
	view := screenAt(t, m, tableMinWidth, tableMinHeight, keys...)
	for _, s := range []string{"#3   Loot Hoarder", " 2/1", "#4   Armorsmith", " 1/4", "#6   Test Filler", " 1/1", "#5 Whirlwind"} {
		assert.Contains(t, view, s)
	}
	golden.RequireEqual(t, []byte(view))
}

// TestACommandTypedOutAfterItsKey: a command typed out in full, as the
// README writes them, runs as typed, though its first letter is the key
// that starts it: s then "ummon " summoned a card named "ummon Loot
// Hoarder", and "end" ended the turn and opened damage's prompt. Keys
// that leave the word are typed as ever.
func TestACommandTypedOutAfterItsKey(t *testing.T) {
	m := newTable(t)
	press(m, typeLine(nil, "summon Loot Hoarder")...)
	assert.Equal(t, "done: summon Loot Hoarder", m.status)
	require.Len(t, m.st.Players[0].Board, 1)
	assert.Equal(t, "Loot Hoarder", m.st.Players[0].Board[0].Name)

	press(m, typeLine(nil, "end")...)
	assert.Equal(t, uint8(1), m.turn)
	assert.False(t, m.typing, "d of end opened no prompt")

	press(m, "h")
	press(m, typeLine(nil, "armorsmith")...) // a leaves "and " at its second letter
	assert.Equal(t, "done: hand armorsmith", m.status)
	require.Len(t, m.st.Players[1].Hand, 1)
	assert.Equal(t, "Armorsmith", m.st.Players[1].Hand[0].Name)

	press(m, "a")
	press(m, typeLine(nil, "3 2")...)
	assert.Equal(t, "attack 3 2", m.last, "the key alone, as before")
}

func TestCardTableShowsCanAttacksReason(t *testing.T) {
	m := newTable(t)
	m.Command("summon Loot Hoarder")
	m.Command("attack 3 3")
	assert.True(t, m.problem)
	assert.Contains(t, m.status, "not an enemy minion in play")
	assert.Equal(t, "Summoned{id: 3}\n", m.st.LogTree, "an illegal attack does nothing")
	m.Command("attack 3")
	assert.Contains(t, m.status, "attack takes ATTACKER DEFENDER")
	m.Command("fly 3")
	assert.Contains(t, m.status, `no command "fly"`)
}

func TestCardTableCommands(t *testing.T) {
	m := newTable(t)
	m.Command("hand Whirlwind")
	require.Len(t, m.st.Players[0].Hand, 1)
	m.Command("summon Armorsmith")
	m.Command("e")
	assert.Contains(t, m.status, `no command "e"`)
	m.Command("end")
	assert.Equal(t, uint8(1), m.turn)
	m.Command("summon Test Filler")
	require.Len(t, m.st.Players[1].Board, 1)
	m.Command("damage 5 1")
	assert.Contains(t, m.st.LogTree, "Damaged{target: 5, amount: 1}")
	m.Command("end")
	m.Command("cast Whirlwind")
	assert.Contains(t, m.st.LogTree, `SpellCast{card: "Whirlwind"}`)
	assert.Empty(t, m.st.Players[1].Board, "Whirlwind finished the Filler")
	m.Command("destroy 4")
	assert.Empty(t, m.st.Players[0].Board)
	m.Command("summon No Such Card")
	assert.True(t, m.problem, "an unknown card is the engine's panic, shown: %s", m.status)
}

// A command the table cannot carry out as typed says how it is typed and
// asks nothing of the engine: damage of no amount (it would say "done"
// and deal nothing), and words after end, which ends no turn of theirs.
func TestCardTableRefusesWhatItCannotDo(t *testing.T) {
	m := newTable(t)
	m.Command("summon Test Filler")
	for _, line := range []string{"damage 3 0", "damage 3 -5", "damage 3 x", "end now"} {
		before := m.st.LogTree
		m.Command(line)
		assert.True(t, m.problem, line)
		verb, _, _ := strings.Cut(line, " ")
		assert.Contains(t, m.status, verb+" takes ", line)
		assert.Equal(t, before, m.st.LogTree, "%s asks nothing of the engine", line)
	}
	assert.Contains(t, m.status, "end takes nothing more: end the turn")
	assert.Equal(t, uint8(0), m.turn, "end now ended no turn")
}

func TestCardTableCompletesCardNames(t *testing.T) {
	m := newTable(t)
	press(m, "s", "L", "o", "tab", "enter")
	require.Len(t, m.st.Players[0].Board, 1)
	assert.Equal(t, "Loot Hoarder", m.st.Players[0].Board[0].Name)
}

func TestCardTableChooserIsAMenu(t *testing.T) {
	m, err := NewTable(t.Context(), TableOptions{Engine: reference, EngineName: "reference engine", Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	defer m.Close()
	m.Command("hand Loot Hoarder")
	m.Command("hand Acolyte of Pain")
	m.Command("hand Test Tinkerer")
	m.Command("play 5") // its Battlecry assembles: the engine asks
	require.NotNil(t, m.choose)
	assert.Contains(t, m.View().Content, "The engine asks: choose the "+m.choose.Kind)
	var asked []string
	for i := 0; i < 5 && m.choose != nil; i++ {
		asked = append(asked, m.choose.Kind)
		press(m, "enter")
	}
	assert.Nil(t, m.choose, "every question answered")
	assert.Equal(t, []string{"base", "donor", "half"}, asked)
	var names []string
	for _, c := range m.st.Players[0].Hand {
		names = append(names, c.Name)
	}
	assert.Contains(t, names, "Loot Hoarder (Assembled)")
	assert.Contains(t, m.st.LogTree, `Triggered{source: 5, trigger: "battlecry"}`)
}

func TestLogLinesWrapBesideTheTree(t *testing.T) {
	got := wrapLog("DeathPhase{round: 1}\n  Triggered{source: 4, trigger: \"deathrattle\"}\n", 30)
	assert.Equal(t, []string{
		"DeathPhase{round: 1}",
		"  Triggered{source: 4,",
		"     trigger: \"deathrattle\"}",
	}, got)
}

func TestAFullBoardStillShowsTheHand(t *testing.T) {
	m := newTable(t)
	for i := 0; i < 7; i++ {
		m.Command("summon Test Filler")
	}
	m.Command("hand Whirlwind")
	view := m.View().Content
	assert.Len(t, strings.Split(view, "\n"), 24)
	assert.Contains(t, view, "#9 1/1 Test Fill", "the seventh minion")
	assert.Contains(t, view, "#10 Whirlwind", "and the hand under them")
}

// TestTheCardTableShowsTheEnginesNameAsText: the engine's name is the
// workspace's folder, which may hold anything.
func TestTheCardTableShowsTheEnginesNameAsText(t *testing.T) {
	m, err := NewTable(t.Context(), TableOptions{Engine: reference, EngineName: "ws\x1b]0;owned\a", Styles: NewStyles(colorprofile.ASCII)})
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Close() })
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	view := m.View().Content
	assert.Contains(t, view, `ws\x1b]0;owned\x07`)
	assert.NotContains(t, view, "\x1b]")
}

// TestThePromptHasNoColourWithoutIt: the prompt's completion is grey and
// its cursor in reverse video only when the screen has colour; without, the
// line is plain text, the completion still shown.
func TestThePromptHasNoColourWithoutIt(t *testing.T) {
	for _, p := range []colorprofile.Profile{colorprofile.ANSI256, colorprofile.ASCII} {
		m, err := NewTable(t.Context(), TableOptions{Engine: reference, Styles: NewStyles(p), Cards: []string{"Loot Hoarder"}})
		require.NoError(t, err)
		t.Cleanup(func() { _ = m.Close() })
		press(m, "s", "L", "o")
		var line string
		for _, l := range strings.Split(m.View().Content, "\n") {
			if strings.HasPrefix(l, "> ") {
				line = l
			}
		}
		assert.Contains(t, ansi.Strip(line), "> summon Loot Hoarder", "%v: the completion is shown", p)
		if p == colorprofile.ASCII {
			assert.NotContains(t, line, "\x1b[", "no colour, no reverse video")
			continue
		}
		assert.Contains(t, line, "\x1b[7m", "the cursor in reverse video")
		assert.Contains(t, line, "\x1b[38;5;240m", "the completion in grey")
	}
}

// TestACompletionDrawsNoCutMark: a completion the prompt shows is drawn
// past the padding of its line; the screen cuts that padding, not the
// line with a "…" as if something typed were lost.
func TestACompletionDrawsNoCutMark(t *testing.T) {
	for _, w := range []int{100, 80, 60} {
		m := newTable(t)
		m.Update(tea.WindowSizeMsg{Width: w, Height: 30})
		press(m, "s", "T")
		require.Equal(t, "summon T", m.input.Value())
		lines := strings.Split(m.View().Content, "\n")
		prompt := lines[len(lines)-3]
		assert.True(t, strings.HasPrefix(prompt, "> summon Test Filler"), "the completion shows: %q", prompt)
		assert.NotContains(t, prompt, "…", "at %d", w)
		assert.Equal(t, w, ansi.StringWidth(prompt))
	}
}

// TestTableKeysWrapOnANarrowScreen: the card table's keys go on to
// another line between two keys on a narrow screen, rather than lose the
// last ones to the cut.
func TestTableKeysWrapOnANarrowScreen(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want []string
	}{
		{nil, []string{"x destroy", "e end turn", "q quit"}},
		{[]string{":"}, []string{"↑↓ other completions", "esc cancel"}},
	} {
		m := newTable(t)
		press(m, c.keys...)
		for _, size := range [][2]int{{tableMinWidth, tableMinHeight}, {70, 21}} {
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			view := m.View().Content
			lines := strings.Split(view, "\n")
			assert.Len(t, lines, size[1], "%v at %v", c.keys, size)
			for i, l := range lines {
				assert.LessOrEqual(t, ansi.StringWidth(l), size[0], "%v at %v, line %d", c.keys, size, i)
			}
			for _, k := range c.want {
				assert.Contains(t, view, k, "%v at %v", c.keys, size)
			}
		}
	}
}

// TestOnlyTheGridTakesTheMouse: the level screen asks for clicks (a
// history row is clicked); the card table reads none, so it leaves the
// mouse to the terminal, which then selects text to copy.
func TestOnlyTheGridTakesTheMouse(t *testing.T) {
	assert.Equal(t, tea.MouseModeNone, newTable(t).View().MouseMode)
	assert.Equal(t, tea.MouseModeCellMotion, newGrid(t, "01-push", nil).View().MouseMode)
}

// TestAPlainPromptShowsTheTerminalsCursor: without colour the prompt
// draws no cursor and its completion looks typed ("summon Loot Hoarder"
// for "summon Lo", which enter runs as typed), so the screen puts the
// terminal's cursor where the typed text ends.
func TestAPlainPromptShowsTheTerminalsCursor(t *testing.T) {
	m := newTable(t)
	assert.Nil(t, m.View().Cursor, "no cursor before the prompt opens")
	press(m, "s", "L", "o")
	v := m.View()
	require.NotNil(t, v.Cursor)
	lines := strings.Split(v.Content, "\n")
	require.Less(t, v.Cursor.Y, len(lines))
	assert.True(t, strings.HasPrefix(lines[v.Cursor.Y], "> summon Loot Hoarder"), "%q", lines[v.Cursor.Y])
	assert.Equal(t, len("> summon Lo"), v.Cursor.X)
	press(m, "esc")
	assert.Nil(t, m.View().Cursor, "none once it closes")
}

// fullTableKeys fill both boards (7 minions a side) and both hands (10
// cards each), player 0 then player 1, and hand the turn back to player 0.
func fullTableKeys() []string {
	var keys []string
	for _, side := range []struct{ minion, card string }{{"Loot Hoarder", "Whirlwind"}, {"Test Filler", "Armorsmith"}} {
		for range 7 {
			keys = typeLine(append(keys, "s"), side.minion)
		}
		for range 10 {
			keys = typeLine(append(keys, "h"), side.card)
		}
		keys = append(keys, "e")
	}
	return keys
}

// TestGoldenCardTableFull: a full board and a full hand in a pane too
// short for them are not cut unsaid: the pane marks how many lines are
// out of sight, the keys name ↑↓, and ↓ scrolls the panes to them, at the
// table's least size and one above it.
func TestGoldenCardTableFull(t *testing.T) {
	for _, size := range []struct{ w, h int }{{tableMinWidth, tableMinHeight}, {tableMinWidth + 1, tableMinHeight + 1}} {
		for _, scroll := range []int{0, 3} {
			t.Run(fmt.Sprintf("%dx%d_down_%d", size.w, size.h, scroll), func(t *testing.T) {
				keys := fullTableKeys()
				for range scroll {
					keys = append(keys, "down")
				}
				m := newTable(t)
				view := screenAt(t, m, size.w, size.h, keys...)
				require.Len(t, m.st.Players[0].Board, 7)
				require.Len(t, m.st.Players[1].Hand, 10)
				assert.Contains(t, view, "↑↓ scroll")
				assert.Contains(t, view, "more: ↓ scrolls")
				if scroll > 0 {
					assert.Contains(t, view, "more: ↑ scrolls")
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}

// TestGoldenCardTableLongLog: a log tree longer than its pane (Whirlwind
// over two full boards) marks the events out of sight, and ↓ scrolls to
// them, at the table's least size.
func TestGoldenCardTableLongLog(t *testing.T) {
	keys := typeLine(append(fullTableKeys(), "c"), "Whirlwind")
	m := newTable(t)
	view := screenAt(t, m, tableMinWidth, tableMinHeight, append(keys, "pgdown")...)
	assert.Contains(t, view, "done: cast Whirlwind")
	assert.Regexp(t, `│ ↑ [0-9]+ more: ↑ scrolls +│\n`, view, "the log's mark, at the pane's right")
	golden.RequireEqual(t, []byte(view))
}

// TestScrollingTheTableStopsAtItsEnd: ↓ scrolls no further than the pane
// with the most out of sight needs, so that the first ↑ after many ↓
// scrolls back at once, and ↑ as often comes back to the top.
func TestScrollingTheTableStopsAtItsEnd(t *testing.T) {
	m := newTable(t)
	keys := fullTableKeys()
	for range 100 {
		keys = append(keys, "down")
	}
	screenAt(t, m, tableMinWidth, tableMinHeight, append(keys, "up")...)
	most := m.layout().overflow()
	require.Positive(t, most)
	assert.Equal(t, most-1, m.scroll)
	for range most {
		m.Update(key("up"))
	}
	assert.Zero(t, m.scroll)
}

// TestScrollingATableTooSmallStopsWhereItsLeastDoes: ↓ pressed while the
// terminal is too small for the table (which says so) scrolls no further
// than the table at its least shows, once there is room for it.
func TestScrollingATableTooSmallStopsWhereItsLeastDoes(t *testing.T) {
	for _, size := range [][2]int{{tableMinWidth - 1, tableMinHeight}, {tableMinWidth / 2, tableMinHeight}, {tableMinWidth / 3, tableMinHeight - 5}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			m := newTable(t)
			screenAt(t, m, tableMinWidth, tableMinHeight, fullTableKeys()...)
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			for range 100 {
				m.Update(key("down"))
			}
			m.Update(tea.WindowSizeMsg{Width: tableMinWidth, Height: tableMinHeight})
			most := m.layout().overflow()
			require.Positive(t, most)
			assert.Equal(t, most, m.scroll)
		})
	}
}

// TestTheChosenOptionStaysInSight: the engine's question with more
// options than the pane has rows keeps the one chosen in sight as ↓ goes
// down the list, the others marked above and below.
func TestTheChosenOptionStaysInSight(t *testing.T) {
	m := newTable(t)
	m.Update(tea.WindowSizeMsg{Width: tableMinWidth, Height: tableMinHeight})
	var options []string
	for i := range 30 {
		options = append(options, fmt.Sprintf("option %d", i))
	}
	m.choose = &driver.Choose{Kind: "card", Options: options}
	for sel := range options {
		m.sel = sel
		view := ansi.Strip(m.View().Content)
		assert.Contains(t, view, fmt.Sprintf("> option %d ", sel))
		if sel > 20 {
			assert.Contains(t, view, "more: ↑ scrolls")
		}
	}
}

// A table scrolled to its end and then given a larger screen scrolls
// back to what that screen shows: the first ↑ moves it, where it moved
// nothing for as many presses as the smaller screen hid.
func TestALargerScreenBringsTheScrollBackToWhatItShows(t *testing.T) {
	m := newTable(t)
	screenAt(t, m, tableMinWidth, tableMinHeight, fullTableKeys()...)
	for range 100 {
		m.Update(key("down"))
	}
	require.Positive(t, m.scroll)
	m.Update(tea.WindowSizeMsg{Width: 200, Height: 80})
	assert.Equal(t, m.layout().overflow(), m.scroll)
}
