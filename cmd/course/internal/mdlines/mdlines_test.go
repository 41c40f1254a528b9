package mdlines

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/systemic-game-design/course/course"
)

// marks writes each line's state as one letter: "t" text, "f" a fence,
// "c" a line of code between fences, "h" a line of an HTML comment.
func marks(text string) string {
	var b strings.Builder
	for ln := range Lines(text) {
		switch {
		case ln.Comment:
			b.WriteByte('h')
		case ln.Fence:
			b.WriteByte('f')
		case ln.Code:
			b.WriteByte('c')
		default:
			b.WriteByte('t')
		}
	}
	return b.String()
}

func TestLinesMarksFencedBlocks(t *testing.T) {
	for _, c := range []struct {
		name, text, want string
	}{
		{"a backtick block", "# title\n```sh\n# run the tests\n```\n## next\n", "tfcft"},
		{"a tilde block", "~~~\n# code\n~~~\ntext\n", "fcft"},
		{"a tilde line in a backtick block is code", "```\n~~~\n# code\n```\n# h\n", "fccft"},
		{"a shorter fence does not close", "````\n```\n# code\n````\n", "fccf"},
		{"a fence with words after it does not close", "```\n```go\n```\n", "fcf"},
		{"an indented block in a list", "- step\n\n    ```\n    # code\n    ```\n", "ttfcf"},
		{"an open block runs to the end", "text\n```\n# code\n# more", "tfcc"},
		{"inline code is no fence", "```a` b\n# heading\n", "tt"},
		{"two backticks are no fence", "``\n# heading\n", "tt"},
		{"CRLF line endings", "```\r\n# code\r\n```\r\n# h\r\n", "fcft"},
		{"no text", "", ""},
		{"an HTML comment", "<!--\n## heading\n```\n-->\n# h\n", "hhhht"},
		{"a comment of one line", "<!-- a -->\n# h\n<!-->\n# h\n", "htht"},
		{"a comment closed after text", "   <!-- a\nb --> c\n# h\n", "hht"},
		{"an open comment runs to the end", "<!--\n# h\n", "hh"},
		{"a comment in a block is code", "```\n<!--\n```\n# h\n", "fcft"},
		{"four spaces make no comment", "    <!--\n# h\n", "ct"},
		// A fence is indented by three spaces at most; four make a line
		// of an indented code block, and a heading between two such lines
		// is a heading.
		{"four spaces make no fence", "text\n\n    ```\n## test_01_x\n    ```\n", "ttctc"},
		{"three spaces make a fence", "   ```\n## code\n   ```\n# h\n", "fcft"},
		{"a closing fence of four spaces closes nothing", "```\n# code\n    ```\n# code\n```\n# h\n", "fcccft"},
		{"a closing fence of three spaces closes", "```\n# code\n   ```\n# h\n", "fcft"},
		{"a tab is four spaces", "\t```\n# h\n", "ct"},
		{"indented code cannot interrupt a paragraph", "text\n    ```\n# h\n", "ttt"},
		{"indented code goes on past a blank line", "# h\n    a\n\n    # b\n# h\n", "tctct"},
		// In a list item the indentation counts from where its text
		// starts.
		{"a fence in a nested item", "- a\n  - b\n\n    ```\n    # code\n    ```\n", "tttfcf"},
		{"a fence in a numbered item", "10. a\n\n    ```\n    # code\n    ```\n", "ttfcf"},
		{"indented code in an item", "- a\n\n      ```\n  # h\n", "ttct"},
		{"a fence after an item's lazy line", "- a\nb\n  ```\n  # code\n  ```\n", "ttfcf"},
		{"a line not indented leaves the item", "- a\n\n```\n# code\n```\n\n    # code\n", "ttfcftc"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, marks(c.text))
		})
	}
}

func TestLinesNumbersAndTextWithoutEndings(t *testing.T) {
	var got []Line
	for ln := range Lines("a\r\n```\nb\n```\nc") {
		got = append(got, ln)
	}
	assert.Equal(t, []Line{
		{Number: 1, Text: "a", Raw: "a\r\n"},
		{Number: 2, Text: "```", Raw: "```\n", Code: true, Fence: true},
		{Number: 3, Text: "b", Raw: "b\n", Code: true},
		{Number: 4, Text: "```", Raw: "```\n", Code: true, Fence: true},
		{Number: 5, Text: "c", Raw: "c"},
	}, got)
}

func TestLinesStopsWhenAsked(t *testing.T) {
	n := 0
	for range Lines("a\nb\nc\n") {
		n++
		if n == 2 {
			break
		}
	}
	assert.Equal(t, 2, n)
}

