package lesson

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const sample = `# Module 9: Sample

## Predict

Q1. What happens?

<details>
<summary>Discussion</summary>

It moves.

</details>

## Build

<details>
<summary>Hint 1: a nudge</summary>

Look at the turn.

</details>

<details>
<summary>Hint 2: the concepts</summary>

A journal.

</details>

<details>
<summary>How the real game differs</summary>

The real game keeps more.

</details>

- A list item

   <details>
   <summary>Discussion</summary>

   Inside a list.

   </details>
`

func TestParseSortsTheBlocks(t *testing.T) {
	l, err := Parse(sample)
	require.NoError(t, err)
	require.Len(t, l.Blocks, 5)
	kinds := []Kind{}
	for _, b := range l.Blocks {
		kinds = append(kinds, b.Kind)
	}
	assert.Equal(t, []Kind{Discussion, Hint, Hint, Aside, Discussion}, kinds)
	hints := l.Hints()
	require.Len(t, hints, 2)
	assert.Equal(t, 2, hints[1].Number)
	assert.Equal(t, "Hint 2: the concepts", hints[1].Summary)
	assert.Equal(t, "A journal.", hints[1].Body)
	assert.Equal(t, "   ", l.Blocks[4].Indent)
}

func TestUnfoldKeepsHintsAndDiscussionsFolded(t *testing.T) {
	l, err := Parse(sample)
	require.NoError(t, err)
	out := l.Unfold(Options{Module: "09"})
	assert.NotContains(t, out, "<details>")
	assert.NotContains(t, out, "It moves.")
	assert.NotContains(t, out, "Look at the turn.")
	assert.Contains(t, out, "`course hint 09 1`")
	assert.Contains(t, out, "`course lesson 09 --discussion`")
	assert.Contains(t, out, "**How the real game differs**\n\nThe real game keeps more.")
	assert.Contains(t, out, "## Build", "the text between blocks is kept")

	open := l.Unfold(Options{Module: "09", Discussion: true})
	assert.Contains(t, open, "It moves.")
	assert.Contains(t, open, "   Inside a list.", "a block inside a list keeps its depth")
	assert.NotContains(t, open, "Look at the turn.", "hints stay folded with --discussion")
}

// A lesson whose lines end in CR LF, as a checkout on Windows writes them
// and go:embed keeps them, has the same blocks: none was found, so course
// hint said the module had no hints and course lesson showed every hint
// and discussion unfolded.
func TestParseReadsCRLFLineEndings(t *testing.T) {
	l, err := Parse(strings.ReplaceAll(sample, "\n", "\r\n"))
	require.NoError(t, err)
	want, err := Parse(sample)
	require.NoError(t, err)
	assert.Equal(t, want.Blocks, l.Blocks)
	assert.Equal(t, want.Unfold(Options{Module: "09"}), l.Unfold(Options{Module: "09"}))
}

// A block inside an HTML comment is commented out: Markdown shows none of
// it, so it is no hint. It counted as one, for course hint and for dev
// check's count of a lesson's three hints.
func TestParseLeavesBlocksInACommentAlone(t *testing.T) {
	text := strings.Replace(sample, "<details>\n<summary>Hint 2: the concepts</summary>\n\nA journal.\n\n</details>\n",
		"<!--\n<details>\n<summary>Hint 2: the concepts</summary>\n\nA journal.\n\n</details>\n-->\n", 1)
	require.NotEqual(t, sample, text)
	l, err := Parse(text)
	require.NoError(t, err)
	require.Len(t, l.Hints(), 1)
	assert.Equal(t, "Hint 1: a nudge", l.Hints()[0].Summary)
	assert.Len(t, l.Blocks, 4)
}

func TestParseRefusesAnUnclosedBlock(t *testing.T) {
	_, err := Parse("# T\n\ntext\n<details>\n<summary>Hint 1</summary>\n\nbody\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 4")
}

// A fenced code block that shows the tags, in the lesson or inside a
// hint, is code: it neither opens a block nor closes the one it sits in.
func TestParseLeavesTagsInCodeAlone(t *testing.T) {
	text := "# T\n\nA folded block is written so:\n\n```html\n<details>\n<summary>Hint 9: shown as code</summary>\n\nx\n\n</details>\n```\n\n" +
		"<details>\n<summary>Hint 1: a nudge</summary>\n\n~~~md\n</details>\n~~~\n\nStill the hint.\n</details>\n\nAfter.\n"
	l, err := Parse(text)
	require.NoError(t, err)
	require.Len(t, l.Blocks, 1, "only the block outside the code")
	b := l.Blocks[0]
	assert.Equal(t, 1, b.Number)
	assert.Equal(t, "~~~md\n</details>\n~~~\n\nStill the hint.", b.Body)
	out := l.Unfold(Options{Module: "01"})
	assert.Contains(t, out, "<summary>Hint 9: shown as code</summary>", "the code is shown as it is")
	assert.NotContains(t, out, "Still the hint.")
	assert.Contains(t, out, "After.")
}

// Every lesson of the course parses, has exactly Hints 1, 2 and 3 in order,
// and unfolds without a tag left behind.
func TestEveryLessonOfTheCourse(t *testing.T) {
	paths, err := filepath.Glob("../../../../course/*/lesson.md")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, p := range paths {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		l, err := Parse(string(raw))
		require.NoError(t, err, p)
		var nums []int
		for _, h := range l.Hints() {
			nums = append(nums, h.Number)
		}
		assert.Equal(t, []int{1, 2, 3}, nums, p)
		out := l.Unfold(Options{Module: "01", Discussion: true})
		assert.False(t, strings.Contains(out, "<details>") || strings.Contains(out, "<summary>"), p)
	}
}
