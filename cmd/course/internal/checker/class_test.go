package checker

import (
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClassTableLinesUpNamesItSpellsOut: a folder name with an escape
// sequence, a tab or a newline in it is shown spelled out, and the columns
// after it start where the other rows' do.
func TestClassTableLinesUpNamesItSpellsOut(t *testing.T) {
	results := []Checked{
		{Workspace: "ana\x1b[1A\x1b[2K", Err: errors.New("no .course.json")},
		{Workspace: "bo\tb", Err: errors.New("no .course.json")},
		{Workspace: "cy", Err: errors.New("two\nlines")},
	}
	var out strings.Builder
	WriteClassTable(&out, results, func(err error) string { return err.Error() })
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	require.Len(t, lines, 4, "a header and a row for each workspace:\n%s", out.String())
	assert.True(t, strings.HasPrefix(lines[1], `ana\x1b[1A\x1b[2K `), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], `bo\tb `), lines[2])
	assert.True(t, strings.HasSuffix(lines[3], `not checked: two\nlines`), lines[3])
	col := strings.Index(lines[0], "YOURS")
	for _, l := range lines[1:] {
		assert.Equal(t, "-", l[col:col+1], "the YOURS column does not line up:\n%s", out.String())
	}
}

// TestClassCSVKeepsFormulasAndEscapesAsText: a folder name a spreadsheet
// would run as a formula is written as text (a leading '), and an escape
// sequence is spelled out; a plain name is written as it is.
func TestClassCSVKeepsFormulasAndEscapesAsText(t *testing.T) {
	results := []Checked{
		{Workspace: `=HYPERLINK("http://x.example","ok")`, Err: errors.New("no .course.json")},
		{Workspace: "+1", Err: errors.New("no .course.json")},
		{Workspace: "-2", Err: errors.New("no .course.json")},
		{Workspace: "@sum", Err: errors.New("no .course.json")},
		{Workspace: "\tx", Err: errors.New("no .course.json")},
		{Workspace: "ana\x1b]0;owned\x07", Err: errors.New("said \x1b[2J")},
		{Workspace: "bo=b", Err: errors.New("no .course.json")},
	}
	var out strings.Builder
	require.NoError(t, WriteClassCSV(&out, results, func(err error) string { return err.Error() }))
	rows, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, len(results)+1)
	var names []string
	for _, r := range rows[1:] {
		names = append(names, r[0])
	}
	assert.Equal(t, []string{`'=HYPERLINK("http://x.example","ok")`, "'+1", "'-2", "'@sum", "'\tx", `ana\x1b]0;owned\x07`, "bo=b"}, names)
	assert.Equal(t, `not checked: said \x1b[2J`, rows[6][6])
	assert.NotContains(t, out.String(), "\x1b")
}
