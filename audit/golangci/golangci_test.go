package golangci

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/systemic-game-design/course/audit/analyzer"
)

func TestPluginBuildsTheAnalyzer(t *testing.T) {
	newPlugin, err := register.GetPlugin(Name)
	require.NoError(t, err, "init registers the plugin")
	p, err := newPlugin(nil)
	require.NoError(t, err)
	assert.Equal(t, register.LoadModeSyntax, p.GetLoadMode())
	t.Setenv(analyzer.ContentEnvVar, "")
	as, err := p.BuildAnalyzers()
	require.NoError(t, err)
	require.Len(t, as, 2)
	assert.Same(t, analyzer.Analyzer, as[0])
	require.NoError(t, analysis.Validate(as))

	// The second stands for the state of the workspace golangci-lint runs
	// in (here the course repository) in golangci-lint's cache key, and
	// reports nothing.
	dir, err := os.Getwd()
	require.NoError(t, err)
	assert.Equal(t, StatePrefix+analyzer.CacheKey(dir), as[1].Name)
	res, err := as[1].Run(&analysis.Pass{})
	assert.NoError(t, err)
	assert.Nil(t, res)

	analysistest.Run(t, analysistest.TestData(), as[0], "ws/engine", "ws/harness")

	_, err = New(map[string]any{"unknown": 1})
	assert.Error(t, err, "settings it does not know are refused")
	_, err = New(map[string]any{})
	assert.NoError(t, err)
}

// TestReadmeExample checks the README's .custom-gcl.yml and .golangci.yml:
// they name this plugin's module, import path and linter, and keep files
// marked as generated in the run.
func TestReadmeExample(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	blocks := regexp.MustCompile("(?s)```yaml\n# (\\.[a-z.-]+\\.yml)\n(.*?)```").FindAllSubmatch(raw, -1)
	files := map[string][]byte{}
	for _, b := range blocks {
		files[string(b[1])] = b[2]
	}
	require.Contains(t, files, ".custom-gcl.yml")
	require.Contains(t, files, ".golangci.yml")

	var custom struct {
		Version string `yaml:"version"`
		Name    string `yaml:"name"`
		Plugins []struct {
			Module, Import, Version, Path string
		} `yaml:"plugins"`
	}
	require.NoError(t, yaml.Unmarshal(files[".custom-gcl.yml"], &custom))
	assert.Regexp(t, `^v2\.`, custom.Version)
	require.Len(t, custom.Plugins, 1)
	assert.Equal(t, "github.com/systemic-game-design/course", custom.Plugins[0].Module)
	assert.Equal(t, "github.com/systemic-game-design/course/audit/golangci", custom.Plugins[0].Import)
	assert.True(t, custom.Plugins[0].Path != "" || custom.Plugins[0].Version != "", "a plugin needs a version or a path")

	var lint struct {
		Version string `yaml:"version"`
		Linters struct {
			Enable   []string `yaml:"enable"`
			Settings struct {
				Custom map[string]struct {
					Type string `yaml:"type"`
				} `yaml:"custom"`
			} `yaml:"settings"`
			Exclusions struct {
				Generated string `yaml:"generated"`
			} `yaml:"exclusions"`
		} `yaml:"linters"`
	}
	require.NoError(t, yaml.Unmarshal(files[".golangci.yml"], &lint))
	assert.Equal(t, "2", lint.Version)
	assert.Contains(t, lint.Linters.Enable, Name)
	require.Contains(t, lint.Linters.Settings.Custom, Name)
	assert.Equal(t, "module", lint.Linters.Settings.Custom[Name].Type)
	// golangci-lint leaves out generated files by default; the engine's
	// are judged like any other.
	assert.Equal(t, "disable", lint.Linters.Exclusions.Generated)
}
