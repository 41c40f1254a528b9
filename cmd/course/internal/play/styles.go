package play

import (
	"fmt"
	"image/color"
	"regexp"
	"strings"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Styles is how the screen is painted. Without colour (NO_COLOR, or a
// terminal that has none) every style is plain and only the characters
// tell things apart: text is its word in upper case, an object its glyph
// in lower case, a minion its glyph and Health.
type Styles struct {
	Title, Heading, Text, Object, You, Minion, Cursor, Selected, Won, Lost, Status, Problem, Keys, Dim lipgloss.Style
	// Profile is the colour profile the styles are for, which Run draws
	// in.
	Profile colorprofile.Profile
}

// Color is false when every style is plain: a profile below ANSI.
func (s Styles) Color() bool { return s.Profile >= colorprofile.ANSI }

// NewStyles paints for a terminal of colour profile p, in plain text below
// ANSI. Lip Gloss writes a style's colours as they are given and Bubble Tea
// lowers them to the profile as it draws, in two ways that would change the
// screen: the ASCII profile (NO_COLOR) keeps bold, underline and reverse
// video, and its nearest of 16 colours turn the gold of an object and of
// the won banner red. So a screen without colour is made of plain styles,
// which write no escape sequence at all, and each colour names its own of
// 16: the one termenv lowered it to for Lip Gloss v1.
func NewStyles(p colorprofile.Profile) Styles {
	s := Styles{Profile: p}
	if !s.Color() {
		return s // every style the zero one, lipgloss.NewStyle(): text as it is
	}
	complete := lipgloss.Complete(p)
	c := func(of16, of256 string) color.Color {
		return complete(lipgloss.Color(of16), lipgloss.Color(of256), lipgloss.Color(of256))
	}
	plain := lipgloss.NewStyle()
	s.Title = plain.Bold(true)
	s.Heading = plain.Bold(true).Underline(true)
	s.Text = plain.Foreground(c("15", "231")).Background(c("5", "90")).Bold(true)
	// a dark gold of 256, which reads on a light background as on a dark
	// one (222, a pale gold, all but vanished on white); of 16, the
	// terminal's own yellow, which a light theme maps to one that reads
	s.Object = plain.Foreground(c("11", "136"))
	s.You = plain.Foreground(c("13", "213")).Bold(true)
	s.Minion = plain.Foreground(c("9", "203")).Bold(true)
	s.Cursor = plain.Reverse(true)
	s.Selected = plain.Reverse(true)
	s.Won = plain.Foreground(c("0", "16")).Background(c("11", "220")).Bold(true)
	s.Lost = plain.Foreground(c("15", "231")).Background(c("1", "124")).Bold(true)
	s.Problem = plain.Foreground(c("9", "203"))
	s.Keys = plain.Foreground(c("8", "245"))
	s.Dim = plain.Foreground(c("8", "240"))
	return s
}

// input is how the card table's prompt is painted: the text and the
// prompt plain and a completion in the grey of Dim, as the prompt's
// defaults were before bubbles v2, whose defaults colour the prompt and
// choose a grey by the terminal's background. The cursor it draws is
// reverse video whatever its style, so a screen without colour draws none
// (NewTable) and shows the terminal's cursor instead (Table.View).
func (s Styles) input() textinput.Styles {
	state := textinput.StyleState{Text: lipgloss.NewStyle(), Prompt: lipgloss.NewStyle(), Placeholder: s.Dim, Suggestion: s.Dim}
	return textinput.Styles{Focused: state, Blurred: state, Cursor: textinput.CursorStyle{Blink: true}}
}

// pane draws lines in a rounded box of the given outer size, a title in
// the top border, every line cut or padded to fit.
func (s Styles) pane(title string, lines []string, width, height int) string {
	width, height = max(width, 6), max(height, 2)
	inner := width - 4
	var b strings.Builder
	t := ""
	if title != "" {
		t = truncateCells(" "+title+" ", inner)
	}
	b.WriteString("╭─" + t + strings.Repeat("─", width-3-lipgloss.Width(t)) + "╮\n")
	for i := 0; i < height-2; i++ {
		l := ""
		if i < len(lines) {
			l = lines[i]
		}
		b.WriteString("│ " + fit(l, inner) + " │\n")
	}
	b.WriteString("╰" + strings.Repeat("─", width-2) + "╯")
	return b.String()
}

// window is lines as a pane of rows rows shows them, scrolled off lines
// down: where some are out of sight, a line marks how many, above or
// below, and what scrolls to them (up, down: "↑ scrolls"), so that nothing
// is cut unsaid.
func (s Styles) window(lines []string, rows, off int, up, down string) []string {
	if len(lines) <= rows || rows < 3 {
		return lines
	}
	off = max(0, min(off, scrollRange(len(lines), rows)))
	var out []string
	if off > 0 {
		out = append(out, s.Dim.Render(fmt.Sprintf("↑ %d more: %s", off, up)))
	}
	room := rows - len(out)
	if len(lines)-off <= room {
		return append(out, lines[off:]...)
	}
	room-- // for the mark below
	out = append(out, lines[off:off+room]...)
	return append(out, s.Dim.Render(fmt.Sprintf("↓ %d more: %s", len(lines)-off-room, down)))
}

// scrollRange is how far n lines scroll in a pane of rows rows: until the
// last is in sight, under the mark of those above.
func scrollRange(n, rows int) int {
	if n <= rows || rows < 3 {
		return 0
	}
	return n - (rows - 1)
}

// scrollStep is how far a key scrolls: a line, or most of a screen of h
// rows for a page key.
func scrollStep(k string, h int) int {
	if k == "pgup" || k == "pgdown" {
		return max(1, h/2-4)
	}
	return 1
}

// fit cuts or pads a styled line to exactly w cells.
func fit(l string, w int) string {
	if w <= 0 {
		return ""
	}
	n := lipgloss.Width(l)
	if n > w {
		return truncateCells(l, w)
	}
	return l + strings.Repeat(" ", w-n)
}

// truncateCells cuts a styled line to w cells, marking the cut.
func truncateCells(l string, w int) string {
	if lipgloss.Width(l) <= w {
		return l
	}
	return ansi.Truncate(l, w, "…")
}

// wrapLog is a log tree in lines of at most width cells: a long event is
// broken after a comma and goes on three spaces in, which no event's own
// indent is.
func wrapLog(tree string, width int) []string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(tree, "\n"), "\n") {
		// an odd indent: an event's own is even, two spaces a level
		indent := strings.Repeat(" ", len(l)-len(strings.TrimLeft(l, " "))+3)
		for len(l) > width && width > len(indent)+8 {
			cut := strings.LastIndex(l[:width], ", ")
			if cut <= len(indent) {
				cut = width - 1
			} else {
				cut++
			}
			out = append(out, l[:cut])
			l = indent + strings.TrimLeft(l[cut:], " ")
		}
		out = append(out, l)
	}
	return out
}

