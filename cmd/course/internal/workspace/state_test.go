package workspace

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/internal/regularfile"
)

func TestStateRoundTrips(t *testing.T) {
	ws, err := Open(learnerDir(t, map[string]string{}))
	require.NoError(t, err)
	st, err := LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, &State{}, st, "no state file: an empty state")

	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	st.Drops = map[string]Drop{"01": {Commit: "3f2a1c9", StartedAt: at}}
	st.Hints = map[string]int{"01": 2}
	require.NoError(t, Save(ws, st))
	raw, err := os.ReadFile(filepath.Join(ws.Dir, ".course", "state.json"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"drops": {"01": {"commit": "3f2a1c9", "startedAt": "2026-01-02T03:04:05Z"}}, "hints": {"01": 2}}`, string(raw))

	again, err := LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, st, again)
	entries, err := os.ReadDir(filepath.Join(ws.Dir, ".course"))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "no temporary file left behind")
}

// Keys this course does not know survive a load and a save.
func TestStateKeepsKeysItDoesNotKnow(t *testing.T) {
	dir := learnerDir(t, map[string]string{".course/state.json": `{"hints": {"02": 1}, "lastCheck": {"at": "x", "passed": 3}, "future": [1, 2]}`})
	ws, err := Open(dir)
	require.NoError(t, err)
	st, err := LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, map[string]int{"02": 1}, st.Hints)
	assert.JSONEq(t, `{"at": "x", "passed": 3}`, string(st.LastCheck))
	st.Hints["03"] = 2
	require.NoError(t, Save(ws, st))
	raw, err := os.ReadFile(filepath.Join(dir, ".course", "state.json"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"hints": {"02": 1, "03": 2}, "lastCheck": {"at": "x", "passed": 3}, "future": [1, 2]}`, string(raw))
}

func TestStateRefusesLinksOutAndBadFiles(t *testing.T) {
	dir := learnerDir(t, map[string]string{})
	outside := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".course")))
	ws, err := Open(dir)
	require.NoError(t, err)
	err = Save(ws, &State{Hints: map[string]int{"01": 1}})
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "leads out of the workspace")
	entries, err := os.ReadDir(outside)
	require.NoError(t, err)
	assert.Empty(t, entries)

	dir = learnerDir(t, map[string]string{".course/state.json": "{"})
	ws, err = Open(dir)
	require.NoError(t, err)
	_, err = LoadState(ws)
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "is not valid state")
}

// A state file too large to read is told to be removed: chmod, the mend of
// a file that cannot be read, would not mend it.
func TestStateTooLargeSaysToRemoveIt(t *testing.T) {
	dir := learnerDir(t, map[string]string{".course/state.json": "{}"})
	require.NoError(t, os.Truncate(filepath.Join(dir, ".course", "state.json"), regularfile.MaxSize+1))
	ws, err := Open(dir)
	require.NoError(t, err)
	_, err = LoadState(ws)
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "more than the 1073741824 the course tools read")
	assert.Contains(t, wsErr.Why, "remove it")
	assert.NotContains(t, wsErr.Why, "chmod")
}

// A drop is kept under its module's number: any other key is refused,
// named as Go quotes it, so that a line break in it breaks no line of
// the message or of what check prints.
func TestStateRefusesADropThatIsNoModuleNumber(t *testing.T) {
	for _, key := range []string{"1", "001", "01x", "ab", "01\nclass/bo\t4/4", ""} {
		raw, err := json.Marshal(map[string]any{"drops": map[string]any{key: map[string]string{"commit": "3f2a1c9"}}})
		require.NoError(t, err)
		ws, err := Open(learnerDir(t, map[string]string{".course/state.json": string(raw)}))
		require.NoError(t, err)
		_, err = LoadState(ws)
		var wsErr *Error
		require.ErrorAs(t, err, &wsErr, "drop key %q", key)
		assert.Contains(t, wsErr.Why, fmt.Sprintf("drops: %q is not a module's number", key))
		assert.NotContains(t, err.Error(), "\n")
	}
	ws, err := Open(learnerDir(t, map[string]string{".course/state.json": `{"drops": {"01": {"commit": "3f2a1c9"}}}`}))
	require.NoError(t, err)
	st, err := LoadState(ws)
	require.NoError(t, err)
	assert.Equal(t, "3f2a1c9", st.Drops["01"].Commit)
}

// A drop's end counts are counts of tests: none below zero, and no more
// passed than there were. check's --json gives them, and its schema says
// so.
func TestStateRefusesADropsCountsThatAreNoCounts(t *testing.T) {
	for _, counts := range [][2]int{{-1, 4}, {0, -5}, {5, 4}} {
		raw := fmt.Sprintf(`{"drops": {"01": {"commit": "3f2a1c9", "end": "4e3b2d1", "endPassed": %d, "endTests": %d}}}`, counts[0], counts[1])
		ws, err := Open(learnerDir(t, map[string]string{".course/state.json": raw}))
		require.NoError(t, err)
		_, err = LoadState(ws)
		var wsErr *Error
		require.ErrorAs(t, err, &wsErr, "%v", counts)
		assert.Contains(t, wsErr.Why, fmt.Sprintf("drops: 01: endPassed %d of endTests %d is not a count of passing tests", counts[0], counts[1]))
	}
	for _, counts := range [][2]int{{0, 0}, {0, 4}, {4, 4}} {
		raw := fmt.Sprintf(`{"drops": {"01": {"commit": "3f2a1c9", "end": "4e3b2d1", "endPassed": %d, "endTests": %d}}}`, counts[0], counts[1])
		ws, err := Open(learnerDir(t, map[string]string{".course/state.json": raw}))
		require.NoError(t, err)
		_, err = LoadState(ws)
		assert.NoError(t, err, "%v", counts)
	}
}
