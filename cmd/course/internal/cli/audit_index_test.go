package cli

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// check's audit and listed-folders rule stand on the files' own bytes. An
// instructor checks an honest workspace, and the user cache keeps the
// verdicts on its clean engine file by blob hash: no name, no import. A
// learner's workspace then has the same file edited (a card's name, an
// import of a content folder) and an index entry forged by a one-off clean
// filter: the clean blob's hash, with the edited file's stat data. What
// trusts the index, as git status does, takes the edit for the clean blob;
// check's audit reads it, and finds the name and the import.
func TestCheckReadsEngineFilesPastAForgedIndexEntry(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	const clean = "package engine\n"
	files := map[string]string{
		"engine/world.go":    clean,
		"harness/harness.go": "package harness\n",
		"content/content.go": "package content\n",
	}
	checkAudit := func(dir string) (*audit.Report, error) {
		t.Helper()
		ws, err := workspace.Open(dir)
		require.NoError(t, err)
		env, _, _ := testEnv()
		return CheckerOptions(env, dir, "", DefaultTimeout, false).Audit(ws)
	}
	standalone := func(dir string) (*audit.Report, error) {
		t.Helper()
		ws, err := workspace.Open(dir)
		require.NoError(t, err)
		env, _, _ := testEnv()
		return auditWorkspace(env, ws, false)
	}

	honest := testws.New(t, files)
	testws.Git(t, honest, "init", "-q")
	testws.Git(t, honest, "add", "-A")
	testws.Git(t, honest, "commit", "-q", "-m", "the engine")
	rep, err := checkAudit(honest)
	require.NoError(t, err)
	require.Empty(t, rep.Findings)

	// forged is a workspace whose engine/world.go holds the clean content
	// and the lines given, each marked FORGED, while its index entry holds
	// the clean blob: the clean filter drops the marked lines as the file
	// is added, and is set for that add alone.
	forged := func(lines string) string {
		dir := testws.New(t, files)
		testws.Git(t, dir, "init", "-q")
		testws.Git(t, dir, "add", "-A")
		testws.Git(t, dir, "commit", "-q", "-m", "the engine")
		world := filepath.Join(dir, "engine", "world.go")
		require.NoError(t, os.WriteFile(world, []byte(clean+lines), 0o644))
		time.Sleep(1100 * time.Millisecond) // past git's racy-file second
		attrs := filepath.Join(t.TempDir(), "attributes")
		require.NoError(t, os.WriteFile(attrs, []byte("engine/world.go filter=forge\n"), 0o644))
		testws.Git(t, dir, "-c", "core.attributesFile="+attrs, "-c", "filter.forge.clean=sed /FORGED/d", "add", "engine/world.go")
		testws.Git(t, dir, "diff", "--cached", "--quiet") // the index holds the clean blob
		require.Empty(t, testws.Git(t, dir, "status", "--porcelain"), "git status takes the edit for the clean blob")
		return dir
	}

	named := forged("// Test Filler FORGED\n")
	rep, err = standalone(named)
	require.NoError(t, err)
	require.Empty(t, rep.Findings, "coupling-audit trusts the index as git does")
	rep, err = checkAudit(named)
	require.NoError(t, err)
	require.Len(t, rep.Findings, 1, "check's audit reads the file")
	assert.Equal(t, "Test Filler", rep.Findings[0].Name)
	assert.Equal(t, "engine/world.go", rep.Findings[0].Path)

	imports := forged("import _ \"" + testws.ModulePath + "/content\" // FORGED\n")
	_, err = standalone(imports)
	require.NoError(t, err, "coupling-audit trusts the index as git does")
	_, err = checkAudit(imports)
	var ie *audit.EngineImportError
	require.ErrorAs(t, err, &ie, "check's listed-folders rule reads the file")
	assert.Equal(t, "engine/world.go", ie.File)
	assert.Equal(t, testws.ModulePath+"/content", ie.ImportPath)
}

// A forged index fools coupling-audit in its own workspace, as it fools
// git status there, and nowhere else: what the audit and the
// listed-folders rule keep in the user cache is kept under the hash of
// what they read. Workspace A's index holds, for its clean engine file, the
// blob of an edit (a one-off clean filter that stores the edit); auditing
// A must not leave a verdict that passes the edit in workspace B, whose
// honest index holds that blob for the edited file.
func TestAForgedIndexLeavesNoVerdictForAnotherWorkspace(t *testing.T) {
	standalone := func(t *testing.T, dir string) (*audit.Report, error) {
		t.Helper()
		ws, err := workspace.Open(dir)
		require.NoError(t, err)
		env, _, _ := testEnv()
		return auditWorkspace(env, ws, false)
	}
	// committed is a workspace whose engine/world.go holds world, added a
	// second after it was written (or git marks the entry as too new to
	// trust), with the clean filter given, if any, for that add alone.
	committed := func(t *testing.T, world, cleanFilter string) string {
		t.Helper()
		dir := testws.New(t, map[string]string{
			"engine/world.go":    world,
			"harness/harness.go": "package harness\n",
			"content/content.go": "package content\n",
		})
		testws.Git(t, dir, "init", "-q")
		time.Sleep(1100 * time.Millisecond)
		args := []string{"add", "-A"}
		if cleanFilter != "" {
			attrs := filepath.Join(t.TempDir(), "attributes")
			require.NoError(t, os.WriteFile(attrs, []byte("engine/world.go filter=forge\n"), 0o644))
			args = append([]string{"-c", "core.attributesFile=" + attrs, "-c", "filter.forge.clean=" + cleanFilter}, args...)
		}
		testws.Git(t, dir, args...)
		testws.Git(t, dir, "commit", "-q", "-m", "the engine")
		return dir
	}
	for _, tc := range []struct {
		what, edit string
		found      func(*testing.T, *audit.Report, error)
	}{
		{"a card's name", "package engine\n\n// Test Filler\n", func(t *testing.T, rep *audit.Report, err error) {
			require.NoError(t, err)
			require.Len(t, rep.Findings, 1)
			assert.Equal(t, "Test Filler", rep.Findings[0].Name)
		}},
		{"an import of a content folder", "package engine\n\nimport _ \"" + testws.ModulePath + "/content\"\n", func(t *testing.T, _ *audit.Report, err error) {
			var ie *audit.EngineImportError
			require.ErrorAs(t, err, &ie)
			assert.Equal(t, "engine/world.go", ie.File)
		}},
	} {
		t.Run(tc.what, func(t *testing.T) {
			t.Setenv(usercache.EnvVar, t.TempDir())
			edit := filepath.Join(t.TempDir(), "edit.go")
			require.NoError(t, os.WriteFile(edit, []byte(tc.edit), 0o644))
			a := committed(t, "package engine\n", "cat "+edit)
			require.Equal(t, testws.Git(t, a, "hash-object", edit), testws.Git(t, a, "rev-parse", "HEAD:engine/world.go"), "A's index holds the edit's blob")
			rep, err := standalone(t, a)
			require.NoError(t, err)
			require.Empty(t, rep.Findings, "A's file is clean")

			rep, err = standalone(t, committed(t, tc.edit, ""))
			tc.found(t, rep, err)
		})
	}
}
