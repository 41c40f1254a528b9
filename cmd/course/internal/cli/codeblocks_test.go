package cli

import (
	"io/fs"
	"path"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/glamour"
	glamourstyles "github.com/charmbracelet/glamour/styles"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
)

const longCode = `	if err := b.Apply(ctx, rules.Sentence{Noun: "ROCK", Property: "PUSH"}); err != nil {`

// On a screen narrower than a code block's lines, each line of it stays
// one line, its indentation kept, while the prose around it is wrapped to
// the screen.
func TestACodeLineStaysWholeOnANarrowScreen(t *testing.T) {
	md := "Some prose that is long enough to need more than one line on a narrow screen.\n\n```go\nfunc f() {\n" + longCode + "\n\t\treturn err\n\t}\n}\n```\n\nAnd prose after the block, long enough to wrap as well, surely.\n"
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI256} {
		term := Terminal{IsTerminal: true, Profile: profile, Width: 40, Height: 1000}
		out, err := renderOn(term, md)
		require.NoError(t, err)
		plain := stripANSI(out)
		assert.Contains(t, plain, "    "+longCode, "the whole line, behind the block's margin (profile %v)", profile)
		assert.Contains(t, plain, "    \t\treturn err\n", "the next line as it was")
		assert.NotContains(t, plain, "qzcodeblock", "no mark is left")
		for _, l := range strings.Split(plain, "\n") {
			if !strings.Contains(l, "\t") {
				assert.LessOrEqual(t, ansi.StringWidth(l), 40, "prose and the lines that fit are held to the screen: %q", l)
			}
		}
		assert.Contains(t, plain, "Some prose that is long enough to", "the prose is wrapped")
	}
}

// A block inside a list item, and one left open at the end of the text,
// are kept whole too.
func TestCodeLinesInAListAndInAnOpenBlockStayWhole(t *testing.T) {
	term := Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 40, Height: 1000}
	for name, md := range map[string]string{
		"list": "- Step one: run this.\n\n  ```sh\n  go test ./... -run 'Test_01_Handles' -count 1 -v -timeout 60s\n  ```\n\n- Step two.\n",
		"open": "Run this:\n\n```sh\ngo test ./... -run 'Test_01_Handles' -count 1 -v -timeout 60s\n",
	} {
		out, err := renderOn(term, md)
		require.NoError(t, err)
		assert.Contains(t, stripANSI(out), "go test ./... -run 'Test_01_Handles' -count 1 -v -timeout 60s", name)
		assert.NotContains(t, out, "qzcodeblock", name)
	}
}

// Where every line fits, the marks change nothing: each lesson and hint is
// laid out as glamour lays out its text alone, with its code spans kept
// whole (see keepCodeSpansWhole) and a table too wide shown as plain text
// (see plainCodeInWideTables). (The text, not the colours, which
// glamour does not always choose alike for the same code from one run to
// the next.)
func TestMarkedTextsAreLaidOutAsTheyAreWhereEveryLineFits(t *testing.T) {
	t.Parallel()
	texts := map[string]string{}
	require.NoError(t, fs.WalkDir(course.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && path.Ext(p) == ".md" {
			b, err := fs.ReadFile(course.Files, p)
			require.NoError(t, err)
			texts[p] = string(b)
		}
		return err
	}))
	require.NotEmpty(t, texts)
	for _, style := range []string{"notty", "dark"} {
		r, err := glamour.NewTermRenderer(glamour.WithStyles(gluePadding(*glamourstyles.DefaultStyles[style])), glamour.WithWordWrap(218), glamour.WithColorProfile(termenv.ANSI256))
		require.NoError(t, err)
		for name, md := range texts {
			if style == "dark" && path.Base(name) != "lesson.md" {
				continue // the layout is the style's; the marks are the same
			}
			spanned, putBack, _ := keepCodeSpansWhole(plainCodeInWideTables(md, 220))
			want, err := r.Render(spanned)
			require.NoError(t, err)
			want = putBack(want)
			got, err := renderMarkdownAt(md, *glamourstyles.DefaultStyles[style], termenv.ANSI256, 220)
			require.NoError(t, err)
			want, got = ansi.Strip(want), ansi.Strip(got)
			if want != got {
				w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
				for i := range min(len(w), len(g)) {
					if w[i] != g[i] {
						t.Fatalf("%s in style %s: line %d is\n%q\nwhere glamour alone has\n%q", name, style, i+1, trimPadding(g[i]), trimPadding(w[i]))
					}
				}
				t.Fatalf("%s in style %s: %d lines where glamour alone has %d", name, style, len(g), len(w))
			}
		}
	}
}

