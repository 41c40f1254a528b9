package cli

import (
	"encoding/json"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/modules"
)

// moduleProgress is where a workspace stands on one module.
type moduleProgress struct {
	started     bool // its tests are in tests/
	dropStarted bool // its Expansion Drop's test is in tests/
	// From the last check: its tests' counts, and done when every one
	// passed and its drop is done (see moduleStatusOf).
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
	// Sig is this user's signature over the rest and the course program
	// that wrote it (see checksig.go): without it the result is not taken.
	Sig string `json:"sig,omitempty"`
}

// report is the kept check's whole report: nil when the cache holds none,
// or one that does not parse.
func (c *CachedCheck) report() *checker.Report {
	if c == nil || len(c.Report) == 0 {
		return nil
	}
	var r checker.Report
	if json.Unmarshal(c.Report, &r) != nil {
		return nil
	}
	return &r
}

// CachedModule is one module's counts in the cache.
type CachedModule struct {
	Number string `json:"number"`
	Passed int    `json:"passed"`
	Failed int    `json:"failed"`
}

// workspaceProgress reads a workspace's tests/ folder and its cached check.
func workspaceProgress(w *workspace.Workspace) map[string]moduleProgress {
	out := map[string]moduleProgress{}
	cached, _ := loadCachedCheck(w)
	counts := map[string]CachedModule{}
	if cached != nil {
		for _, m := range cached.Modules {
			counts[m.Number] = m
		}
	}
	// The last check's whole report, when the cache holds it, says "done"
	// as status does: the module's tests and its drop's.
	report := cached.report()
	byNumber, dropOf := indexResults(report)
	started, _ := w.StartedModules()
	for _, m := range modules.All() {
		var p moduleProgress
		if s := started[m.Number]; s != nil {
			p.started, p.dropStarted = len(s.Tests) > 0, len(s.DropTests) > 0 || s.DropStarted
		}
		if c, ok := counts[m.Number]; ok && p.started {
			p.checked, p.passed, p.failed = true, c.Passed, c.Failed
			p.done = c.Failed == 0 && c.Passed > 0
			if report != nil {
				p.done = moduleStatusOf(m, p, report, byNumber, dropOf).Done
			}
		}
		out[m.Number] = p
	}
	return out
}
