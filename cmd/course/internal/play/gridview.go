package play

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/internal/termsafe"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

// minSide is the narrowest the side panel gets.
const minSide = 21

// tileSize is a tile's cells at a scale: 1 is one row of 5 (a word of
// four letters and a gap), 2 a box of 6x3.
func tileSize(scale int) (w, h int) {
	if scale == 2 {
		return 6, 3
	}
	return 5, 1
}

// scale is the largest scale at which the board and a side panel fit.
func (m *Grid) scale(bodyH int) int {
	tw, th := tileSize(2)
	if tw*m.o.Level.Width+4+minSide+10 <= m.w && th*m.o.Level.Height+2+5 <= bodyH {
		return 2
	}
	return 1
}

// symbol is one kind in a stack, as one cell: an object's glyph, a text's
// first letter.
func (m *Grid) symbol(kind string) string {
	if strings.HasPrefix(kind, "text:") {
		if w := word(kind, 1); w != "" {
			return w
		}
		return "?"
	}
	if g, ok := m.glyphs[kind]; ok {
		return string(g)
	}
	return "?"
}

// word is a text kind's word cut to n cells (a character wider than the
// room left is left out).
func word(kind string, n int) string {
	return ansi.Truncate(strings.TrimPrefix(kind, "text:"), n, "")
}

func center(s string, n int) string {
	pad := n - lipgloss.Width(s)
	if pad <= 0 {
		return s
	}
	return strings.Repeat(" ", pad/2) + s + strings.Repeat(" ", pad-pad/2)
}

// tile draws one tile as th lines of tw cells.
func (m *Grid) tile(x, y, scale int) []string {
	tw, th := tileSize(scale)
	st := m.o.Styles
	var stack []string
	if i := y*m.st.Width + x; m.st.Width > 0 && i < len(m.st.Tiles) {
		stack = m.st.Tiles[i]
	}
	var objs []driver.Object
	for _, o := range m.st.Objects {
		if o.X == x && o.Y == y {
			objs = append(objs, o)
		}
	}
	styleOf := func(kind string, i int) lipgloss.Style {
		if strings.HasPrefix(kind, "text:") {
			return st.Text
		}
		if i < len(objs) && objs[i].Minion != "" {
			return st.Minion
		}
		if i < len(objs) && objs[i].You {
			return st.You
		}
		return st.Object
	}
	// one object, drawn whole: text as its word in a box, a thing as its
	// glyph, a minion as its glyph and Health
	one := func(kind string, i int, width int) string {
		s := styleOf(kind, i)
		if strings.HasPrefix(kind, "text:") {
			if width >= 6 && lipgloss.Width(word(kind, 9)) <= 4 {
				return s.Render("[" + center(word(kind, 4), 4) + "]")
			}
			n := min(width-1, 4)
			return s.Render(center(word(kind, n), n)) + strings.Repeat(" ", width-n)
		}
		g := m.symbol(kind)
		if i < len(objs) && objs[i].Minion != "" {
			g += strconv.Itoa(objs[i].Health)
		}
		return center(s.Render(g), width)
	}
	lines := make([]string, th)
	switch {
	case len(stack) == 0:
		for i := range lines {
			lines[i] = strings.Repeat(" ", tw)
		}
		lines[th/2] = center(st.Dim.Render("·"), tw)
	case scale == 1 && len(stack) == 1:
		lines[0] = one(stack[0], 0, tw)
	case scale == 1:
		var b strings.Builder
		for i, k := range stack {
			if i == 3 && len(stack) > 4 {
				b.WriteString("+")
				break
			}
			sym := m.symbol(k)
			if i < len(objs) && objs[i].Minion != "" {
				sym += strconv.Itoa(objs[i].Health)
			}
			b.WriteString(styleOf(k, i).Render(sym))
		}
		lines[0] = fit(b.String(), tw)
	case len(stack) == 1 && strings.HasPrefix(stack[0], "text:"):
		s := st.Text
		w := word(stack[0], 6)
		if lipgloss.Width(w) <= 4 {
			lines[0] = s.Render("┌────┐")
			lines[1] = s.Render("│" + center(w, 4) + "│")
			lines[2] = s.Render("└────┘")
		} else {
			lines[0] = s.Render("┌" + strings.Repeat("─", 4) + "┐")
			lines[1] = s.Render(center(w, 6))
			lines[2] = s.Render("└" + strings.Repeat("─", 4) + "┘")
		}
	default:
		for i := range lines {
			lines[i] = strings.Repeat(" ", tw)
		}
		start := 0
		if len(stack) == 1 {
			start = 1
		}
		for i, k := range stack {
			row := start + i
			if row >= th {
				break
			}
			if row == th-1 && len(stack) > th {
				lines[row] = center(fmt.Sprintf("+%d", len(stack)-i), tw)
				break
			}
			lines[row] = one(k, i, tw)
		}
	}
	if m.mode == modeTarget && x == m.cx && y == m.cy {
		for i, l := range lines {
			plain := []rune(ansi.Strip(l))
			if n := len(plain); n >= 2 {
				if plain[0] == ' ' {
					plain[0] = '>'
				}
				if plain[n-1] == ' ' {
					plain[n-1] = '<'
				}
			}
			lines[i] = st.Cursor.Render(string(plain))
		}
	}
	return lines
}

