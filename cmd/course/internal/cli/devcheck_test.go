package cli

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/devcheck"
	"github.com/systemic-game-design/course/modules"
)

func TestDevFlags(t *testing.T) {
	env, _, _ := testEnv()
	// The command tree is handed in at run time; the table leaves it out.
	build := func(runF func(*DevCheckOptions) error) *cobra.Command {
		return newDevCheckCmd(env, func(o *DevCheckOptions) error { o.commands = nil; return runF(o) })
	}
	flagTable(t, build, []flagCase[DevCheckOptions]{
		{args: nil, want: DevCheckOptions{Repo: "."}},
		{args: []string{"repo", "--no-tests", "--json"}, want: DevCheckOptions{Repo: "repo", NoTests: true, JSON: true}},
		{args: []string{"a", "b"}, err: "takes at most 1 argument(s), [REPO], and got 2"},
	})
	flagTable(t, func(runF func(*DevNewModuleOptions) error) *cobra.Command { return newDevNewModuleCmd(env, runF) }, []flagCase[DevNewModuleOptions]{
		{args: []string{"14", "trading", "--title", "Trading", "--repo", "r"}, want: DevNewModuleOptions{Number: "14", Name: "trading", Title: "Trading", Repo: "r"}},
		{args: []string{"14", "trading"}, want: DevNewModuleOptions{Number: "14", Name: "trading", Repo: "."}},
		{args: []string{"14"}, err: "takes 2 argument(s), NN NAME"},
	})
}

