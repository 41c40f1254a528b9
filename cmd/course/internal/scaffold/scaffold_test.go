package scaffold

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

const courseTest = `package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/harness"
)

func Test_01_fake(t *testing.T) {
	assert.NotNil(t, harness.NewGame(harness.GameOpts{}))
}
`

func TestRewriteHarnessImport(t *testing.T) {
	out, err := RewriteHarnessImport("t.go", []byte(courseTest), "example.com/my-engine/harness")
	require.NoError(t, err)
	assert.Contains(t, string(out), "\t\"example.com/my-engine/harness\"\n")
	assert.NotContains(t, string(out), "systemic-game-design")
	assert.Contains(t, string(out), "harness.NewGame(harness.GameOpts{})")

	// Named imports keep their name; other imports are left alone.
	named := `package tests

import (
	h "github.com/systemic-game-design/course/harness"
	"github.com/systemic-game-design/course/harnessy"
)

var _ = h.NewGame
`
	out, err = RewriteHarnessImport("t.go", []byte(named), "github.com/me/x/harness")
	require.NoError(t, err)
	assert.Contains(t, string(out), `h "github.com/me/x/harness"`)
	assert.Contains(t, string(out), `"github.com/systemic-game-design/course/harnessy"`)

	// In the course repository itself nothing changes.
	out, err = RewriteHarnessImport("t.go", []byte(courseTest), HarnessImport)
	require.NoError(t, err)
	assert.Equal(t, courseTest, string(out))

	_, err = RewriteHarnessImport("t.go", []byte("package"), "x/harness")
	assert.Error(t, err)
}

// fakeCourse is a course with one module whose tests, cards and drop exist.
func fakeCourse(t *testing.T) StartOptions {
	t.Helper()
	cat, err := data.ParseCatalog([]byte(`{"cards": [
		{"name": "Test Filler", "type": "minion", "module": "01"},
		{"name": "Drop Card", "type": "spell", "module": "01x"},
		{"name": "Later Card", "type": "spell", "module": "02"}]}`))
	require.NoError(t, err)
	m, err := modules.Lookup("01")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, workspace.ConfigFile), []byte(`{"track": "go", "engineDirs": ["engine"]}`), 0o644))
	ws, err := workspace.Open(dir)
	require.NoError(t, err)
	return StartOptions{
		Course: fstest.MapFS{
			"01-handles/tests/01_handles_test.go":            {Data: []byte(courseTest)},
			"01-handles/expansion/tests/01x_handles_test.go": {Data: []byte("package tests\n\nimport _ \"github.com/systemic-game-design/course/harness\"\n")},
			"01-handles/cards/module-only.json":              {Data: []byte(`{"name": "Module Only"}`)},
		},
		Cards: fstest.MapFS{
			"test-filler.json": {Data: []byte(`{"name": "Test Filler"}`)},
			"drop-card.json":   {Data: []byte(`{"name": "Drop Card"}`)},
			"later-card.json":  {Data: []byte(`{"name": "Later Card"}`)},
		},
		Catalog: cat, Module: m, Workspace: ws, ModulePath: "example.com/my-engine",
	}
}

func actions(rs []FileResult) map[string]Action {
	out := map[string]Action{}
	for _, r := range rs {
		out[r.Path] = r.Action
	}
	return out
}

func TestStartModuleCopiesTestsAndCards(t *testing.T) {
	o := fakeCourse(t)
	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, map[string]Action{
		"tests/01_handles_test.go": Copied,
		"cards/test-filler.json":   Copied,
		"cards/module-only.json":   Copied,
	}, actions(rs))
	got, err := os.ReadFile(filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go"))
	require.NoError(t, err)
	assert.Contains(t, string(got), `"example.com/my-engine/harness"`)
	assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "cards", "later-card.json"))
	assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "tests", "01x_handles_test.go"))

	// Twice changes nothing.
	rs, err = StartModule(o)
	require.NoError(t, err)
	for _, a := range actions(rs) {
		assert.Equal(t, Unchanged, a)
	}
}

func TestStartModuleExpansion(t *testing.T) {
	o := fakeCourse(t)
	o.Expansion = true
	rs, err := StartModule(o)
	require.NoError(t, err)
	// The drop's card is the learner's answer: it is not handed out.
	assert.Equal(t, map[string]Action{
		"tests/01x_handles_test.go": Copied,
	}, actions(rs))
	assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "cards", "drop-card.json"))
}