// viewport is the part of the grid that fits a board pane of the given
// outer size: all of it when it fits, else a window around the cursor (when
// choosing a tile) or the first YOU object.
func (m *Grid) viewport(scale, boardW, boardH int) (x0, y0, cols, rows int) {
	tw, th := tileSize(scale)
	W, H := m.o.Level.Width, m.o.Level.Height
	cols, rows = min(W, max(1, (boardW-4)/tw)), min(H, max(1, (boardH-2)/th))
	fx, fy := 0, 0
	if m.mode == modeTarget {
		fx, fy = m.cx, m.cy
	} else {
		for _, o := range m.st.Objects {
			if o.You {
				fx, fy = o.X, o.Y
				break
			}
		}
	}
	x0 = min(max(0, fx-cols/2), W-cols)
	y0 = min(max(0, fy-rows/2), H-rows)
	return x0, y0, cols, rows
}

// boardLines draws the tiles of the viewport.
func (m *Grid) boardLines(scale, x0, y0, cols, rows int) []string {
	_, th := tileSize(scale)
	var out []string
	for y := y0; y < y0+rows; y++ {
		lines := make([]strings.Builder, th)
		for x := x0; x < x0+cols; x++ {
			for i, l := range m.tile(x, y, scale) {
				lines[i].WriteString(l)
			}
		}
		for i := range lines {
			out = append(out, lines[i].String())
		}
	}
	return out
}

// keys is the key help for the mode, always on screen.
func (m *Grid) keys() []string {
	switch m.mode {
	case modeHistory:
		return []string{"↑↓ select a move   enter return to the board before it   esc back"}
	case modeMenu:
		return []string{fmt.Sprintf("↑↓ choose a %s   %s   esc cancel", m.action.words().card, m.action.words().menuKey)}
	case modeChoose:
		return []string{"↑↓ choose   enter answer the engine"}
	case modeTarget:
		return []string{"←↑↓→ hjkl wasd move the cursor   " + m.action.words().tileKeys + "   esc cancel"}
	case modeBoard:
		// the board's keys, below
	}
	lines := []string{"←↑↓→ hjkl wasd step   u/⌫ undo   r restart   tab history   q quit"}
	if m.spell() {
		// which key takes which card, said in full where the line fits
		// and in fewer words where it would wrap onto a third line
		lines = []string{"←↑↓→ hjkl wasd step   c cast a spell   p play a minion", "r restart   tab history   q quit"}
		if lipgloss.Width(lines[0]) > max(m.w, minWidth) {
			lines[0] = "←↑↓→ step   c cast spell   p play minion"
		}
	}
	if m.o.Replay {
		lines = append(lines, "space/n next move of the recorded solution")
	}
	return lines
}

