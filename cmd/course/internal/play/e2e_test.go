package play_test

import (
	"cmp"
	"crypto/rand"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver/drivertest"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
)

// tmux runs tmux on a server of this test's own.
func tmux(t *testing.T, socket string, args ...string) string {
	t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", socket}, args...)...).CombinedOutput()
	require.NoError(t, err, "tmux %s: %s", strings.Join(args, " "), out)
	return string(out)
}

// waitPane polls the pane until it shows want.
func waitPane(t *testing.T, socket, want string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var pane string
	for time.Now().Before(deadline) {
		pane = tmux(t, socket, "capture-pane", "-p", "-t", "play")
		if strings.Contains(pane, want) {
			return pane
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("the pane never showed %q; it shows:\n%s", want, pane)
	return ""
}

// needTmux skips a test that needs the course binary and tmux.
func needTmux(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the course binary")
	}
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the end-to-end test in a real terminal needs it (apt-get install tmux)")
	}
}

// binDir holds the course binary the tests build, once for all of them.
var binDir string

func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

var buildOnce = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "course-play-e2e-")
	if err != nil {
		return "", err
	}
	binDir = dir
	bin := filepath.Join(dir, "course")
	out, err := exec.Command("go", "build", "-o", bin, "github.com/systemic-game-design/course/cmd/course").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("build course: %w: %s", err, out)
	}
	return bin, nil
})

// buildCourse builds the course binary, once for every test of the run.
func buildCourse(t *testing.T) string {
	t.Helper()
	bin, err := buildOnce()
	require.NoError(t, err)
	return bin
}

// newPane starts command in a detached tmux session "play" of w x h, on a
// server of its own named after name, and returns the server's socket.
// The name ends in random letters: a process id alone is shared by a
// test run twice (go test -count=2), by two panes of one name, and by
// nothing that stops two test binaries from reusing it. The server is
// killed when the test ends, passed or failed, and its socket removed,
// which a server whose last session ended on its own leaves behind.
func newPane(t *testing.T, name string, w, h int, command ...string) string {
	t.Helper()
	socket := fmt.Sprintf("course-play-%s-%s", name, rand.Text()[:10])
	t.Cleanup(func() {
		_ = exec.Command("tmux", "-L", socket, "kill-server").Run()
		_ = os.Remove(filepath.Join(cmp.Or(os.Getenv("TMUX_TMPDIR"), "/tmp"), fmt.Sprintf("tmux-%d", os.Getuid()), socket))
	})
	tmux(t, socket, append([]string{"new-session", "-d", "-s", "play", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h)}, command...)...)
	return socket
}

// ended says whether the session has ended within d: the program in it
// quit.
func ended(socket string, d time.Duration) bool {
	for deadline := time.Now().Add(d); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if exec.Command("tmux", "-L", socket, "has-session", "-t", "play").Run() != nil {
			return true
		}
	}
	return false
}

// misbehavingWorkspace is a course workspace whose engine is the
// reference's with decls and step added (drivertest.Wrapped), played with
// the environment in offline.
func misbehavingWorkspace(t *testing.T, decls, step string) string {
	t.Helper()
	ws := filepath.Join(t.TempDir(), "ws")
	_, err := scaffold.Init(ws, "example.com/ws")
	require.NoError(t, err)
	drivertest.Wrapped(t, ws, "", decls, step)
	return ws
}

// offline is the environment a workspace's engine is built in: the module
// cache alone, as on a learner's machine without a network.
var offline = []string{"env", "NO_COLOR=1", "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local"}

// TestPanesOfOneNameHaveServersOfTheirOwn starts two panes of one name
// in one test, as a test run twice or two packages at once would: each is
// on a server of its own, and both run.
func TestPanesOfOneNameHaveServersOfTheirOwn(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed (apt-get install tmux)")
	}
	first := newPane(t, "twice", 40, 10, "sleep", "60")
	second := newPane(t, "twice", 40, 10, "sleep", "60")
	assert.NotEqual(t, first, second)
	for _, socket := range []string{first, second} {
		assert.NoError(t, exec.Command("tmux", "-L", socket, "has-session", "-t", "play").Run(), "the pane on %s runs", socket)
	}
}

