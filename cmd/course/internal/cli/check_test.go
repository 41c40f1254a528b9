package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// TestCheckInTheCourseRepository runs check on a small copy of the course
// repository's layout: module tests and Expansion Drop tests from
// course/NN-slug/, one line per module, the engine audited.
func TestCheckInTheCourseRepository(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	repo := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(repo, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("go.mod", "module "+workspace.RepositoryModule+"\n\ngo 1.26\n")
	write(".course.json", `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["cards"]}`)
	write("engine/engine.go", "package engine\n")
	write("course/catalog.json", `{"cards": []}`)
	write("course/01-handles/tests/01_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) {}\n")
	write("course/01-handles/expansion/tests/01x_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01x_c(t *testing.T) { t.Error(\"the drop is not done\") }\n")
	write("course/02-queue/tests/02_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_02_a(t *testing.T) {}\n")
	// The course program's own tests are the repository's: check runs
	// no other in a repository.
	testEnv := func() (*Env, *bytes.Buffer, *bytes.Buffer) {
		files := map[string]string{}
		for _, rel := range []string{"course/01-handles/tests/01_test.go", "course/01-handles/expansion/tests/01x_test.go", "course/02-queue/tests/02_test.go"} {
			raw, err := os.ReadFile(filepath.Join(repo, filepath.FromSlash(rel)))
			require.NoError(t, err)
			files["tests/"+path.Base(rel)] = string(raw)
		}
		return courseEnv(files)
	}

	env, out, _ := testEnv()
	err := RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Timeout: time.Minute})
	assert.Equal(t, 1, Status(err))
	assert.Contains(t, out.String(), "coupling-audit: ok\n")
	assert.Contains(t, out.String(), "module 01 handles: 2 passed, 1 failed\n")
	assert.Contains(t, out.String(), "  first failure: Test_01x_c (fail)\n")
	assert.Contains(t, out.String(), "the drop is not done")
	assert.Contains(t, out.String(), "module 02 queue: 1 passed, 0 failed\n")
	assert.Contains(t, out.String(), "\n3 passed, 1 failed\n")

	env, out, _ = testEnv()
	err = RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Module: "02", Timeout: time.Minute, JSON: true})
	assert.Equal(t, 1, Status(err))
	assert.Contains(t, out.String(), `"failed": 1`)

	write("course/01-handles/expansion/tests/01x_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01x_c(t *testing.T) {}\n")
	env, out, _ = testEnv()
	require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Module: "1", Timeout: time.Minute}))
	assert.Equal(t, "coupling-audit: ok\nvalidate: ok (0 card files, 0 level files)\nmodule 01 handles: 3 passed, 0 failed\n3 passed, 0 failed\n", out.String())

	// A card file that does not load fails check, though every test passes;
	// the tests still run, and the closing line stays last.
	write("course/01-handles/cards/broken.json", `{"name": "Broken", "type": "spell", "cost": 1, "text": "", "clauses": [{"kind": "effect", "effect": "heal"}]}`)
	env, out, _ = testEnv()
	err = RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Module: "1", Timeout: time.Minute})
	assert.Equal(t, 1, Status(err))
	assert.Equal(t, "coupling-audit: ok\n"+
		"course/01-handles/cards/broken.json at /clauses/0/effect: value must be one of 'damage', 'destroy', 'draw', 'armor', 'summon', 'stats', 'assemble', 'spawnText'; use one of the values the schema allows there\n"+
		"module 01 handles: 3 passed, 0 failed\n3 passed, 0 failed; validate: 1 file does not load\n", out.String())

	env, out, _ = testEnv()
	err = RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Module: "1", Timeout: time.Minute, JSON: true})
	assert.Equal(t, 1, Status(err))
	var report struct {
		SchemaVersion int  `json:"schemaVersion"`
		OK            bool `json:"ok"`
		Passed        int  `json:"passed"`
		Validate      *ValidateReport
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &report))
	assert.Equal(t, 1, report.SchemaVersion)
	assert.False(t, report.OK)
	assert.Equal(t, 3, report.Passed)
	require.NotNil(t, report.Validate)
	require.Len(t, report.Validate.Findings, 1)
	assert.Equal(t, "course/01-handles/cards/broken.json", report.Validate.Findings[0].File)
	assert.Equal(t, "/clauses/0/effect", report.Validate.Findings[0].Path)

	// A module test package that is not the course program's own (a file
	// changed, one more) is refused, not run: a folder that passes for the
	// repository would be judged by tests of its making.
	for _, c := range []struct{ file, content string }{
		{"course/02-queue/tests/02_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_02_a(t *testing.T) {} // mine\n"},
		{"course/02-queue/tests/extra_test.go", "package tests\n"},
	} {
		env, out, _ = testEnv()
		original, err := os.ReadFile(filepath.Join(repo, "course/02-queue/tests/02_test.go"))
		require.NoError(t, err)
		write(c.file, c.content)
		err = RunCheck(context.Background(), env, &CheckOptions{Workspace: repo, Timeout: time.Minute})
		assert.Equal(t, 2, Status(err), c.file)
		assert.ErrorContains(t, err, c.file+" is not this course program's, so its tests are not the course's", c.file)
		assert.Empty(t, out.String(), c.file)
		require.NoError(t, os.RemoveAll(filepath.Join(repo, "course/02-queue/tests/extra_test.go")))
		write("course/02-queue/tests/02_test.go", string(original))
	}
}

// A class checked confined, where the kernel's Landlock does not scope
// signals, gets a note when its workspaces ran at once: their tests could
// stop each other's and fail a row not their own. With -j 1, on a kernel
// that scopes them, or unconfined (the other note), it gets none. Confined
// where the tests cannot be kept off the network, it gets a note of that.
func TestClassSaysWhenTestsCouldSignalEachOther(t *testing.T) {
	defer func(a func() error, s, o func() bool) {
		sandboxAvailable, signalsScoped, networkRefused = a, s, o
	}(sandboxAvailable, signalsScoped, networkRefused)
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
	}
	ws, other := checkFixture(t, files), checkFixture(t, files)
	const note = "note: this system's Landlock does not keep the tests from signalling processes outside them"
	for _, c := range []struct {
		jobs      int
		available error
		scoped    bool
		online    bool
		want      string
	}{
		{jobs: 2, want: note},
		{jobs: 1},
		{jobs: 2, scoped: true},
		{jobs: 2, available: errors.New("Landlock is off"), want: "note: Landlock is off, so each workspace's tests could write to the others"},
		{jobs: 1, online: true, want: "note: this system does not keep the tests off the network"},
		{jobs: 1, online: true, available: errors.New("Landlock is off"), want: "and this output, and reach the network; check a class"},
	} {
		sandboxAvailable = func() error { return c.available }
		signalsScoped = func() bool { return c.scoped }
		networkRefused = func() bool { return !c.online }
		env, _, errOut := courseEnv(files)
		require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspaces: []string{ws, other}, Timeout: time.Minute, Jobs: c.jobs}))
		if c.want == "" {
			assert.Empty(t, errOut.String(), "%+v", c)
			continue
		}
		assert.Contains(t, errOut.String(), c.want, "%+v", c)
		assert.Equal(t, 1, strings.Count(errOut.String(), "note: "), "one note: %s", errOut.String())
	}
}