// The command lines a lesson names are parsed by the real command tree,
// each as a whole: a command, a subcommand, each flag and its value, the
// flags together, the arguments, and what they name.
func TestCommandsOfTheTree(t *testing.T) {
	resolve := commandsOf()
	assert.NoError(t, resolve([]string{"start-module", "01", "~/ws", "--expansion"}))
	assert.NoError(t, resolve([]string{"dev", "check", "--no-tests"}))
	assert.NoError(t, resolve([]string{"check", "--help"}))
	assert.EqualError(t, resolve([]string{"chek", "~/ws"}), `course has no command "chek"; did you mean check?`)
	assert.EqualError(t, resolve([]string{"check", "--jsn"}), "course check: unknown flag: --jsn; did you mean --csv or --json?")
	assert.EqualError(t, resolve([]string{"dev", "check", "-x"}), "course dev check: unknown shorthand flag: 'x' in -x; run `course dev check --help`")

	// Its arguments as the command takes them: a subcommand that exists,
	// how many, a module's number, a hint's; a flag's value is no argument.
	assert.NoError(t, resolve([]string{"start-module"}), "a command named in passing")
	assert.NoError(t, resolve([]string{"check", "~/ws", "--module", "03", "--timeout", "5s", "-j", "2"}))
	assert.NoError(t, resolve([]string{"hint", "01", "3"}))
	assert.NoError(t, resolve([]string{"check", "--all=class", "-j2"}))
	assert.NoError(t, resolve([]string{"expansion-check", "~/ws"}), "a workspace or a commit: the learner's disk says which")
	assert.NoError(t, resolve([]string{"check", "--json"}), "the workspace the learner is in")
	assert.ErrorContains(t, resolve([]string{"dev", "chek"}), `course dev has no command "chek"`)
	assert.ErrorContains(t, resolve([]string{"dev", "new-modul", "14", "x"}), `course dev has no command "new-modul"`)
	assert.EqualError(t, resolve([]string{"start-module", "99", "~/ws"}), `course start-module: there is no module "99"`)
	assert.EqualError(t, resolve([]string{"lesson", "42"}), `course lesson: there is no module "42"`)
	assert.EqualError(t, resolve([]string{"hint", "01", "7"}), `course hint: hint 7 is none of a module's hints, 1, 2 and 3`)
	// K as hint reads it: "02" is hint 2, "x" and "0" no hint at all.
	assert.NoError(t, resolve([]string{"hint", "01", "02"}))
	assert.EqualError(t, resolve([]string{"hint", "01", "0"}), `course hint: K is a hint's number, 1, 2 or 3, not "0"`)
	assert.EqualError(t, resolve([]string{"hint", "01", "+1"}), `course hint: K is a hint's number, 1, 2 or 3, not "+1"`)
	assert.ErrorContains(t, resolve([]string{"init", "a", "b"}), "course init takes 1 argument(s), DIR, and got 2")

	// A flag's value as the command would take it: a line the command
	// refuses at once is no line to give a learner.
	assert.NoError(t, resolve([]string{"check", "--timeout=90s", "-j4", "--module=03"}))
	assert.NoError(t, resolve([]string{"play", "--replay", "01-push", "--every", "200ms"}))
	assert.ErrorContains(t, resolve([]string{"check", "--timeout", "5x"}), `course check: invalid argument "5x" for "--timeout" flag: time: unknown unit "x" in duration "5x"`)
	assert.ErrorContains(t, resolve([]string{"check", "-j", "abc"}), `course check: invalid argument "abc" for "-j, --jobs" flag`)
	assert.ErrorContains(t, resolve([]string{"check", "-jx"}), `course check: invalid argument "x" for "-j, --jobs" flag`)
	assert.EqualError(t, resolve([]string{"check", "~/ws", "--module", "99"}), `course check: --module 99: there is no module "99"`)
	assert.ErrorContains(t, resolve([]string{"watch", "--module=3x"}), `course watch: there is no module "3x"`)
	assert.ErrorContains(t, resolve([]string{"init", "~/ws", "--module-path"}), `course init: flag needs an argument: --module-path`)

	// Flags that do not go together, as each command refuses them.
	assert.EqualError(t, resolve([]string{"lesson", "01", "--drop", "--harness"}), "course lesson: --drop and --harness each print a text of their own; give one of them")
	assert.EqualError(t, resolve([]string{"lesson", "01", "--scenarios", "--discussion"}), "course lesson: --discussion opens the lesson's discussions, and --scenarios prints another text; give one of them")
	assert.EqualError(t, resolve([]string{"check", "--all", "class", "--json", "--csv"}), "course check: --json and --csv cannot go together; choose one")
	assert.EqualError(t, resolve([]string{"play", "--list", "--cards"}), "course play: --list and --cards do not go together; give one")
	assert.EqualError(t, resolve([]string{"play", "01-push", "--every", "1s"}), "course play: --every paces a replay; add --replay")
	assert.ErrorContains(t, resolve([]string{"watch", "--timeout", "0s"}), "course watch: --timeout 0s is out of range")
	assert.ErrorContains(t, resolve([]string{"dev", "new-module", "14", "Trading"}), `course dev new-module: "Trading" is not a module name`)

	// play's LEVEL a built-in level: a name, a prefix only one has, or one
	// under levels/; a file elsewhere is the learner's.
	assert.NoError(t, resolve([]string{"play", "01"}))
	assert.NoError(t, resolve([]string{"play", "levels/01-push.json"}))
	assert.NoError(t, resolve([]string{"play", "mine/level.json"}))
	assert.NoError(t, resolve([]string{"play", "--list"}))
	assert.EqualError(t, resolve([]string{"play", "nosuchlevel"}), "course play: no level file or built-in level is named \"nosuchlevel\"; give a level file, or one of `course play --list`")
	assert.ErrorContains(t, resolve([]string{"play", "--workspace", "~/ws", "levels/nosuch.json"}), `course play: no level file or built-in level is named "levels/nosuch.json"`)
	assert.ErrorContains(t, resolve([]string{"play", "--replay"}), "course play takes one LEVEL")

	// Nothing runs: version prints nothing, a completion script is not
	// written (the tree writes to nowhere, and a run would fail here).
	assert.NoError(t, resolve([]string{"--version"}))
	assert.NoError(t, resolve([]string{"completion", "bash"}))
	assert.ErrorContains(t, resolve([]string{"completion", "bsh"}), `course completion has no command "bsh"`)
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"modul", "module", 1}, {"statsu", "status", 2}, {"json", "jsn", 1}, {"abc", "xyz", 3}, {"", "ab", 2}} {
		assert.Equal(t, c.want, editDistance(c.a, c.b), "%q %q", c.a, c.b)
	}
}

