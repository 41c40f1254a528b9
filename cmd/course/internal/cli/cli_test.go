package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

func testEnv() (*Env, *bytes.Buffer, *bytes.Buffer) {
	return courseEnv(map[string]string{"tests/01_handles_test.go": "package tests\n"})
}

// courseEnv is testEnv whose course has, as its own copy of each course
// test file named in files ("tests/01_handles_test.go",
// "tests/01x_handles_test.go"), the source given: check runs the course's
// copies, so a test that writes such a file into a workspace gets those
// tests run.
func courseEnv(files map[string]string) (*Env, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	courseFS := fstest.MapFS{
		"catalog.json": {Data: []byte(`{"cards": [{"name": "Test Filler", "type": "minion", "module": "01"}], "words": [{"word": "KEY", "role": "noun", "module": "08"}, {"word": "TEXT", "role": "meta", "module": "06"}]}`)},
	}
	for rel, src := range files {
		base := path.Base(rel)
		for _, m := range modules.All() {
			switch {
			case strings.HasPrefix(base, m.Number+"x_"):
				courseFS[m.ExpansionTestsDir()+"/"+base] = &fstest.MapFile{Data: []byte(src)}
			case strings.HasPrefix(base, m.Number+"_"):
				courseFS[m.TestsDir()+"/"+base] = &fstest.MapFile{Data: []byte(src)}
			}
		}
	}
	return &Env{Stdout: &out, Stderr: &errOut, Content: testContent(courseFS, fstest.MapFS{})}, &out, &errOut
}

// testContent opens a course folder and a card folder as content; the
// course's lexicon and schemas are added where the folder has none.
func testContent(courseFS, cardsFS fstest.MapFS) *data.Content {
	for _, f := range []string{data.WordsFile, data.CardSchemaFile, data.LevelSchemaFile} {
		if courseFS[f] == nil {
			raw, err := fs.ReadFile(course.Files, f)
			if err != nil {
				panic(err)
			}
			courseFS[f] = &fstest.MapFile{Data: raw}
		}
	}
	c, err := data.Open(courseFS, cardsFS)
	if err != nil {
		panic(err)
	}
	return c
}

func TestStatusIsDecidedInOnePlace(t *testing.T) {
	assert.Equal(t, 0, Status(nil))
	assert.Equal(t, 1, Status(&FindingError{Summary: "x"}))
	assert.Equal(t, 1, Status(fmt.Errorf("wrapped: %w", &FindingError{})))
	assert.Equal(t, 2, Status(&UsageError{Msg: "x"}))
	assert.Equal(t, 2, Status(&workspace.Error{Path: "p", Why: "w"}))
	assert.Equal(t, 2, Status(&expansion.RevisionError{Revision: "x", Why: "y"}))
	assert.Equal(t, 2, Status(errors.New("unforeseen")))
}

func TestMessageIsOneLine(t *testing.T) {
	msg := Message(&workspace.Error{Path: "ws/.course.json", Why: "is not valid JSON\n  at byte 3"})
	assert.Equal(t, "course: ws/.course.json: is not valid JSON at byte 3", msg)
	assert.NotContains(t, Message(errors.New("boom\nboom")), "\n")
	assert.Contains(t, Message(errors.New("boom")), "please report it")
}

// TestMessageGivesPermissionsToTheUser: a refusal by the system (EACCES,
// EPERM), however deeply wrapped, is the user's to mend: the line says how,
// and does not ask for a report.
func TestMessageGivesPermissionsToTheUser(t *testing.T) {
	err := fmt.Errorf("making the workspace folder: %w", &fs.PathError{Op: "mkdir", Path: "ro/ws", Err: syscall.EACCES})
	msg := Message(err)
	assert.Equal(t, "course: making the workspace folder: mkdir ro/ws: permission denied; you may not use that file or folder: mend its permissions (ls -ld shows them), or use one you may write to", msg)
	assert.NotContains(t, msg, "please report it")
	assert.Equal(t, StatusCannot, Status(err))
}

func TestMainMapsStatuses(t *testing.T) {
	t.Chdir(t.TempDir())
	env, out, errOut := testEnv()
	assert.Equal(t, 2, Main([]string{"check"}, env))
	assert.Contains(t, errOut.String(), "not inside a course workspace")
	assert.Equal(t, 1, strings.Count(errOut.String(), "\n"))
	assert.Empty(t, out.String(), "no usage dump")

	env, out, _ = testEnv()
	assert.Equal(t, 0, Main([]string{"modules"}, env))
	assert.Contains(t, out.String(), "01-handles")
	assert.Regexp(t, `02\s+02-queue\s+I\s+The Queue\s+not available yet`, out.String())

	env, out, _ = testEnv()
	assert.Equal(t, 0, Main([]string{"check", "--help"}, env))
	assert.Contains(t, out.String(), "course check ~/my-engine")
}

