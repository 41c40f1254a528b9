// Package mdlines walks a Markdown text a line at a time and says which
// lines belong to a code block, fenced or indented. Every reader of the course's
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
	// open and close it included, and for a line of an indented code
	// block.
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
// that starts with three or more backticks or tildes, and closes at the
// next line of the same character, at least as many, and nothing after
// them but spaces; a block left open runs to the end of the text.
//
// As CommonMark has it, a fence, opening or closing, is indented by at
// most three spaces: from the margin, or inside a list item from where
// the item's text starts (its content column), since a block in a list
// item is indented with the item ("- x" then "    ```" under a nested
// "  - y"). A line indented four or more past that is no fence: after a
// blank line or a heading it is a line of an indented code block, marked
// Code (Fence false), and a heading-like line between two such lines is a
// heading, not code; after a line of a paragraph it carries the paragraph
// on (an indented code block cannot interrupt a paragraph). Lists are
// followed only as far as that needs: each item's content column, kept
// while its lines are indented to it, or carry a paragraph on lazily. A
// fenced block in a list item runs to its closing fence, where CommonMark
// would end it with the item at a line indented less than the item's
// text: no course text writes one so, and the renderer's code block marks
// (cli/codeblocks.go) pair the fences.
// Outside a block, an HTML comment's lines are marked Comment.
func Lines(text string) iter.Seq[Line] {
	return func(yield func(Line) bool) {
		var (
			open     string // the fence of the block the walk is in; "" outside one
			fenceCol int    // the content column the open fence's indentation counts from
			comment  bool   // the walk is in an HTML comment
			items    []int  // the content columns of the list items the walk is in
			para     bool   // the line before is text a next line may carry on
			indented bool   // the line before is one of an indented code block
		)
		// container is the content column a line indented to col is in,
		// leaving the list items it is not indented to when pop is set.
		container := func(col int, pop bool) int {
			i := len(items)
			for i > 0 && items[i-1] > col {
				i--
			}
			if pop {
				items = items[:i]
			}
			if i == 0 {
				return 0
			}
			return items[i-1]
		}
		n := 0
		for raw := range strings.Lines(text) {
			n++
			ln := Line{Number: n, Text: strings.TrimRight(raw, "\r\n"), Raw: raw}
			t := strings.TrimSpace(ln.Text)
			col := indentation(ln.Text)
			switch {
			case comment:
				ln.Comment = true
				comment = !strings.Contains(ln.Text, "-->")
			case open != "":
				if col-fenceCol <= 3 && closes(t, open) {
					open, ln.Fence = "", true
				}
				ln.Code = true
			case t == "":
				// A blank line ends a paragraph; an indented code block
				// and the list items go on past it.
				para = false
			case col-container(col, false) >= 4 && (indented || !para):
				// Indented code, in the innermost item the line is
				// indented into.
				container(col, true)
				ln.Code, indented = true, true
			case col-container(col, false) >= 4 || para && !interrupts(t):
				// A paragraph carried on, lazily when it is indented
				// less than its list item's text.
				indented = false
			default:
				c := container(col, true)
				wasPara := para
				indented, para = false, false
				switch marker, width := listItem(ln.Text, col); {
				case opensComment(ln.Text):
					// The line that opens it may close it too (<!-- x -->,
					// <!-->), which CommonMark looks for from its start.
					ln.Comment = true
					_, after, _ := strings.Cut(ln.Text, "<!--")
					comment = !strings.Contains("--"+after, "-->")
				case FenceRun(t) != "":
					open, fenceCol, ln.Code, ln.Fence = FenceRun(t), c, true, true
				case thematicBreak.MatchString(t) || atxHeading.MatchString(t) || wasPara && setextUnderline.MatchString(t):
					// A heading or a break: no paragraph goes on.
				case marker:
					items = append(items, width)
					para = true
				default:
					// A paragraph, a table row, a quote or an HTML line:
					// an indented line after it is no code.
					para = true
				}
			}
			if !yield(ln) {
				return
			}
		}
	}
}

// indentation is the column a line's text starts at, a tab taking it to
// the next multiple of four, as CommonMark counts it.
func indentation(line string) int {
	col := 0
	for _, r := range line {
		switch r {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col
		}
	}
	return col
}

// listItemStart matches a list item's marker and what follows it on the
// line: the spaces after it, and whether any text does.
var listItemStart = regexp.MustCompile(`^(?:[-*+]|([0-9]{1,9})[.)])(?:( +)(\S)?|$)`)

// listItem says whether a line indented to col starts a list item, and
// the column its text starts at: after the marker and the spaces after
// it, or one space after the marker when none or five or more follow
// (the text is then an indented code block of the item, or on the next
// line).
func listItem(line string, col int) (bool, int) {
	rest := strings.TrimLeft(line, " \t")
	m := listItemStart.FindStringSubmatchIndex(rest)
	if m == nil {
		return false, 0
	}
	marker := m[1]
	if m[4] >= 0 {
		marker = m[4]
	}
	spaces := 0
	if m[4] >= 0 {
		spaces = m[5] - m[4]
	}
	if spaces == 0 || spaces > 4 || m[6] < 0 {
		return true, col + marker + 1
	}
	return true, col + marker + spaces
}

// interrupts says whether a trimmed line, indented by at most three
// spaces past its container, starts a block of its own where a paragraph
// would otherwise go on: a fence, a heading, a quote, a thematic break,
// an HTML line, or a list item that may (a bullet, or a number 1, with
// text after it).
func interrupts(t string) bool {
	if FenceRun(t) != "" || thematicBreak.MatchString(t) || setextUnderline.MatchString(t) {
		return true
	}
	if atxHeading.MatchString(t) || t[0] == '>' || t[0] == '<' {
		return true
	}
	m := listItemStart.FindStringSubmatch(t)
	return m != nil && m[3] != "" && (m[1] == "" || strings.TrimLeft(m[1], "0") == "1")
}

var (
	// thematicBreak is a trimmed line of three or more -, * or _ alone.
	thematicBreak = regexp.MustCompile(`^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$`)
	// setextUnderline is a trimmed line of = or - alone, which under a
	// paragraph's line makes a heading of it.
	setextUnderline = regexp.MustCompile(`^(?:=+|-+)$`)
	// atxHeading is a trimmed line that is a # heading.
	atxHeading = regexp.MustCompile(`^#{1,6}(?:[ \t]|$)`)
)

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
