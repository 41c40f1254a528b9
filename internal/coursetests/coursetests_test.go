package coursetests

import (
	"errors"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGroupSortsTheCoursesTestsByModule(t *testing.T) {
	got := Group([]string{"Test_01_handles", "Test_01x_play_order", "TestMine", "Test_02_queue", "Test_1_short", "Test_01_ids"})
	assert.Equal(t, map[string]*Module{
		"01": {Tests: []string{"Test_01_handles", "Test_01_ids"}, DropTests: []string{"Test_01x_play_order"}},
		"02": {Tests: []string{"Test_02_queue"}},
	}, got)
}

func TestHighestCountsADropAsAboveItsModule(t *testing.T) {
	for _, c := range []struct {
		mods map[string]*Module
		want string
	}{
		{map[string]*Module{}, ""},
		{map[string]*Module{"01": {Tests: []string{"a"}}}, "01"},
		{map[string]*Module{"01": {Tests: []string{"a"}, DropTests: []string{"b"}}}, "01x"},
		{map[string]*Module{"01": {Tests: []string{"a"}, DropTests: []string{"b"}}, "02": {Tests: []string{"c"}}}, "02"},
		{map[string]*Module{"09": {Tests: []string{"a"}}, "10": {Tests: []string{"c"}}}, "10"},
	} {
		assert.Equal(t, c.want, Highest(c.mods))
	}
}

// FuncNames counts top-level tests only, and still finds them in a file
// that does not parse; a test in a comment counts only then.
func TestFuncNames(t *testing.T) {
	good := "package tests\n\n/*\nfunc Test_05_hidden(t *testing.T) {}\n*/\nfunc Test_01_a(t *testing.T) {}\n\nfunc (s suite) TestMethod(t *testing.T) {}\n\nfunc helper() {}\n"
	assert.Equal(t, []string{"Test_01_a"}, FuncNames("a_test.go", []byte(good)))
	broken := "package tests\n\nfunc Test_01_a(t *testing.T) {\n\nfunc Test_02_b(t *testing.T) {}\n"
	assert.Equal(t, []string{"Test_01_a", "Test_02_b"}, FuncNames("b_test.go", []byte(broken)))
}

func TestNamesReadsTheTestFilesInOrder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "02_q_test.go"), []byte("package tests\nfunc Test_02_q(t *testing.T) {}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "01_h_test.go"), []byte("package tests\nfunc Test_01_h(t *testing.T) {}\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.go"), []byte("package tests\nfunc Test_03_not_a_test_file(t *testing.T) {}\n"), 0o644))
	names, err := Names(dir, os.ReadFile)
	require.NoError(t, err)
	assert.Equal(t, []string{"Test_01_h", "Test_02_q"}, names)

	// A file gone since the folder was listed is left out; a file that
	// cannot be read stops the reading, naming it.
	gone := func(p string) ([]byte, error) {
		if filepath.Base(p) == "01_h_test.go" {
			return nil, fs.ErrNotExist
		}
		return os.ReadFile(p)
	}
	names, err = Names(dir, gone)
	require.NoError(t, err)
	assert.Equal(t, []string{"Test_02_q"}, names)
	refused := errors.New("not a regular file")
	_, err = Names(dir, func(string) ([]byte, error) { return nil, refused })
	assert.ErrorIs(t, err, refused)
	assert.Contains(t, err.Error(), "01_h_test.go")
}

// A file's package-level names are its functions, types, constants and
// variables, not its methods, nor init and _, which a package may
// declare many times.
func TestPackageNames(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "x_test.go", `package tests

import "testing"

type card struct{}

func (card) name() string { return "" }

func init() {}

const limit, _ = 3, 4

var (
	deck []card
	_    = deck
)

func Test_01_x(t *testing.T) {}
`, parser.SkipObjectResolution)
	require.NoError(t, err)
	var names []string
	for _, id := range PackageNames(f) {
		names = append(names, id.Name)
	}
	assert.Equal(t, []string{"card", "limit", "deck", "Test_01_x"}, names)
}
