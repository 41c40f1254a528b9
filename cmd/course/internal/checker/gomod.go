package checker

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/templates"
)

// The course's tests assert through testify, which the workspace's go.mod
// names, and go.mod is the learner's: a replace directive could point
// testify at a copy whose Fail always succeeds, a go.work or a vendor
// folder could do the same. So check builds a learner's tests with a go.mod
// of its own (go test -modfile): the workspace's, without its replace
// directives, requiring every module the template requires, with the
// workspace's go.sum and the template's; with -mod=readonly (no vendor
// folder) and GOWORK=off. The modules are then what go.sum and the
// checksum database vouch for.

// pinnedModFile is the go.mod and go.sum check builds the workspace's
// tests with, and a warning when the workspace's go.mod has replace
// directives it leaves out.
func pinnedModFile(ws *workspace.Workspace) (mod, sum []byte, warn *Warning, err error) {
	raw, err := ws.ReadFile("go.mod")
	if err != nil {
		return nil, nil, nil, err
	}
	f, err := modfile.Parse("go.mod", raw, nil)
	if err != nil {
		return nil, nil, nil, &workspace.Error{Path: filepath.Join(ws.Dir, "go.mod"),
			Why: fmt.Sprintf("does not parse (%s); mend it, or copy the template's from a new `course init`", strings.Join(strings.Fields(err.Error()), " "))}
	}
	if len(f.Replace) > 0 {
		warn = &Warning{File: "go.mod", Message: "has replace directives, which check leaves out: the course's tests run against the modules go.sum vouches for",
			Mend: "remove them, with `go mod edit -dropreplace PATH` for each"}
		for _, r := range f.Replace {
			if err := f.DropReplace(r.Old.Path, r.Old.Version); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	tmpl, err := fs.ReadFile(templates.Files, templates.Root+"/go.mod.tmpl")
	if err != nil {
		return nil, nil, nil, err
	}
	tf, err := modfile.Parse("go.mod.tmpl", tmpl, nil)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("the template's go.mod does not parse: %w", err)
	}
	have := map[string]bool{}
	for _, r := range f.Require {
		have[r.Mod.Path] = true
	}
	for _, r := range tf.Require {
		if !have[r.Mod.Path] {
			f.AddNewRequire(r.Mod.Path, r.Mod.Version, r.Indirect)
		}
	}
	f.Cleanup()
	if mod, err = f.Format(); err != nil {
		return nil, nil, nil, err
	}
	tsum, err := fs.ReadFile(templates.Files, templates.Root+"/go.sum.tmpl")
	if err != nil {
		return nil, nil, nil, err
	}
	wsum, _ := ws.ReadFile("go.sum") // none is no error: the template's lines stand
	sum = append(append(bytes.TrimRight(wsum, "\n"), '\n'), tsum...)
	return mod, sum, warn, nil
}
