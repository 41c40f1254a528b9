package procgroup

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

const ttyHelperEnv = "PROCGROUP_TTY_HELPER"

// A process Own starts has no controlling terminal: a learner's test cannot
// open /dev/tty and write over the instructor's screen (a passing line over
// a failing one, the window's title) past the escapes check spells out, nor
// read keys meant for the shell. The test gives a helper a terminal of its
// own (a pseudo-terminal), makes sure the helper can open it, and has it
// start through Own a shell that tries.
func TestOwnedProcessesHaveNoTerminal(t *testing.T) {
	ptmx, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer unix.Close(ptmx)
	require.NoError(t, unix.IoctlSetPointerInt(ptmx, unix.TIOCSPTLCK, 0))
	n, err := unix.IoctlGetInt(ptmx, unix.TIOCGPTN)
	require.NoError(t, err)
	pts, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	require.NoError(t, err)
	defer pts.Close()

	helper := exec.Command(os.Args[0], "-test.run=^TestOwnedProcessesHaveNoTerminal$")
	helper.Env = append(os.Environ(), ttyHelperEnv+"=1")
	helper.Stdin = pts
	helper.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	out, err := helper.Output()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "helper: /dev/tty opens\n", "the helper has no terminal, so the test proves nothing")
	require.Contains(t, string(out), "owned: /dev/tty does not open\n")
}

func TestMain(m *testing.M) {
	if os.Getenv(ttyHelperEnv) == "" {
		os.Exit(m.Run())
	}
	if f, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		f.Close()
		fmt.Println("helper: /dev/tty opens")
	}
	cmd := exec.CommandContext(context.Background(), "sh", "-c", "true 2>/dev/null >/dev/tty && echo 'owned: /dev/tty opens' || echo 'owned: /dev/tty does not open'")
	Own(cmd)
	out, err := cmd.Output()
	End(cmd)
	if err != nil {
		fmt.Println("owned: did not run:", err)
	}
	fmt.Print(strings.ReplaceAll(string(out), "\r", ""))
	os.Exit(0)
}
