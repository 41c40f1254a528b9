package checker

import (
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
