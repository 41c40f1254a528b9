package play

import (
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
)

// Styles is how the screen is painted. Under NO_COLOR every style is plain
// and only the characters tell things apart: text is its word in upper
// case, an object its glyph in lower case, a minion its glyph and Health.
type Styles struct {
	Title, Heading, Text, Object, You, Minion, Cursor, Selected, Won, Lost, Status, Problem, Keys, Dim lipgloss.Style
	Color                                                                                              bool
}

// NewStyles paints for w; color false (NO_COLOR, or not a terminal) gives
// plain styles.
func NewStyles(w io.Writer, color bool) Styles {
	r := lipgloss.NewRenderer(w)
	if !color {
		r.SetColorProfile(termenv.Ascii)
	}
	return styles(r, color)
}

// stylesFor paints with a fixed colour profile.
func stylesFor(p termenv.Profile) Styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	return styles(r, p != termenv.Ascii)
}

func styles(r *lipgloss.Renderer, color bool) Styles {
	s := Styles{Color: color}
	s.Title = r.NewStyle().Bold(true)
	s.Heading = r.NewStyle().Bold(true).Underline(true)
	s.Text = r.NewStyle().Foreground(lipgloss.Color("231")).Background(lipgloss.Color("90")).Bold(true)
	s.Object = r.NewStyle().Foreground(lipgloss.Color("222"))
	s.You = r.NewStyle().Foreground(lipgloss.Color("213")).Bold(true)
	s.Minion = r.NewStyle().Foreground(lipgloss.Color("203")).Bold(true)
	s.Cursor = r.NewStyle().Reverse(true)
	s.Selected = r.NewStyle().Reverse(true)
	s.Won = r.NewStyle().Foreground(lipgloss.Color("16")).Background(lipgloss.Color("220")).Bold(true)
	s.Lost = r.NewStyle().Foreground(lipgloss.Color("231")).Background(lipgloss.Color("124")).Bold(true)
	s.Status = r.NewStyle()
	s.Problem = r.NewStyle().Foreground(lipgloss.Color("203"))
	s.Keys = r.NewStyle().Foreground(lipgloss.Color("245"))
	s.Dim = r.NewStyle().Foreground(lipgloss.Color("240"))
	return s
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
