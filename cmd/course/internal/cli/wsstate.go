package cli

import (
	"encoding/json"
	"strings"

	"github.com/spf13/cobra"

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
func loadCachedCheck(dir string) (*CachedCheck, error) {
	_, st, err := loadState(dir)
	if err != nil || len(st.LastCheck) == 0 {
		return nil, err
	}
	var c CachedCheck
	if err := json.Unmarshal(st.LastCheck, &c); err != nil {
		return nil, nil // a cache that does not read is no cache
	}
	return &c, nil
}

func saveCachedCheck(dir string, c *CachedCheck) error {
	ws, st, err := loadState(dir)
	if err != nil {
		return err
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return err
	}
	st.LastCheck = raw
	return workspace.Save(ws, st)
}

// dropsKey is the drops' records as bytes, for the cache's key.
func dropsKey(dir string) ([]byte, error) {
	_, st, err := loadState(dir)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st.Drops)
}

// workspaceArg is a command's WORKSPACE: the argument when there is one,
// else the workspace the current folder is in.
func workspaceArg(a []string) (string, error) {
	if len(a) > 0 {
		return a[0], nil
	}
	return findWorkspace("")
}

// argsWithWorkspace checks a command's positional arguments: the names
// given, then an optional WORKSPACE.
func argsWithWorkspace(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) == len(names) || len(got) == len(names)+1 {
			return nil
		}
		want := append(append([]string{}, names...), "[WORKSPACE]")
		return usagef("%s takes %s, and got %d argument(s); run `%s --help` for an example",
			cmd.CommandPath(), strings.Join(want, " "), len(got), cmd.CommandPath())
	}
}

// optionalArgs checks a command's positional arguments when all of them
// may be left out: at most len(names).
func optionalArgs(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) <= len(names) {
			return nil
		}
		return usagef("%s takes at most %d argument(s), %s, and got %d; run `%s --help` for an example",
			cmd.CommandPath(), len(names), strings.Join(names, " "), len(got), cmd.CommandPath())
	}
}
