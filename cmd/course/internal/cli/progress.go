package cli

import (
	"encoding/json"
	"os"
	"path"
	"path/filepath"
	"time"

	"github.com/systemic-game-design/course/modules"
)

// moduleProgress is where a workspace stands on one module.
type moduleProgress struct {
	started     bool // its tests are in tests/
	dropStarted bool // its Expansion Drop's test is in tests/
	// From the last check: its tests' counts, and done when every one
	// passed.
	checked        bool
	passed, failed int
	done           bool
}

// CachedCheck is the last check's result a workspace keeps in
// .course/state.json, so that status and modules can say where it stands
// without running the tests again.
type CachedCheck struct {
	At      time.Time       `json:"at"`
	Content string          `json:"content"` // the course content's digest it ran against
	Modules []CachedModule  `json:"modules"`
	Report  json.RawMessage `json:"report,omitempty"`
}

// CachedModule is one module's counts in the cache.
type CachedModule struct {
	Number string `json:"number"`
	Passed int    `json:"passed"`
	Failed int    `json:"failed"`
}

// workspaceProgress reads a workspace's tests/ folder and its cached check.
func workspaceProgress(env *Env, ws string) map[string]moduleProgress {
	out := map[string]moduleProgress{}
	content, err := env.content()
	if err != nil {
		return out
	}
	courseFS := content.Course()
	cached, _ := loadCachedCheck(ws)
	counts := map[string]CachedModule{}
	if cached != nil {
		for _, m := range cached.Modules {
			counts[m.Number] = m
		}
	}
	for _, m := range modules.All() {
		p := moduleProgress{
			started:     allPresent(ws, modules.TestFiles(courseFS, m)),
			dropStarted: allPresent(ws, modules.ExpansionTestFiles(courseFS, m)),
		}
		if c, ok := counts[m.Number]; ok && p.started {
			p.checked, p.passed, p.failed = true, c.Passed, c.Failed
			p.done = c.Failed == 0 && c.Passed > 0
		}
		out[m.Number] = p
	}
	return out
}

// allPresent reports whether every one of the course's test files is in the
// workspace's tests/ (start-module copies them there by name).
func allPresent(ws string, courseFiles []string) bool {
	if len(courseFiles) == 0 {
		return false
	}
	for _, f := range courseFiles {
		if st, err := os.Lstat(filepath.Join(ws, "tests", path.Base(f))); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return true
}
