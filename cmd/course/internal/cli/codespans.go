package cli

import (
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
)

// glamour wraps prose at spaces and after a hyphen, comma, full stop,
// semicolon or plus sign, inside inline code as anywhere: a command such
// as `course lesson 00 --discussion` was split over two lines, or at its
// own hyphens ("--" at the end of one line, "discussion" on the next),
// and a learner who copied it copied something else. So, for the layout,
// those characters in a code span stand in for themselves as characters
// of the Private Use Area, which glamour does not break at, and are put
// back in what it lays out. (The vertical bar is left as it is: in a
// table row it divides the cells, code span or not.)
var (
	codeSpanBreaks = []string{" ", "-", ",", ".", ";", "+"}
	standIns       = []string{"\ue000", "\ue001", "\ue002", "\ue003", "\ue004", "\ue005"}

	toStandIns, fromStandIns = standInReplacers()
)

// standInReplacers replace codeSpanBreaks by standIns, and back.
func standInReplacers() (to, from *strings.Replacer) {
	var pairs, back []string
	for i := range codeSpanBreaks {
		pairs = append(pairs, codeSpanBreaks[i], standIns[i])
		back = append(back, standIns[i], codeSpanBreaks[i])
	}
	return strings.NewReplacer(pairs...), strings.NewReplacer(back...)
}

// keepCodeSpansWhole returns md with every breaking character of each
// code span that opens and closes on one line replaced by its stand-in,
// outside fenced code blocks, the function that puts them back, and
// whether it does: a text that holds a stand-in already is returned as it
// is, since putting back would change the text's own.
func keepCodeSpansWhole(md string) (string, func(string) string, bool) {
	if strings.ContainsAny(md, strings.Join(standIns, "")) {
		return md, func(s string) string { return s }, false
	}
	var b strings.Builder
	for ln := range mdlines.Lines(md) {
		if ln.Code {
			b.WriteString(ln.Raw)
			continue
		}
		b.WriteString(inCodeSpans(ln.Raw, toStandIns.Replace))
	}
	return b.String(), fromStandIns.Replace, true
}

// inCodeSpans applies f to the content of each code span of line: a run of
// backticks, what follows, and the next run of as many.
func inCodeSpans(line string, f func(string) string) string {
	return mapCodeSpans(line, func(run, content string) string { return run + f(content) + run })
}

// mapCodeSpans is line with each code span, run of backticks and content,
// replaced by what f makes of them.
func mapCodeSpans(line string, f func(run, content string) string) string {
	var b strings.Builder
	i := 0
	for i < len(line) {
		open := strings.IndexByte(line[i:], '`')
		if open < 0 {
			break
		}
		open += i
		if open > 0 && line[open-1] == '\\' { // an escaped backtick opens nothing
			b.WriteString(line[i : open+1])
			i = open + 1
			continue
		}
		run := leading(line[open:], "`")
		n := len(run)
		close := closingRun(line, open+n, n)
		if close < 0 {
			b.WriteString(line[i : open+n]) // no span: the backticks are text
			i = open + n
			continue
		}
		b.WriteString(line[i:open])
		b.WriteString(f(run, line[open+n:close]))
		i = close + n
	}
	b.WriteString(line[i:])
	return b.String()
}

// closingRun is where the first run of exactly n backticks at or after
// from begins, or -1.
func closingRun(line string, from, n int) int {
	for from < len(line) {
		k := strings.IndexByte(line[from:], '`')
		if k < 0 {
			return -1
		}
		k += from
		m := len(leading(line[k:], "`"))
		if m == n {
			return k
		}
		from = k + m
	}
	return -1
}
