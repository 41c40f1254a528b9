package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/match"
)

func testMatcher() *match.Matcher {
	return match.NewMatcher([]match.Name{match.NewName("Test Filler"), match.NewName("KEY")})
}

func TestGoFileFindsIdentifiersStringsAndComments(t *testing.T) {
	src := "package engine\n" +
		"\n" +
		"// spawn makes a test filler.\n" +
		"func spawnTestFiller() string { return \"Test Filler\" }\n" +
		"\n" +
		"var key = `a\n  KEY`\n" +
		"var sortKey, keyed int\n"
	got := File("engine/spawn.go", []byte(src), testMatcher())
	var lines []string
	for _, f := range got {
		lines = append(lines, f.String())
	}
	assert.Equal(t, []string{
		`engine/spawn.go:3:18: engine names "Test Filler" (as test filler)`,
		`engine/spawn.go:4:11: engine names "Test Filler" (as TestFiller)`,
		`engine/spawn.go:4:40: engine names "Test Filler" (as Test Filler)`,
		`engine/spawn.go:6:5: engine names "KEY" (as key)`,
		`engine/spawn.go:7:3: engine names "KEY" (as KEY)`,
	}, lines)
}

func TestTextFileAndUnparsableGo(t *testing.T) {
	got := File("engine/notes.md", []byte("one\ntwo TEST_FILLER\n"), testMatcher())
	require.Len(t, got, 1)
	assert.Equal(t, `engine/notes.md:2:5: engine names "Test Filler" (as TEST_FILLER)`, got[0].String())

	got = File("engine/broken.go", []byte("package engine\nfunc {{ key\n"), testMatcher())
	require.Len(t, got, 1)
	assert.Equal(t, 2, got[0].Line)
	assert.Equal(t, 9, got[0].Column)
}

func TestBinaryFilesAreSkipped(t *testing.T) {
	assert.Empty(t, File("engine/blob.bin", []byte("key\x00key"), testMatcher()))
}

func TestDirsWalksOnlyTheEngineFolders(t *testing.T) {
	root := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	write("engine/world.go", "package engine\n\nvar Count int\n")
	write("engine/sub/deep.txt", "the key\n")
	write("content/cards.go", "package content\n\nconst TestFiller = \"Test Filler\"\n")

	r, err := Dirs(root, []string{"engine", "missing"}, testMatcher())
	require.NoError(t, err)
	assert.Equal(t, 2, r.Files)
	require.Len(t, r.Findings, 1)
	assert.Equal(t, `engine/sub/deep.txt:1:5: engine names "KEY" (as key)`, r.Findings[0].String())
}
