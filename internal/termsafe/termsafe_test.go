package termsafe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

func TestStringSpellsOutWhatATerminalWouldActOn(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"module 01: 5 passed", "module 01: 5 passed"},
		{"tabs\tand\nnewlines stay", "tabs\tand\nnewlines stay"},
		{"boom\x1b[2K\x1b[1Amodule 01: 5 passed", `boom\x1b[2K\x1b[1Amodule 01: 5 passed`},
		{"over\rwrite", `over\rwrite`},
		{"bell\a nul\x00 del\x7f", `bell\x07 nul\x00 del\x7f`},
		{"\x1b]52;c;aGk=\a", `\x1b]52;c;aGk=\x07`},     // a write to the clipboard
		{"c1 \u009b2J csi", `c1 \u009b2J csi`},         // CSI as one character
		{"engine/\u202egnp.og", `engine/\u202egnp.og`}, // shown reversed otherwise
		{"isolate \u2066x\u2069 mark \u200f", `isolate \u2066x\u2069 mark \u200f`},
		{"not utf-8 \xff\xfe", `not utf-8 \xff\xfe`},
		{"cut \xe2\x82", `cut \xe2\x82`},
		{"letters stay: é, 日本, \uFFFD, emoji 🂡", "letters stay: é, 日本, \uFFFD, emoji 🂡"},
	} {
		assert.Equal(t, c.want, String(c.in), "%q", c.in)
		assert.Equal(t, c.in == c.want, Safe(c.in), "%q", c.in)
	}
}

// Whatever the input, the output has nothing a terminal acts on, is valid
// UTF-8, and is its own String: applying it twice changes nothing.
func TestStringLeavesNothingToActOn(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := rapid.OneOf(
			rapid.String(),
			rapid.StringOf(rapid.RuneFrom([]rune{'\x1b', '\r', '\a', 0x7f, 0x9b, 0x202e, 0x2066, 0xfffd, 'a', '[', '\\', '\t', '\n', 'é'})),
			rapid.Map(rapid.SliceOf(rapid.Byte()), func(b []byte) string { return string(b) }),
		).Draw(t, "in")
		out := String(in)
		if !utf8.ValidString(out) {
			t.Fatalf("String(%q) = %q is not UTF-8", in, out)
		}
		for _, r := range out {
			if acts(r) {
				t.Fatalf("String(%q) = %q keeps %U", in, out, r)
			}
		}
		if again := String(out); again != out {
			t.Fatalf("String is not its own String: %q, then %q", out, again)
		}
		if Safe(in) != (out == in) {
			t.Fatalf("Safe(%q) = %v, but String gives %q", in, Safe(in), out)
		}
	})
}

func TestWriterShowsEachWriteAsStringDoes(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	n, err := fmt.Fprintf(w, "  first failure: %s\n", "boom\x1b[1A")
	require.NoError(t, err)
	assert.Equal(t, len("  first failure: boom\x1b[1A\n"), n, "the bytes given, not the bytes written")
	_, err = fmt.Fprintln(w, "plain")
	require.NoError(t, err)
	assert.Equal(t, "  first failure: boom\\x1b[1A\nplain\n", out.String())
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, fmt.Errorf("disk full") }

func TestWriterPassesOnTheWritersError(t *testing.T) {
	_, err := NewWriter(failingWriter{}).Write([]byte("\x1b"))
	assert.EqualError(t, err, "disk full")
	_, err = NewWriter(failingWriter{}).Write([]byte("plain"))
	assert.EqualError(t, err, "disk full")
}

func TestStyledKeepsColoursAndSpellsOutTheRest(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\x1b[1;38;5;204mtitle\x1b[0m", "\x1b[1;38;5;204mtitle\x1b[0m"},
		{"\x1b[mplain", "\x1b[mplain"},
		{"\x1b]52;c;aGk=\a", `\x1b]52;c;aGk=\x07`},
		{"\x1b[1A\x1b[2Kover", `\x1b[1A\x1b[2Kover`},
		{"\x1b[31", `\x1b[31`},
		{"a\x1b", `a\x1b`},
		{"\x9b31m", `\x9b31m`},
		{"\u009b31m", `\u009b31m`},
		{"\x1b[31m\u202eevil\x1b[0m", "\x1b[31m" + `\u202e` + "evil\x1b[0m"},
		{"ok\n\tok", "ok\n\tok"},
	} {
		assert.Equal(t, c.want, Styled(c.in), "Styled(%q)", c.in)
	}
}

// TestStyledLeavesNothingButColours: what Styled gives has no character a
// terminal acts on, but the ESC of an SGR sequence.
func TestStyledLeavesNothingButColours(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := rapid.StringOf(rapid.RuneFrom([]rune{'\x1b', '[', ']', 'm', '1', ';', '\a', '\r', 0x9b, 0x202e, 'a', '\n'})).Draw(t, "in")
		out := Styled(in)
		for i := 0; i < len(out); {
			if n := sgrLen(out[i:]); n > 0 {
				i += n
				continue
			}
			r, size := utf8.DecodeRuneInString(out[i:])
			if acts(r) {
				t.Fatalf("Styled(%q) = %q keeps %U at %d", in, out, r, i)
			}
			i += size
		}
		if again := Styled(out); again != out {
			t.Fatalf("Styled is not its own Styled: %q, then %q", out, again)
		}
	})
}

// Whatever a string holds, its JSON through JSON has nothing a terminal
// acts on and decodes to the same string.
func TestJSONLeavesNothingToActOnAndReadsTheSame(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		in := rapid.OneOf(
			rapid.String(),
			rapid.StringOf(rapid.RuneFrom([]rune{'\x1b', '\r', 0x85, 0x9b, 0x61c, 0x200f, 0x202e, 0x2066, 0x2028, 'a', '"', '\\', '\n', 'é'})),
		).Draw(t, "in")
		js, err := json.Marshal(map[string]string{in: in})
		if err != nil {
			t.Fatal(err)
		}
		out := JSON(js)
		if !Safe(string(out)) {
			t.Fatalf("JSON(%s) = %s keeps a character a terminal acts on", js, out)
		}
		var want, got map[string]string
		if err := json.Unmarshal(js, &want); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("JSON(%s) = %s does not decode: %v", js, out, err)
		}
		if !reflect.DeepEqual(want, got) {
			t.Fatalf("JSON(%s) = %s decodes to %q, not %q", js, out, got, want)
		}
	})
}