// TestInARealTerminal builds course, plays 01-push in a detached tmux
// session of 80x24 with the keys a person would press, and reads the
// screen.
func TestInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)

	socket := newPane(t, "test", 80, 24, "env", "NO_COLOR=1", bin, "play", "01-push")
	pane := waitPane(t, socket, "Out of the way")
	assert.Contains(t, pane, "←↑↓→ hjkl wasd step", "the keys are on screen")

	tmux(t, socket, "send-keys", "-t", "play", "Right", "l", "d", "Right")
	pane = waitPane(t, socket, "won in 4 moves")
	lines := strings.Split(strings.TrimRight(pane, "\n"), "\n")
	assert.LessOrEqual(t, len(lines), 24)
	for _, l := range lines {
		assert.LessOrEqual(t, len([]rune(l)), 80)
	}

	// a resize redraws at the new size
	tmux(t, socket, "resize-window", "-t", "play", "-x", "120", "-y", "40")
	waitPane(t, socket, "┌────┐")

	tmux(t, socket, "send-keys", "-t", "play", "q")
	assert.True(t, ended(socket, 5*time.Second), "q quit, and the session ended with it")
}

// TestQuittingAStuckEngineInARealTerminal plays a workspace whose engine
// loops for ever on a step right, as a learner's can: the screen says it
// waits, and q quits at once, where before no key was read until the
// engine was given up.
func TestQuittingAStuckEngineInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	ws := misbehavingWorkspace(t, "var spins int\n", "\tfor d == Right {\n\t\tspins++\n\t}")
	socket := newPane(t, "stuck", 100, 30, append(offline, bin, "play", "--workspace", ws, "01-push")...)
	waitPane(t, socket, "q quit")
	tmux(t, socket, "send-keys", "-t", "play", "Right")
	waitPane(t, socket, "waiting for the engine; q quits")
	tmux(t, socket, "send-keys", "-t", "play", "q")
	assert.True(t, ended(socket, 5*time.Second), "q quit while the engine looped")
}

// TestAnEngineStuckInItsInitInARealTerminal plays a workspace whose
// engine loops in an init function, before it greets: the terminal says
// the engine is starting, not nothing, and Ctrl-C ends play as an
// interrupt, not as an engine that stopped of itself.
func TestAnEngineStuckInItsInitInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	ws := misbehavingWorkspace(t, "var spins int\n\nfunc init() {\n\tfor {\n\t\tspins++\n\t}\n}\n", "")
	// the shell outlives the Ctrl-C (a trap, not an ignored signal, which
	// course would inherit) to show play's status
	socket := newPane(t, "init", 100, 30, append(offline,
		"sh", "-c", `trap : INT; "$0" play --workspace "$1" 01-push; echo "status $?"; sleep 60`, bin, ws)...)
	waitPane(t, socket, "starting the engine of "+ws+" ...")
	tmux(t, socket, "send-keys", "-t", "play", "C-c")
	pane := waitPane(t, socket, "status ")
	assert.Contains(t, pane, "status 130", "play ended as an interrupt")
	assert.Contains(t, pane, "stopped by an interrupt")
	assert.NotContains(t, pane, "the engine stopped")
}

// TestColoursInARealTerminal plays 01-push in terminals of each kind and
// reads the colours the cells took (tmux writes each change of colour or
// attribute it holds as the SGR sequence for it). Under NO_COLOR and on a
// terminal without colours the screen has none, not even bold; a terminal
// of 256 colours gets the 256-colour gold of an object, and one of 16 the
// bright yellow chosen for it, inside tmux too, which has 256 colours
// whatever TERM says. A CI variable (set where the tests run in CI) changes
// none of that.
func TestColoursInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	for i, c := range []struct {
		name      string
		env       []string
		want, not string
	}{
		{"NO_COLOR", []string{"NO_COLOR=1", "TERM=xterm-256color"}, "", "\x1b["},
		{"no colours", []string{"TERM=vt100"}, "", "\x1b["},
		{"256 colours", []string{"TERM=xterm-256color"}, "\x1b[38;5;136m", ""},
		{"16 colours", []string{"TERM=xterm"}, "\x1b[93m", "38;5;"},
		// a CI variable says nothing of the terminal the screen is on
		{"CI set", []string{"CI=true", "TERM=xterm-256color"}, "\x1b[38;5;136m", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			command := append([]string{"env", "-u", "NO_COLOR", "-u", "CLICOLOR", "-u", "COLORTERM", "-u", "CI"}, c.env...)
			socket := newPane(t, fmt.Sprintf("colours-%d", i), 80, 24, append(command, bin, "play", "01-push")...)
			waitPane(t, socket, "q quit") // the last line: the screen is up
			pane := tmux(t, socket, "capture-pane", "-e", "-p", "-t", "play")
			if c.want != "" {
				assert.Contains(t, pane, c.want)
			}
			if c.not != "" {
				assert.NotContains(t, pane, c.not)
			}
		})
	}
}

