// Package golangci is the coupling audit as a golangci-lint module plugin
// (github.com/golangci/plugin-module-register): built into a custom
// golangci-lint with `golangci-lint custom` and the .custom-gcl.yml the
// README shows, it runs audit/analyzer's Analyzer as the linter "coupling".
// The plugin takes no settings; which files it checks and which names it
// looks for come from each workspace's .course.json and the course catalog,
// as for `course coupling-audit`.
package golangci

import (
	"fmt"
	"os"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/systemic-game-design/course/audit/analyzer"
)

// Name is the linter's name in .golangci.yml.
const Name = "coupling"

func init() { register.Plugin(Name, New) }

// Settings is the plugin's settings in .golangci.yml: none yet.
type Settings struct{}

// New is the plugin's constructor, as golangci-lint calls it.
func New(settings any) (register.LinterPlugin, error) {
	if settings != nil {
		if _, err := register.DecodeSettings[Settings](settings); err != nil {
			return nil, fmt.Errorf("the coupling linter takes no settings: %w", err)
		}
	}
	return plugin{}, nil
}

type plugin struct{}

// BuildAnalyzers is the coupling audit's Analyzer, and one that does
// nothing and is there for its name: golangci-lint keeps each package's
// issues under the package's files and its analyzers' names, but the
// audit's verdict also depends on the modules the workspace has started,
// its .course.json and COURSE_CONTENT's catalog. The second name carries
// the analyzer's CacheKey for the workspace golangci-lint runs in, so that
// a module started after a clean run is not answered from the cache.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	dir, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("the coupling linter needs the current folder to find the workspace: %w", err)
	}
	return []*analysis.Analyzer{analyzer.Analyzer, stateAnalyzer(analyzer.CacheKey(dir))}, nil
}

// StatePrefix starts the name of the analyzer that stands for the
// workspace's state in golangci-lint's cache key.
const StatePrefix = Name + "_state_"

func stateAnalyzer(key string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: StatePrefix + key,
		Doc:  "reports nothing: its name stands for the workspace's started modules, engine folders and catalog in golangci-lint's cache",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
}

// GetLoadMode is syntax: the audit reads source, not types.
func (plugin) GetLoadMode() string { return register.LoadModeSyntax }
