package play

import (
	"fmt"
	"sort"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/engine/grid"
)

var dirKeys = map[string]grid.Dir{
	"up": grid.Up, "k": grid.Up, "w": grid.Up,
	"down": grid.Down, "j": grid.Down, "s": grid.Down,
	"left": grid.Left, "h": grid.Left, "a": grid.Left,
	"right": grid.Right, "l": grid.Right, "d": grid.Right,
}

// Update handles a key, a resize or the replay timer.
func (m *Grid) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		// A larger screen shows more of the panes: the scroll comes back
		// to what it shows, so that the first PgUp moves them.
		m.scrollBy(0)
		return m, nil
	case tickMsg:
		m.ticking = m.replayNext()
		if m.ticking {
			return m, m.tick()
		}
		return m, nil
	case tea.MouseClickMsg:
		if m.small() {
			return m, nil // no history drawn to click on
		}
		if msg.Button == tea.MouseLeft && (m.mode == modeBoard || m.mode == modeHistory) {
			if i, ok := m.historyAt(msg.X, msg.Y); ok {
				m.revert(i)
				m.mode = modeBoard
			}
		}
		return m, nil
	case tea.KeyPressMsg:
		// One key a message: keys typed together (a terminal may deliver
		// them in one read) come as a message each.
		k := msg.String()
		if k == "ctrl+c" || (k == "q" && (m.small())) {
			// q too where the screen says it quits, whatever the mode
			m.quit = true
			return m, tea.Quit
		}
		if k == "pgup" || k == "pgdown" {
			// the Level panel and the log, whatever the mode: the
			// arrows step, and choose in the menus
			m.scrollBy(map[string]int{"pgup": -1, "pgdown": 1}[k] * scrollStep(k, m.h))
			return m, nil
		}
		switch m.mode {
		case modeHistory:
			m.historyKey(k)
		case modeMenu:
			m.menuKey(k)
		case modeTarget:
			m.targetKey(k)
		case modeChoose:
			m.chooseKey(k)
		default:
			if k == "q" {
				m.quit = true
				return m, tea.Quit
			}
			m.boardKey(k)
			if k == "r" && m.o.Replay && m.o.Every > 0 && !m.ticking {
				m.ticking = true
				return m, m.tick()
			}
		}
	}
	return m, nil
}

// rewindReplay makes the replay's next move the first of the solution's
// that the history no longer holds, once moves were undone or the history
// gone back through: otherwise the replay would go on past the ones
// undone, and say that the solution, played, does not win.
func (m *Grid) rewindReplay() {
	n := 0
	for _, mv := range m.history {
		if mv.Replayed {
			n++
		}
	}
	m.replay = n
}

// replayNext plays the solution's next move; false once it is all played
// or the level is won. A won level takes no more steps from a key (boardKey)
// and none from the replay either: the engine's win holds through the
// moves after it, so the banner would count them and show the board they
// lead to, YOU off the win. A loss does not end a replay, as it ends no
// live play either: the keys still take moves while no object is YOU.
func (m *Grid) replayNext() bool {
	sol := m.o.Level.Solution
	if m.replay >= len(sol) {
		return false
	}
	if m.st.Won {
		m.sayReplayWon(false)
		return false
	}
	mv := moveOf(sol[m.replay])
	mv.Replayed = true
	if !m.perform(mv) {
		// the replay stops at the move the engine failed, its reason
		// left on the status line; r restarts it
		m.replay = len(sol)
		m.say(true, "replay stopped at move %d of %d: %s", len(m.history)+1, len(sol), m.status)
		return false
	}
	m.replay++
	switch {
	case m.st.Won && m.replay < len(sol):
		m.sayReplayWon(true)
		return false
	case m.replay == len(sol) && !m.st.Won:
		m.say(true, "the recorded solution is played and the level is not won")
	}
	return m.replay < len(sol)
}

