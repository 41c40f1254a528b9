package procgroup

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const orphanHelperEnv = "PROCGROUP_ORPHAN_HELPER"

// A process a test started in a session of its own (setsid), out of the
// group End kills, is ended all the same once the check is done: Adopt
// makes the course the process it is handed to when its parent ends, and
// EndOrphans kills it. Before, it was handed to init and outlived check,
// a class's check and its Ctrl-C. The helper is the check: it adopts,
// runs a shell that leaves a setsid sleep behind, and ends the orphans.
func TestAnOrphanASetsidLeftIsEnded(t *testing.T) {
	if os.Getenv(orphanHelperEnv) != "" {
		orphanHelper()
		return
	}
	for _, prog := range []string{"sh", "setsid", "sleep"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("no %s program", prog)
		}
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	helper := exec.Command(os.Args[0], "-test.run=^TestAnOrphanASetsidLeftIsEnded$")
	helper.Env = append(os.Environ(), orphanHelperEnv+"="+pidFile)
	out, err := helper.CombinedOutput()
	require.NoError(t, err, "%s", out)
	raw, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	require.NoError(t, err)
	assert.Eventually(t, func() bool { return syscall.Kill(pid, 0) != nil }, 5*time.Second, 50*time.Millisecond,
		"the setsid sleep %d outlived the process that adopted it", pid)
	if syscall.Kill(pid, 0) == nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}

func orphanHelper() {
	if !Adopt() {
		os.Exit(3)
	}
	sh := exec.Command("sh", "-c", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$0"`, os.Getenv(orphanHelperEnv))
	if err := sh.Run(); err != nil {
		os.Exit(4)
	}
	time.Sleep(100 * time.Millisecond) // the sleep starts and its parent, sh, has ended
	EndOrphans()
	os.Exit(0)
}

const leftBehindHelperEnv = "PROCGROUP_LEFT_BEHIND_HELPER"

// EndLeftBehind ends what a command left running while other commands run
// on: a class's check calls it as each workspace's check ends, so that a
// learner's setsid process does not outlive their check and run through
// the others'. The commands Start started and that have not ended are
// spared. The helper adopts, starts a command, has a shell leave a setsid
// sleep behind, and ends what is left behind; its status says what lived.
func TestEndLeftBehindSparesTheCommandsStillRunning(t *testing.T) {
	if os.Getenv(leftBehindHelperEnv) != "" {
		os.Exit(leftBehindHelper())
	}
	for _, prog := range []string{"sh", "setsid", "sleep"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("no %s program", prog)
		}
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	helper := exec.Command(os.Args[0], "-test.run=^TestEndLeftBehindSparesTheCommandsStillRunning$")
	helper.Env = append(os.Environ(), leftBehindHelperEnv+"="+pidFile)
	out, err := helper.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		switch exit.ExitCode() {
		case 5:
			t.Fatalf("the setsid sleep the shell left behind was still running after EndLeftBehind\n%s", out)
		case 6:
			t.Fatalf("EndLeftBehind ended a command that was still running\n%s", out)
		}
	}
	require.NoError(t, err, "%s", out)
}

func leftBehindHelper() int {
	if !Adopt() {
		return 3
	}
	running := exec.CommandContext(context.Background(), "sleep", "300")
	Own(running)
	if err := Start(running, (*exec.Cmd).Start); err != nil {
		return 4
	}
	defer func() { End(running); _ = running.Wait() }()
	pidFile := os.Getenv(leftBehindHelperEnv)
	sh := exec.Command("sh", "-c", `setsid sleep 300 </dev/null >/dev/null 2>&1 & echo $! > "$0"`, pidFile)
	if err := sh.Run(); err != nil {
		return 4
	}
	time.Sleep(100 * time.Millisecond) // the sleep starts and its parent, sh, has ended
	raw, err := os.ReadFile(pidFile)
	if err != nil {
		return 4
	}
	orphan, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil {
		return 4
	}
	EndLeftBehind()
	if syscall.Kill(orphan, 0) == nil {
		_ = syscall.Kill(orphan, syscall.SIGKILL)
		return 5
	}
	if running.Process.Signal(syscall.Signal(0)) != nil {
		return 6
	}
	return 0
}

// A process that did not adopt may have children of its own (a test's
// git, say): EndLeftBehind leaves them alone.
func TestEndLeftBehindDoesNothingUnadopted(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep program")
	}
	if adopted.Load() {
		t.Skip("this test process adopted")
	}
	child := exec.Command("sleep", "300")
	require.NoError(t, child.Start())
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	EndLeftBehind()
	assert.NoError(t, child.Process.Signal(syscall.Signal(0)), "the child was ended")
}
