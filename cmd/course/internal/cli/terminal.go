package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"

	"github.com/charmbracelet/glamour"
	glamouransi "github.com/charmbracelet/glamour/ansi"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-isatty"
	"github.com/muesli/termenv"
	"golang.org/x/term"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// Terminal is what a command knows of the screen it writes to. The zero
// value is a pipe: plain text, no colour, no pager.
type Terminal struct {
	// IsTerminal is true when stdout is a terminal.
	IsTerminal bool
	// Profile is the colour the output may use: termenv.Ascii for none. It
	// honours NO_COLOR, CLICOLOR, CLICOLOR_FORCE and TERM=dumb, and not CI:
	// a terminal is one whoever runs it.
	Profile termenv.Profile
	// ForceColor is true when the environment asks for colour on a
	// stdout that is not a terminal (CLICOLOR_FORCE). Colour is used on a
	// terminal, or when forced, and only in a Profile that has it.
	ForceColor bool
	// Width and Height are the screen's size in cells (0 when unknown).
	Width, Height int
}

// detectTerminal reads the terminal behind f and the colour settings of the
// environment.
func detectTerminal(f *os.File) Terminal {
	t := Terminal{Profile: termenv.Ascii}
	t.IsTerminal = isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
	// Whether stdout is a terminal is ours to say: termenv alone would take
	// any CI variable for "no terminal" and drop colour on a real one.
	t.Profile = termenv.NewOutput(f, termenv.WithTTY(t.IsTerminal)).EnvColorProfile()
	// Off a terminal termenv gives a colour profile only when it is forced.
	t.ForceColor = !t.IsTerminal && t.Profile != termenv.Ascii
	if t.IsTerminal {
		if w, h, err := term.GetSize(int(f.Fd())); err == nil {
			t.Width, t.Height = w, h
		}
	}
	return t
}

// colored reports whether styles print colour. The zero Terminal (a
// pipe, TrueColor profile) has none.
func (t Terminal) colored() bool {
	return t.Profile != termenv.Ascii && (t.IsTerminal || t.ForceColor)
}

// styles are the few colours the commands use, in the terminal's profile:
// empty styles when it has none, so the text is the same either way.
type styles struct {
	pass, fail, warn, dim lipgloss.Style
}

func (t Terminal) styles() styles {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(t.Profile)
	s := styles{pass: r.NewStyle(), fail: r.NewStyle(), warn: r.NewStyle(), dim: r.NewStyle()}
	if t.colored() {
		s.pass = s.pass.Foreground(lipgloss.Color("2")).Bold(true)
		s.fail = s.fail.Foreground(lipgloss.Color("1")).Bold(true)
		s.warn = s.warn.Foreground(lipgloss.Color("3"))
		s.dim = s.dim.Faint(true)
	}
	return s
}

// stylePrefix renders the start of line, prefix, in a style: a finding's
// file and place. A line that does not start with prefix is left as it is.
func stylePrefix(style lipgloss.Style, line, prefix string) string {
	rest, ok := strings.CutPrefix(line, prefix)
	if !ok || prefix == "" {
		return line
	}
	return style.Render(prefix) + rest
}

// hang is lead then text, as one line through a pipe or on a terminal of
// unknown width or with room for it; on a narrower terminal, text wraps
// between words short of the last column, each line after the first
// indented as far as lead reaches, or 4 cells in when that leaves fewer
// than 20. A line the terminal wrapped itself broke words apart, a
// drop's commit or a test's name with them. A word is never broken: one
// wider than the room (a long path, a test's name) stands on a line of its
// own, indented only as far as leaves it whole on the screen (for the
// terminal to wrap when nothing can), so that it is read and copied whole.
func (t Terminal) hang(lead, text string) string {
	limit := t.Width - 1
	if !t.IsTerminal || t.Width <= 0 || ansi.StringWidth(lead+text) <= limit {
		return lead + text
	}
	indent := ansi.StringWidth(lead)
	if limit-indent < 20 {
		// No room to hang the lines under the lead's end: they go on
		// a little in from its start.
		indent = min(indent, 4)
		if strings.TrimSpace(lead) == "" {
			lead = strings.Repeat(" ", indent)
		} else {
			lead, text = "", lead+text
		}
	}
	return placeLines(lead, wrapWords(text, limit-indent), indent, limit)
}

// placeLines sets wrapped lines under lead, each after the first indent
// cells in; a line wider than the room there (one word) is set in only as
// far as keeps it within limit, and when it is the first, under the lead
// instead of beside it.
func placeLines(lead string, lines []string, indent, limit int) string {
	out := make([]string, 0, len(lines)+1)
	for i, line := range lines {
		width := ansi.StringWidth(line)
		pad := indent
		if width > limit-indent {
			pad = max(0, min(indent, limit-width))
		}
		switch {
		case i > 0:
			out = append(out, strings.Repeat(" ", pad)+line)
		case pad == indent:
			out = append(out, lead+line)
		case strings.TrimSpace(ansi.Strip(lead)) != "":
			// the lead on a line of its own, the word under it
			out = append(out, strings.TrimRight(lead, " "), strings.Repeat(" ", pad)+line)
		default:
			out = append(out, strings.Repeat(" ", pad)+line)
		}
	}
	return strings.Join(out, "\n")
}