func (m *Grid) sideLines(width int) []string {
	st := m.o.Styles
	var out []string
	if m.mode == modeMenu || m.mode == modeChoose {
		title := fmt.Sprintf("Choose a %s to %s", m.action.words().card, m.action.words().verb)
		if m.mode == modeChoose && m.choose != nil {
			title = "The engine asks: choose the " + m.choose.Kind
		}
		out = append(out, st.Heading.Render(title))
		for i, it := range m.menuItems {
			it = oneLine(it)
			l := "  " + it
			if i == m.menuSel {
				l = st.Selected.Render("> " + it)
			}
			out = append(out, l)
		}
		out = append(out, "")
	}
	out = append(out, st.Heading.Render("Rules"))
	if len(m.st.ActiveRules) == 0 {
		out = append(out, st.Dim.Render("none"))
	}
	out = append(out, m.st.ActiveRules...)
	out = append(out, st.Heading.Render("YOU"))
	var you []string
	for _, o := range m.st.Objects {
		if o.You {
			you = append(you, fmt.Sprintf("%s %s (%d,%d)", m.symbol(o.Kind), o.Kind, o.X, o.Y))
		}
	}
	if len(you) == 0 {
		you = []string{st.Dim.Render("nothing is YOU")}
	}
	out = append(out, joinWrapped(you, width)...)
	if m.spell() {
		out = append(out, st.Heading.Render("Hand"))
		if len(m.st.Hand) == 0 {
			out = append(out, st.Dim.Render("empty"))
		}
		out = append(out, joinWrapped(m.handLabels(), width)...)
		out = append(out, fmt.Sprintf("Enemy hero: Health %d", m.st.HeroHealth))
	}
	out = append(out, st.Heading.Render("Legend"))
	var legend []string
	for _, k := range sortedKeys(m.glyphs) {
		entry := string(m.glyphs[k]) + " " + k
		for _, o := range m.st.Objects {
			if o.Kind == k && o.Minion != "" {
				entry += " = " + o.Minion
				break
			}
		}
		legend = append(legend, entry)
	}
	legend = append(legend, "UPPER CASE: text")
	if m.spell() {
		legend = append(legend, "digits: a minion's Health")
	}
	out = append(out, joinWrapped(legend, width)...)
	var stacks []string
	for i, t := range m.st.Tiles {
		if len(t) > 1 {
			stacks = append(stacks, fmt.Sprintf("(%d,%d) %s", i%m.st.Width, i/m.st.Width, strings.Join(t, " ")))
		}
	}
	if len(stacks) > 0 {
		out = append(out, st.Heading.Render("Stacks"))
		out = append(out, stacks...)
	}
	return out
}

