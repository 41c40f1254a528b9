package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
)

func TestCouplingAuditFlags(t *testing.T) {
	// Outside any workspace: a missing WORKSPACE cannot be found.
	t.Chdir(t.TempDir())
	for _, tc := range []struct {
		args    []string
		want    CouplingAuditOptions
		wantErr bool
	}{
		{args: []string{"ws"}, want: CouplingAuditOptions{Workspace: "ws"}},
		{args: []string{"ws", "--json"}, want: CouplingAuditOptions{Workspace: "ws", JSON: true}},
		{args: []string{"--json=false", "."}, want: CouplingAuditOptions{Workspace: "."}},
		{args: []string{"a", "b"}, wantErr: true},
		{args: []string{"ws", "--module", "06"}, wantErr: true},
	} {
		env, _, _ := testEnv()
		var got *CouplingAuditOptions
		cmd := newCouplingAuditCmd(env, func(o *CouplingAuditOptions) error { got = o; return nil })
		cmd.SetArgs(tc.args)
		cmd.SetOut(&bytes.Buffer{})
		cmd.SetErr(&bytes.Buffer{})
		err := cmd.Execute()
		if tc.wantErr {
			assert.Error(t, err, "%v", tc.args)
			assert.Nil(t, got, "%v", tc.args)
			continue
		}
		require.NoError(t, err, "%v", tc.args)
		assert.Equal(t, tc.want, *got, "%v", tc.args)
	}
}

func TestCouplingAuditHelpSaysWhatCounts(t *testing.T) {
	env, out, _ := testEnv()
	assert.Equal(t, 0, Main([]string{"coupling-audit", "--help"}, env))
	for _, s := range []string{"every spelling", "short\nnames", "grid noun", "started", "upper case", "Comments", "go:embed", "Symbolic links"} {
		assert.Contains(t, out.String(), s)
	}
}

// A .course.json that gives engineDirs twice, or in another case, would
// have the audit and the expansion check read other folders than its
// reader sees listed first: both refuse it, as every command does (the
// rule is workspace.ParseConfig's), and print nothing else.
func TestCouplingAuditRefusesEngineDirsKeysInAnotherCaseOrTwice(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "harness"), 0o755))
	for cfg, want := range map[string]string{
		`{"track": "go", "engineDirs": ["engine"], "EngineDirs": ["harness"]}`: `has both "EngineDirs" and "engineDirs", which differ only in case; keep one, spelled "engineDirs"`,
		`{"track": "go", "EngineDirs": ["harness"]}`:                           `spells the field "engineDirs" as "EngineDirs"; spell it "engineDirs"`,
		// The same key twice: the reader takes the last alone.
		`{"track": "go", "engineDirs": ["engine"], "contentDirs": [], "engineDirs": ["harness"]}`: `has "engineDirs" twice, and Go's JSON reader takes the last alone`,
	} {
		require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(cfg), 0o644))
		env, out, _ := testEnv()
		err := RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws})
		var wsErr *workspace.Error
		require.ErrorAs(t, err, &wsErr, cfg)
		assert.Contains(t, err.Error(), want, cfg)
		assert.Equal(t, 2, Status(err))
		assert.Empty(t, out.String())

		err = RunExpansionCheck(t.Context(), env, &ExpansionCheckOptions{Workspace: ws, Commit: "HEAD"})
		require.ErrorAs(t, err, &wsErr, cfg)
		assert.Contains(t, err.Error(), want, cfg)
		assert.Equal(t, 2, Status(err))
	}
}

// TestCatalogNamesAgree: the analyzer reads the catalog with encoding/json
// alone (audit.CatalogNames), the command line through course/data; both
// give the same names.
func TestCatalogNamesAgree(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "course", data.CatalogFile))
	require.NoError(t, err)
	fromJSON, err := audit.CatalogNames(raw)
	require.NoError(t, err)
	content, err := data.Embedded()
	require.NoError(t, err)
	env := &Env{Content: content}
	fromData, err := auditNames(env)
	require.NoError(t, err)
	assert.Equal(t, fromData, fromJSON)
	var aliased int
	for _, n := range fromData {
		if len(n.Aliases) > 0 {
			aliased++
		}
	}
	assert.GreaterOrEqual(t, aliased, 3)
}
