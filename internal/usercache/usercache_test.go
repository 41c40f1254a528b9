package usercache

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDir(t *testing.T) {
	t.Setenv(EnvVar, "/somewhere")
	assert.Equal(t, "/somewhere", Dir())
	t.Setenv(EnvVar, "off")
	assert.Equal(t, "", Dir())
	t.Setenv(EnvVar, "")
	if base, err := os.UserCacheDir(); err == nil {
		assert.Equal(t, filepath.Join(base, "systemic-game-design-course"), Dir())
	}
}
