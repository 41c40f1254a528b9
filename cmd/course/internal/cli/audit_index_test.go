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
