package courserepo

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIs(t *testing.T) {
	for _, c := range []struct {
		gomod      string
		hasCatalog bool
		want       bool
	}{
		{"module github.com/systemic-game-design/course\n\ngo 1.26\n", true, true},
		{"// the course\nmodule \"github.com/systemic-game-design/course\" // quoted\n", true, true},
		{"module github.com/systemic-game-design/course\n", false, false},
		{"module example.com/my-engine\n", true, false},
		{"module github.com/systemic-game-design/course/v2\n", true, false},
		{"", true, false},
	} {
		assert.Equal(t, c.want, Is([]byte(c.gomod), c.hasCatalog), "%q %v", c.gomod, c.hasCatalog)
	}
}
