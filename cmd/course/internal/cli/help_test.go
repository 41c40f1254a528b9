package cli

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every command's help reads in an 80-column terminal without a line
// folded: its text, its examples, the list of commands and the table of
// flags.
func TestHelpFitsEightyColumns(t *testing.T) {
	env, _, _ := testEnv()
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		var out bytes.Buffer
		c.SetOut(&out)
		require.NoError(t, c.Help())
		for i, line := range strings.Split(out.String(), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), helpWidth,
				"`%s --help`, line %d, is wider than %d columns: %q", c.CommandPath(), i+1, helpWidth, line)
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(NewRoot(env))
}

func TestFoldLines(t *testing.T) {
	assert.Equal(t, "short\n  one two\n  three", foldLines("short\n  one two three", 10))
	assert.Equal(t, "unbreakable-word\nhere", foldLines("unbreakable-word here", 10), "a word wider than the line stands alone")
	assert.Equal(t, "  unbreakable", foldLines("  unbreakable", 5))
	assert.Equal(t, "a b", foldLines("a b", 3))
}
