package cli

import (
	"context"
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
func recordHintShown(ctx context.Context, dir, module string, k int) error {
	ws, st, err := loadState(dir)
	if err != nil {
		return err
	}
	// A hint counted already takes no lock, so a workspace this user may
	// only read shows it again without a warning.
	if st.Hints[module] >= k {
		return nil
	}
	return workspace.UpdateState(ctx, ws, func(st *workspace.State) error {
		if st.Hints[module] >= k {
			return workspace.ErrUnchanged
		}
		if st.Hints == nil {
			st.Hints = map[string]int{}
		}
		st.Hints[module] = k
		return nil
	})
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

// saveCachedCheck keeps c as the workspace's last check, signed.
func saveCachedCheck(ctx context.Context, ws *workspace.Workspace, c *CachedCheck) error {
	signed := *c
	signed.Sig = ""
	if key := checkKey(); key != nil {
		signed.Sig = signed.signature(key)
	}
	raw, err := json.Marshal(signed)
	if err != nil {
		return err
	}
	return workspace.UpdateState(ctx, ws, func(st *workspace.State) error {
		st.LastCheck = raw
		return nil
	})
}

// dropsKey is the drops' records as bytes, for the cache's key.
func dropsKey(ws *workspace.Workspace) ([]byte, error) {
	st, err := workspace.LoadState(ws)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st.Drops)
}