func TestLaterModuleBringsEarlierDropCards(t *testing.T) {
	o := fakeCourse(t)
	m, err := modules.Lookup("02")
	require.NoError(t, err)
	o.Module = m
	o.Course.(fstest.MapFS)["02-queue/tests/02_queue_test.go"] = &fstest.MapFile{Data: []byte(courseTest)}
	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, map[string]Action{
		"tests/02_queue_test.go": Copied,
		"cards/later-card.json":  Copied,
		"cards/drop-card.json":   Copied,
	}, actions(rs))
}

// A card of an earlier Expansion Drop is the learner's to write: the one
// they wrote stays theirs when a later module brings the course's copy, as
// long as it holds the same data, however it is laid out.
func TestLaterModuleKeepsTheDropCardTheLearnerWrote(t *testing.T) {
	o := fakeCourse(t)
	m, err := modules.Lookup("02")
	require.NoError(t, err)
	o.Module = m
	o.Course.(fstest.MapFS)["02-queue/tests/02_queue_test.go"] = &fstest.MapFile{Data: []byte(courseTest)}
	mine := filepath.Join(o.Workspace.Dir, "cards", "drop-card.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(mine), 0o755))
	written := "{\n  \"name\" : \"Drop Card\"\n}\n"
	require.NoError(t, os.WriteFile(mine, []byte(written), 0o644))

	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, Unchanged, actions(rs)["cards/drop-card.json"])
	got, err := os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, written, string(got), "the learner's card is left as they wrote it")

	// A drop card whose data differs is refused, by what it is and how to
	// mend it: the learner started the drop, and wrote its card.
	o.State = &workspace.State{Drops: map[string]workspace.Drop{"01": {Commit: "c"}}}
	require.NoError(t, os.WriteFile(mine, []byte(`{"name": "Drop Card", "cost": 9}`), 0o644))
	_, err = StartModule(o)
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Equal(t, mine, scErr.Path)
	assert.Contains(t, scErr.Why, "Module 01's Expansion Drop")
	assert.Contains(t, scErr.Why, "cards/drop-card.json in the course repository")
	assert.Contains(t, scErr.Why, "--force")
	assert.NotContains(t, scErr.Why, "not yours to edit")

	// A key given twice is not the same card, though Go's reader keeps the second.
	require.NoError(t, os.WriteFile(mine, []byte(`{"name": "Other", "name": "Drop Card"}`), 0o644))
	_, err = StartModule(o)
	require.ErrorAs(t, err, &scErr)
	assert.Equal(t, mine, scErr.Path)
}

func TestChangedFileIsRefusedThenKeptWithForce(t *testing.T) {
	o := fakeCourse(t)
	_, err := StartModule(o)
	require.NoError(t, err)
	target := filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go")
	require.NoError(t, os.WriteFile(target, []byte("package tests // mine\n"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(o.Workspace.Dir, "cards", "test-filler.json")))

	_, err = StartModule(o)
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Equal(t, target, scErr.Path)
	assert.Contains(t, scErr.Why, "--force")
	// A refusal writes nothing, not even the missing card.
	assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "cards", "test-filler.json"))

	o.Force = true
	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, Replaced, actions(rs)["tests/01_handles_test.go"])
	assert.Equal(t, Copied, actions(rs)["cards/test-filler.json"])
	old, err := os.ReadFile(target + ".orig")
	require.NoError(t, err)
	assert.Equal(t, "package tests // mine\n", string(old))
}

func TestModuleWithoutTestsIsNotAvailable(t *testing.T) {
	o := fakeCourse(t)
	o.Module, _ = modules.Lookup("02")
	_, err := StartModule(o)
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Contains(t, scErr.Why, "not available yet")
}

