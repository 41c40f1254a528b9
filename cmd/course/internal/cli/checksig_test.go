package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// The last check's result lives in the workspace, which the learner can
// write: it is taken only as this user's course wrote it.
func TestAKeptCheckIsTakenOnlyAsThisUsersCourseWroteIt(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws, err := workspace.Open(testws.New(t, nil))
	require.NoError(t, err)
	rep := &checker.Report{Modules: []checker.Module{{Number: "01", Passed: 1, Failed: 3}}}
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	require.NoError(t, cacheCheck(t.Context(), ws, "key", at, rep))

	got, err := loadCachedCheck(ws)
	require.NoError(t, err)
	require.NotNil(t, got, "as it was written")
	assert.Equal(t, "key", got.Content)
	assert.Equal(t, []CachedModule{{Number: "01", Passed: 1, Failed: 3}}, got.Modules)

	// Edited by hand: every module done.
	stateFile := filepath.Join(ws.Abs, filepath.FromSlash(workspace.StateFile))
	raw, err := os.ReadFile(stateFile)
	require.NoError(t, err)
	var st map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &st))
	var kept map[string]any
	require.NoError(t, json.Unmarshal(st["lastCheck"], &kept))
	kept["modules"] = []map[string]any{{"number": "01", "passed": 4, "failed": 0}}
	st["lastCheck"], err = json.Marshal(kept)
	require.NoError(t, err)
	raw, err = json.Marshal(st)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(stateFile, raw, 0o644))
	got, err = loadCachedCheck(ws)
	require.NoError(t, err)
	assert.Nil(t, got, "a result edited by hand")
	assert.False(t, workspaceProgress(ws)["01"].checked, "modules does not take it either")

	// Written by this user's course again, then read by another user (an
	// instructor with a cache folder of their own).
	require.NoError(t, cacheCheck(t.Context(), ws, "key", at, rep))
	got, _ = loadCachedCheck(ws)
	require.NotNil(t, got)
	t.Setenv(usercache.EnvVar, t.TempDir())
	got, _ = loadCachedCheck(ws)
	assert.Nil(t, got, "another user's")

	// No cache folder: nothing is taken.
	t.Setenv(usercache.EnvVar, "off")
	require.NoError(t, cacheCheck(t.Context(), ws, "key", at, rep))
	got, _ = loadCachedCheck(ws)
	assert.Nil(t, got)
}

// The key is made once and kept; a file in its place that is not a key is
// not taken for one.
func TestTheSigningKeyIsMadeOnceAndKept(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(usercache.EnvVar, dir)
	first := checkKey()
	require.Len(t, first, 32)
	assert.Equal(t, first, checkKey())
	st, err := os.Stat(filepath.Join(dir, checkKeyFile))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "the user's own")

	require.NoError(t, os.WriteFile(filepath.Join(dir, checkKeyFile), []byte("short"), 0o600))
	assert.Nil(t, checkKey(), "a file that is not a key is neither taken nor overwritten")
	raw, err := os.ReadFile(filepath.Join(dir, checkKeyFile))
	require.NoError(t, err)
	assert.Equal(t, "short", string(raw))
}

// Commands started at once on a machine with no key yet all sign with
// the one key made: none reads the key file while another is writing it
// and goes without (the key is written whole, then put in place).
func TestCommandsAtOnceShareTheKeyMade(t *testing.T) {
	for range 100 {
		t.Setenv(usercache.EnvVar, t.TempDir())
		keys := make([][]byte, 8)
		var wg sync.WaitGroup
		for i := range keys {
			wg.Go(func() { keys[i] = checkKey() })
		}
		wg.Wait()
		for _, k := range keys {
			require.Len(t, k, 32)
			require.Equal(t, keys[0], k)
		}
	}
}
