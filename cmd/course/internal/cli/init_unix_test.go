//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// init starts compiling the new workspace in the background, in a session
// of its own, and does not wait for it.
func TestInitWarmsTheCacheWithoutWaiting(t *testing.T) {
	bin := t.TempDir()
	marker := filepath.Join(t.TempDir(), "started")
	fake := "#!/bin/sh\necho \"$$|$PWD|$*\" > " + marker + ".tmp && mv " + marker + ".tmp " + marker + "\nexec sleep 60\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "go"), []byte(fake), 0o755))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	t.Setenv("GO", "") // go on PATH: see TestInitWarmsWithTheGoThatGONames

	dir := filepath.Join(t.TempDir(), "ws")
	env, out := embeddedEnv(t)
	start := time.Now()
	require.NoError(t, RunInit(context.Background(), env, &InitOptions{Dir: dir, ModulePath: "example.com/x", WarmCache: true}))
	assert.Less(t, time.Since(start), 30*time.Second, "init waited for the compilation")
	assert.Contains(t, out.String(), "init: compiling the workspace in the background (go test -run '^$' ./...), so your first check starts warm\n")

	var line string
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if raw, err := os.ReadFile(marker); err == nil {
			line = strings.TrimSpace(string(raw))
			break
		}
	}
	require.NotEmpty(t, line, "the background compilation did not start")
	parts := strings.SplitN(line, "|", 3)
	require.Len(t, parts, 3)
	pid, err := strconv.Atoi(parts[0])
	require.NoError(t, err)
	t.Cleanup(func() { _ = syscall.Kill(pid, syscall.SIGKILL) })
	real, err := filepath.EvalSymlinks(dir)
	require.NoError(t, err)
	assert.Equal(t, real, parts[1], "run in the new workspace")
	assert.Equal(t, "test -run ^$ ./...", parts[2])

	stat, err := os.ReadFile("/proc/" + parts[0] + "/stat")
	if err == nil {
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		assert.Equal(t, parts[0], fields[3], "a session of its own (session id = its pid)")
	}
}

// $GO names the go command every part of course runs, init's warm-up as
// check's builds: a warm-up by another Go would warm nothing check uses.
func TestInitWarmsWithTheGoThatGONames(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "started")
	mygo := filepath.Join(t.TempDir(), "go1.99")
	require.NoError(t, os.WriteFile(mygo, []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755))
	t.Setenv("GO", mygo)
	pid, err := startWarmCache(t.TempDir())
	require.NoError(t, err)
	assert.Positive(t, pid)
	assert.Eventually(t, func() bool { _, err := os.Stat(marker); return err == nil }, 20*time.Second, 20*time.Millisecond, "the go command GO names ran")

	t.Setenv("GO", filepath.Join(t.TempDir(), "no-go-here"))
	_, err = startWarmCache(t.TempDir())
	assert.ErrorContains(t, err, "is not on PATH, so nothing can be built")
}
