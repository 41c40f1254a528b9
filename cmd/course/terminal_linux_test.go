package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// openPty opens a pseudo-terminal: the side a terminal emulator holds
// (master) and the one a program is given (tty).
func openPty(t *testing.T) (master, tty *os.File) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	master = os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { _ = master.Close() })
	require.NoError(t, unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0), "unlock the pseudo-terminal")
	n, err := unix.IoctlGetUint32(fd, unix.TIOCGPTN)
	require.NoError(t, err, "name the pseudo-terminal")
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { _ = tty.Close() })
	return master, tty
}

// TestVersionDoesNotWaitForTheTerminal runs course --version on a
// terminal that answers nothing, as under `script` writing to a file or on
// some serial consoles. Nothing the program links may ask the terminal
// anything as it starts (its background colour, the cursor's position):
// every command would wait for the answer, five seconds here, and on a
// terminal that answers it would cost a round trip and could swallow keys
// typed ahead.
func TestVersionDoesNotWaitForTheTerminal(t *testing.T) {
	// TestMain (testscript) put this test binary on PATH as course
	course, err := exec.LookPath("course")
	require.NoError(t, err)
	master, tty := openPty(t)
	cmd := exec.Command(course, "--version")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	// the session's own terminal, so that /dev/tty is this one too
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	// a terminal that could answer: termenv asks nothing of screen, tmux or
	// dumb, and NO_COLOR spares some libraries the question
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); k != "TERM" && k != "NO_COLOR" && k != "TMUX" {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "TERM=xterm-256color")

	var out bytes.Buffer
	read := make(chan struct{})
	go func() {
		// ends with EIO once the program's side is closed
		_, _ = io.Copy(&out, master)
		close(read)
	}()
	start := time.Now()
	require.NoError(t, cmd.Start())
	require.NoError(t, tty.Close()) // the program holds its own
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err = <-exited:
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("course --version did not end in 15 s on a terminal that answers nothing")
	}
	took := time.Since(start)
	require.NoError(t, err)
	<-read
	assert.Less(t, took, 2*time.Second, "course --version waited for the terminal")
	assert.Regexp(t, `^course \S+.*, course content sha256:[0-9a-f]{12}, go[0-9.]+\r?\n$`, out.String())
	assert.NotContains(t, out.String(), "\x1b", "course wrote an escape sequence, a question to the terminal: %q", out.String())
}

// TestStartModuleWrapsOnANarrowTerminal runs start-module with its output
// on a terminal of 40 columns, as a learner's narrow pane is: the harness
// functions it adds wrap between words, under their names, read from the
// terminal's own size, where the terminal broke them within a word.
func TestStartModuleWrapsOnANarrowTerminal(t *testing.T) {
	course, err := exec.LookPath("course")
	require.NoError(t, err)
	ws := filepath.Join(t.TempDir(), "ws")
	env := append(os.Environ(), "NO_COLOR=1", "COURSE_CONTENT=", "COURSE_WARM_CACHE=0")
	initWS := exec.Command(course, "init", ws)
	initWS.Env = env
	out, err := initWS.CombinedOutput()
	require.NoError(t, err, "%s", out)

	master, tty := openPty(t)
	require.NoError(t, unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 24, Col: 40}))
	cmd := exec.Command(course, "start-module", "01", ws)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = tty, tty
	var screen bytes.Buffer
	read := make(chan struct{})
	go func() {
		// ends with EIO once the program's side is closed
		_, _ = io.Copy(&screen, master)
		close(read)
	}()
	require.NoError(t, cmd.Start())
	require.NoError(t, tty.Close()) // the program holds its own
	require.NoError(t, cmd.Wait())
	<-read
	text := strings.ReplaceAll(screen.String(), "\r\n", "\n")
	assert.Contains(t, text, "\n  func (g *Game) AddToHand(card string,\n       player Player) ID\n")
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if len([]rune(line)) >= 40 {
			assert.Len(t, strings.Fields(line), 1, "a line as wide as the terminal is one word: %q", line)
		}
	}
}
