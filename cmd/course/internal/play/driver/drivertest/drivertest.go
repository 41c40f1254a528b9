// Package drivertest makes workspaces whose engine is the course's
// reference engine, with a learner's misbehaviour added where a test
// wants it, for the tests that build and play a workspace's engine.
package drivertest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
)

// Module is the module path of the workspaces made here.
const Module = "example.com/ref"

// coursePath is the module path of this repository, whose harness the
// workspaces forward to.
const coursePath = "github.com/systemic-game-design/course"

// RepoRoot is this repository's root folder: the first folder up from the
// test's own whose go.mod is the course's module.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if raw, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modfile.ModulePath(raw) == coursePath {
			return dir
		}
		up := filepath.Dir(dir)
		require.NotEqual(t, dir, up, "no folder above the test's is the repository's root")
		dir = up
	}
}

// forward is a harness package that forwards every name to the course's
// reference harness.
const forward = `// Package harness forwards to the course's reference harness.
package harness

import ref "github.com/systemic-game-design/course/harness"

type (
	ID        = ref.ID
	Player    = ref.Player
	Dir       = ref.Dir
	LevelDef  = ref.LevelDef
	CardDef   = ref.CardDef
	GameOpts  = ref.GameOpts
	Baba      = ref.Baba
	SpellGrid = ref.SpellGrid
	Game      = ref.Game
)

const (
	Up    = ref.Up
	Down  = ref.Down
	Left  = ref.Left
	Right = ref.Right
)

var (
	NewBaba      = ref.NewBaba
	NewSpellGrid = ref.NewSpellGrid
	NewGame      = ref.NewGame
)
`

// Reference makes ws a workspace of module Module whose harness is the
// reference's: its go.mod requires this repository (replaced by its
// folder), and its harness package forwards every name there. A harness
// ws had (a course workspace's stubs) is replaced.
func Reference(t testing.TB, ws string) {
	t.Helper()
	root := RepoRoot(t)
	gomod := "module " + Module + "\n\ngo 1.26\n\nrequire " + coursePath + " v0.0.0\n\nreplace " + coursePath + " => " + root + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(ws, "go.mod"), []byte(gomod), 0o644))
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "go.sum"), sum, 0o644))
	require.NoError(t, os.RemoveAll(filepath.Join(ws, "harness")))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "harness"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "harness", "harness.go"), []byte(forward), 0o644))
}

// Wrapped makes ws a Reference workspace whose Baba.Step runs step (Go
// statements, d the direction) before the reference's, in a harness file
// that also holds decls and imports (lines of an import block).
func Wrapped(t testing.TB, ws, imports, decls, step string) {
	t.Helper()
	Reference(t, ws)
	src := "package harness\n\nimport (\n" + imports + "\n\tref \"github.com/systemic-game-design/course/harness\"\n)\n\n" + decls + `
// Baba is the reference's, wrapped.
type Baba struct{ *ref.Baba }

// NewBaba is the reference's NewBaba.
func NewBaba(l LevelDef) *Baba { return &Baba{ref.NewBaba(l)} }

func (b *Baba) Step(d Dir) {
` + step + `
	b.Baba.Step(d)
}
`
	require.NoError(t, os.WriteFile(filepath.Join(ws, "harness", "wrapped.go"), []byte(src), 0o644))
	fwd := strings.Replace(forward, "\tBaba      = ref.Baba\n", "", 1)
	fwd = strings.Replace(fwd, "\tNewBaba      = ref.NewBaba\n", "", 1)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "harness", "harness.go"), []byte(fwd), 0o644))
}

// Stubs is a fresh course workspace of module, in a folder of the test's,
// whose harness is all stubs, for a test that builds its engine: the go
// command is kept to the module cache for the test (GOPROXY=off,
// GOFLAGS=-mod=mod), as on a learner's machine without a network. It
// skips a short test, and one where there is no go command.
func Stubs(t *testing.T, module string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a driver program")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOFLAGS", "-mod=mod")
	ws := filepath.Join(t.TempDir(), "ws")
	_, err := scaffold.Init(ws, module)
	require.NoError(t, err)
	return ws
}
