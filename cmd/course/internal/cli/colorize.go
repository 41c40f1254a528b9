package cli

import (
	"bytes"
	"io"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// lineColors are the report lines a colour helps to read at a glance, and
// how they are shown: a holding verdict in green, a failing one in red, a
// warning in yellow. The text itself never changes.
var lineColors = []struct {
	re   *regexp.Regexp
	kind string
}{
	{regexp.MustCompile(`^(coupling-audit|expansion-check|validate): ok\b`), "pass"},
	{regexp.MustCompile(`^(module .*|your tests): [0-9]+ passed, 0 failed$`), "pass"},
	{regexp.MustCompile(`^[0-9]+ passed, 0 failed$`), "pass"},
	{regexp.MustCompile(`^drop [0-9]+x: engine unchanged`), "pass"},
	{regexp.MustCompile(`^(module .*|your tests): [0-9]+ passed, [1-9][0-9]* failed`), "fail"},
	{regexp.MustCompile(`^[0-9]+ passed, [0-9]+ failed`), "fail"},
	{regexp.MustCompile(`engine names "`), "fail"},
	{regexp.MustCompile(`^coupling-audit: [0-9]+ findings? in `), "fail"},
	{regexp.MustCompile(`^(build error|drop [0-9]+x: )`), "fail"},
	{regexp.MustCompile(`^(warning|next): `), "warn"},
}

// lineWriter writes lines to w, each as each makes it. A line is written
// when it ends; Close writes what is left.
type lineWriter struct {
	w    io.Writer
	each func(line string) string
	buf  []byte
}

// colorLines is w with report lines coloured, when the terminal has colour;
// otherwise w itself.
func colorLines(w io.Writer, t Terminal) io.Writer {
	if !t.colored() {
		return w
	}
	return &lineWriter{w: w, each: linePainter{st: t.styles()}.paint}
}

// hangLines is w with each line wrapped between words on a terminal
// narrower than it, as hang wraps it, under its lead: its indent and a
// label up to the first ": " ("  also failed: ", "warning: "), or its
// indent alone. Through a pipe, or on a terminal of unknown width, it is
// w itself, so that scripts read the lines as they always were.
func hangLines(w io.Writer, t Terminal) io.Writer {
	if !t.IsTerminal || t.Width <= 0 {
		return w
	}
	return &lineWriter{w: w, each: func(line string) string { return t.hang(splitLead(line)) }}
}

// splitLead parts a report line into the lead its continuation hangs
// under and the rest: the indent and a label (no wider than maxLabel,
// and no list: "3 passed, 1 failed; audit: ..." has none), or the indent.
func splitLead(line string) (lead, text string) {
	text = strings.TrimLeft(line, " ")
	indent := line[:len(line)-len(text)]
	label, rest, ok := strings.Cut(text, ": ")
	if ok && ansi.StringWidth(label) <= maxLabel && !strings.ContainsAny(ansi.Strip(label), ",;") {
		return indent + label + ": ", rest
	}
	return indent, text
}

// maxLabel is the widest label a report line's continuation hangs under:
// "module 12 deterministic-rng", "first failure".
const maxLabel = 28

// reportLines is w as a report's lines go to the terminal: coloured, then
// wrapped; done ends it, writing a last line without its newline.
func reportLines(w io.Writer, t Terminal) (out io.Writer, done func()) {
	wrapped := hangLines(w, t)
	out = colorLines(wrapped, t)
	return out, func() { closeLines(out, wrapped) }
}

func (c *lineWriter) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	for {
		i := bytes.IndexByte(c.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if _, err := io.WriteString(c.w, c.each(string(c.buf[:i]))+"\n"); err != nil {
			return 0, err
		}
		c.buf = c.buf[i+1:]
	}
}

// Close writes a last line without its newline.
func (c *lineWriter) Close() error {
	if len(c.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(c.w, c.each(string(c.buf)))
	c.buf = nil
	return err
}

// linePainter paints a report line in the colour its kind has in st.
type linePainter struct{ st styles }

func (c linePainter) paint(line string) string {
	for _, lc := range lineColors {
		if !lc.re.MatchString(line) {
			continue
		}
		switch lc.kind {
		case "pass":
			return c.st.pass.Render(line)
		case "fail":
			return c.st.fail.Render(line)
		default:
			return c.st.warn.Render(line)
		}
	}
	return line
}

// closeLines ends writers colorLines and hangLines made, outermost first.
func closeLines(ws ...io.Writer) {
	for _, w := range ws {
		if c, ok := w.(*lineWriter); ok {
			_ = c.Close()
		}
	}
}
