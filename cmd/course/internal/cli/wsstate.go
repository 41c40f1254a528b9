package cli

import (
	"encoding/json"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// loadState opens the workspace at dir and reads its state.
func loadState(dir string) (*workspace.Workspace, *workspace.State, error) {
	ws, err := workspace.Open(dir)
	if err != nil {
		return nil, nil, err
	}
	st, err := workspace.LoadState(ws)
	if err != nil {
		return nil, nil, err
	}
	return ws, st, nil
}

// loadHintState reads how many hints of each module were shown.
func loadHintState(dir string) (map[string]int, error) {
	_, st, err := loadState(dir)
	if err != nil {
		return nil, err
	}
	if st.Hints == nil {
		return map[string]int{}, nil
	}
	return st.Hints, nil
}

// recordHintShown remembers that hint k of a module was shown.
func recordHintShown(dir, module string, k int) error {
	ws, st, err := loadState(dir)
	if err != nil {
		return err
	}
	if st.Hints[module] >= k {
		return nil
	}
	if st.Hints == nil {
		st.Hints = map[string]int{}
	}
	st.Hints[module] = k
	return workspace.Save(ws, st)
}

// loadCachedCheck is the last check's result the workspace keeps, or nil.
func loadCachedCheck(ws *workspace.Workspace) (*CachedCheck, error) {
	st, err := workspace.LoadState(ws)
	if err != nil || len(st.LastCheck) == 0 {
		return nil, err
	}
	var c CachedCheck
	if err := json.Unmarshal(st.LastCheck, &c); err != nil || !c.signedBy(checkKey()) {
		return nil, nil // a cache that does not read, or that this user's course did not write, is no cache
	}
	return &c, nil
}

func saveCachedCheck(ws *workspace.Workspace, c *CachedCheck) error {
	st, err := workspace.LoadState(ws)
	if err != nil {
		return err
	}
	signed := *c
	signed.Sig = ""
	if key := checkKey(); key != nil {
		signed.Sig = signed.signature(key)
	}
	raw, err := json.Marshal(signed)
	if err != nil {
		return err
	}
	st.LastCheck = raw
	return workspace.Save(ws, st)
}

// dropsKey is the drops' records as bytes, for the cache's key.
func dropsKey(ws *workspace.Workspace) ([]byte, error) {
	st, err := workspace.LoadState(ws)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st.Drops)
}
