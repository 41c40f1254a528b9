package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"
)

// StateDir is the workspace's folder for the tool's own state: git-ignored
// (the template's .gitignore has /.course/), never the learner's to edit.
const StateDir = ".course"

// StateFile is the state file, a slash path inside the workspace.
const StateFile = StateDir + "/state.json"

// State is what course remembers about a workspace between commands.
type State struct {
	// Drops is each Expansion Drop started, by module number ("01").
	Drops map[string]Drop `json:"drops,omitempty"`
	// Hints is how many hints of each module were shown, by module number.
	Hints map[string]int `json:"hints,omitempty"`
	// LastCheck is the last check's result and when it ran.
	LastCheck *LastCheck `json:"lastCheck,omitempty"`
}

// Drop is an Expansion Drop started with start-module --expansion: the
// commit its engine is compared with, and when it started.
type Drop struct {
	Commit    string    `json:"commit"`
	StartedAt time.Time `json:"startedAt"`
}

// LastCheck is a cached check result: when it ran and what it found (the
// check command's own document).
type LastCheck struct {
	At     time.Time       `json:"at"`
	Result json.RawMessage `json:"result,omitempty"`
}

// LoadState reads the workspace's state file; a workspace without one has
// an empty state. A state file that is not a regular file inside the
// workspace, or not valid JSON, is an *Error naming it.
func LoadState(ws *Workspace) (*State, error) {
	raw, err := ws.ReadFile(StateFile)
	if errors.Is(err, fs.ErrNotExist) {
		return &State{}, nil
	}
	if err != nil {
		return nil, err
	}
	var st State
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&st); err != nil {
		return nil, &Error{Path: filepath.Join(ws.Dir, filepath.FromSlash(StateFile)),
			Why: fmt.Sprintf("is not valid state (%v); delete it: it holds only course's own records (started drops, hints shown, the last check)", err)}
	}
	return &st, nil
}

// Save writes the state to the workspace's state file, whole or not at all
// (a temporary file renamed into place), refusing a .course folder or file
// that leads out of the workspace.
func Save(ws *Workspace, st *State) error {
	raw, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding the workspace state: %w", err)
	}
	return ws.WriteFile(StateFile, append(raw, '\n'))
}
