// Package mdlines walks a Markdown text a line at a time and says which
// lines belong to a fenced code block. Every reader of the course's
// Markdown that looks for headings, sections or command lines needs to
// know that: a "# run the tests" inside a block of shell is code, not a
// heading, and a command line shown in a block is one the course runs.
// It also joins a list item's lines for a renderer that would otherwise
// wrap each of them alone (JoinListLines).
package mdlines

import (
	"iter"
	"regexp"
	"strings"
)

// Line is one line of a text.
type Line struct {
	Number int    // from 1
	Text   string // without its line ending
	Raw    string // with its line ending, as the text has it
	// Code is true for a line of a fenced code block, the fences that
	// open and close it included.
	Code bool
	// Fence is true for a line that opens or closes a block.
	Fence bool
	// Comment is true for a line of an HTML comment that stands as a
	// block (CommonMark's HTML block of type 2): from a line that starts,
	// indentation of up to three spaces aside, with <!--, to the first
	// line that holds -->. Markdown shows none of it: a heading there is
	// no heading, and a fence there opens no block.
	Comment bool
}

// Lines yields the lines of text in order. A block opens at a line
// that, indentation aside, starts with three or more backticks or
// tildes, and closes at the next line of the same character, at least as
// many, and nothing after them but spaces (as CommonMark has it); a block
// left open runs to the end of the text. Indentation is not limited to
// three spaces, since a block inside a list item is indented with it.
// Outside a block, an HTML comment's lines are marked Comment.
func Lines(text string) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		var open string  // the fence of the block the walk is in; "" outside one
		comment := false // the walk is in an HTML comment
		n := 0
		for raw := range strings.Lines(text) {
			n++
			ln := Line{Number: n, Text: strings.TrimRight(raw, "\r\n"), Raw: raw}
			run := FenceRun(strings.TrimSpace(ln.Text))
			switch {
			case comment:
				ln.Comment = true
				comment = !strings.Contains(ln.Text, "-->")
			case open == "" && opensComment(ln.Text):
				// The line that opens it may close it too (<!-- x -->,
				// <!-->), which CommonMark looks for from its start.
				ln.Comment = true
				_, after, _ := strings.Cut(ln.Text, "<!--")
				comment = !strings.Contains("--"+after, "-->")
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

// opensComment says whether a line starts an HTML comment block: <!--
// after up to three spaces.
func opensComment(t string) bool {
	rest := strings.TrimLeft(t, " ")
	return len(t)-len(rest) <= 3 && strings.HasPrefix(rest, "<!--")
}

// FenceRun is the run of three or more backticks or tildes a trimmed line
// starts with (the fence, when it opens a block), "" when it starts with
// none. A backtick fence's info string holds no backtick, so "```a`" is
// inline code, not a fence.
func FenceRun(t string) string {
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

// listMarker matches a list item's first line: its indentation, marker
// and the spaces after it, which together are where its text starts.
var listMarker = regexp.MustCompile(`^ *(?:[-*+]|[0-9]{1,9}[.)]) +\S`)

// JoinListLines joins each line that carries on a list item's text onto
// the line before it, with a space, outside code blocks: a renderer that
// keeps a list item's line breaks as they are (glamour does) then wraps
// the item as one paragraph at the screen's width, not each line of the
// source by itself, which on a narrow screen leaves a short line after
// every long one. A line carries on the text when it is indented at
// least as far as the item's text starts, follows a line of text that
// ends in no hard break, and starts no block of its own (an item, a
// quote, a heading, a table row, a fence). Everything else is left as it
// is.
func JoinListLines(text string) string {
	var out []string
	start := -1   // where the text of the list item the walk is in starts; -1 outside one
	open := false // the last line kept is text that a next line may carry on
	for ln := range Lines(text) {
		t, line := ln.Text, ln.Raw
		trimmed := strings.TrimSpace(t)
		indent := len(t) - len(strings.TrimLeft(t, " "))
		inItem := !ln.Code && trimmed != "" && start >= 0 && indent >= start && !startsBlock(trimmed)
		switch m := listMarker.FindString(t); {
		case ln.Code || trimmed == "":
			open = false
		case m != "":
			start, open = len(m)-1, true
		case inItem && open:
			// The line before loses its ending and takes this one's.
			last := len(out) - 1
			out[last] = strings.TrimRight(out[last], "\r\n") + " " + trimmed + line[len(t):]
			open = !hardBreak(t)
			continue
		case inItem:
			open = true // a later paragraph of the item
		default:
			start, open = -1, false
		}
		open = open && !hardBreak(t)
		out = append(out, line)
	}
	return strings.Join(out, "")
}

// startsBlock says whether a trimmed line opens a block of its own.
func startsBlock(t string) bool {
	if FenceRun(t) != "" || listMarker.MatchString(t) {
		return true
	}
	switch t[0] {
	case '>', '#', '|', '<':
		return true
	}
	return false
}

// hardBreak says whether a line ends in a hard line break: two spaces or
// a backslash.
func hardBreak(t string) bool {
	return strings.HasSuffix(t, "  ") || strings.HasSuffix(t, `\`)
}
