package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// findWorkspace is the workspace dir is in (the current folder when dir is
// empty), found as go finds go.mod.
func findWorkspace(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	return workspace.Find(dir)
}

// stateFile is the workspace's tool state, beside nothing the learner edits.
func stateFile(ws string) string { return filepath.Join(ws, ".course", "state.json") }

// loadHintState reads how many hints of each module were shown.
func loadHintState(ws string) (map[string]int, error) {
	doc, err := readState(ws)
	if err != nil {
		return nil, err
	}
	hints := map[string]int{}
	if raw, ok := doc["hints"]; ok {
		if err := json.Unmarshal(raw, &hints); err != nil {
			return nil, &UsageError{Msg: fmt.Sprintf("course: %s: \"hints\" is not an object of numbers (%v); delete the file to start afresh", stateFile(ws), err)}
		}
	}
	return hints, nil
}

// recordHintShown remembers that hint k of a module was shown.
func recordHintShown(ws, module string, k int) error {
	doc, err := readState(ws)
	if err != nil {
		return err
	}
	hints := map[string]int{}
	if raw, ok := doc["hints"]; ok {
		_ = json.Unmarshal(raw, &hints)
	}
	if hints[module] >= k {
		return nil
	}
	hints[module] = k
	raw, err := json.Marshal(hints)
	if err != nil {
		return err
	}
	doc["hints"] = raw
	return writeState(ws, doc)
}

func readState(ws string) (map[string]json.RawMessage, error) {
	file := stateFile(ws)
	st, err := os.Lstat(file)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]json.RawMessage{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	if !st.Mode().IsRegular() {
		return nil, &UsageError{Msg: fmt.Sprintf("course: %s is not a regular file; remove it and run the command again", file)}
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	doc := map[string]json.RawMessage{}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, &UsageError{Msg: fmt.Sprintf("course: %s is not valid JSON (%v); delete it to start afresh", file, err)}
	}
	return doc, nil
}

func writeState(ws string, doc map[string]json.RawMessage) error {
	dir := filepath.Dir(stateFile(ws))
	if st, err := os.Lstat(dir); err == nil && !st.IsDir() {
		return &UsageError{Msg: fmt.Sprintf("course: %s is not a folder (a link or a file); remove it and run the command again", dir)}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("making %s: %w", dir, err)
	}
	raw, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "state-*.json")
	if err != nil {
		return fmt.Errorf("writing the workspace state: %w", err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(raw, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("writing %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), stateFile(ws))
}
