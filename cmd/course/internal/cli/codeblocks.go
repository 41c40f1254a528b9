package cli

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
)

// glamour wraps a code block's lines to the screen as it wraps prose: at
// spaces and punctuation, with the rest of a long line moved to the left
// margin, where it reads as another line of code (and a learner who copies
// it copies a broken line). So a block is laid out whole instead: each
// line stays one line, as wide as it is, for the terminal or the pager to
// show past the edge. Each block is marked with a line first and a line
// last, which say where it is in glamour's layout and are then taken out;
// a block glamour wrapped is laid out again alone, wide enough for its
// longest line.

// codeMarks makes the two lines that mark each code block of one text: one
// word each, which no line of the text holds.
type codeMarks struct{ prefix string }

func newCodeMarks(text string) codeMarks {
	for {
		m := codeMarks{prefix: fmt.Sprintf("qzcodeblock%08x", rand.Uint32())}
		if !strings.Contains(text, m.prefix) {
			return m
		}
	}
}

func (m codeMarks) start(i int) string { return fmt.Sprintf("%sstart%d", m.prefix, i) }
func (m codeMarks) end(i int) string   { return fmt.Sprintf("%send%d", m.prefix, i) }

// codeBlock is a fenced code block of a text: its opening fence, the
// fence's indentation, and its lines without that indentation.
type codeBlock struct {
	fence, indent string
	lines         []string
}

// markCodeBlocks puts a line holding m.start(i) first in the i-th fenced
// code block of text and one holding m.end(i) last, indented as the block's
// opening fence, and returns the blocks.
func markCodeBlocks(text string, m codeMarks) (marked string, blocks []codeBlock) {
	var b strings.Builder
	indent, open := "", false
	for ln := range mdlines.Lines(text) {
		switch {
		case ln.Fence && !open:
			open, indent = true, leading(ln.Text, " \t")
			b.WriteString(ln.Raw)
			if !strings.HasSuffix(ln.Raw, "\n") {
				b.WriteString("\n")
			}
			b.WriteString(indent + m.start(len(blocks)) + "\n")
			blocks = append(blocks, codeBlock{fence: ln.Text[len(indent):], indent: indent})
			continue
		case ln.Fence && open:
			b.WriteString(indent + m.end(len(blocks)-1) + "\n")
			open = false
		case open:
			c := &blocks[len(blocks)-1]
			c.lines = append(c.lines, strings.TrimPrefix(ln.Text, indent))
		}
		b.WriteString(ln.Raw)
	}
	if open { // a block left open runs to the end of the text
		if !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
		b.WriteString(indent + m.end(len(blocks)-1) + "\n")
	}
	return b.String(), blocks
}

// leading is the run of the characters of cutset that s starts with.
func leading(s, cutset string) string { return s[:len(s)-len(strings.TrimLeft(s, cutset))] }

// markedBlock finds the lines between the marks of block i in a layout
// (from the first line on), and the indentation of the marks, which is
// the block's on the screen.
func markedBlock(layout []string, from int, m codeMarks, i int) (first, end int, indent string, ok bool) {
	first = -1
	for k := from; k < len(layout); k++ {
		w := ansi.Strip(layout[k])
		switch t := strings.TrimSpace(w); {
		case first < 0 && t == m.start(i):
			first, indent = k+1, leading(w, " ")
		case first >= 0 && t == m.end(i):
			return first, k, indent, true
		}
	}
	return 0, 0, "", false
}

// layOutCodeWhole is render's layout of md at width, with every code block
// whole (see above). ok is false when a block's marks are not found again,
// and the caller lays md out as it is.
func layOutCodeWhole(md string, width int, render func(md string, width int) (string, error)) (out string, ok bool, err error) {
	marks := newCodeMarks(md)
	marked, blocks := markCodeBlocks(md, marks)
	if len(blocks) == 0 {
		return "", false, nil
	}
	laidOut, err := render(marked, width)
	if err != nil {
		return "", false, err
	}
	layout := strings.Split(laidOut, "\n")
	var result []string
	last := 0
	for i, block := range blocks {
		first, end, indent, found := markedBlock(layout, last, marks, i)
		if !found {
			return "", false, nil
		}
		result = append(result, layout[last:first-1]...)
		shown := layout[first:end]
		if len(shown) != len(block.lines) { // wrapped
			if whole, ok, err := layOutBlock(block, marks, i, indent, render); err != nil {
				return "", false, err
			} else if ok {
				shown = whole
			}
		}
		result = append(result, shown...)
		last = end + 1
	}
	result = append(result, layout[last:]...)
	return strings.Join(result, "\n"), true, nil
}

// layOutBlock lays out block i alone, wide enough for its longest line,
// each line moved to indent, where the block stands on the screen.
func layOutBlock(block codeBlock, m codeMarks, i int, indent string, render func(md string, width int) (string, error)) ([]string, bool, error) {
	longest := 0
	for _, l := range block.lines {
		longest = max(longest, ansi.StringWidth(strings.ReplaceAll(l, "\t", "        ")))
	}
	md := block.fence + "\n" + m.start(i) + "\n" + strings.Join(block.lines, "\n") + "\n" + m.end(i) + "\n" + mdlines.FenceRun(block.fence) + "\n"
	out, err := render(md, longest+len(indent)+16)
	if err != nil {
		return nil, false, err
	}
	layout := strings.Split(out, "\n")
	first, end, own, found := markedBlock(layout, 0, m, i)
	if !found || end-first != len(block.lines) {
		return nil, false, nil
	}
	lines := make([]string, 0, end-first)
	for _, l := range layout[first:end] {
		lines = append(lines, indent+trimPadding(dropSpaces(l, len(own))))
	}
	return lines, true, nil
}

// dropSpaces takes the first n spaces off a laid-out line, the escape
// sequences among them kept, and stops at anything else.
func dropSpaces(l string, n int) string {
	var kept strings.Builder
	i := 0
	for i < len(l) && n > 0 {
		switch {
		case l[i] == ' ':
			i, n = i+1, n-1
		case l[i] == '\x1b':
			seq := escapeSequence.FindString(l[i:])
			if seq == "" {
				return kept.String() + l[i:]
			}
			kept.WriteString(seq)
			i += len(seq)
		default:
			return kept.String() + l[i:]
		}
	}
	return kept.String() + l[i:]
}

// escapeSequence matches a Control Sequence Introducer sequence.
var escapeSequence = regexp.MustCompile(`^\x1b\[[0-9;?]*[ -/]*[@-~]`)

// trailingPadding matches a run of spaces and Select Graphic Rendition
// sequences at the end of a line.
var trailingPadding = regexp.MustCompile(`(?: |\x1b\[[0-9;]*m)+$`)

// trimPadding takes off the spaces that pad a rendered line out to the
// width it was laid out at, which on a narrower screen would fold onto a
// line of their own, and the colour changes among them, ending the line
// with a reset where it had any.
func trimPadding(l string) string {
	pad := trailingPadding.FindString(l)
	l = l[:len(l)-len(pad)]
	if strings.Contains(pad, "\x1b[") {
		l += "\x1b[0m"
	}
	return l
}