// sayReplayWon says that the replay stopped at the win with moves of the
// recorded solution left, which are not played: after the move that won,
// that move's number in the solution; asked for a move once won, the keys
// that go on from there, as a step refused then names them.
func (m *Grid) sayReplayWon(winning bool) {
	sol := m.o.Level.Solution
	left := "last move is"
	if n := len(sol) - m.replay; n > 1 {
		left = fmt.Sprintf("last %d moves are", n)
	}
	if winning {
		m.say(false, "the level is won at move %d of the recorded solution's %d: its %s not played", m.replay, len(sol), left)
		return
	}
	m.say(false, "the level is won: the recorded solution's %s not played; %s", left, m.wonKeys())
}

// wonKeys names the keys that go on from a won level.
func (m *Grid) wonKeys() string {
	if m.spell() {
		// a SpellGrid level has no undo (u says so)
		return "tab goes back through the history, r restarts, q quits"
	}
	return "u undoes, r restarts, q quits"
}

func (m *Grid) boardKey(k string) {
	if d, ok := dirKeys[k]; ok {
		if m.st.Won {
			m.say(false, "the level is won: %s", m.wonKeys())
			return
		}
		m.perform(stepMove(d))
		return
	}
	switch k {
	case "u", "backspace":
		if m.spell() {
			m.say(false, "undo is not supported on a SpellGrid level: tab to the history and pick a move to restart and replay to it")
			return
		}
		rep, err := m.eng.c.Do(driver.Request{Op: "undo"})
		if m.take(rep, err) {
			if rep.Undone && len(m.history) > 0 {
				m.history = m.history[:len(m.history)-1]
				m.rewindReplay()
				m.say(false, "undid one move")
				m.record()
			} else if !rep.Undone {
				m.say(false, "nothing to undo")
			}
		}
	case "r":
		had := len(m.history)
		m.restart(true)
		switch {
		case m.problem:
		case m.o.Record != "" && had > 0:
			// the record file follows the history, so the moves it held
			// are gone from it: said, since no key brings them back
			m.say(false, "restarted: %s now holds no moves, where it held %d", m.o.Record, had)
		default:
			m.say(false, "restarted")
		}
	case "tab":
		if len(m.history) == 0 {
			m.say(false, "no moves yet")
			return
		}
		m.mode, m.histSel = modeHistory, len(m.history)-1
	case "space", "n", "enter":
		if m.o.Replay {
			m.replayNext()
		}
	case "c", "p":
		if !m.spell() {
			return
		}
		if m.st.Won {
			// refused as a step is: the win holds through what follows
			m.say(false, "the level is won: %s", m.wonKeys())
			return
		}
		if len(m.st.Hand) == 0 {
			m.say(false, "the hand is empty")
			return
		}
		action := actionOfKey(k)
		// c offers the spells and p the minions, so that neither asks
		// for a tile only to be refused there: a spell is cast, never
		// played onto a tile
		items := m.handFor(action)
		if len(items) == 0 {
			m.say(false, "the hand holds no %s to %s; %s", action.words().card, action.words().verb, action.other().words().offer)
			return
		}
		m.action = action
		m.mode, m.menuItems, m.menuSel = modeMenu, items, 0
		m.say(false, "choose a %s to %s", action.words().card, action.words().verb)
	}
}

// handFor is the cards of the hand that action takes: the spells to cast,
// the minions to play, and either way a card the course does not know (a
// workspace's engine may deal one), which the engine's checks judge.
func (m *Grid) handFor(action handAction) []string {
	var out []string
	for _, c := range m.st.Hand {
		k := m.cards[c]
		if k == cardUnknown || (k == cardMinion) == (action == playMinion) {
			out = append(out, c)
		}
	}
	return out
}

// moveSelection is a list's selected row after an up (k) or down (j) key:
// one row further that way, held inside the n rows.
func moveSelection(sel, n int, k string) int {
	switch k {
	case "up", "k":
		return max(0, sel-1)
	case "down", "j":
		return min(n-1, sel+1)
	}
	return sel
}

