package keep

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNameIsTheFirstFree: p.orig when it is free, otherwise the first
// numbered name free after it, even with a gap further on.
func TestNameIsTheFirstFree(t *testing.T) {
	taken := map[string]bool{}
	exists := func(n string) bool { return taken[n] }
	assert.Equal(t, "a.txt.orig", Name("a.txt", exists))
	taken["a.txt.orig"] = true
	assert.Equal(t, "a.txt.orig.1", Name("a.txt", exists))
	taken["a.txt.orig.1"], taken["a.txt.orig.3"] = true, true
	assert.Equal(t, "a.txt.orig.2", Name("a.txt", exists))
}