func TestInit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "ws")
	hash, err := Init(dir, "github.com/me/engine")
	require.NoError(t, err)
	assert.Len(t, hash, 40)
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	require.NoError(t, err)
	assert.Contains(t, string(mod), "module github.com/me/engine\n")
	for _, f := range []string{".course.json", ".gitignore", "go.sum", "harness/game.go", "engine/doc.go", "content/doc.go", "tests/doc.go", "cards/.gitkeep"} {
		assert.FileExists(t, filepath.Join(dir, f))
	}
	repo, err := git.PlainOpen(dir)
	require.NoError(t, err)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	st, err := wt.Status()
	require.NoError(t, err)
	assert.True(t, st.IsClean(), "everything is committed: %v", st)

	_, err = Init(dir, "example.com/x")
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Contains(t, scErr.Why, "not empty")

	for _, bad := range []string{"bad path with spaces", "", "a..b"} {
		other := filepath.Join(t.TempDir(), "other")
		_, err = Init(other, bad)
		var mpErr *ModulePathError
		require.ErrorAs(t, err, &mpErr, "%q", bad)
		assert.EqualError(t, err, fmt.Sprintf("--module-path %q is not a Go module path; give one like example.com/my-engine", bad))
		assert.NoDirExists(t, other, "nothing was made")
	}

	// A path the go command refuses by its own rules is refused too, with
	// its reason: start-module and every command after read go.mod's
	// module path by those rules, and refused the workspace init made.
	for bad, why := range map[string]string{
		"example.com/x.":   "trailing dot in path element",
		"example.com/aux":  `"aux" disallowed as path element component on Windows`,
		"example.com/x~1":  "trailing tilde and digits in path element",
		"example.com/COM1": `"COM1" disallowed as path element component on Windows`,
	} {
		other := filepath.Join(t.TempDir(), "other")
		_, err = Init(other, bad)
		var mpErr *ModulePathError
		require.ErrorAs(t, err, &mpErr, "%q", bad)
		assert.EqualError(t, err, fmt.Sprintf("--module-path %q is not a Go module path (%s); give one like example.com/my-engine", bad, why))
		assert.NoDirExists(t, other, "nothing was made")
	}
}

// An init that fails midway (the disk full while the template is written)
// removes what it wrote, and the folders it made, so that the same init
// runs once the cause is mended: it left a half workspace, without git,
// that it then refused as not empty. A folder that was there stays.
func TestInitThatFailsMidwayLeavesNothing(t *testing.T) {
	for name, existing := range map[string]bool{"new folders": false, "an empty folder": true} {
		t.Run(name, func(t *testing.T) {
			parent := t.TempDir()
			dir := filepath.Join(parent, "a", "b", "ws")
			if existing {
				require.NoError(t, os.MkdirAll(dir, 0o755))
			}
			written := 0
			writeTemplateFile = func(name string, data []byte, perm os.FileMode) error {
				if written++; written > 3 {
					return &os.PathError{Op: "write", Path: name, Err: syscall.ENOSPC}
				}
				return createFile(name, data, perm)
			}
			defer func() { writeTemplateFile = createFile }()
			_, err := Init(dir, "example.com/x")
			var wsErr *workspace.Error
			require.ErrorAs(t, err, &wsErr)
			assert.Equal(t, dir, wsErr.Path)
			assert.Contains(t, wsErr.Why, "no space left on device), and what init wrote there is removed; make room on its disk, and run the command again")
			if existing {
				entries, err := os.ReadDir(dir)
				require.NoError(t, err)
				assert.Empty(t, entries, "what init wrote is removed")
			} else {
				entries, err := os.ReadDir(parent)
				require.NoError(t, err)
				assert.Empty(t, entries, "the folders init made are removed")
			}

			writeTemplateFile = createFile
			_, err = Init(dir, "example.com/x")
			require.NoError(t, err, "the same init runs once mended")
		})
	}

	// A file that another init at once wrote first is not this init's:
	// it fails, and removes its own files only.
	parent := t.TempDir()
	dir := filepath.Join(parent, "ws")
	var theirs string
	writeTemplateFile = func(name string, data []byte, perm os.FileMode) error {
		if theirs == "" {
			theirs = name
			require.NoError(t, os.WriteFile(name, []byte("theirs"), 0o644))
		}
		return createFile(name, data, perm)
	}
	defer func() { writeTemplateFile = createFile }()
	_, err := Init(dir, "example.com/x")
	require.ErrorIs(t, err, fs.ErrExist)
	assert.Contains(t, err.Error(), "; what init wrote in "+dir+" is removed")
	var left []string
	require.NoError(t, filepath.WalkDir(parent, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			left = append(left, p)
		}
		return err
	}))
	assert.Equal(t, []string{theirs}, left, "only the other init's file is left")
	got, err := os.ReadFile(theirs)
	require.NoError(t, err)
	assert.Equal(t, "theirs", string(got))
}