func TestNumberRange(t *testing.T) {
	assert.Equal(t, "module 00", numberRange([]string{"00"}))
	assert.Equal(t, "modules 00 and 01", numberRange([]string{"00", "01"}))
	assert.Equal(t, "modules 00 to 12", numberRange([]string{"00", "01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"}))
	assert.Equal(t, "modules 00, 02 and 05", numberRange([]string{"00", "02", "05"}))
}

// dev new-module writes nothing for a title that is not one line of text
// (its line break made a heading of its own in the lesson and the
// scenarios), for a name another module has already, or for a name whose
// last word the go command reads as a system or an architecture (its test
// files, 14_sword_arm_test.go, were built there alone).
func TestDevNewModuleRefusesATitleOfTwoLinesAndANameTaken(t *testing.T) {
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "course", "catalog.json"), []byte(`{"cards": [], "words": []}`), 0o644))
	env, _, _ := testEnv()
	for _, c := range []struct {
		opts DevNewModuleOptions
		err  string
	}{
		{DevNewModuleOptions{Number: "14", Name: "trading", Title: "Trading\n\n## test_14_fake", Repo: repo},
			`course dev new-module: --title "Trading\n\n## test_14_fake" holds a line break or another character that is not text; give the title on one line`},
		{DevNewModuleOptions{Number: "14", Name: "trading", Title: "Trading\u202e", Repo: repo},
			`course dev new-module: --title "Trading\u202e" holds a line break or another character that is not text; give the title on one line`},
		{DevNewModuleOptions{Number: "14", Name: "handles", Repo: repo},
			`course dev new-module: module 01 is named handles already (course/01-handles); choose another name`},
		{DevNewModuleOptions{Number: "14", Name: "sword-arm", Repo: repo},
			`course dev new-module: "sword-arm" ends in a word the go command reads as a system or an architecture, so 14_sword_arm_test.go would be left out of the build on linux/amd64; choose a name that ends in another word`},
		{DevNewModuleOptions{Number: "14", Name: "windows", Repo: repo},
			`course dev new-module: "windows" ends in a word the go command reads as a system or an architecture, so 14_windows_test.go would be left out of the build on linux/amd64; choose a name that ends in another word`},
	} {
		err := RunDevNewModule(context.Background(), env, &c.opts)
		assert.Equal(t, StatusCannot, Status(err))
		assert.EqualError(t, err, c.err)
		entries, _ := os.ReadDir(filepath.Join(repo, "course"))
		assert.Len(t, entries, 1, "nothing written but the catalog")
	}
	opts := DevNewModuleOptions{Number: "14", Name: "trading", Title: "Trading posts", Repo: repo}
	require.NoError(t, RunDevNewModule(context.Background(), env, &opts))
	assert.DirExists(t, filepath.Join(repo, "course", "14-trading"))
}

