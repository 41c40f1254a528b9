//go:build unix

package cli

import (
	"bytes"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A FIFO named by GLAMOUR_STYLE is refused, not opened: with no writer,
// reading it would hang the lesson.
func TestGlamourStyleFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "style.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	t.Setenv(glamourStyleVar, fifo)
	var errBuf bytes.Buffer
	env := &Env{Term: Terminal{IsTerminal: true, Profile: termenv.ANSI256, Width: 80, Height: 1000}, Stderr: &errBuf}
	_, err := env.renderMarkdown("# Title\n")
	require.NoError(t, err)
	assert.Contains(t, errBuf.String(), "cannot be used: it is a FIFO, not a style file")
}
