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

// BuildAnalyzers is the one Analyzer of the coupling audit.
func (plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.Analyzer}, nil
}

// GetLoadMode is syntax: the audit reads source, not types.
func (plugin) GetLoadMode() string { return register.LoadModeSyntax }
