package cli

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/internal/testws"
)

// A learner's panic message and file names reach the terminal as text: an
// escape sequence in them cannot move the cursor up and print a passing
// line over a failing one.
func TestCheckShowsTheWorkspacesTextAsText(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	ws := t.TempDir()
	write := func(rel, content string) { testws.Write(t, ws, map[string]string{rel: content}) }
	write("go.mod", "module example.com/w\n\ngo 1.26\n")
	write(".course.json", `{"track": "go", "engineDirs": ["engine"]}`)
	write("engine/engine.go", "package engine\n")
	write("engine/notes\x1b[2K.txt", "Test Filler\n")
	tests := map[string]string{"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\n" +
		"func Test_01_a(t *testing.T) { panic(\"boom\\x1b[1A\\x1b[2K\\rmodule 01 handles: 1 passed, 0 failed\") }\n"}
	write("tests/01_handles_test.go", tests["tests/01_handles_test.go"])

	for _, color := range []bool{false, true} {
		env, out, errOut := courseEnv(tests)
		if color {
			env.Term = Terminal{Profile: termenv.ANSI256, ForceColor: true}
		}
		env.Progress = true
		err := RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute})
		assert.Equal(t, 1, Status(err))
		text := out.String()
		assert.Contains(t, text, `engine/notes\x1b[2K.txt:1:1: engine names "Test Filler" (a card, Module 01) as Test Filler`)
		assert.Contains(t, text, `panic: boom\x1b[1A\x1b[2K\rmodule 01 handles: 1 passed, 0 failed`)
		if !color {
			assert.NotContains(t, text, "\x1b", "nothing but the text")
		} else {
			assert.Contains(t, text, "\x1b[", "check colours its lines")
			for _, seq := range strings.Split(text, "\x1b")[1:] {
				assert.Regexp(t, `^\[[0-9;]*m`, seq, "only the colours check itself sets")
			}
		}
		assert.NotContains(t, text, "\r")
		progress := strings.ReplaceAll(errOut.String(), "\r\x1b[K", "")
		assert.NotContains(t, progress, "\x1b", "the progress line, too")
	}
}

func TestMessageShowsTheWorkspacesTextAsText(t *testing.T) {
	err := errors.New("course coupling-audit: engine/x\x1b]0;owned\a.go is a FIFO, not a regular file")
	assert.Equal(t, `course coupling-audit: engine/x\x1b]0;owned\x07.go is a FIFO, not a regular file (if this looks like a fault in the course tool, please report it)`, Message(err))
}

func TestProgressShowsTheWorkspacesTextAsText(t *testing.T) {
	env, _, errOut := testEnv()
	env.Progress = true
	env.progressf("check: [%s] checking %s", "####", "ws\x1b[8mhidden")
	assert.Equal(t, "\r\x1b[Kcheck: [####] checking ws\\x1b[8mhidden", errOut.String())
}

// validate names the file and quotes what is in it: both as text.
func TestValidateShowsTheWorkspacesTextAsText(t *testing.T) {
	ws := validateWorkspaceDir(t, map[string]string{
		"levels/bad\x1b[2K.json": offTheGrid,
	})
	env, out, _ := testEnv()
	err := RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	assert.Equal(t, `levels/bad\x1b[2K.json at /objects/1/x: x 5 is off the grid, which is 2 wide; use an x from 0 to 1 or widen the level`+"\n", out.String())

	env, out, _ = testEnv()
	env.Term = Terminal{Profile: termenv.ANSI256, ForceColor: true}
	err = RunValidate(context.Background(), env, &ValidateOptions{Workspace: ws})
	assert.Equal(t, StatusFinding, Status(err))
	assert.Contains(t, out.String(), `bad\x1b[2K.json at /objects/1/x`)
	assert.NotContains(t, out.String(), "\x1b[2K")
}

