package workspace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/systemic-game-design/course/internal/testws"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

// learnerDir is a learner's workspace with the given files.
func learnerDir(t *testing.T, files map[string]string) string {
	t.Helper()
	return testws.New(t, files)
}

func TestLayoutListsCardAndLevelFiles(t *testing.T) {
	dir := learnerDir(t, map[string]string{
		"cards/b.json": "{}", "cards/a.json": "{}", "cards/notes.txt": "",
		"levels/01.json": "{}", "course/01-x/cards/module.json": "{}",
	})
	ws, err := Open(dir)
	require.NoError(t, err)
	cards, err := ws.CardFiles()
	require.NoError(t, err)
	require.Len(t, cards, 2)
	assert.Equal(t, []string{"cards/a.json", "cards/b.json"}, []string{cards[0].Path, cards[1].Path})
	levels, err := ws.LevelFiles()
	require.NoError(t, err)
	require.Len(t, levels, 1)
	assert.Equal(t, "levels/01.json", levels[0].Path)

	repo := repositoryDir(t, RepositoryModule, true)
	for _, f := range []string{"cards/a.json", "course/01-x/cards/module.json"} {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(repo, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(repo, f), []byte("{}"), 0o644))
	}
	ws, err = Open(repo)
	require.NoError(t, err)
	cards, err = ws.CardFiles()
	require.NoError(t, err)
	require.Len(t, cards, 2)
	assert.Equal(t, "course/01-x/cards/module.json", cards[1].Path)
}

// A card or level file larger than any needs is refused by name before it
// is read: a file of a gigabyte took gigabytes and minutes to check, in a
// class's check too. One at the limit is still read.
func TestLayoutRefusesAContentFileTooLarge(t *testing.T) {
	for _, rel := range []string{"cards/huge.json", "levels/huge.json"} {
		t.Run(rel, func(t *testing.T) {
			dir := learnerDir(t, map[string]string{"cards/ok.json": "{}", "levels/ok.json": "{}"})
			f, err := os.Create(filepath.Join(dir, filepath.FromSlash(rel)))
			require.NoError(t, err)
			require.NoError(t, f.Truncate(data.MaxFileSize+1)) // sparse: no room taken
			require.NoError(t, f.Close())
			ws, err := Open(dir)
			require.NoError(t, err)
			_, cerr := ws.CardFiles()
			_, lerr := ws.LevelFiles()
			var wsErr *Error
			require.ErrorAs(t, errors.Join(cerr, lerr), &wsErr)
			assert.Equal(t, filepath.Join(dir, filepath.FromSlash(rel)), wsErr.Path)
			assert.Equal(t, "is 4194305 bytes, more than any card or level file needs (at most 4 MiB); remove it, or keep one card or one level to a file", wsErr.Why)

			require.NoError(t, os.Truncate(filepath.Join(dir, filepath.FromSlash(rel)), data.MaxFileSize))
			_, cerr = ws.CardFiles()
			_, lerr = ws.LevelFiles()
			assert.NoError(t, errors.Join(cerr, lerr), "a file at the limit is read")
		})
	}
}

// A card or level file that is a link out of the workspace, dangling or
// not, is refused naming it; a link inside is read.
func TestLayoutRefusesLinksOutOfTheWorkspace(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.json")
	require.NoError(t, os.WriteFile(secret, []byte(`{"secret": true}`), 0o644))
	cases := map[string]func(dir string){
		"card link": func(dir string) { require.NoError(t, os.Symlink(secret, filepath.Join(dir, "cards", "x.json"))) },
		"dangling card": func(dir string) {
			require.NoError(t, os.Symlink(filepath.Join(outside, "none.json"), filepath.Join(dir, "cards", "x.json")))
		},
		"relative climb": func(dir string) {
			require.NoError(t, os.Symlink("../../"+filepath.Base(outside)+"/secret.json", filepath.Join(dir, "cards", "x.json")))
		},
		"levels folder": func(dir string) { require.NoError(t, os.Symlink(outside, filepath.Join(dir, "levels"))) },
	}
	for name, link := range cases {
		t.Run(name, func(t *testing.T) {
			dir := learnerDir(t, map[string]string{"cards/ok.json": "{}"})
			if name == "relative climb" {
				// Put the workspace beside outside so the relative link climbs to it.
				dir = filepath.Join(filepath.Dir(outside), "ws-"+filepath.Base(t.TempDir()))
				require.NoError(t, os.MkdirAll(filepath.Join(dir, "cards"), 0o755))
				writeConfig(t, dir, `{"track": "go", "engineDirs": ["engine"]}`)
				t.Cleanup(func() { os.RemoveAll(dir) })
			}
			link(dir)
			ws, err := Open(dir)
			require.NoError(t, err)
			_, cerr := ws.CardFiles()
			_, lerr := ws.LevelFiles()
			err = errors.Join(cerr, lerr)
			var wsErr *Error
			require.ErrorAs(t, err, &wsErr)
			assert.Contains(t, wsErr.Why, "leads out of the workspace")
		})
	}

	dir := learnerDir(t, map[string]string{"content/real.json": `{}`})
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "cards"), 0o755))
	require.NoError(t, os.Symlink("../content/real.json", filepath.Join(dir, "cards", "in.json")))
	ws, err := Open(dir)
	require.NoError(t, err)
	cards, err := ws.CardFiles()
	require.NoError(t, err)
	assert.Len(t, cards, 1)
}

