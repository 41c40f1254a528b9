//go:build unix

package scaffold

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
)

// A FIFO (or any file that is not a regular one) where a test or a card
// goes is refused at once, naming it, and nothing is written.
func TestNonRegularFileIsRefusedWithoutWaiting(t *testing.T) {
	for _, rel := range []string{"tests/01_handles_test.go", "cards/test-filler.json"} {
		t.Run(rel, func(t *testing.T) {
			o := fakeCourse(t)
			require.NoError(t, os.MkdirAll(filepath.Join(o.Workspace.Dir, "tests"), 0o755))
			require.NoError(t, os.MkdirAll(filepath.Join(o.Workspace.Dir, "cards"), 0o755))
			require.NoError(t, syscall.Mkfifo(filepath.Join(o.Workspace.Dir, filepath.FromSlash(rel)), 0o644))
			err := testws.Within(t, 10*time.Second, "start-module hung on a FIFO", func() error { _, err := StartModule(o); return err })
			var wsErr *workspace.Error
			require.ErrorAs(t, err, &wsErr)
			assert.Equal(t, filepath.Join(o.Workspace.Dir, filepath.FromSlash(rel)), wsErr.Path)
			assert.Contains(t, wsErr.Why, "not a regular file (a FIFO)")
			assert.NoFileExists(t, filepath.Join(o.Workspace.Dir, "cards", "module-only.json"))
		})
	}
}

// A changed test file that cannot be read (mode 0200) is not taken as
// absent: start-module stops naming it and leaves it as it was. Root reads
// any file, so as root the check runs in a helper process that drops to the
// unprivileged user 65534 (syscall.Credential).
func TestUnreadableChangedFileStops(t *testing.T) {
	if dir := os.Getenv(unreadableHelperEnv); dir != "" {
		o := fakeCourse(t)
		ws, err := workspace.Open(dir)
		require.NoError(t, err)
		o.Workspace = ws
		_, err = StartModule(o)
		os.Stdout.WriteString("helper: ")
		if err != nil {
			os.Stdout.WriteString(err.Error())
		}
		return
	}
	o := fakeCourse(t)
	_, err := StartModule(o)
	require.NoError(t, err)
	target := filepath.Join(o.Workspace.Dir, "tests", "01_handles_test.go")
	require.NoError(t, os.WriteFile(target, []byte("package tests // my notes\n"), 0o644))
	require.NoError(t, os.Chmod(target, 0o200))

	var msg string
	if os.Geteuid() != 0 {
		_, err := StartModule(o)
		require.Error(t, err)
		msg = err.Error()
	} else {
		msg = runAsNobody(t, o.Workspace.Dir)
	}
	assert.Contains(t, msg, target+": cannot be read")
	assert.Contains(t, msg, "permission denied")
	require.NoError(t, os.Chmod(target, 0o644))
	got, err := os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "package tests // my notes\n", string(got), "the learner's file is left as it was")
	assert.NoFileExists(t, target+".orig")
}

// runAsNobody runs this test binary's TestUnreadableChangedFileStops as
// user and group 65534 on the workspace dir and returns what it printed.
func runAsNobody(t *testing.T, dir string) string {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	// The helper must be able to run the binary and reach the workspace.
	bin := filepath.Join(t.TempDir(), "helper.test")
	copyFile(t, self, bin)
	require.NoError(t, os.Chmod(filepath.Dir(bin), 0o755))
	for p := dir; p != "/" && p != "."; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		require.NoError(t, err)
		require.NoError(t, os.Chmod(p, st.Mode().Perm()|0o005))
	}
	require.NoError(t, filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, 65534, 65534)
	}))
	cmd := exec.Command(bin, "-test.run=^TestUnreadableChangedFileStops$", "-test.count=1")
	cmd.Env = append(os.Environ(), unreadableHelperEnv+"="+dir, "HOME=/tmp", "TMPDIR=/tmp")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) || err != nil {
		t.Skipf("cannot run a helper as an unprivileged user here: %v\n%s", err, out)
	}
	return string(out)
}
