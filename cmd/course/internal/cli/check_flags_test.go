package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"

	"github.com/charmbracelet/x/ansi"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckFlags(t *testing.T) {
	// Outside any workspace: a missing WORKSPACE cannot be found.
	t.Chdir(t.TempDir())
	cases := []struct {
		args []string
		want CheckOptions
		err  string
	}{
		{args: []string{"ws"}, want: CheckOptions{Workspace: "ws", Workspaces: []string{"ws"}, Timeout: time.Minute}},
		{args: []string{"ws", "--module", "03", "--json", "--timeout", "5s", "-v"},
			want: CheckOptions{Workspace: "ws", Workspaces: []string{"ws"}, Module: "03", JSON: true, Timeout: 5 * time.Second, Verbose: true}},
		{args: []string{"a", "b", "c", "-j", "2", "--csv"},
			want: CheckOptions{Workspace: "a", Workspaces: []string{"a", "b", "c"}, Jobs: 2, CSV: true, Timeout: time.Minute}},
		{args: []string{"ws", "--no-sandbox"},
			want: CheckOptions{Workspace: "ws", Workspaces: []string{"ws"}, NoSandbox: true, Timeout: time.Minute}},
		{args: []string{"--all", "class", "--jobs", "3"},
			want: CheckOptions{Workspaces: []string{}, All: []string{"class"}, Jobs: 3, Timeout: time.Minute}},
		// Each --all is kept, a comma in its name too: the last alone
		// left every other class out of the table and the status.
		{args: []string{"--all", "class-a", "--all", "class,b"},
			want: CheckOptions{Workspaces: []string{}, All: []string{"class-a", "class,b"}, Timeout: time.Minute}},
		{args: []string{}, err: "not inside a course workspace"},
		{args: []string{"ws", "--timeout", "2562048h"}, err: `invalid argument "2562048h"`},
		{args: []string{"ws", "-j", "x"}, err: "invalid argument"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			env, _, _ := testEnv()
			var got *CheckOptions
			root := NewRoot(env)
			for _, sub := range root.Commands() {
				if sub.Name() == "check" {
					root.RemoveCommand(sub)
				}
			}
			root.AddCommand(newCheckCmd(env, func(o *CheckOptions) error { got = o; return nil }))
			root.SetArgs(append([]string{"check"}, c.args...))
			err := root.Execute()
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
				return
			}
			require.NoError(t, err)
			require.NotNil(t, got)
			assert.Equal(t, c.want, *got)
		})
	}
}

func TestCheckRefusesWhatCannotBeRun(t *testing.T) {
	for _, o := range []CheckOptions{
		{Workspace: "ws", Timeout: 25 * time.Hour},
		{Workspace: "ws", Timeout: -time.Second},
		{Workspace: "ws", Timeout: time.Minute, JSON: true, CSV: true},
		{Workspace: "ws", Timeout: time.Minute, CSV: true},
	} {
		env, _, _ := testEnv()
		err := RunCheck(context.Background(), env, &o)
		assert.Equal(t, 2, Status(err), "%+v", o)
		assert.NotContains(t, Message(err), "please report")
	}
}

// An empty WORKSPACE or --all DIR (a shell variable left unset) is
// refused before any check, named by its place: as a class's row it had
// no name, and alone it read ": no such folder".
func TestCheckRefusesAnEmptyName(t *testing.T) {
	ws := checkFixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
	})
	for _, c := range []struct {
		o    CheckOptions
		want string
	}{
		{CheckOptions{Workspaces: []string{""}}, "WORKSPACE 1 of 1 is empty"},
		{CheckOptions{Workspaces: []string{ws, ""}}, "WORKSPACE 2 of 2 is empty"},
		{CheckOptions{Workspaces: []string{ws}, All: []string{""}}, "--all is given an empty DIR"},
	} {
		env, out, _ := testEnv()
		c.o.Timeout = time.Minute
		err := RunCheck(context.Background(), env, &c.o)
		assert.Equal(t, 2, Status(err), "%+v", c.o)
		assert.Contains(t, Message(err), c.want)
		assert.Empty(t, out.String(), "nothing is checked")
	}
}

