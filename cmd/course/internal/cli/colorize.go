package cli

import (
	"bytes"
	"io"
	"regexp"
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

// colorWriter writes lines to w, each in the colour its kind has in st. A
// line is written when it ends; Close writes what is left.
type colorWriter struct {
	w   io.Writer
	st  styles
	buf []byte
}

// colorLines is w with report lines coloured, when the terminal has colour;
// otherwise w itself.
func colorLines(w io.Writer, t Terminal) io.Writer {
	if !t.colored() {
		return w
	}
	return &colorWriter{w: w, st: t.styles()}
}

func (c *colorWriter) Write(p []byte) (int, error) {
	c.buf = append(c.buf, p...)
	for {
		i := bytes.IndexByte(c.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		if _, err := io.WriteString(c.w, c.paint(string(c.buf[:i]))+"\n"); err != nil {
			return 0, err
		}
		c.buf = c.buf[i+1:]
	}
}

// Close writes a last line without its newline.
func (c *colorWriter) Close() error {
	if len(c.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(c.w, c.paint(string(c.buf)))
	c.buf = nil
	return err
}

func (c *colorWriter) paint(line string) string {
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

// closeColors ends a writer colorLines made.
func closeColors(w io.Writer) {
	if c, ok := w.(*colorWriter); ok {
		_ = c.Close()
	}
}
