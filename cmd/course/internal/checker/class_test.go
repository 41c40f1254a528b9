package checker

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// TestClassTableLinesUpNamesItSpellsOut: a folder name with an escape
// sequence, a tab or a newline in it is shown quoted and spelled out, and
// the columns after it start where the other rows' do.
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
	assert.True(t, strings.HasPrefix(lines[1], `"ana\x1b[1A\x1b[2K" `), lines[1])
	assert.True(t, strings.HasPrefix(lines[2], `"bo\tb" `), lines[2])
	assert.True(t, strings.HasSuffix(lines[3], `not checked: two\nlines`), lines[3])
	col := strings.Index(lines[0], "YOURS")
	for _, l := range lines[1:] {
		assert.Equal(t, "-", l[col:col+1], "the YOURS column does not line up:\n%s", out.String())
	}
}

// TestClassCSVKeepsFormulasAndEscapesAsText: a folder name a spreadsheet
// would run as a formula is written as text (a leading '), and one with an
// escape sequence or a tab is quoted and spelled out; a plain name is
// written as it is.
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
	assert.Equal(t, []string{`'=HYPERLINK("http://x.example","ok")`, "'+1", "'-2", "'@sum", `"\tx"`, `"ana\x1b]0;owned\a"`, "bo=b"}, names)
	assert.Equal(t, `not checked: said \x1b[2J`, rows[6][6])
	assert.NotContains(t, out.String(), "\x1b")
}

// TestNoTwoNamesAreShownAlike: a name is shown as it is only when it
// cannot be mistaken for another; a name with a backslash, a character a
// terminal acts on or does not show, or a leading quote is quoted, so a
// folder named with a literal backslash does not read as one with an
// escape sequence in it, and two names that are not UTF-8 do not read
// alike in the JSON.
func TestNoTwoNamesAreShownAlike(t *testing.T) {
	names := []string{
		"ana", "ana\x1b", `ana\x1b`, `"ana\x1b"`, // ESC, and the same spelled out with a backslash
		"ana\u200b", `ana\u200b`, // a zero-width space, and its spelling
		"bo\xff", "bo\xfe", "bo\ufffd", `"bo\xff"`, // not UTF-8, U+FFFD, and the quoted spelling
		`cy\`, "d\u202eb", "e f", "ünï",
	}
	for name, show := range map[string]func(string) string{"ShownName": ShownName, "JSONName": JSONName} {
		seen := map[string]string{}
		for _, n := range names {
			shown := show(n)
			written := shown
			if name == "JSONName" {
				b, err := json.Marshal(shown)
				require.NoError(t, err)
				written = string(b)
			}
			if other, ok := seen[written]; ok && other != n {
				t.Errorf("%s writes %q and %q alike, as %s", name, other, n, written)
			}
			seen[written] = n
			if strings.HasPrefix(shown, `"`) {
				back, err := strconv.Unquote(shown)
				if assert.NoError(t, err, "%s(%q) = %s", name, n, shown) {
					assert.Equal(t, n, back, "%s: a quoted name unquotes to the name", name)
				}
			} else {
				assert.Equal(t, n, shown, "%s: a name not quoted is the name", name)
			}
		}
	}
	for _, plain := range []string{"ana", "e f", "ünï", "class/bo-b"} {
		assert.Equal(t, plain, ShownName(plain), "a plain name is shown as it is")
		assert.Equal(t, plain, JSONName(plain))
	}
	for _, quoted := range []string{"ana\x1b", `ana\x1b`, "ana\u200b", "d\u202eb", `"x"`, `cy\`, "tab\there",
		"class/ana ", "class/ ana", "class/ana  4/4  ok", " class/ana"} {
		assert.True(t, strings.HasPrefix(ShownName(quoted), `"`), "ShownName(%q) is quoted", quoted)
		assert.True(t, termsafe.Safe(ShownName(quoted)) && !strings.ContainsAny(ShownName(quoted), "\t\n"), "ShownName(%q) shows nothing a terminal acts on", quoted)
	}
	assert.Equal(t, "ana\u200b", JSONName("ana\u200b"), "JSON spells out what it must itself")
}

// TestClassRowSaysADropWentUnrecorded: a workspace whose drop's tests ran
// with no start commit recorded passes, but its row says the drop is
// unrecorded, in the drops and, with nothing else wrong, as its first
// problem: not "-" and "ok", as if no drop had started.
func TestClassRowSaysADropWentUnrecorded(t *testing.T) {
	ws := t.TempDir()
	copies := &courseCopies{list: []courseCopy{{rel: "tests/01x_handles_test.go", module: "01", drop: true}}}
	warnings := unrecordedDrops(&workspace.Workspace{Dir: ws}, copies, nil)
	require.Len(t, warnings, 1)
	r := &Report{OK: true, Modules: []Module{{Number: "01", Passed: 5}}, Warnings: warnings}
	results := []Checked{{Workspace: "ana", Report: r}}
	reason := func(err error) string { return err.Error() }

	var table strings.Builder
	WriteClassTable(&table, results, reason)
	assert.Regexp(t, `(?m)^ana +5/5 +- +- +01x unrecorded +tests/01x_handles_test\.go is drop 01x's test, but .course/state.json records no commit`, table.String())

	var out strings.Builder
	require.NoError(t, WriteClassCSV(&out, results, reason))
	rows, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2)
	assert.Equal(t, []string{"ana", "01", "5", "0", "", "unrecorded", warnings[0].File + " " + warnings[0].Message}, rows[1])
}

// TestClassCSVHasARowForAWorkspaceWithNoModule: a workspace whose tests
// count under no module (its one test file does not parse) is a row with
// its problem, not missing from the sheet.
func TestClassCSVHasARowForAWorkspaceWithNoModule(t *testing.T) {
	r := &Report{Modules: []Module{}, Audit: &AuditReport{OK: true, Report: &audit.Report{}},
		BuildErrors: []BuildError{{Package: "tests/mine_test.go", Output: "tests/mine_test.go:2:6: expected 'IDENT', found '{'"}}}
	var out strings.Builder
	require.NoError(t, WriteClassCSV(&out, []Checked{{Workspace: "ana", Report: r}}, func(err error) string { return err.Error() }))
	rows, err := csv.NewReader(strings.NewReader(out.String())).ReadAll()
	require.NoError(t, err)
	require.Len(t, rows, 2, out.String())
	assert.Equal(t, []string{"ana", "", "", "", "0", "", "the tests do not compile: tests/mine_test.go:2:6: expected 'IDENT', found '{'"}, rows[1])
}
