// Package termsafe keeps text the course tool did not write (file names,
// panic messages, test output, values in card files) from acting on the
// terminal it is printed on. A learner's panic message with an escape
// sequence in it could otherwise move the cursor and print over a failing
// line, hide text, set the window title or write to the clipboard; a
// right-to-left override could show a file name reversed. Every such
// character is shown spelled out instead, as a Go escape: ESC as \x1b, a
// carriage return as \r, U+202E as \u202e. Tabs and newlines are kept.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// String returns s with every character a terminal would act on, rather
// than show, spelled out: the C0 controls but tab and newline, DEL, the C1
// controls, the bidirectional marks, embeddings, overrides and isolates,
// and bytes that are not UTF-8. Text with none of them is returned as it
// is, so String can be applied twice.
func String(s string) string {
	if Safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	write(&b, s)
	return b.String()
}

// Line is String's s with its tabs and line breaks spelled out too, as \t
// and \n: text from elsewhere shown as one line (a table's cell, a
// finding), where a tab would start a column and a line break a line of
// their own.
func Line(s string) string {
	return lineEscapes.Replace(String(s))
}

var lineEscapes = strings.NewReplacer("\t", `\t`, "\n", `\n`)

// Safe reports whether s holds nothing String would spell out.
func Safe(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return safeRunes(s[i:])
		}
		if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
			return false
		}
	}
	return true
}

func safeRunes(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || acts(r) {
			return false
		}
		i += size
	}
	return true
}

// acts reports whether a terminal acts on r instead of showing it.
func acts(r rune) bool {
	switch {
	case r < 0x20:
		return r != '\t' && r != '\n'
	case r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f: // arabic letter mark, LRM, RLM
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069: // embeddings, overrides, isolates
		return true
	}
	return false
}

type stringWriter interface {
	io.Writer
	io.StringWriter
}

// Styled is String for a screen that is already styled: an SGR sequence
// (ESC [ parameters m: colour, bold, underline), which only changes how
// the text after it looks, is kept as it is; every other character a
// terminal acts on is spelled out, as String spells it. A terminal front
// end whose view mixes its own colours with text it did not write (names
// from a level file, an engine's output) shows the view through Styled:
// the text may change a colour, never move the cursor, set the title or
// write to the clipboard.
func Styled(s string) string {
	if Safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for {
		i := strings.IndexByte(s, 0x1b)
		if i < 0 {
			write(&b, s)
			return b.String()
		}
		write(&b, s[:i])
		if n := sgrLen(s[i:]); n > 0 {
			b.WriteString(s[i : i+n])
			s = s[i+n:]
			continue
		}
		write(&b, s[i:i+1])
		s = s[i+1:]
	}
}

// sgrLen is the length of the SGR sequence s begins with, 0 if it begins
// with none.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}
	return 0
}

func write(b stringWriter, s string) {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(b, `\x%02x`, s[i])
		case !acts(r):
			b.WriteString(s[i : i+size])
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x80:
			fmt.Fprintf(b, `\x%02x`, r)
		default:
			fmt.Fprintf(b, `\u%04x`, r)
		}
		i += size
	}
}

// Writer passes what is written to it on to w as String would show it. It
// takes each Write as text in whole characters, as fmt's functions write
// it: a character split across two writes is shown as its bytes.
type Writer struct{ w io.Writer }

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes p as String shows it and reports len(p) written when all
// of that was written.
func (t *Writer) Write(p []byte) (int, error) {
	s := string(p)
	if Safe(s) {
		return t.w.Write(p)
	}
	if _, err := io.WriteString(t.w, String(s)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// JSON returns the JSON text js with every character a terminal acts on
// that JSON's encoder leaves as it is (DEL, the C1 controls, the
// bidirectional marks, embeddings, overrides and isolates) written as a
// \u escape. Such
// a character can stand only inside a string, where the escape means the
// same character, so the text decodes to the same values; the C0 controls
// are escaped by the encoder already. A --json document quotes a learner's
// test output and file names, and a terminal it is printed on must not act
// on them.
func JSON(js []byte) []byte {
	if Safe(string(js)) {
		return js
	}
	out := make([]byte, 0, len(js)+16)
	for i := 0; i < len(js); {
		r, size := utf8.DecodeRune(js[i:])
		if r >= 0x7f && acts(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = append(out, js[i:i+size]...)
		}
		i += size
	}
	return out
}
