// Package mdlines walks a Markdown text a line at a time and says which
// lines belong to a fenced code block. Every reader of the course's
// Markdown that looks for headings, sections or command lines needs to
// know that: a "# run the tests" inside a block of shell is code, not a
// heading, and a command line shown in a block is one the course runs.
package mdlines

import (
	"iter"
	"strings"
)

// Line is one line of a text.
type Line struct {
	Number int    // from 1
	Text   string // without its line ending
	// Code is true for a line of a fenced code block, the fences that
	// open and close it included.
	Code bool
	// Fence is true for a line that opens or closes a block.
	Fence bool
}

// Lines yields the lines of text in order. A block opens at a line
// that, indentation aside, starts with three or more backticks or
// tildes, and closes at the next line of the same character, at least as
// many, and nothing after them but spaces (as CommonMark has it); a block
// left open runs to the end of the text. Indentation is not limited to
// three spaces, since a block inside a list item is indented with it.
func Lines(text string) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		var open string // the fence of the block the walk is in; "" outside one
		n := 0
		for raw := range strings.Lines(text) {
			n++
			ln := Line{Number: n, Text: strings.TrimRight(raw, "\r\n")}
			run := fenceRun(strings.TrimSpace(ln.Text))
			switch {
			case open == "" && run != "":
				open, ln.Code, ln.Fence = run, true, true
			case open != "" && closes(strings.TrimSpace(ln.Text), open):
				open, ln.Code, ln.Fence = "", true, true
			default:
				ln.Code = open != ""
			}
			if !yield(ln) {
				return
			}
		}
	}
}

// fenceRun is the run of three or more backticks or tildes a trimmed line
// starts with, "" when it starts with none. A backtick fence's info string
// holds no backtick, so "```a`" is inline code, not a fence.
func fenceRun(t string) string {
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return ""
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || (t[0] == '`' && strings.Contains(t[n:], "`")) {
		return ""
	}
	return t[:n]
}

// closes says whether a trimmed line closes a block opened with fence.
func closes(t, fence string) bool {
	run := strings.TrimLeft(t, fence[:1])
	return len(t)-len(run) >= len(fence) && strings.TrimSpace(run) == ""
}
