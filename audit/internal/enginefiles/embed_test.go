package enginefiles

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestEmbedPatternsReadsEveryDirective: the patterns of each //go:embed
// line, bare, quoted or raw, several to a line, whatever the line ends and
// however long the lines before it; a comment that only starts like one
// names nothing.
func TestEmbedPatternsReadsEveryDirective(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"bare", "//go:embed a.txt\nvar a string\n", []string{"a.txt"}},
		{"several, quoted and raw", "//go:embed a.txt \"b c.txt\" `d.txt`\n", []string{"a.txt", "b c.txt", "d.txt"}},
		{"indented with a tab", "\t//go:embed\tdir\n", []string{"dir"}},
		{"CRLF", "//go:embed a.txt\r\n//go:embed b.txt\r\n", []string{"a.txt", "b.txt"}},
		{"after a long line", "// " + strings.Repeat("x", 2<<20) + "\n//go:embed a.txt\n", []string{"a.txt"}},
		{"last line with no newline", "package p\n//go:embed a.txt", []string{"a.txt"}},
		{"not a directive", "//go:embedded a.txt\n// go:embed b.txt\n", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, EmbedPatterns([]byte(c.src)))
		})
	}
}