// joinWrapped puts items on as few lines of width cells as it can.
func joinWrapped(items []string, width int) []string {
	var out []string
	line := ""
	for _, it := range items {
		switch {
		case line == "":
			line = it
		case lipgloss.Width(line)+3+lipgloss.Width(it) <= width:
			line += "   " + it
		default:
			out = append(out, line)
			line = it
		}
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// screenLayout is how the screen is divided. The left column holds the
// board pane, the history pane under it, and on a SpellGrid level the log
// pane under that; the side panel is the right column, the body's height.
// It holds all the lines of the two panes PgUp and PgDn scroll, which
// the view shows a window of and scrollBy scrolls no further than.
type screenLayout struct {
	banner         []string // the lines under the board (see Grid.banner)
	keys           []string // the keys' lines under those, wrapped to the width
	bodyH, scale   int
	boardW, boardH int // the left column's width, the board pane's height
	sideW          int // the side panel's width
	histH, logH    int
	side, log      []string // the Level panel's lines, and the log's (none without its pane)
}

func (m *Grid) layout() screenLayout {
	W, H := max(m.w, minWidth), max(m.h, minHeight)
	l := screenLayout{banner: m.banner(W), keys: wrapKeys(m.keys(), W)}
	l.bodyH = H - 1 - len(l.banner) - len(l.keys)
	l.scale = m.scale(l.bodyH)
	tw, th := tileSize(l.scale)
	l.boardW = max(tw*m.o.Level.Width+4, 26)
	if m.spell() {
		l.boardW = max(l.boardW, W/2) // room for the log
	}
	if l.boardW > W-minSide {
		l.boardW = max(W-minSide, 20)
	}
	l.boardH = min(th*m.o.Level.Height+2, l.bodyH-3)
	l.histH = l.bodyH - l.boardH
	if m.spell() && l.histH >= 8 {
		l.histH = max(5, min(l.histH/3, 8))
		l.logH = l.bodyH - l.boardH - l.histH
	}
	l.sideW = W - l.boardW
	l.side = m.sideLines(l.sideW - 4)
	if l.logH > 0 {
		l.log = wrapLog(m.st.LogTree, l.boardW-4)
		if m.st.LogTree == "" {
			l.log = []string{m.o.Styles.Dim.Render("no events yet")}
		}
	}
	return l
}

// overflow is how far the Level panel and the log scroll: the most lines
// one of them has out of sight.
func (l screenLayout) overflow() int {
	most := scrollRange(len(l.side), l.bodyH-2)
	if l.logH > 0 {
		most = max(most, scrollRange(len(l.log), l.logH-2))
	}
	return most
}

// firstHistoryRow is the history row shown at the top of a pane of rows.
func (m *Grid) firstHistoryRow(rows int) int {
	sel := len(m.history) - 1
	if m.mode == modeHistory {
		sel = m.histSel
	}
	if len(m.history) > rows {
		return min(max(0, sel-rows/2), len(m.history)-rows)
	}
	return 0
}

// historyAt is the history row drawn at a screen cell, if any.
func (m *Grid) historyAt(x, y int) (int, bool) {
	l := m.layout()
	rows := l.histH - 2
	top := 1 + l.boardH + 1 // the title line, the board pane, the history's top border
	if x <= 0 || x >= l.boardW-1 || y < top || y >= top+rows {
		return 0, false
	}
	i := m.firstHistoryRow(rows) + y - top
	return i, i < len(m.history)
}

func (m *Grid) historyLines(rows int) []string {
	st := m.o.Styles
	if len(m.history) == 0 {
		return []string{st.Dim.Render("no moves yet")}
	}
	first := m.firstHistoryRow(rows)
	var out []string
	for i := first; i < len(m.history) && len(out) < rows; i++ {
		l := fmt.Sprintf("%3d %s", i+1, m.history[i].label())
		if m.mode == modeHistory {
			// marked by "> " as the menus mark theirs, not by reverse
			// video alone, which a screen without colour does not draw
			if i == m.histSel {
				l = st.Selected.Render("> " + l)
			} else {
				l = "  " + l
			}
		}
		out = append(out, l)
	}
	return out
}

// banner is the lines under the board: the win, the loss, or the status,
// a problem's message wrapped onto up to problemLines lines.
func (m *Grid) banner(width int) []string {
	st := m.o.Styles
	var b string      // the win or the loss, on one line
	var head []string // the lines it takes above the status
	switch {
	case m.st.Won:
		b = st.Won.Render(fmt.Sprintf(" ★ won in %d moves ★ ", len(m.history)))
	case m.st.Lost:
		msg := "all YOU objects are gone: u to undo"
		if m.spell() {
			msg = "all YOU objects are gone: r to restart, or tab to the history"
		}
		if lipgloss.Width(msg)+2 > width {
			// wrapped, not cut before the keys it names
			head = wrapStyled(st.Lost, msg, width)
		} else {
			b = st.Lost.Render(" " + msg + " ")
		}
	}
	if b != "" {
		if one := b + " " + m.statusLine(); m.status != "" && lipgloss.Width(one) <= width {
			return []string{fit(one, width)}
		}
		head = []string{fit(b, width)}
	}
	if len(head) > 0 && m.status == "" {
		return head
	}
	// the status under the banner, where beside it its end (often the
	// keys to go on with) would be cut
	return append(head, m.statusLines(width)...)
}

// statusLines is the status, wrapped onto up to problemLines lines of
// width cells.
func (m *Grid) statusLines(width int) []string {
	st := m.o.Styles
	if !m.problem {
		// wrapped as a problem is: a long one (the tile the cursor is on
		// and what it holds, the name a record file was kept as) would
		// lose its end, often the part that says what to do
		return wrapStyled(st.Status, m.status, width)
	}
	return st.problem(m.status, width)
}

func (m *Grid) statusLine() string {
	if m.problem {
		return m.o.Styles.Problem.Render("! " + m.status)
	}
	return m.o.Styles.Status.Render(m.status)
}

// View draws the whole screen: a title, the board with the history under
// it, the side panel, the banner or status, and the keys.
func (m *Grid) View() tea.View { return withClicks(fullScreen(termsafe.Styled(m.view()))) }

// small says the terminal is smaller than a level's least, where the
// screen is tooSmall.
func (m *Grid) small() bool { return m.w < minWidth || m.h < minHeight }

// view is the screen before what it holds from elsewhere (a level file's
// title, the engine's names and log) is made safe to show.
func (m *Grid) view() string {
	if m.quit {
		return ""
	}
	if m.small() {
		return tooSmall(m.w, m.h, minWidth, minHeight)
	}
	W := m.w
	st := m.o.Styles
	l := m.layout()
	boardW, boardH := l.boardW, l.boardH
	name := oneLine(m.o.Level.Name)
	title := "course play " + name
	if m.o.Level.Title != "" {
		title += ": " + oneLine(m.o.Level.Title)
	}
	title = st.Title.Render(fit(title+"   "+st.Dim.Render(oneLine(m.o.EngineName)), W))

	x0, y0, cols, rows := m.viewport(l.scale, boardW, boardH)
	board := m.boardLines(l.scale, x0, y0, cols, rows)
	boardTitle := fmt.Sprintf("%s %dx%d", name, m.o.Level.Width, m.o.Level.Height)
	if cols < m.o.Level.Width || rows < m.o.Level.Height {
		boardTitle = fmt.Sprintf("x %d-%d, y %d-%d of %dx%d", x0, x0+cols-1, y0, y0+rows-1, m.o.Level.Width, m.o.Level.Height)
	}
	for i := range board {
		board[i] = center(board[i], boardW-4)
	}
	panes := []string{
		st.pane(boardTitle, board, boardW, boardH),
		st.pane(fmt.Sprintf("History (%d)", len(m.history)), m.historyLines(l.histH-2), boardW, l.histH),
	}
	if l.logH > 0 {
		panes = append(panes, st.pane("Log of the last move", m.scrolled(l.log, l.logH-2), boardW, l.logH))
	}
	left := lipgloss.JoinVertical(lipgloss.Left, panes...)
	right := st.pane("Level", m.scrolled(l.side, l.bodyH-2), l.sideW, l.bodyH)
	body := lipgloss.JoinHorizontal(lipgloss.Top, left, right)
	lines := append([]string{title, body}, l.banner...)
	return strings.Join(append(lines, st.keyLines(l.keys, W)...), "\n")
}

// scrolled is a pane's lines in rows rows, scrolled as PgUp and PgDn
// scrolled the Level panel and the log, marked where some are out of
// sight: the arrows step, so the page keys scroll.
func (m *Grid) scrolled(lines []string, rows int) []string {
	return m.o.Styles.window(lines, rows, m.scroll, "PgUp", "PgDn")
}

// scrollBy moves the Level panel and the log by by lines, no further than
// the one with the most out of sight goes, as the screen lays them out
// (while the terminal is too small for the screen, as it lays them out at
// its least).
func (m *Grid) scrollBy(by int) {
	m.scroll = max(0, min(m.scroll+by, m.layout().overflow()))
}

// handLabels is the hand, each card marked with the key that uses it:
// "Whirlwind (c)", "Test Sprout (p)".
func (m *Grid) handLabels() []string {
	out := make([]string, 0, len(m.st.Hand))
	for _, c := range m.st.Hand {
		switch m.cards[c] {
		case cardMinion:
			c += " (p)"
		case cardSpell, cardAimed:
			c += " (c)"
		case cardUnknown:
		}
		out = append(out, c)
	}
	return out
}