func TestJoinListLinesJoinsAnItemsTextOnly(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"an item's lines", "- Ids and zones\n  belong in\n  `engine/`.\n- next\n", "- Ids and zones belong in `engine/`.\n- next\n"},
		{"a numbered item", "1. Given only\n   that slice?\n2. Two\n", "1. Given only that slice?\n2. Two\n"},
		{"a second paragraph of an item", "- one\n  two\n\n  three\n  four\n", "- one two\n\n  three four\n"},
		{"a nested item", "- outer\n  - inner\n    more\n", "- outer\n  - inner more\n"},
		{"a paragraph is left", "Some text\non two lines.\n", "Some text\non two lines.\n"},
		{"a line not indented leaves the item", "- item\ntext after\n", "- item\ntext after\n"},
		{"a code block in an item", "- run it:\n  ```sh\n  course check\n  more\n  ```\n", "- run it:\n  ```sh\n  course check\n  more\n  ```\n"},
		{"a hard break", "- one  \n  two\n  three\n", "- one  \n  two three\n"},
		{"a quote in an item", "- item\n  > quoted\n  > more\n", "- item\n  > quoted\n  > more\n"},
		{"no final newline", "- a\n  b", "- a b"},
		{"line endings kept", "- a\r\n  b\r\ntext\r\n", "- a b\r\ntext\r\n"},
		{"a last line of a carriage return", "```\n\r", "```\n\r"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, JoinListLines(c.in))
		})
	}
}

// Joining lines changes where lines break, nothing else: the words are
// the same, in the same order, no line is added, and every line of a code
// block is kept whole.
func FuzzJoinListLinesKeepsWordsAndCode(f *testing.F) {
	for _, s := range []string{
		"- a\n  b\n", "1. a\n   b\n\n   c\n", "- x\n  ```\n  code\n  ```\n", "text\n- a  \n  b\n", "- a\n  > q\n", "- \n  b", "  - a\n    b\nc\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out := JoinListLines(in)
		assert.Equal(t, strings.Fields(in), strings.Fields(out))
		assert.LessOrEqual(t, strings.Count(out, "\n"), strings.Count(in, "\n"))
		var codeIn, codeOut []string
		for ln := range Lines(in) {
			if ln.Code {
				codeIn = append(codeIn, ln.Text)
			}
		}
		for ln := range Lines(out) {
			if ln.Code {
				codeOut = append(codeOut, ln.Text)
			}
		}
		assert.Equal(t, codeIn, codeOut)
	})
}

// codeByGoldmark marks each line of src as goldmark, the CommonMark parser
// under glamour, which renders the lessons, reads it: true for a line of
// a code block's text, fenced or indented, its fences aside.
func codeByGoldmark(src string) []bool {
	code := make([]bool, strings.Count(src, "\n")+2)
	doc := goldmark.New().Parser().Parse(text.NewReader([]byte(src)))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if k := n.Kind(); entering && (k == ast.KindFencedCodeBlock || k == ast.KindCodeBlock) {
			for i := range n.Lines().Len() {
				code[strings.Count(src[:n.Lines().At(i).Start], "\n")+1] = true
			}
		}
		return ast.WalkContinue, nil
	})
	return code
}

// agreesWithGoldmark asserts that every line Lines marks as code inside a
// block, and every line it does not, is so for goldmark too; fences and
// blank lines aside, which goldmark keeps out of a block's lines.
func agreesWithGoldmark(t *testing.T, name, src string) {
	t.Helper()
	gm := codeByGoldmark(src)
	for ln := range Lines(src) {
		if ln.Fence || ln.Comment || strings.TrimSpace(ln.Text) == "" {
			continue
		}
		assert.Equal(t, gm[ln.Number], ln.Code, "%s: line %d %q", name, ln.Number, ln.Text)
	}
}

// Where a code block starts and ends is CommonMark's, as the renderer
// reads it: on the cases above, and on every Markdown file of the course.
func TestLinesAgreeWithGoldmark(t *testing.T) {
	for _, c := range []string{
		"text\n\n    ```\n## test_01_x\n    ```\n",
		"```\n# code\n    ```\n# code\n```\n# h\n",
		"- a\n  - b\n\n    ```\n    # code\n    ```\n",
		"10. a\n\n    ```\n    # code\n    ```\n",
		"- a\n\n      ```\n  # h\n",
		"- a\nb\n  ```\n  # code\n  ```\n",
		"text\n    ```\n# h\n",
		"# h\n    a\n\n    # b\n# h\n",
		"- a\n\n```\n# code\n```\n\n    # code\n",
		"Title\n===\n    code\n",
		"2. a\n\n     b\n",
	} {
		agreesWithGoldmark(t, c, c)
	}
	n := 0
	require.NoError(t, fs.WalkDir(course.Files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".md") {
			return err
		}
		raw, err := fs.ReadFile(course.Files, p)
		if err != nil {
			return err
		}
		n++
		agreesWithGoldmark(t, p, string(raw))
		return nil
	}))
	assert.Greater(t, n, 30, "the course's Markdown files")
}