// TestRecordingALevelNotWonSaysSo records a level quit before the win:
// play says the moves recorded are no solution, where it said only how
// many it recorded, and the file's replay then said the level is not
// won.
func TestRecordingALevelNotWonSaysSo(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	rec := filepath.Join(t.TempDir(), "rec.json")
	for i, c := range []struct {
		keys []string
		says string
	}{
		{[]string{"Right", "q"}, "the level was not won, so they do not solve it"},
		{[]string{"Right", "Right", "Right", "Right", "q"}, "won in 4 moves"},
	} {
		socket := newPane(t, fmt.Sprintf("record-%d", i), 80, 24, "sh", "-c", `NO_COLOR=1 "$0" play --record "$1" 01-push; echo "status $?"; sleep 60`, bin, rec)
		waitPane(t, socket, "q quit")
		tmux(t, socket, append([]string{"send-keys", "-t", "play"}, c.keys...)...)
		pane := waitPane(t, socket, "status ")
		assert.Contains(t, pane, c.says)
		assert.Contains(t, pane, "recorded ")
		if c.says == "won in 4 moves" {
			assert.NotContains(t, pane, "not won")
		}
	}
}

// TestARecordedCastReplaysToTheWinInARealTerminal records a SpellGrid win
// that needed a cast, the spell taken from c's menu and cast at once, then
// replays the file with --replay --every: the cast is part of the record,
// and the replay wins, where the record held the steps alone and its
// replay was not won.
func TestARecordedCastReplaysToTheWinInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	level, err := filepath.Abs("testdata/levels/cast-to-win.json")
	require.NoError(t, err)
	rec := filepath.Join(t.TempDir(), "rec.json")

	socket := newPane(t, "record-cast", 80, 24, "sh", "-c", `NO_COLOR=1 "$0" play --record "$1" "$2"; echo "status $?"; sleep 60`, bin, rec, level)
	pane := waitPane(t, socket, "q quit")
	assert.Contains(t, pane, "c cast a spell   p play a minion", "the keys say which key takes which card")
	tmux(t, socket, "send-keys", "-t", "play", "c")
	waitPane(t, socket, "Choose a spell to cast")
	tmux(t, socket, "send-keys", "-t", "play", "Enter")
	waitPane(t, socket, "cast Whirlwind")
	tmux(t, socket, "send-keys", "-t", "play", "Right", "Right")
	waitPane(t, socket, "won in 3 moves")
	tmux(t, socket, "send-keys", "-t", "play", "q")
	pane = waitPane(t, socket, "status ")
	assert.Contains(t, pane, "recorded 3 moves to")
	assert.NotContains(t, pane, "not won")

	socket = newPane(t, "replay-cast", 80, 24, "sh", "-c", `NO_COLOR=1 "$0" play --replay --every 50ms "$1"; echo "status $?"; sleep 60`, bin, rec)
	pane = waitPane(t, socket, "won in 3 moves")
	assert.Contains(t, pane, "cast Whirlwind")
	tmux(t, socket, "send-keys", "-t", "play", "q")
	pane = waitPane(t, socket, "status 0")
	// The line wraps where the long path puts it, within a word too, and
	// the pane drops a wrapped line's trailing space: its letters are
	// compared without the spaces.
	assert.Contains(t, strings.Join(strings.Fields(pane), ""), "wonin3moves", "the exit line names the win")
}

// TestTheCardTableTooSmallInARealTerminal starts the card table in a
// terminal of 40x12, the level's least: it says the size it needs, where
// it drew a six-column log and no board, and once the terminal is
// enlarged to that size it draws both boards; q quits.
func TestTheCardTableTooSmallInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	socket := newPane(t, "table-small", 40, 12, "env", "NO_COLOR=1", bin, "play", "--cards")
	waitPane(t, socket, "needs at least 60x20")
	tmux(t, socket, "resize-window", "-t", "play", "-x", "60", "-y", "20")
	pane := waitPane(t, socket, "Player 0, to act")
	assert.Contains(t, pane, "Board  Attack/Health")
	assert.NotContains(t, pane, "Too small")
	tmux(t, socket, "send-keys", "-t", "play", "q")
	assert.True(t, ended(socket, 5*time.Second), "q quits")
}

// TestACommandTypedOutInARealTerminal types a card table command out in
// full, as a person who has read the README would: it runs as typed,
// where its key had typed the verb once already.
func TestACommandTypedOutInARealTerminal(t *testing.T) {
	needTmux(t)
	bin := buildCourse(t)
	socket := newPane(t, "table-typed", 80, 24, "env", "NO_COLOR=1", bin, "play", "--cards")
	waitPane(t, socket, "q quit")
	tmux(t, socket, "send-keys", "-t", "play", "summon Loot Hoarder", "Enter")
	pane := waitPane(t, socket, "done: summon Loot Hoarder")
	assert.Contains(t, pane, "Loot Hoarder            2/1")
}