// engineWorkspace is a workspace whose one engine folder, engine/, holds
// a.go with the given source.
func engineWorkspace(t *testing.T, src string) string {
	t.Helper()
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track": "go", "engineDirs": ["engine"]}`), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "a.go"), []byte(src), 0o644))
	return ws
}

func TestRunCouplingAudit(t *testing.T) {
	ws := engineWorkspace(t, "package engine\n\n// text is fine\nvar sortKey, key int\n")

	env, out, _ := testEnv()
	require.NoError(t, RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws}))
	assert.Equal(t, "coupling-audit: ok\n", out.String())

	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "b.go"), []byte("package engine\n\nvar testFiller, KEY int\n"), 0o644))
	env, out, _ = testEnv()
	err := RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws})
	assert.Equal(t, 1, Status(err))
	assert.Equal(t, "engine/b.go:3:5: engine names \"Test Filler\" (a card, Module 01) as testFiller\n"+
		"coupling-audit: 1 finding in 1 file: the engine may name no card and no grid noun (the Zero-Coupling Law); "+
		"put a card's name in its card file or your content folders, and have the engine act on the card's data (stats, keywords, effects), not on which card it is\n",
		out.String(), "KEY is Module 8's, not started")

	require.NoError(t, os.MkdirAll(filepath.Join(ws, "tests"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "tests", "08_test.go"), []byte("package tests\n\nimport \"testing\"\n\nfunc Test_08_x(t *testing.T) {}\n"), 0o644))
	env, out, _ = testEnv()
	err = RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws})
	assert.Equal(t, 1, Status(err))
	assert.Contains(t, out.String(), "engine/b.go:3:17: engine names \"KEY\" (a grid noun, Module 08) as KEY\n"+
		"coupling-audit: 2 findings in 1 file: ", "the mend counts both")
	assert.True(t, strings.HasSuffix(out.String(), "not on which card it is; "+
		"put a grid noun in a level file or your content folders, and have the engine learn it from the rules on the grid\n"),
		"a mend for each kind found: %s", out.String())

	env, out, _ = testEnv()
	err = RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws, JSON: true})
	assert.Equal(t, 1, Status(err))
	m := validJSON(t, "coupling-audit", out.Bytes())
	assert.Len(t, m["findings"], 2)
	assert.Equal(t, "grid noun", m["findings"].([]any)[1].(map[string]any)["kind"])

	// A name in a file's name has no line: 0, as the schema allows.
	require.NoError(t, os.Rename(filepath.Join(ws, "engine", "b.go"), filepath.Join(ws, "engine", "test_filler.go")))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "test_filler.go"), []byte("package engine\n"), 0o644))
	env, out, _ = testEnv()
	err = RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws, JSON: true})
	assert.Equal(t, 1, Status(err))
	m = validJSON(t, "coupling-audit", out.Bytes())
	require.Len(t, m["findings"], 1)
	assert.Equal(t, map[string]any{"path": "engine/test_filler.go", "line": 0.0, "column": 0.0, "name": "Test Filler", "kind": "card", "module": "01", "as": "test_filler"},
		m["findings"].([]any)[0])
}

func TestMessageNamesTheProgramOnce(t *testing.T) {
	assert.Equal(t, "course: ws: gone", Message(&UsageError{Msg: "course: ws: gone"}))
	assert.Equal(t, "course check: no module", Message(&UsageError{Msg: "course: course check: no module"}))
}

// A user's error in any package is recognised by its marker method alone,
// so a new package's errors need no entry in a list here.
type mendable struct{}

func (mendable) Error() string   { return "the folder is a link out of the workspace; remove it" }
func (mendable) UserError() bool { return true }

func TestMessageTrustsTheMarker(t *testing.T) {
	msg := Message(fmt.Errorf("course start-module: %w", mendable{}))
	assert.Equal(t, "course start-module: the folder is a link out of the workspace; remove it", msg)
	assert.True(t, IsUserError(fmt.Errorf("wrapped: %w", mendable{})))
	assert.False(t, IsUserError(errors.New("nil map")))
}

// A status-2 line names the command that could not run.
func TestMessageNamesTheCommand(t *testing.T) {
	t.Chdir(t.TempDir())
	env, _, errOut := testEnv()
	assert.Equal(t, 2, Main([]string{"coupling-audit", "nowhere"}, env))
	assert.Regexp(t, `^course coupling-audit: nowhere: `, errOut.String())
	assert.Equal(t, "course check: already named", MessageOf("course lesson", &UsageError{Msg: "course check: already named"}))
	assert.Equal(t, "course lesson: there is no module", MessageOf("course lesson", &UsageError{Msg: "course: there is no module"}))
}