// dev new-module refuses a number past the next one (a gap in the
// course's numbers) and a name a folder not listed yet has (two folders of
// one name), and makes a module listed with no folder under its row's
// name and title: dev check's mend for such a module is that very
// command, which was refused as a name taken. A --title other than the
// row's is refused: the lesson it wrote had a first line dev check
// refuses.
func TestDevNewModuleNumbersAndNamesTheCourseHas(t *testing.T) {
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "course", "14-trading"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "course", "catalog.json"), []byte(`{"cards": [], "words": []}`), 0o644))
	env, stdout, _ := testEnv()
	for _, c := range []struct {
		opts DevNewModuleOptions
		err  string
	}{
		{DevNewModuleOptions{Number: "16", Name: "harbours", Repo: repo},
			`course dev new-module: module 16 would leave a gap in the course's numbers; the next module is 15`},
		{DevNewModuleOptions{Number: "15", Name: "trading", Repo: repo},
			`course dev new-module: ` + filepath.Join(repo, "course", "14-trading") + ` is named trading already; choose another name, or rename that folder 15-trading if it is this module`},
		{DevNewModuleOptions{Number: "05", Name: "cards", Repo: repo},
			`course dev new-module: modules/modules.go lists module 05 as 05-cards-as-data; give the name cards-as-data, or change its row first`},
		{DevNewModuleOptions{Number: "05", Name: "cards-as-data", Title: "Cards as Data", Repo: repo},
			`course dev new-module: modules/modules.go titles module 05 "Cards as data"; leave out --title, or change its row first`},
	} {
		err := RunDevNewModule(context.Background(), env, &c.opts)
		assert.Equal(t, StatusCannot, Status(err))
		assert.EqualError(t, err, c.err)
		entries, _ := os.ReadDir(filepath.Join(repo, "course"))
		assert.Len(t, entries, 2, "nothing written")
	}
	five, err := modules.Lookup("05")
	require.NoError(t, err)
	require.NoError(t, RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "05", Name: "cards-as-data", Repo: repo}))
	assert.Contains(t, stdout.String(), "modules/modules.go lists it already")
	lesson, err := os.ReadFile(filepath.Join(repo, "course", "05-cards-as-data", "lesson.md"))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(lesson), "# Module 5: "+five.Title+"\n"), "the row's title")
	require.NoError(t, RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "15", Name: "harbours", Repo: repo}))
	assert.DirExists(t, filepath.Join(repo, "course", "15-harbours"))
}

// dev new-module run by a program built with another modules list than the
// checkout's would judge numbers and names by its own list: it refuses,
// saying so, and writes nothing.
func TestDevNewModuleRefusesAnotherModulesList(t *testing.T) {
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "course", "catalog.json"), []byte(`{"cards": [], "words": []}`), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "modules"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "modules", "modules.go"), []byte("package modules\n\nvar all = []Module{\n\t{Number: \"00\", Slug: \"00-setup\", Part: \"0\", Title: \"Set-up\"},\n}\n"), 0o644))
	env, _, _ := testEnv()
	err := RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo})
	assert.Equal(t, StatusCannot, Status(err))
	assert.ErrorContains(t, err, "course dev new-module: "+filepath.Join(repo, "modules", "modules.go")+": its module 00 (00-setup) has another title than this course program's;")
	assert.NoDirExists(t, filepath.Join(repo, "course", "14-trading"))
}

// dev new-module writes the module whole or not at all: a write that
// fails midway (here the third file) left the files before it in
// course/14-trading, a half module that dev check then took for the
// author's, and a second run refused as a folder that exists.
func TestDevNewModuleLeavesNothingWhenAWriteFails(t *testing.T) {
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "course", "catalog.json"), []byte(`{"cards": [], "words": []}`), 0o644))
	env, _, _ := testEnv()
	write := writeModuleFile
	t.Cleanup(func() { writeModuleFile = write })
	n := 0
	writeModuleFile = func(p, text string) error {
		if n++; n == 3 {
			return errors.New("no space left on device")
		}
		return write(p, text)
	}
	err := RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no space left on device; nothing was written")
	assert.Equal(t, 3, n)
	entries, _ := os.ReadDir(filepath.Join(repo, "course"))
	require.Len(t, entries, 1, "nothing but the catalog, no folder aside either")
	writeModuleFile = write
	require.NoError(t, RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo}))
	got, _ := filepath.Glob(filepath.Join(repo, "course", "14-trading", "*"))
	assert.Len(t, got, 4, "lesson.md, scenarios.md, tests, expansion")
	entries, _ = os.ReadDir(filepath.Join(repo, "course"))
	assert.Len(t, entries, 2, "the catalog and the module")
}

