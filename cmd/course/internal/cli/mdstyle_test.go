package cli

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/testws"
)

// glamour pads inline code with a space on each side in its colour
// styles; a line must not break at that padding, which would start the
// next line with the comma or full stop that follows the code.
func TestPunctuationStaysWithTheCodeBeforeIt(t *testing.T) {
	md := "Write it in `harness`, in your workspace's `harness/` folder; the tests call `NewSketch`. " +
		"A card named in the engine (`\"Baron Rivendare\"`) fails the audit: `coupling-audit` says where. " +
		"Then `course check` runs the tests (`go test -json`), and `course status` says where you stand.\n"
	startsWithPunct := regexp.MustCompile(`^\s*[,.;:)]`)
	for width := 30; width <= 100; width++ {
		term := Terminal{IsTerminal: true, Profile: termenv.ANSI256, Width: width, Height: 1000}
		out, err := renderOn(term, md)
		require.NoError(t, err)
		plain := stripANSI(out)
		for _, l := range strings.Split(plain, "\n") {
			assert.False(t, startsWithPunct.MatchString(l), "at %d columns a line starts with punctuation: %q", width, l)
		}
		assert.Contains(t, plain, " harness ,", "the padding is put back, at %d columns", width)
		assert.False(t, strings.ContainsAny(plain, strings.Join(standIns, "")), "a stand-in left at %d columns", width)
	}
}

// GLAMOUR_STYLE chooses the lessons' look as it does glow's: a standard
// style's name or a JSON style file. A value that is neither is said on
// stderr, with how to mend it, and the lesson is still shown.
func TestGlamourStyle(t *testing.T) {
	md := "# Title\n\nSome `code`, and text.\n\n```go\nfunc f() {}\n```\n"
	render := func(t *testing.T, value string) (out, stderr string) {
		t.Setenv(glamourStyleVar, value)
		var errBuf bytes.Buffer
		env := &Env{Term: Terminal{IsTerminal: true, Profile: termenv.ANSI256, Width: 80, Height: 1000}, Stderr: &errBuf}
		out, err := env.renderMarkdown(md)
		require.NoError(t, err)
		return out, errBuf.String()
	}
	dark, stderr := render(t, "")
	assert.Empty(t, stderr)

	light, stderr := render(t, "light")
	assert.Empty(t, stderr)
	assert.NotEqual(t, dark, light, "light is a style of its own")

	// styleFile writes a style file of its own and gives its path.
	styleFile := func(content string) string {
		dir := t.TempDir()
		testws.Write(t, dir, map[string]string{"style.json": content})
		return filepath.Join(dir, "style.json")
	}
	file := styleFile(`{"heading": {"prefix": "H> "}, "h1": {"prefix": "H1> "}}`)
	mine, stderr := render(t, file)
	assert.Empty(t, stderr)
	assert.Contains(t, stripANSI(mine), "H1> Title", "the style file's heading prefix")

	for _, c := range []struct {
		value, why string
		inFile     bool
	}{
		{"bogus", "no standard style is called that, and no file is there", false},
		{filepath.Join(t.TempDir(), "missing.json"), "no standard style is called that, and no file is there", false},
		{t.TempDir(), "it is a folder, not a style file", false},
		{styleFile("{not json"), "the file is not a glamour style file: invalid character", true},
		// chroma's parser panics on a colour it does not know, and
		// glamour's renderer holds a lock as it does.
		{styleFile(`{"code_block": {"chroma": {"keyword": {"color": "zzz"}}}}`),
			`the style file's code_block.chroma.keyword is not a colour chroma knows: unknown style element "zzz"`, true},
		// A margin or indent of a million cells is a million spaces a line.
		{styleFile(`{"document": {"margin": 1000000}}`), "the style file's document.margin is 1000000, more than the 40 cells a lesson's layout takes", true},
		{styleFile(`{"h2": {"indent": 41}}`), "the style file's h2.indent is 41, more than the 40 cells", true},
		{styleFile(`{"list": {"level_indent": 100}}`), "the style file's list.level_indent is 100, more than the 40 cells", true},
		{styleFile(`{"document": {"indent": 2, "indent_token": "` + strings.Repeat("x", 17) + `"}}`),
			"the style file's document.indent_token is 17 bytes long, more than the 16", true},
	} {
		out, stderr := render(t, c.value)
		assert.Equal(t, dark, out, "%s: laid out in the default style", c.value)
		stderr = stripANSI(stderr)
		assert.True(t, strings.HasPrefix(stderr, "warning: GLAMOUR_STYLE="+c.value+" cannot be used: "+c.why), "%q", stderr)
		mend := "; set GLAMOUR_STYLE to one of ascii, dark, dracula, light, notty, pink, tokyo-night, auto or a JSON style file's path, or unset it (shown in the dark style)\n"
		if c.inFile {
			mend = "; mend the file, or set GLAMOUR_STYLE to one of ascii, dark, dracula, light, notty, pink, tokyo-night, auto or another style file's path, or unset it (shown in the dark style)\n"
		}
		assert.True(t, strings.HasSuffix(stderr, mend), "%q", stderr)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
	}
	// The value is the user's, shown as text: an escape in it is spelled
	// out, not acted on.
	_, stderr = render(t, "bad\x1b]0;title\x07")
	assert.Contains(t, stderr, `GLAMOUR_STYLE=bad\x1b]0;title\x07 cannot be used`)
	assert.NotContains(t, stderr, "\x1b]0;")

	// The limits are limits, not refusals of every margin.
	within, stderr := render(t, styleFile(`{"document": {"margin": 40, "indent": 40, "indent_token": "`+strings.Repeat("x", 16)+`"}, "list": {"level_indent": 40},
		"code_block": {"chroma": {"keyword": {"color": "#ff8800", "background_color": "#000000", "bold": true}}}}`))
	assert.Empty(t, stderr)
	assert.Contains(t, stripANSI(within), "Title")

	// Without colour the style is notty, whatever GLAMOUR_STYLE says.
	t.Setenv(glamourStyleVar, "bogus")
	var errBuf bytes.Buffer
	env := &Env{Term: Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 80, Height: 1000}, Stderr: &errBuf}
	out, err := env.renderMarkdown(md)
	require.NoError(t, err)
	assert.Contains(t, out, "Some code, and text.")
	assert.Empty(t, errBuf.String())
}