func TestTrimPaddingAndDropSpaces(t *testing.T) {
	assert.Equal(t, "  code", trimPadding("  code    "))
	assert.Equal(t, "\x1b[38;5;39mfunc\x1b[0m", trimPadding("\x1b[38;5;39mfunc\x1b[0m\x1b[38;5;252m \x1b[0m\x1b[38;5;252m \x1b[0m"))
	assert.Equal(t, "", trimPadding("   "))
	assert.Equal(t, "x", trimPadding("x"))
	assert.Equal(t, "\x1b[38;5;252m\x1b[0m\t\tx ", dropSpaces("  \x1b[38;5;252m \x1b[0m\t\tx ", 4))
	assert.Equal(t, "  x", dropSpaces("    x", 2))
}

func TestMarkCodeBlocks(t *testing.T) {
	m := codeMarks{prefix: "mark"}
	marked, blocks := markCodeBlocks("a\n\n```go\nx\ny\n```\n\n  ~~~\n  z\n  ~~~\n```\nopen", m)
	assert.Equal(t, "a\n\n```go\nmarkstart0\nx\ny\nmarkend0\n```\n\n  ~~~\n  markstart1\n  z\n  markend1\n  ~~~\n```\nmarkstart2\nopen\nmarkend2\n", marked)
	assert.Equal(t, []codeBlock{{"```go", "", []string{"x", "y"}}, {"~~~", "  ", []string{"z"}}, {"```", "", []string{"open"}}}, blocks)
	assert.NotEqual(t, "x", newCodeMarks("x").prefix)
}

// Whatever the text, its layout holds none of the marks or stand-ins, and
// every long
// line of a code block that stands alone (its fence at the left, where no
// list or quote can hold it) is shown whole.
func FuzzCodeLinesStayWhole(f *testing.F) {
	f.Add("Prose.\n\n```go\nfunc f() {\n" + longCode + "\n}\n```\n")
	f.Add("- item\n\n  ~~~\n  " + longCode + "\n  ~~~\n")
	f.Add("```\nopen block with a long line that will not fit on a narrow screen at all\n")
	f.Add("> ```\n> quoted\n> ```\n\n    ```\n    indented\n    ```\n")
	f.Add("````md\n```\ninner\n```\n````\n")
	f.Fuzz(func(t *testing.T, md string) {
		if strings.Contains(md, "qzcodeblock") || strings.ContainsAny(md, strings.Join(standIns, "")) || len(md) > 4000 {
			t.Skip()
		}
		out, err := renderMarkdownAt(md, glamourstyles.NoTTYStyleConfig, termenv.Ascii, 40)
		if err != nil {
			return // glamour's own refusal
		}
		assert.NotContains(t, out, "qzcodeblock")
		assert.False(t, strings.ContainsAny(out, strings.Join(standIns, "")), "a code span's stand-in left in %q", out)
		_, blocks := markCodeBlocks(md, newCodeMarks(md))
		plain := ansi.Strip(out)
		for _, b := range blocks {
			if b.indent != "" {
				continue
			}
			for _, l := range b.lines {
				if strings.TrimSpace(l) != "" && utf8.ValidString(l) && !strings.ContainsAny(l, "\t\r\x00`<>&*_[]\\") && ansi.StringWidth(l) == len(l) && len(l) > 40 {
					assert.Contains(t, plain, strings.TrimRight(l, " "), "a code line shown whole")
				}
			}
		}
	})
}