func TestReadFileSaysWhatIsMissing(t *testing.T) {
	ws, err := Open(learnerDir(t, map[string]string{}))
	require.NoError(t, err)
	_, err = ws.ReadFile("tests/none_test.go")
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

func TestTestPackagesOfALearner(t *testing.T) {
	dir := learnerDir(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01x_drop(t *testing.T) {}\n",
		"tests/02_queue_test.go":   "package tests\n\nimport \"testing\"\n\nfunc Test_02_b(t *testing.T) {}\n",
		"tests/mine_test.go":       "package tests\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\n",
	})
	ws, err := Open(dir)
	require.NoError(t, err)
	all, err := ws.TestPackages(nil)
	require.NoError(t, err)
	require.Len(t, all, 2)
	assert.Equal(t, "01", all[0].Module.Number)
	assert.Equal(t, testws.ModulePath+"/tests", all[0].Packages[0].ImportPath)
	assert.Equal(t, []string{"Test_01_a", "Test_01x_drop"}, all[0].Packages[0].Tests)
	assert.Equal(t, []string{"Test_02_b"}, all[1].Packages[0].Tests)

	one, err := modules.Lookup("01")
	require.NoError(t, err)
	upTo, err := ws.TestPackages(&one)
	require.NoError(t, err)
	assert.Len(t, upTo, 1)

	three, err := modules.Lookup("03")
	require.NoError(t, err)
	_, err = ws.TestPackages(&three)
	assert.ErrorContains(t, err, "module 03 is not started; run `course start-module 03")

	empty, err := Open(learnerDir(t, map[string]string{}))
	require.NoError(t, err)
	_, err = empty.TestPackages(nil)
	assert.ErrorContains(t, err, "no module is started")
	assert.ErrorContains(t, err, "run `course start-module 00 ", "the mend is the course's first module")
}

func TestTestPackagesOfTheRepository(t *testing.T) {
	ws, err := Open(filepath.Join("..", "..", "..", ".."))
	require.NoError(t, err)
	two, err := modules.Lookup("02")
	require.NoError(t, err)
	mts, err := ws.TestPackages(&two)
	require.NoError(t, err)
	require.Len(t, mts, 3, "modules 00, 01 and 02")
	last := mts[len(mts)-1]
	assert.Equal(t, "02", last.Module.Number)
	require.Len(t, last.Packages, 2, "its tests and its drop's")
	assert.Equal(t, RepositoryModule+"/course/02-queue/tests", last.Packages[0].ImportPath)
	assert.Equal(t, RepositoryModule+"/course/02-queue/expansion/tests", last.Packages[1].ImportPath)
	assert.NotEmpty(t, last.Packages[0].Tests)
}

// A workspace whose folder's name holds a pattern's characters ([, *, ?)
// lists its own card, level and test files, not another folder's: the
// name is not read as a pattern.
func TestLayoutReadsAWorkspaceNamedLikeAPattern(t *testing.T) {
	files := map[string]string{
		"cards/bad.json":           "{oops",
		"levels/01.json":           "{}",
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
	}
	for _, name := range []string{"b[o]b", "b[", "b*", "b?b"} {
		t.Run(name, func(t *testing.T) {
			class := t.TempDir()
			dir := filepath.Join(class, name)
			require.NoError(t, os.Rename(learnerDir(t, files), dir))
			// A sibling the pattern would match, with other files.
			require.NoError(t, os.Rename(learnerDir(t, map[string]string{"cards/other.json": "{}"}), filepath.Join(class, "bob")))
			ws, err := Open(dir)
			require.NoError(t, err)
			cards, err := ws.CardFiles()
			require.NoError(t, err)
			require.Len(t, cards, 1)
			assert.Equal(t, "cards/bad.json", cards[0].Path)
			levels, err := ws.LevelFiles()
			require.NoError(t, err)
			assert.Len(t, levels, 1)
			all, err := ws.TestPackages(nil)
			require.NoError(t, err)
			require.Len(t, all, 1)
			assert.Equal(t, []string{"Test_01_a"}, all[0].Packages[0].Tests)
		})
	}
}