// problemLines is how many lines a problem's message may take under the
// screen: an engine's panic or where it was stuck is often longer than
// the terminal is wide, and its end (the file and line) matters most.
const problemLines = 3

// wrapStatus is a status message as lines of exactly width cells: wrapped
// onto at most n lines, the last cut with "…" when even they are too few.
func wrapStatus(msg string, width, n int) []string {
	if width <= 0 {
		return []string{""}
	}
	lines := strings.Split(ansi.Wrap(msg, width, ""), "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] = truncateCells(lines[n-1]+"  ", width-1) + "…"
	}
	for i, l := range lines {
		lines[i] = fit(l, width)
	}
	return lines
}

// problem is a problem's message under a screen of width cells: marked
// "! ", wrapped onto up to problemLines lines, each in the problem style.
func (s Styles) problem(msg string, width int) []string {
	return wrapStyled(s.Problem, "! "+msg, width)
}

// wrapStyled is msg wrapped onto up to problemLines lines of width cells
// (wrapStatus), each in style st.
func wrapStyled(st lipgloss.Style, msg string, width int) []string {
	lines := wrapStatus(msg, width, problemLines)
	for i, l := range lines {
		lines[i] = st.Render(l)
	}
	return lines
}

// keyGap is what stands between two keys on a line of keys: two spaces
// or more, where a key and what it does are parted by one.
var keyGap = regexp.MustCompile(`  +`)

// keyLines is the keys' lines (wrapKeys's), each cut to w cells and in
// the keys' style.
func (s Styles) keyLines(wrapped []string, w int) []string {
	out := make([]string, len(wrapped))
	for i, k := range wrapped {
		out[i] = s.Keys.Render(fit(k, w))
	}
	return out
}

// wrapKeys is lines of keys on lines of at most width cells, each broken
// between two keys, where it is too long: a line cut short would hide the
// keys at its end, q among them.
func wrapKeys(lines []string, width int) []string {
	var out []string
	for _, l := range lines {
		gaps := keyGap.FindAllString(l, -1)
		cur := ""
		for i, k := range keyGap.Split(l, -1) {
			switch {
			case i == 0:
				cur = k
			case lipgloss.Width(cur+gaps[i-1]+k) <= width:
				cur += gaps[i-1] + k
			default:
				out = append(out, cur)
				cur = k
			}
		}
		out = append(out, cur)
	}
	return out
}

// minWidth and minHeight are the smallest terminal a level's screen is
// drawn in; a smaller one shows tooSmall instead of a screen cut short,
// whose last lines (the status and the keys) would be the ones lost.
const (
	minWidth  = 40
	minHeight = 12
)

// tableMinWidth and tableMinHeight are the card table's: the commands name
// minions and cards by the ids the boards and hands show, and under them
// the title, the status or prompt and the keys leave no room for two
// heroes, two boards and two hands (at 40x12, six rows), so a table drawn
// smaller hides the ids a command needs.
const (
	tableMinWidth  = 60
	tableMinHeight = 20
)

// tooSmall is what a terminal of w x h smaller than the screen's least,
// minW x minH, shows: the longest of its messages that fits whole, so
// that on a very small one how to quit is what is kept, not the start of
// a sentence.
func tooSmall(w, h, minW, minH int) string {
	w, h = max(w, 1), max(h, 1)
	msgs := []string{
		fmt.Sprintf("Too small for course play: %dx%d, and it needs at least %dx%d. Enlarge it; q quits.", w, h, minW, minH),
		fmt.Sprintf("Too small: needs %dx%d. q quits.", minW, minH),
		"Too small. q quits.",
		"q quits",
	}
	var lines []string
	for _, msg := range msgs {
		lines = strings.Split(ansi.Wrap(msg, w, ""), "\n")
		if len(lines) <= h {
			return strings.Join(lines, "\n")
		}
	}
	return strings.Join(lines[:h], "\n")
}