func (m *Grid) historyKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.histSel = moveSelection(m.histSel, len(m.history), k)
	case "enter", "space":
		m.revert(m.histSel)
		m.mode = modeBoard
	case "esc", "tab", "q":
		m.mode = modeBoard
	}
}

func (m *Grid) menuKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.menuSel = moveSelection(m.menuSel, len(m.menuItems), k)
	case "esc", "q":
		m.mode = modeBoard
		m.say(false, "")
	case "enter", "space":
		m.card = m.menuItems[m.menuSel]
		if m.action == castSpell {
			// a reason that is not about the target shows now
			rep, err := m.eng.c.Do(driver.Request{Op: "checkCast", Card: m.card})
			if err != nil || rep.Panic != "" {
				m.take(rep, err)
				m.mode = modeBoard
				return
			}
			if rep.Refused != "" && !strings.Contains(rep.Refused, "target") {
				m.say(true, "%s", rep.Refused)
				return
			}
			if rep.Refused == "" && m.cards[m.card] == cardSpell {
				// a spell that takes no target is cast at once: no
				// tile to pick, and no n to guess
				m.mode = modeBoard
				m.perform(castMove(m.card, 0))
				return
			}
		}
		m.mode = modeTarget
		m.cx, m.cy = min(m.cx, m.st.Width-1), min(m.cy, m.st.Height-1)
		if m.action == playMinion {
			m.cx, m.cy = m.emptyTileFrom(m.cx, m.cy)
		}
		m.describeCursor()
	}
}

// emptyTileFrom is (x, y) when no object stands there, else the first
// tile after it, reading on row by row and round from the top, that has
// none: where a minion may be played; (x, y) again when every tile holds
// something.
func (m *Grid) emptyTileFrom(x, y int) (int, int) {
	n := m.st.Width * m.st.Height
	taken := make([]bool, n)
	for _, o := range m.st.Objects {
		if o.X >= 0 && o.Y >= 0 && o.X < m.st.Width && o.Y < m.st.Height {
			taken[o.Y*m.st.Width+o.X] = true
		}
	}
	for i := range n {
		at := (y*m.st.Width + x + i) % n
		if !taken[at] {
			return at % m.st.Width, at / m.st.Width
		}
	}
	return x, y
}

// targetAt is what a cast at the cursor aims at: the minion on the tile,
// else its newest object.
func (m *Grid) targetAt(x, y int) (driver.Object, bool) {
	var best driver.Object
	found := false
	for _, o := range m.st.Objects {
		if o.X != x || o.Y != y {
			continue
		}
		if o.Minion != "" {
			return o, true
		}
		if !found || o.ID > best.ID {
			best, found = o, true
		}
	}
	return best, found
}

func (m *Grid) describeCursor() {
	what := "nothing"
	if o, ok := m.targetAt(m.cx, m.cy); ok {
		what = fmt.Sprintf("#%d %s", o.ID, o.Kind)
		if o.Minion != "" {
			what = fmt.Sprintf("#%d %s, Health %d", o.ID, o.Minion, o.Health)
		}
	}
	w := m.action.words()
	m.say(false, "%s %s: (%d,%d) holds %s; enter %s %s", w.verb, m.card, m.cx, m.cy, what, w.verbs, w.atCursor)
}