// dev new-module stopped midway leaves its folder aside under course/;
// the next run removes it, as it can tell the folder for its own (its
// marker, and nothing but what it writes), and makes the module.
func TestDevNewModuleRemovesWhatAStoppedRunLeft(t *testing.T) {
	repo := newModuleRepo(t)
	courseDir := filepath.Join(repo, "course")
	env, out, _ := testEnv()
	write := writeModuleFile
	t.Cleanup(func() { writeModuleFile = write })
	n := 0
	writeModuleFile = func(p, text string) error {
		if n++; n == 3 {
			// Stopped here: what the run had written stays, as a kill
			// would leave it.
			aside, _ := filepath.Glob(filepath.Join(courseDir, ".new-14-trading-*"))
			require.Len(t, aside, 1)
			require.NoError(t, os.CopyFS(filepath.Join(courseDir, ".new-14-trading-99"), os.DirFS(aside[0])))
			return errors.New("killed")
		}
		return write(p, text)
	}
	require.Error(t, RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo}))
	require.DirExists(t, filepath.Join(courseDir, ".new-14-trading-99", "14-trading"))
	// A run stopped before its marker leaves an empty folder.
	require.NoError(t, os.Mkdir(filepath.Join(courseDir, ".new-15-harbours-7"), 0o755))
	writeModuleFile = write
	require.NoError(t, RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo}))
	assert.Contains(t, out.String(), "removed "+filepath.Join(courseDir, ".new-14-trading-99")+", which a stopped course dev new-module left unfinished\n")
	entries, _ := os.ReadDir(courseDir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	assert.Equal(t, []string{"14-trading", "catalog.json"}, names, "the module, and no folder aside")
}

// A folder aside that holds what dev new-module does not write, a file it
// writes but not as it writes it (an author's edit), or no marker of its
// (with the title it wrote for), may hold an author's work: dev
// new-module refuses to start, naming it, and removes nothing.
func TestDevNewModuleKeepsAFolderAsideItCannotTellForItsOwn(t *testing.T) {
	for _, c := range []struct {
		files map[string]string
		why   string
	}{
		{map[string]string{".course-dev-new-module": asideMarker("Trading"), "14-trading/lesson.md": "", "14-trading/notes.md": "mine\n"},
			"it holds 14-trading/notes.md, which dev new-module does not write"},
		// A file of its own, as the author changed it.
		{map[string]string{".course-dev-new-module": asideMarker("Trading"), "14-trading/scenarios.md": "# Module 14 scenarios: Trading\n\nMy own notes.\n"},
			"its 14-trading/scenarios.md is not as dev new-module writes it"},
		{map[string]string{".course-dev-new-module": devcheck.AsideMarkerText, "14-trading/lesson.md": ""},
			"it has no .course-dev-new-module of dev new-module's"},
		{map[string]string{"14-trading/lesson.md": "# Module 14\n"},
			"it has no .course-dev-new-module of dev new-module's"},
		{map[string]string{".course-dev-new-module": "mine\n", "14-trading/lesson.md": "# Module 14\n"},
			"it has no .course-dev-new-module of dev new-module's"},
	} {
		repo := newModuleRepo(t)
		aside := filepath.Join(repo, "course", ".new-14-trading-5")
		for p, text := range c.files {
			require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(aside, p)), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(aside, p), []byte(text), 0o644))
		}
		env, _, _ := testEnv()
		err := RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo})
		assert.EqualError(t, err, "course dev new-module: "+aside+" is a folder a stopped dev new-module left, but "+c.why+", so it may hold work of yours; move out what is yours, remove the folder, and run dev new-module again")
		assert.Equal(t, StatusCannot, Status(err))
		for p := range c.files {
			assert.FileExists(t, filepath.Join(aside, p))
		}
		assert.NoDirExists(t, filepath.Join(repo, "course", "14-trading"))
	}
}

// newModuleRepo is a course repository with a catalog and no module
// folder, for dev new-module.
func newModuleRepo(t *testing.T) string {
	t.Helper()
	repo := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(repo, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "course", "catalog.json"), []byte(`{"cards": [], "words": []}`), 0o644))
	return repo
}
