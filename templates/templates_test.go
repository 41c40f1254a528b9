package templates

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTargetName(t *testing.T) {
	assert.Equal(t, "go.mod", TargetName("go.mod.tmpl"))
	assert.Equal(t, "harness/game.go", TargetName("harness/game.go.tmpl"))
	assert.Equal(t, ".gitignore", TargetName("gitignore.tmpl"))
	assert.Equal(t, ".course.json", TargetName(".course.json"))
	assert.Equal(t, "cards/.gitkeep", TargetName("cards/.gitkeep"))
}

// TestNoFileTheGoToolWouldRead guards the embedding: a go.mod would cut the
// folder out of this module, and a .go file would be compiled here.
func TestNoFileTheGoToolWouldRead(t *testing.T) {
	var names []string
	err := fs.WalkDir(Files, Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			names = append(names, p)
			assert.False(t, strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "/go.mod"), p)
		}
		return nil
	})
	assert.NoError(t, err)
	assert.Contains(t, names, "go/.course.json")
	assert.Contains(t, names, "go/harness/game.go.tmpl")
	assert.Contains(t, names, "go/cards/.gitkeep")
}
