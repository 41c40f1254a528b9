package procgroup

import (
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