// check --json, for one workspace and for several, is what its schema says.
func TestCheckJSONFollowsItsSchema(t *testing.T) {
	ws := checkFixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) { panic(\"not implemented: B\") }\n",
		"tests/mine_test.go":       "package tests\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\n",
	})
	env, out, _ := testEnv()
	err := RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute, JSON: true})
	assert.Equal(t, 1, Status(err))
	assert.True(t, strings.HasPrefix(out.String(), "{\n  \"schemaVersion\": 1,"), out.String())
	validJSON(t, "check", out.Bytes())

	// A second name of a workspace (a link) says whose it is, as sameAs.
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(ws, link))
	env, out, _ = testEnv()
	err = RunCheck(context.Background(), env, &CheckOptions{Workspaces: []string{ws, t.TempDir(), link}, Timeout: time.Minute, JSON: true})
	assert.Equal(t, 1, Status(err))
	assert.True(t, strings.HasPrefix(out.String(), "{\n  \"schemaVersion\": 1,"), out.String())
	doc := validJSON(t, "check", out.Bytes())
	assert.Contains(t, out.String(), `"error": `)
	entries := doc["workspaces"].([]any)
	require.Len(t, entries, 3)
	assert.NotContains(t, entries[1], "sameAs", "a folder that is no workspace is no second name")
	assert.Equal(t, ws, entries[2].(map[string]any)["sameAs"])
}

// checkFixture is a small workspace with the files given.
func checkFixture(t *testing.T, files map[string]string) string {
	t.Helper()
	return testws.New(t, files)
}

// On a terminal check shows live progress on stderr: the module and how
// many tests are done; through a pipe it shows none.
func TestCheckShowsProgressOnATerminal(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) {}\n",
	}
	ws := checkFixture(t, files)
	env, out, errOut := courseEnv(files)
	env.Progress = true
	require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute}))
	assert.Contains(t, errOut.String(), "check: module 01, 2 of 2 tests done (Test_01_b)")
	assert.Contains(t, out.String(), "\n2 passed, 0 failed\n")

	env, _, errOut = courseEnv(files)
	require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute}))
	assert.Empty(t, errOut.String())
}

// A progress line is cut short of the terminal's last column: one that
// wrapped left its first part above check's output, since the next line
// clears only the screen line it is on.
func TestCheckProgressFitsTheTerminal(t *testing.T) {
	long := "Test_01_a_minion_summoned_mid_spell_is_not_hit_by_the_spell"
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc " + long + "(t *testing.T) {}\n",
	}
	ws := checkFixture(t, files)
	for _, width := range []int{80, 40} {
		env, _, errOut := courseEnv(files)
		env.Progress = true
		env.progressWidth = func() int { return width }
		require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute}))
		lines := strings.Split(errOut.String(), "\r\x1b[K")
		assert.Contains(t, lines, ansi.Truncate("check: module 01, 1 of 1 tests done ("+long+")", width-1, "…"))
		for _, line := range lines {
			assert.Less(t, ansi.StringWidth(line), width, "%q", line)
		}
	}
}

// A class on a terminal shows a progress bar: workspaces done of N and the
// ones running.
func TestClassShowsAProgressBarOnATerminal(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
	}
	ws, other := checkFixture(t, files), checkFixture(t, files)
	env, out, errOut := courseEnv(files)
	env.Progress = true
	require.NoError(t, RunCheck(context.Background(), env, &CheckOptions{Workspaces: []string{ws, other}, Timeout: time.Minute, Jobs: 1}))
	assert.Contains(t, errOut.String(), "check: [....................] 0 of 2 workspaces done; checking "+ws)
	assert.Contains(t, errOut.String(), "check: [##########..........] 1 of 2 workspaces done")
	assert.Contains(t, out.String(), "WORKSPACE")
}

// A learner's check is kept in .course/state.json for status and modules.
func TestCheckRemembersItsResult(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) { t.Fail() }\n",
	}
	ws := checkFixture(t, files)
	env, _, _ := courseEnv(files)
	before := time.Now().Add(-time.Second)
	err := RunCheck(context.Background(), env, &CheckOptions{Workspace: ws, Timeout: time.Minute})
	assert.Equal(t, 1, Status(err))
	w, err := workspace.Open(ws)
	require.NoError(t, err)
	c, err := loadCachedCheck(w)
	require.NoError(t, err)
	require.NotNil(t, c)
	assert.True(t, c.At.After(before))
	assert.Equal(t, []CachedModule{{Number: "01", Passed: 1, Failed: 1}}, c.Modules)
	assert.Contains(t, string(c.Report), `"schemaVersion": 1`)
}
