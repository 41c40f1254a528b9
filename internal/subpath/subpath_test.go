package subpath

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRel(t *testing.T) {
	root := filepath.FromSlash("/ws")
	if filepath.VolumeName(root) == "" && filepath.Separator == '\\' {
		root = `C:\ws`
	}
	for _, c := range []struct {
		p    string
		want string
		ok   bool
	}{
		{"", ".", true},
		{"engine", "engine", true},
		{"engine/board.go", filepath.FromSlash("engine/board.go"), true},
		{"..x", "..x", true},
		{"..x/y", filepath.FromSlash("..x/y"), true},
		{"a/../b", "b", true},
		{"..", "", false},
		{"../ws2", "", false},
		{"../ws/engine", "engine", true},
		{"engine/../..", "", false},
	} {
		p := filepath.Join(root, filepath.FromSlash(c.p))
		rel, ok := Rel(root, p)
		assert.Equal(t, c.ok, ok, "%s in %s", p, root)
		assert.Equal(t, c.want, rel, "%s in %s", p, root)
		assert.Equal(t, c.ok, In(root, p))
	}
}

func TestRelOfPathsThatCannotBeRelated(t *testing.T) {
	abs, err := filepath.Abs("ws")
	if err != nil {
		t.Fatal(err)
	}
	_, ok := Rel("ws", abs)
	assert.False(t, ok, "a relative folder and an absolute path")
	_, ok = Rel(abs, "ws")
	assert.False(t, ok, "an absolute folder and a relative path")
}
