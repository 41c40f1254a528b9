package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/systemic-game-design/course/modules"
)

// StateDir is the workspace's folder for the tool's own state: git-ignored
// (the template's .gitignore has /.course/), never the learner's to edit.
const StateDir = ".course"

// StateFile is the state file, a slash path inside the workspace.
const StateFile = StateDir + "/state.json"

// State is what course remembers about a workspace between commands. Keys
// it does not know are kept as they are, so that a newer course's records
// survive an older one's Save.
type State struct {
	// Modules is when each module was started, by number ("01"): a module
	// start-module started stays started if its test files go.
	Modules map[string]time.Time `json:"modules,omitempty"`
	// Drops is each Expansion Drop started, by module number ("01").
	Drops map[string]Drop `json:"drops,omitempty"`
	// Hints is how many hints of each module were shown, by module number.
	Hints map[string]int `json:"hints,omitempty"`
	// LastCheck is the last check's result and when it ran, as the check
	// command records it.
	LastCheck json.RawMessage `json:"lastCheck,omitempty"`

	other map[string]json.RawMessage
}

// stateFields is State's own fields, without the methods.
type stateFields struct {
	Modules   map[string]time.Time `json:"modules,omitempty"`
	Drops     map[string]Drop      `json:"drops,omitempty"`
	Hints     map[string]int       `json:"hints,omitempty"`
	LastCheck json.RawMessage      `json:"lastCheck,omitempty"`
}

// UnmarshalJSON reads the known keys and keeps the others.
func (s *State) UnmarshalJSON(raw []byte) error {
	var f stateFields
	if err := json.Unmarshal(raw, &f); err != nil {
		return err
	}
	// A drop is known by its module's number, which check prints in its
	// lines and a class's rows: any other key, one holding a line break
	// or a tab, say, would print rows of its own there.
	for n, d := range f.Drops {
		if !modules.IsNumber(n) {
			return fmt.Errorf("drops: %q is not a module's number, such as \"01\"", n)
		}
		// Counts of tests, which check's --json gives as its schema
		// says they are.
		if d.EndPassed < 0 || d.EndTests < 0 || d.EndPassed > d.EndTests {
			return fmt.Errorf("drops: %s: endPassed %d of endTests %d is not a count of passing tests", n, d.EndPassed, d.EndTests)
		}
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(raw, &all); err != nil {
		return err
	}
	for _, k := range []string{"modules", "drops", "hints", "lastCheck"} {
		delete(all, k)
	}
	*s = State{Modules: f.Modules, Drops: f.Drops, Hints: f.Hints, LastCheck: f.LastCheck}
	if len(all) > 0 {
		s.other = all
	}
	return nil
}

// MarshalJSON writes the known keys and the others kept.
func (s State) MarshalJSON() ([]byte, error) {
	known, err := json.Marshal(stateFields{Modules: s.Modules, Drops: s.Drops, Hints: s.Hints, LastCheck: s.LastCheck})
	if err != nil || len(s.other) == 0 {
		return known, err
	}
	all := map[string]json.RawMessage{}
	if err := json.Unmarshal(known, &all); err != nil {
		return nil, err
	}
	for k, v := range s.other {
		all[k] = v
	}
	return json.Marshal(all)
}

// Drop is an Expansion Drop started with start-module --expansion: the
// commit its engine is compared with, and when it started. A drop ends
// when a later module starts (End, the commit then): from there the engine
// is the next module's to change, and the drop is judged by the engine
// between its two commits.
type Drop struct {
	Commit    string    `json:"commit"`
	StartedAt time.Time `json:"startedAt"`
	End       string    `json:"end,omitempty"`
	EndedAt   time.Time `json:"endedAt,omitzero"`
	// EndPassed of EndTests is how the drop's tests did when it ended:
	// what status counts for it from then on, since later modules' work
	// may make them pass. EndTests 0 is no record (an older tool's).
	EndPassed int `json:"endPassed,omitempty"`
	EndTests  int `json:"endTests,omitempty"`
}

// Open reports whether the drop has not ended.
func (d Drop) Open() bool { return d.End == "" }

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
