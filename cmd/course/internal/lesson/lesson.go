// Package lesson reads a module's lesson as the terminal shows it: the
// lesson's folded blocks (<details> with a <summary>) found and sorted into
// hints, discussions and asides, so that a hint can be shown alone and a
// discussion kept folded until the learner asks for it.
package lesson

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
)

// Kind is what a folded block is for.
type Kind int

const (
	// Aside is any other folded block ("How the real game differs"): shown.
	Aside Kind = iota
	// Hint is "Hint K: ...": shown by course hint, one at a time.
	Hint
	// Discussion is the answer to a Predict or Stress-it question: folded
	// unless asked for.
	Discussion
)

// Block is one folded block of a lesson.
type Block struct {
	Kind    Kind
	Summary string // the <summary> text: "Hint 1: a nudge"
	Number  int    // a hint's K; 0 for the others
	Body    string // the Markdown inside, without the tags
	Indent  string // the block's indentation, when it sits inside a list
	start   int    // byte offsets of the whole block in the lesson
	end     int
}

// Lesson is a lesson's Markdown and its folded blocks, in order.
type Lesson struct {
	Text   string
	Blocks []Block
}

var (
	detailsOpen  = regexp.MustCompile(`(?m)^([ \t]*)<details>[ \t]*\n[ \t]*<summary>(.*?)</summary>[ \t]*\n`)
	detailsClose = regexp.MustCompile(`(?m)^[ \t]*</details>[ \t]*(\n|$)`)
	hintSummary  = regexp.MustCompile(`^Hint ([0-9]+)\b`)
)

// Parse finds the folded blocks of a lesson. A <details> without its
// </details> is an error naming the line, since folding it would swallow the
// rest of the lesson. Tags on the lines of a fenced code block are code the
// lesson shows, not blocks: neither opens nor closes one; nor do tags in an
// HTML comment, which Markdown does not show. Lines may end
// in CR LF, as a checkout on Windows writes them (git's core.autocrlf) and
// the embedded copy keeps them: the text is read, and unfolded, with LF
// alone.
func Parse(text string) (*Lesson, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	l := &Lesson{Text: text}
	code := codeLines(text)
	pos := 0
	for {
		open := findOutside(detailsOpen, text, pos, code)
		if open == nil {
			return l, nil
		}
		start, bodyStart := open[0], open[1]
		close := findOutside(detailsClose, text, bodyStart, code)
		if close == nil {
			return nil, fmt.Errorf("line %d: a <details> block has no </details>; close it", lineOf(text, start))
		}
		b := Block{
			Indent:  text[open[2]:open[3]],
			Summary: strings.TrimSpace(text[open[4]:open[5]]),
			Body:    strings.Trim(text[bodyStart:close[0]], "\n"),
			start:   start,
			end:     close[1],
		}
		switch {
		case hintSummary.MatchString(b.Summary):
			b.Kind = Hint
			b.Number, _ = strconv.Atoi(hintSummary.FindStringSubmatch(b.Summary)[1])
		case strings.HasPrefix(b.Summary, "Discussion"):
			b.Kind = Discussion
		}
		l.Blocks = append(l.Blocks, b)
		pos = b.end
	}
}

// codeLines says, by line number from 1, which lines of text belong to a
// fenced code block or to an HTML comment: a tag on one is shown as code,
// or not shown at all, and folds nothing (a hint commented out is none).
func codeLines(text string) []bool {
	code := []bool{false}
	for ln := range mdlines.Lines(text) {
		code = append(code, ln.Code || ln.Comment)
	}
	return code
}

// findOutside is re's first match in text at or after pos that does not
// start on a line of code, as submatch offsets into text; nil when there
// is none.
func findOutside(re *regexp.Regexp, text string, pos int, code []bool) []int {
	for pos <= len(text) {
		m := re.FindStringSubmatchIndex(text[pos:])
		if m == nil {
			return nil
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		if n := lineOf(text, m[0]); n >= len(code) || !code[n] {
			return m
		}
		// Go on from the line after the match's first.
		next := strings.IndexByte(text[m[0]:], '\n')
		if next < 0 {
			return nil
		}
		pos = m[0] + next + 1
	}
	return nil
}

func lineOf(text string, offset int) int { return strings.Count(text[:offset], "\n") + 1 }

// Hints are the lesson's hints in order.
func (l *Lesson) Hints() []Block {
	var hs []Block
	for _, b := range l.Blocks {
		if b.Kind == Hint {
			hs = append(hs, b)
		}
	}
	return hs
}

// Options say how a lesson is laid out for reading.
type Options struct {
	Module     string // "01": named in the pointers to the folded text
	Discussion bool   // show the discussions too
}

// Unfold is the lesson as Markdown a terminal renderer can show: asides
// opened under a bold title, hints replaced by the command that shows each,
// and discussions folded to the command that shows them (or opened, with
// Options.Discussion).
func (l *Lesson) Unfold(opts Options) string {
	var sb strings.Builder
	pos := 0
	for _, b := range l.Blocks {
		sb.WriteString(l.Text[pos:b.start])
		pos = b.end
		var out string
		switch b.Kind {
		case Hint:
			out = fmt.Sprintf("> **%s**: folded; `course hint %s %d` shows it.\n", b.Summary, opts.Module, b.Number)
		case Discussion:
			if !opts.Discussion {
				out = fmt.Sprintf("> **%s**: folded; write your answers down first, then `course lesson %s --discussion`.\n", b.Summary, opts.Module)
				break
			}
			out = "**" + b.Summary + "**\n\n" + b.Body + "\n"
		case Aside:
			out = "**" + b.Summary + "**\n\n" + b.Body + "\n"
		}
		sb.WriteString(indent(out, b.Indent))
	}
	sb.WriteString(l.Text[pos:])
	return sb.String()
}

// indent puts a block that sat inside a list item back at its depth.
func indent(s, prefix string) string {
	if prefix == "" {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	for i, ln := range lines {
		if strings.TrimSpace(ln) != "" && !strings.HasPrefix(ln, prefix) {
			lines[i] = prefix + ln
		}
	}
	return strings.Join(lines, "")
}