// wrapWords is text in lines of at most width cells, broken at spaces
// only (escape sequences take no room); a word wider than that is a line
// of its own. A continuation starts at a word, not a space.
func wrapWords(text string, width int) []string {
	var lines []string
	line, lw, started := "", 0, false
	for _, word := range strings.Split(text, " ") {
		ww := ansi.StringWidth(word)
		switch {
		case !started && word == "" && len(lines) > 0:
		case !started:
			line, lw, started = word, ww, true
		case lw+1+ww <= width:
			line, lw = line+" "+word, lw+1+ww
		default:
			lines = append(lines, line)
			line, lw, started = word, ww, word != ""
		}
	}
	return append(lines, line)
}

// sayf writes a line of prose to stdout: lead, then the text, wrapped to
// the terminal as hang wraps it.
func (e *Env) sayf(lead, format string, args ...any) {
	fmt.Fprintln(e.Stdout, e.Term.hang(lead, fmt.Sprintf(format, args...)))
}

// padded renders s in a style, padded with spaces to width cells after the
// style ends, so that a coloured column lines up as the plain one does.
func padded(style lipgloss.Style, s string, width int) string {
	return style.Render(s) + strings.Repeat(" ", max(0, width-lipgloss.Width(s)))
}

// renderMarkdown lays Markdown out for the terminal with glamour, in colour
// when the terminal has it (see markdownStyle); on a pipe the Markdown is
// returned as it is. A GLAMOUR_STYLE that names no style is said on
// stderr, and the text laid out in the default style. Either way a
// character of the text that a terminal would act on is spelled out
// (shownText).
func (e *Env) renderMarkdown(md string) (string, error) {
	md = shownText(md)
	t := e.Term
	if !t.IsTerminal {
		return md, nil
	}
	style, refused := t.markdownStyle()
	if refused != nil {
		fmt.Fprintln(e.Stderr, t.styles().warn.Render("warning:")+" "+refused.Error())
	}
	// At the terminal's width or, where that is unknown or wide, between
	// 80 and 100 columns.
	width := t.Width
	if width <= 0 || width > 100 {
		width = min(max(width, 80), 100)
	}
	return renderMarkdownAt(mdlines.JoinListLines(md), style, t.Profile, width)
}

// shownText is course content as lesson and hint show it: a lesson of a
// COURSE_CONTENT checkout may hold anything, and an escape sequence in it
// (one that sets the window's title, clears the screen or writes to the
// clipboard) is spelled out as termsafe spells it, not sent to the
// terminal. Line endings of CR LF are read as LF first, so a checkout with
// Windows line endings shows no \r on every line.
func shownText(md string) string {
	if termsafe.Safe(md) {
		return md
	}
	return termsafe.String(strings.ReplaceAll(md, "\r\n", "\n"))
}

// renderMarkdownAt lays md out with glamour's style at width, every line of
// a code block whole (see layOutCodeWhole) and every code span on one line
// and joined to the punctuation after it (see keepCodeSpansWhole and
// gluePadding). glamour keeps a list item's line breaks and wraps each
// line of it alone, so that on a screen narrower than the source a short
// line would follow every long one: the caller joins them first, with
// mdlines.JoinListLines.
func renderMarkdownAt(md string, style glamouransi.StyleConfig, profile termenv.Profile, width int) (string, error) {
	md, putBack, replaced := keepCodeSpansWhole(plainCodeInWideTables(md, width))
	if replaced {
		style = gluePadding(style)
	}
	render := func(md string, width int) (string, error) {
		r, err := glamour.NewTermRenderer(glamour.WithStyles(style), glamour.WithWordWrap(width-2),
			glamour.WithColorProfile(profile))
		if err != nil {
			return "", fmt.Errorf("setting up the Markdown renderer: %w", err)
		}
		return r.Render(md)
	}
	out, ok, err := layOutCodeWhole(md, width, render)
	if err == nil && !ok {
		out, err = render(md, width)
	}
	return putBack(out), err
}

// pagerCommand is the pager long text goes through on a terminal, as gh
// chooses it: COURSE_PAGER, then PAGER, then less, as words (a command and
// its arguments). A COURSE_PAGER of no words (empty, or spaces alone) or
// "cat" means none; so does a PAGER of "cat", and one of no words is
// passed over.
func pagerCommand() ([]string, bool) {
	if p, ok := os.LookupEnv("COURSE_PAGER"); ok {
		words := strings.Fields(p)
		return words, len(words) > 0 && !slices.Equal(words, []string{"cat"})
	}
	if words := strings.Fields(os.Getenv("PAGER")); len(words) > 0 {
		return words, !slices.Equal(words, []string{"cat"})
	}
	return []string{"less"}, true
}

// page writes text to w, through the pager when w is a terminal, paging is
// wanted and the text is taller than the screen. A pager that cannot start
// is passed over: the text is written as it is.
func (t Terminal) page(w io.Writer, text string, noPager bool) error {
	lines := strings.Count(text, "\n")
	pager, ok := pagerCommand()
	if noPager || !t.IsTerminal || !ok || (t.Height > 0 && lines < t.Height) {
		_, err := io.WriteString(w, text)
		return err
	}
	cmd := exec.Command(pager[0], pager[1:]...)
	cmd.Stdin = strings.NewReader(text)
	cmd.Stdout, cmd.Stderr = w, os.Stderr
	if o, ok := w.(*outputWriter); ok {
		// The pager writes to the terminal itself, as a terminal: through
		// the wrapper it would get a pipe and stop paging.
		cmd.Stdout = o.w
	}
	cmd.Env = os.Environ()
	if _, set := os.LookupEnv("LESS"); !set {
		// Quit when the text fits, keep colours, leave the text on screen.
		cmd.Env = append(cmd.Env, "LESS=FRX")
	}
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return nil // the pager ran, and the reader quit it
		}
		_, err = io.WriteString(w, text)
		return err
	}
	return nil
}
