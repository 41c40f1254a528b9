package cli

import (
	"encoding/json"
	"runtime/debug"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func fakeBuild(t *testing.T, version string, settings ...debug.BuildSetting) {
	t.Helper()
	old := readBuildInfo
	readBuildInfo = func() (*debug.BuildInfo, bool) {
		return &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: version}, Settings: settings}, true
	}
	t.Cleanup(func() { readBuildInfo = old })
}

func TestVersionOfALocalBuildNamesItsCommit(t *testing.T) {
	fakeBuild(t, "(devel)",
		debug.BuildSetting{Key: "vcs.revision", Value: "3f2a1c9d8e7f6a5b4c3d2e1f"},
		debug.BuildSetting{Key: "vcs.modified", Value: "true"})
	env, out, _ := testEnv()
	require.Equal(t, 0, Main([]string{"version"}, env))
	assert.Regexp(t, `^course \(devel\) \(3f2a1c9d8e7f, dirty\), course content sha256:[0-9a-f]{12}, go1\.26\.8\n$`, out.String())

	env2, out2, _ := testEnv()
	require.Equal(t, 0, Main([]string{"--version"}, env2))
	assert.Equal(t, out.String(), out2.String(), "--version says what version says")
}

func TestVersionOfAReleaseAndItsJSON(t *testing.T) {
	fakeBuild(t, "v1.2.0")
	env, out, _ := testEnv()
	require.Equal(t, 0, Main([]string{"version", "--json"}, env))
	var rep map[string]any
	require.NoError(t, json.Unmarshal(out.Bytes(), &rep))
	assert.Equal(t, float64(1), rep["schemaVersion"])
	assert.Equal(t, "v1.2.0", rep["tool"])
	assert.NotContains(t, rep, "revision")
}

func TestVersionFlags(t *testing.T) {
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*VersionOptions) error) *cobra.Command { return newVersionCmd(env, runF) }, []flagCase[VersionOptions]{
		{args: nil, want: VersionOptions{}},
		{args: []string{"--json"}, want: VersionOptions{JSON: true}},
		{args: []string{"extra"}, err: "version takes no argument, and got 1"},
	})
}
