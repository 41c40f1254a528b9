package cli

import (
	"io"
	"strings"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A command in inline code stays on one line, its hyphens and spaces
// whole, where glamour would break it like prose; the prose around it is
// still wrapped to the screen.
func TestACodeSpanStaysOnOneLine(t *testing.T) {
	md := "> **Discussion**: folded; write your answers down first, then `course lesson 00 --discussion`.\n\nThe workspace is a Go module (`example.com/my-engine` unless you pass `--module-path`) with these folders.\n"
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI256} {
		for width := 40; width <= 100; width++ {
			term := Terminal{IsTerminal: true, Profile: profile, Width: width, Height: 1000}
			out, err := renderOn(term, md)
			require.NoError(t, err)
			plain := stripANSI(out)
			for _, span := range []string{"course lesson 00 --discussion", "--module-path", "example.com/my-engine"} {
				assert.Contains(t, plain, span, "at %d columns", width)
			}
			assert.NotContains(t, plain, "\ue000")
			for _, l := range strings.Split(plain, "\n") {
				assert.LessOrEqual(t, len([]rune(l)), width, "%q", l)
			}
		}
	}
}

// renderOn lays md out as the lesson and hint commands do on term.
func renderOn(term Terminal, md string) (string, error) {
	return (&Env{Term: term, Stderr: io.Discard}).renderMarkdown(md)
}

func TestKeepCodeSpansWhole(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"run `a b-c` now", "run `a\ue000b\ue001c` now"},
		{"``a ` b`` and `c.d`", "``a\ue000`\ue000b`` and `c\ue003d`"},
		{"no span ` here, a-b", "no span ` here, a-b"},
		{"\\`a b\\` and `a;b+c,d|e`", "\\`a b\\` and `a\ue004b\ue005c\ue002d|e`"},
		{"\\`not a span` but `this is`", "\\`not a span`\ue000but\ue000`this is`"},
		{"```sh\ngo test -v ./...\n```\n`x y`\n", "```sh\ngo test -v ./...\n```\n`x\ue000y`\n"},
		{"`a\nb`", "`a\nb`"},
	} {
		got, back, ok := keepCodeSpansWhole(c.in)
		assert.Equal(t, c.want, got, "%q", c.in)
		assert.Equal(t, c.in, back(got), "put back: %q", c.in)
		assert.True(t, ok)
	}
	held := "a stand-in \ue000 already, and `a b`"
	got, back, ok := keepCodeSpansWhole(held)
	assert.Equal(t, held, got, "a text holding a stand-in is left as it is")
	assert.False(t, ok, "and nothing is to be put back")
	assert.Equal(t, held, back(got))
}
