package course_test

import (
	"os"
	"path"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The course built in leaves out a folder course dev new-module was
// writing a module in when it was stopped (course/.new-14-trading-123456),
// as go:embed leaves out a name that starts with . or _ below the top:
// no pattern of course.go's go:embed line matches such a name at the top,
// and the patterns still take every module, the catalog and the schemas.
func TestTheEmbedLeavesOutAFolderWrittenAside(t *testing.T) {
	src, err := os.ReadFile("course.go")
	require.NoError(t, err)
	var patterns []string
	for _, line := range strings.Split(string(src), "\n") {
		if rest, ok := strings.CutPrefix(line, "//go:embed "); ok {
			patterns = append(patterns, strings.Fields(rest)...)
		}
	}
	require.NotEmpty(t, patterns, "course.go has a go:embed line")
	matches := func(name string) bool {
		for _, p := range patterns {
			if ok, err := path.Match(p, name); err == nil && ok {
				return true
			}
		}
		return false
	}
	for _, name := range []string{".new-14-trading-123456", "_scratch"} {
		assert.False(t, matches(name), "%s is embedded", name)
	}
	for _, name := range []string{"01-handles", "13-invariants", "catalog.json", "words.json", "schema", "data", "harness.md"} {
		assert.True(t, matches(name), "%s is not embedded", name)
	}
}
