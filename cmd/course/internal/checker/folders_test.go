package checker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

func foldersWorkspace(t *testing.T, engineDirs []string, files ...string) *workspace.Workspace {
	t.Helper()
	dir := t.TempDir()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("package x\n"), 0o644))
	}
	return &workspace.Workspace{Dir: dir, Config: workspace.Config{Track: "go", EngineDirs: engineDirs}}
}

// The template's engine/ left out of engineDirs, while it holds code, is
// named; an engineDirs that covers it (itself in any spelling, or the whole
// workspace) is not; a folder of another name with engine/ gone or empty
// (a .gitkeep alone) is said with nothing to mend.
func TestEngineFoldersWarning(t *testing.T) {
	for _, c := range []struct {
		name       string
		engineDirs []string
		files      []string
		want       string // "" for no warning
	}{
		{"the template's", []string{"engine"}, []string{"engine/world.go"}, ""},
		{"spelled otherwise", []string{"./engine/"}, []string{"engine/world.go"}, ""},
		{"the whole workspace", []string{"."}, []string{"engine/world.go"}, ""},
		{"more folders", []string{"core", "engine"}, []string{"engine/world.go"}, ""},
		{"a folder inside it", []string{"engine/rules"}, []string{"engine/world.go", "engine/rules/r.go"}, "leaves out engine/"},
		{"swapped", []string{"content"}, []string{"engine/world.go", "content/cards.go"}, "leaves out engine/"},
		{"moved", []string{"core"}, []string{"core/world.go"}, `where the template has ["engine"]`},
		{"moved, engine/ kept empty", []string{"core"}, []string{"core/world.go", "engine/.gitkeep"}, `where the template has ["engine"]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := engineFoldersWarning(foldersWorkspace(t, c.engineDirs, c.files...))
			if c.want == "" {
				assert.Nil(t, w)
				return
			}
			require.NotNil(t, w)
			assert.Equal(t, workspace.ConfigFile, w.File)
			assert.Contains(t, w.Message, c.want)
		})
	}
}

// A row whose audit is ok over other folders than the template's says so
// in its AUDIT cell, and in FIRST PROBLEM when nothing else comes first.
func TestClassRowShowsTheAuditReadOtherFolders(t *testing.T) {
	ws := foldersWorkspace(t, []string{"content"}, "engine/world.go")
	w := engineFoldersWarning(ws)
	require.NotNil(t, w)
	r := &Report{Audit: &AuditReport{OK: true}, Modules: []Module{{Number: "01", Passed: 4}}, Warnings: []Warning{*w}}
	assert.Equal(t, ".course.json "+w.Message, r.FirstProblem())
	var out strings.Builder
	WriteClassTable(&out, []Checked{{Workspace: "ana", Report: r}}, nil)
	assert.Regexp(t, `(?m)^ana +4/4 +- +ok \(own engineDirs\) +- +\.course\.json lists engineDirs \["content"\], which leaves out engine/`, out.String())

	// A failing test comes first; the cell still says it.
	r.Modules[0].FirstFailure = &Failure{Test: "Test_01_x", Outcome: "fail", Output: "boom"}
	assert.True(t, strings.HasPrefix(r.FirstProblem(), "Test_01_x (fail)"), r.FirstProblem())
	out.Reset()
	WriteClassTable(&out, []Checked{{Workspace: "ana", Report: r}}, nil)
	assert.Contains(t, out.String(), "ok (own engineDirs)")
}