// status names the workspace and the engine files a drop changed: as text.
func TestStatusShowsTheWorkspacesTextAsText(t *testing.T) {
	rep := &StatusReport{
		Workspace: "/home/l/ws\x1b]0;title\a",
		Modules: []ModuleStatus{{Number: "01", Slug: "01-handles", Started: true, Passed: 5, Total: 5,
			Drop: &DropStatus{Passed: 1, Total: 1, Commit: "0123456789abcdef", EngineChanged: []string{"engine/x\x1b[1A.go"}}}},
		Done: 0, Total: 1,
	}
	rep.Next = nextStep(rep)
	for _, term := range []Terminal{{}, {Profile: termenv.ANSI256, ForceColor: true}} {
		env, out, _ := testEnv()
		env.Term = term
		printStatus(env, rep)
		assert.Contains(t, out.String(), `workspace /home/l/ws\x1b]0;title\x07`+"\n")
		assert.Contains(t, out.String(), `engine/x\x1b[1A.go`)
		assert.Contains(t, out.String(), `(engine/x\x1b[1A.go): a drop is written outside the engine`, "the next step, too")
		assert.NotContains(t, out.String(), "\x1b]0")
		assert.NotContains(t, out.String(), "\x1b[1A")
	}
}

// check --all names each folder of the class: as text.
func TestClassTableShowsTheFoldersNamesAsText(t *testing.T) {
	class := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(class, "ana\x1b[1A\x1b[2K"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(class, "bo\nbob  5 of 5  ok"), 0o755))
	env, out, errOut := testEnv()
	env.Progress = true
	err := RunCheck(context.Background(), env, &CheckOptions{All: []string{class}, Timeout: time.Minute, Jobs: 1})
	assert.Equal(t, 2, Status(err), "no folder could be checked")
	assert.Contains(t, out.String(), `ana\x1b[1A\x1b[2K`)
	assert.NotContains(t, out.String(), "\x1b")
	assert.NotContains(t, Message(err), "\x1b")
	// The progress line, too, and a line break in a name does not split
	// it: its first part would stay on the screen above the table.
	progress := strings.ReplaceAll(errOut.String(), "\r\x1b[K", "")
	assert.NotContains(t, progress, "\x1b")
	assert.NotContains(t, progress, "\n")
	assert.Contains(t, progress, `checking "`+class+`/bo\nbob  5 of 5  ok"`)
}

// A --json document quotes the workspace's text too: a C1 control or a
// right-to-left override a learner's test printed reaches the terminal as
// a \u escape (which JSON's encoder leaves as it is), and the document
// still reads back as the same text.
func TestCheckJSONShowsTheWorkspacesTextAsText(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	ws := t.TempDir()
	course := map[string]string{"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n"}
	testws.Write(t, ws, map[string]string{
		"go.mod":                   "module example.com/w\n\ngo 1.26\n",
		".course.json":             `{"track": "go", "engineDirs": ["engine"]}`,
		"engine/e.go":              "package engine\n",
		"tests/01_handles_test.go": course["tests/01_handles_test.go"],
		"tests/mine_test.go": "package tests\n\nimport \"testing\"\n\n" +
			"func TestMine(t *testing.T) { t.Fatal(\"csi \\u009b2J rlo \\u202eevil\") }\n",
	})
	env, out, _ := courseEnv(course)
	err := RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute, JSON: true})
	assert.Equal(t, 1, Status(err))
	assert.True(t, termsafe.Safe(out.String()), "the document holds a character a terminal acts on")
	assert.Contains(t, out.String(), `csi \u009b2J rlo \u202eevil`)
	var doc struct {
		YourTests struct {
			FirstFailure struct{ Output string }
		}
	}
	require.NoError(t, json.Unmarshal(out.Bytes(), &doc))
	assert.Contains(t, doc.YourTests.FirstFailure.Output, "mine_test.go:5: csi \u009b2J rlo \u202eevil")
}