// A folder whose path holds a line break is refused before anything is
// written: the go command would refuse to build any package in it.
func TestInitRefusesAFolderTheGoCommandCannotBuildIn(t *testing.T) {
	for _, name := range []string{"a\nb", "a\rb"} {
		parent := t.TempDir()
		_, err := Init(filepath.Join(parent, name), "example.com/x")
		var wsErr *workspace.Error
		require.ErrorAs(t, err, &wsErr)
		assert.Contains(t, wsErr.Why, "holds a line break, which the go command refuses")
		assert.Contains(t, wsErr.Why, "give a folder whose path has none")
		entries, err := os.ReadDir(parent)
		require.NoError(t, err)
		assert.Empty(t, entries, "nothing was made")
	}
}

// A course test file written for the module path go.mod named before is
// the course's copy, not an edit of the learner's: start-module rewrites
// its harness import for go.mod's module path now, as it writes every copy,
// and keeps nothing, since nothing in it is theirs.
func TestCopyWrittenForAnotherModulePathIsUpdated(t *testing.T) {
	for _, before := range []string{"example.com/old", "github.com/systemic-game-design/course"} {
		t.Run(before, func(t *testing.T) {
			o := fakeCourse(t)
			o.ModulePath = before
			_, err := StartModule(o)
			require.NoError(t, err)
			target := filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go")

			o.ModulePath = "github.com/me/eng"
			rs, err := Plan(o)
			require.NoError(t, err)
			assert.Equal(t, FileResult{Path: "tests/01_handles_test.go", Action: Updated, Was: before + "/harness"}, rs[0])
			o.Force = true // nothing to keep, with --force too
			rs, err = Plan(o)
			require.NoError(t, err)
			assert.Equal(t, FileResult{Path: "tests/01_handles_test.go", Action: Updated, Was: before + "/harness"}, rs[0])
			o.Force = false
			old, err := os.ReadFile(target)
			require.NoError(t, err)
			assert.Contains(t, string(old), `"`+before+`/harness"`, "Plan writes nothing")

			rs, err = StartModule(o)
			require.NoError(t, err)
			assert.Equal(t, Updated, actions(rs)["tests/01_handles_test.go"])
			got, err := os.ReadFile(target)
			require.NoError(t, err)
			want, err := RewriteHarnessImport("t.go", []byte(courseTest), "github.com/me/eng/harness")
			require.NoError(t, err)
			assert.Equal(t, string(want), string(got))
			assert.NoFileExists(t, target+".orig")

			rs, err = StartModule(o)
			require.NoError(t, err)
			assert.Equal(t, Unchanged, actions(rs)["tests/01_handles_test.go"])
		})
	}
}

// A copy written for another module path that the learner changed beside
// its import is theirs: refused as any changed copy, and with --force kept.
func TestEditedCopyForAnotherModulePathIsRefused(t *testing.T) {
	o := fakeCourse(t)
	o.ModulePath = "example.com/old"
	_, err := StartModule(o)
	require.NoError(t, err)
	target := filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go")
	old, err := os.ReadFile(target)
	require.NoError(t, err)
	edited := strings.Replace(string(old), "harness.GameOpts{}", "harness.GameOpts{Seed: 1}", 1)
	require.NoError(t, os.WriteFile(target, []byte(edited), 0o644))

	o.ModulePath = "github.com/me/eng"
	_, err = StartModule(o)
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Equal(t, target, scErr.Path)
	assert.Contains(t, scErr.Why, "--force")

	o.Force = true
	rs, err := StartModule(o)
	require.NoError(t, err)
	assert.Equal(t, Replaced, actions(rs)["tests/01_handles_test.go"])
	kept, err := os.ReadFile(target + ".orig")
	require.NoError(t, err)
	assert.Equal(t, edited, string(kept))
}

