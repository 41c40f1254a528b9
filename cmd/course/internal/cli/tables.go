package cli

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
)

// plainCodeInWideTables returns md with the code spans of every table
// too wide for width written as plain text. glamour lays a table's cells
// out with lipgloss, which does not break a styled run at its spaces: a
// code span longer than its column was cut inside a name, and the row's
// height, counted as if it had been broken at a space, left the last
// lines of the row's other cells out. Plain text is broken at its spaces
// and shown whole. A table that fits keeps its code spans.
func plainCodeInWideTables(md string, width int) string {
	var out strings.Builder
	var table []mdlines.Line
	flush := func() {
		wide := len(table) >= 2 && tableWidth(table) > width-4
		for _, row := range table {
			if !wide {
				out.WriteString(row.Raw)
				continue
			}
			out.WriteString(mapCodeSpans(row.Raw, func(_, content string) string {
				return escapeMarkdown(codeSpanText(content))
			}))
		}
		table = table[:0]
	}
	for ln := range mdlines.Lines(md) {
		if !ln.Code && strings.HasPrefix(strings.TrimSpace(ln.Text), "|") {
			table = append(table, ln)
			continue
		}
		flush()
		out.WriteString(ln.Raw)
	}
	flush()
	return out.String()
}

// tableWidth is how wide a Markdown table's rows are laid out side by
// side, each column as wide as its widest cell, with a margin and a rule
// between columns.
func tableWidth(rows []mdlines.Line) int {
	var cols []int
	for _, row := range rows {
		for i, cell := range tableCells(row.Text) {
			w := lipgloss.Width(strings.ReplaceAll(strings.TrimSpace(cell), "`", ""))
			if i == len(cols) {
				cols = append(cols, 0)
			}
			cols[i] = max(cols[i], w)
		}
	}
	total := 0
	for _, w := range cols {
		total += w + 3
	}
	return total
}

// tableCells is a table row's cells: the text between its vertical bars,
// a bar with a backslash before it being text.
func tableCells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	var cells []string
	start := 0
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, row[start:i])
			start = i + 1
		}
	}
	if rest := row[start:]; strings.TrimSpace(rest) != "" {
		cells = append(cells, rest)
	}
	return cells
}

// codeSpanText is a code span's text as Markdown reads its content: one
// space taken off each end when both ends have one and it is not all
// spaces.
func codeSpanText(content string) string {
	if len(content) >= 2 && content[0] == ' ' && content[len(content)-1] == ' ' && strings.Trim(content, " ") != "" {
		return content[1 : len(content)-1]
	}
	return content
}

// escapeMarkdown is s as Markdown text that reads as s: every character
// Markdown could read as a mark has a backslash before it. A table's
// escaped bar (\|) stays as it is: it is a bar in a cell.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && s[i+1] == '|' {
			b.WriteString(`\|`)
			i++
			continue
		}
		if strings.IndexByte("\\`*_{}[]()<>#+-.!|~&", c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}
