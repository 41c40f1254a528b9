package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
	"github.com/systemic-game-design/course/cmd/course/internal/play/driver/drivertest"
)

func TestPlayFlags(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want PlayOptions
		err  string
	}{
		{args: []string{"01-push"}, want: PlayOptions{Level: "01-push"}},
		{args: []string{"--list"}, want: PlayOptions{List: true}},
		{args: []string{"--cards"}, want: PlayOptions{Cards: true}},
		{args: []string{"--workspace", "03"}, want: PlayOptions{Level: "03", Workspace: "."}},
		{args: []string{"--workspace", "ws", "03"}, want: PlayOptions{Level: "03", Workspace: "ws"}},
		{args: []string{"--workspace=ws", "03"}, want: PlayOptions{Level: "03", Workspace: "ws"}},
		{args: []string{"03", "--workspace", dir}, want: PlayOptions{Level: "03", Workspace: dir}},
		{args: []string{"--workspace", dir, "03"}, want: PlayOptions{Level: "03", Workspace: dir}},
		{args: []string{"--cards", "--workspace", "ws"}, want: PlayOptions{Cards: true, Workspace: "ws"}},
		{args: []string{"05", "--record", "r.json"}, want: PlayOptions{Level: "05", Record: "r.json"}},
		{args: []string{"05", "--replay", "--every", "250ms"}, want: PlayOptions{Level: "05", Replay: true, Every: 250 * time.Millisecond}},
		{args: []string{"05", "--every", "1s"}, err: "add --replay"},
		{args: []string{"05", "--replay", "--every", "-1s"}, err: "negative"},
		{args: []string{}, err: "takes one LEVEL"},
		{args: []string{"a", "b"}, err: "takes one LEVEL"},
		{args: []string{"--list", "01"}, err: "takes no LEVEL"},
		{args: []string{"--list", "--cards"}, err: "do not go together"},
		{args: []string{"--cards", "--replay"}, err: "not the card table"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			env, _, _ := testEnv()
			var got *PlayOptions
			cmd := newPlayCmd(env, func(o *PlayOptions) error { got = o; return nil })
			cmd.SetArgs(c.args)
			cmd.SetOut(env.Stdout)
			cmd.SetErr(env.Stderr)
			err := cmd.Execute()
			if c.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), c.err)
				assert.Equal(t, 2, Status(err))
				return
			}
			require.NoError(t, err)
			require.NotNil(t, got)
			assert.Equal(t, c.want, *got)
		})
	}
}

func TestPlayList(t *testing.T) {
	env, out, _ := testEnv()
	require.NoError(t, RunPlay(t.Context(), env, &PlayOptions{List: true}))
	assert.Regexp(t, `01-push\s+7x5\s+rule grid\s+4 moves\s+Out of the way`, out.String())
	assert.Regexp(t, `12-spellgrid-gravecaller\s+6x6\s+SpellGrid`, out.String())
}

func TestPlayCompletesLevelNames(t *testing.T) {
	env, out, _ := testEnv()
	root := NewRoot(env)
	root.SetArgs([]string{"__complete", "play", ""})
	require.NoError(t, root.Execute())
	assert.Contains(t, out.String(), "01-push\tOut of the way")
}

func TestPlayNamesTheCurrentFolderByItsName(t *testing.T) {
	assert.Equal(t, "my-engine", shownWorkspace(workspaceHere, "/home/l/my-engine"))
	assert.Equal(t, "~/ws", shownWorkspace("~/ws", "/home/l/ws"))
}

// TestPlayPaintsAsTheOtherCommands: the screen takes the terminal's colour
// profile as the other commands read it, plain without colour.
func TestPlayPaintsAsTheOtherCommands(t *testing.T) {
	for _, c := range []struct {
		term Terminal
		want colorprofile.Profile
	}{
		{Terminal{IsTerminal: true, Profile: termenv.TrueColor}, colorprofile.TrueColor},
		{Terminal{IsTerminal: true, Profile: termenv.ANSI256}, colorprofile.ANSI256},
		{Terminal{IsTerminal: true, Profile: termenv.ANSI}, colorprofile.ANSI},
		{Terminal{IsTerminal: true, Profile: termenv.Ascii}, colorprofile.ASCII}, // NO_COLOR, TERM=dumb
		{Terminal{Profile: termenv.ANSI256}, colorprofile.ASCII},                 // not a terminal
	} {
		st := playStyles(c.term)
		assert.Equal(t, c.want, st.Profile, "%+v", c.term)
		assert.Equal(t, c.want >= colorprofile.ANSI, st.Color(), "%+v", c.term)
	}

	// NO_COLOR wins even over CLICOLOR_FORCE
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	t.Setenv("TERM", "xterm-256color")
	t.Setenv("CLICOLOR_FORCE", "1")
	t.Setenv("NO_COLOR", "")
	assert.True(t, playStyles(detectTerminal(w)).Color())
	t.Setenv("NO_COLOR", "1")
	assert.False(t, playStyles(detectTerminal(w)).Color())
}

// A signal that stopped play, while its engine was built say, ends it with
// the signal's status, not as a usage error.
func TestPlayStoppedBySignalKeepsItsStatus(t *testing.T) {
	err := playError(fmt.Errorf("build the course play driver: %w", &SignalError{Signal: syscall.SIGINT}))
	assert.Equal(t, 130, Status(err))
	assert.Equal(t, "course play: stopped by an interrupt (SIGINT); nothing it started is left running", MessageOf("course play", err))
}

// A workspace's engine is built again each time the screen starts it
// after the first, so that an engine that stopped is restarted with the
// learner's mend: here a harness broken after play began is reported by
// the restart.
func TestPlayRebuildsTheEngineItRestarts(t *testing.T) {
	ws := drivertest.Stubs(t, "example.com/ws")
	env, _, _ := testEnv()
	engine, name, err := playEngine(t.Context(), env, &PlayOptions{Workspace: ws}, ws, "example.com/ws")
	require.NoError(t, err)
	assert.Equal(t, "engine of "+ws, name)
	c, err := engine(t.Context())
	require.NoError(t, err)
	require.NoError(t, c.Close())

	require.NoError(t, os.WriteFile(filepath.Join(ws, "harness", "broken.go"), []byte("package harness\n\nvar broken = notDeclared\n"), 0o644))
	_, err = engine(t.Context())
	var be *driver.BuildError
	require.ErrorAs(t, err, &be, "the restart built the harness as it is now")
	assert.Contains(t, err.Error(), "notDeclared")
}
