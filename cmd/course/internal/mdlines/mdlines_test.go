package mdlines

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
		{"four spaces make no comment", "    <!--\n# h\n", "tt"},
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