func (m *Grid) targetKey(k string) {
	if d, ok := dirKeys[k]; ok {
		switch d {
		case grid.Up:
			m.cy = max(0, m.cy-1)
		case grid.Down:
			m.cy = min(m.st.Height-1, m.cy+1)
		case grid.Left:
			m.cx = max(0, m.cx-1)
		case grid.Right:
			m.cx = min(m.st.Width-1, m.cx+1)
		}
		m.describeCursor()
		return
	}
	switch k {
	case "esc", "q":
		m.mode = modeBoard
		m.say(false, "")
	case "n":
		if m.action == castSpell {
			m.tryCast(0)
		}
	case "enter", "space":
		if m.action == playMinion {
			m.try(driver.Request{Op: "checkPlay", Card: m.card, X: m.cx, Y: m.cy}, playMove(m.card, m.cx, m.cy))
			return
		}
		o, ok := m.targetAt(m.cx, m.cy)
		if !ok {
			m.say(true, "nothing stands on (%d,%d) to aim at; n casts with no target", m.cx, m.cy)
			return
		}
		m.tryCast(o.ID)
	}
}

// tryCast asks CheckCast first and shows its reason instead of casting.
func (m *Grid) tryCast(target uint32) {
	m.try(driver.Request{Op: "checkCast", Card: m.card, Target: target}, castMove(m.card, target))
}

// try asks the engine whether a move may be made (check: CheckPlay,
// CheckCast), and makes it if so, or shows the reason it may not.
func (m *Grid) try(check driver.Request, mv move) {
	rep, err := m.eng.c.Do(check)
	if err != nil || rep.Panic != "" {
		m.take(rep, err)
		return
	}
	if rep.Refused != "" {
		m.say(true, "%s", rep.Refused)
		return
	}
	m.perform(mv)
}

func (m *Grid) chooseKey(k string) {
	switch k {
	case "up", "k", "down", "j":
		m.menuSel = moveSelection(m.menuSel, len(m.menuItems), k)
	case "enter", "space":
		pick := m.menuItems[m.menuSel]
		if m.pending != nil {
			m.pending.Choices = append(m.pending.Choices, pick)
		}
		m.choose = nil
		m.mode = modeBoard
		if m.take(m.eng.c.Answer(pick)) && m.pending != nil {
			m.done()
		}
	default:
		m.say(false, "the engine waits for a choice: ↑↓ and enter")
	}
}

// learnGlyphs gives every kind of thing on the board a letter: the first
// of its name not yet taken, so no two kinds share one.
func (m *Grid) learnGlyphs() {
	var kinds []string
	for _, o := range m.o.Level.Objects {
		kinds = append(kinds, o.Kind)
	}
	objs := append([]driver.Object(nil), m.st.Objects...)
	sort.Slice(objs, func(i, j int) bool { return objs[i].ID < objs[j].ID })
	for _, o := range objs {
		kinds = append(kinds, o.Kind)
	}
	for _, t := range m.st.Tiles {
		kinds = append(kinds, t...)
	}
	for _, k := range kinds {
		if strings.HasPrefix(k, "text:") || k == "?" {
			continue
		}
		if _, ok := m.glyphs[k]; ok {
			continue
		}
		m.glyphs[k] = m.freeGlyph(k)
	}
}

func (m *Grid) freeGlyph(kind string) rune {
	taken := map[rune]bool{}
	for _, g := range m.glyphs {
		taken[g] = true
	}
	for _, r := range strings.ToLower(kind) + "abcdefghijklmnopqrstuvwxyz*&%$#@=~^" {
		if r < 'A' || r > 'Z' {
			if !taken[r] {
				return r
			}
		}
	}
	return '?'
}

// waiting is the screen with note on its status line, as Run shows it
// while the engine is slow to answer.
func (m *Grid) waiting(note string) tea.View {
	return noted(&m.status, &m.problem, note, m.View)
}

// noted is view drawn with note on the status line that status and
// problem hold, which are then put back as they were.
func noted(status *string, problem *bool, note string, view func() tea.View) tea.View {
	was, wasProblem := *status, *problem
	*status, *problem = oneLine(note), false
	defer func() { *status, *problem = was, wasProblem }()
	return view()
}

// abort ends the engine from another goroutine (Run, once the player quit
// while the engine worked).
func (m *Grid) abort() { m.eng.abort() }

func (m *Grid) quitting() bool { return m.quit }
