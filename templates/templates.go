// Package templates holds the learner's workspace, go/, as course init copies
// it. Files the Go tool or git would otherwise act on inside this repository
// are stored under other names and renamed on the way out: go.mod is
// go.mod.tmpl, Go files end in .go.tmpl, .gitignore is gitignore.tmpl.
package templates

import (
	"embed"
	"strings"
)

// Files is the workspace template, rooted at "go".
//
//go:embed all:go
var Files embed.FS

// Root is the template's folder inside Files.
const Root = "go"

// DefaultModulePath is the module path a new workspace gets unless told
// otherwise.
const DefaultModulePath = "example.com/my-engine"

// TargetName is the name a template file gets in the workspace:
// harness/game.go.tmpl is harness/game.go, gitignore.tmpl is .gitignore.
func TargetName(name string) string {
	name = strings.TrimSuffix(name, ".tmpl")
	if name == "gitignore" {
		return ".gitignore"
	}
	if strings.HasSuffix(name, "/gitignore") {
		return strings.TrimSuffix(name, "gitignore") + ".gitignore"
	}
	return name
}