// laterModule is o starting module 03, which brings Module 01's drop card,
// with the drop card in the workspace holding other data than the course's.
func laterModule(t *testing.T) StartOptions {
	t.Helper()
	o := fakeCourse(t)
	m, err := modules.Lookup("03")
	require.NoError(t, err)
	o.Module = m
	o.Course.(fstest.MapFS)[m.TestsDir()+"/03_x_test.go"] = &fstest.MapFile{Data: []byte(courseTest)}
	card := filepath.Join(o.Workspace.Dir, "cards", "drop-card.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(card), 0o755))
	require.NoError(t, os.WriteFile(card, []byte(`{"name": "Drop Card", "cost": 9}`), 0o644))
	return o
}

// A drop's card that a later module brought in, the drop not started then,
// is the course's copy: a refusal of it says so, where its data differs
// and how to see the whole difference without the course repository.
func TestCourseCopyOfADropCardIsNotCalledTheLearners(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for name, c := range map[string]struct {
		state *workspace.State
		came  string
	}{
		"the drop not started, brought by a module started": {
			&workspace.State{Modules: map[string]time.Time{"01": t0, "02": t0.Add(time.Hour)}},
			"which came with module 02 (a drop not started here)",
		},
		"the drop started after a module brought its card": {
			&workspace.State{Modules: map[string]time.Time{"01": t0, "02": t0.Add(time.Hour)},
				Drops: map[string]workspace.Drop{"01": {Commit: "c", StartedAt: t0.Add(2 * time.Hour)}}},
			"which came with module 02 before that drop was started",
		},
		"no record of the drop or of a module that brings its card": {
			nil,
			"which module 03 brings, as that drop was not started here",
		},
	} {
		t.Run(name, func(t *testing.T) {
			o := laterModule(t)
			o.State = c.state
			card := filepath.Join(o.Workspace.Dir, "cards", "drop-card.json")
			require.NoError(t, os.WriteFile(card+".orig", []byte("kept before"), 0o644))

			_, err := StartModule(o)
			var scErr *workspace.Error
			require.ErrorAs(t, err, &scErr)
			assert.Equal(t, card, scErr.Path)
			assert.Equal(t, "is the course's card for Module 01's Expansion Drop, "+c.came+
				", and its data differs from the course's copy in cost (1 file(s) changed: cards/drop-card.json); "+
				"rerun with --force to put the course's copy back, keeping this one as cards/drop-card.json.orig.1 to compare with it", scErr.Why)
			assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "tests", "03_x_test.go"))

			// --force does what the refusal says.
			o.Force = true
			rs, err := StartModule(o)
			require.NoError(t, err)
			assert.Equal(t, FileResult{Path: "cards/drop-card.json", Action: Replaced, Kept: "cards/drop-card.json.orig.1"}, rs[len(rs)-1])
			kept, err := os.ReadFile(card + ".orig.1")
			require.NoError(t, err)
			assert.JSONEq(t, `{"name": "Drop Card", "cost": 9}`, string(kept))
		})
	}
}

// The card of a drop the learner started before any module brought it is
// the one they wrote, and the refusal says so.
func TestDropCardTheLearnerWroteIsCalledTheirs(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	o := laterModule(t)
	o.State = &workspace.State{Modules: map[string]time.Time{"01": t0, "02": t0.Add(2 * time.Hour)},
		Drops: map[string]workspace.Drop{"01": {Commit: "c", StartedAt: t0.Add(time.Hour)}}}
	_, err := StartModule(o)
	var scErr *workspace.Error
	require.ErrorAs(t, err, &scErr)
	assert.Contains(t, scErr.Why, "is the card you wrote for Module 01's Expansion Drop")
}

func TestDifferingKeys(t *testing.T) {
	course := []byte(`{"name": "A", "cost": 1, "clauses": [{"kind": "effect"}]}`)
	assert.Equal(t, []string{"clauses", "cost"}, differingKeys([]byte(`{"name": "A", "cost": 2, "clauses": []}`), course))
	// A key one of them lacks is named too, quoted when it is not a plain word.
	assert.Equal(t, []string{"cost", "health", `"x\x1b y"`}, differingKeys([]byte(`{"name": "A", "clauses": [{"kind": "effect"}], "x\u001b y": 1, "health": 2}`), course))
	assert.Nil(t, differingKeys([]byte(`[1]`), course))
	assert.Nil(t, differingKeys([]byte(`{`), course))
}
