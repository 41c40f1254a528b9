package cli

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
)

// On a colour terminal the verdict lines are coloured and their text is
// unchanged; without colour (a pipe, NO_COLOR, TERM=dumb) nothing is added.
func TestReportLinesAreColouredOnlyWithColour(t *testing.T) {
	lines := "coupling-audit: ok\nmodule 01 handles: 4 passed, 0 failed\nmodule 02 queue: 3 passed, 1 failed\n" +
		"engine/a.go:3:6: engine names \"Test Filler\" (a card, Module 01) as TestFiller\n  first failure: x\n7 passed, 1 failed"
	var plain bytes.Buffer
	w := colorLines(&plain, Terminal{Profile: termenv.Ascii})
	fmt.Fprint(w, lines)
	closeLines(w)
	assert.Equal(t, lines, plain.String())

	var colored bytes.Buffer
	w = colorLines(&colored, Terminal{IsTerminal: true, Profile: termenv.ANSI})
	fmt.Fprint(w, lines)
	closeLines(w)
	assert.Equal(t, lines, stripANSI(colored.String()), "the text is the same")
	got := colored.String()
	green, red := "\x1b[1;32m", "\x1b[1;31m"
	assert.Contains(t, got, green+"coupling-audit: ok")
	assert.Contains(t, got, green+"module 01 handles: 4 passed, 0 failed")
	assert.Contains(t, got, red+"module 02 queue: 3 passed, 1 failed")
	assert.Contains(t, got, red+"engine/a.go:3:6: engine names")
	assert.Contains(t, got, "\n  first failure: x\n", "other lines are left as they are")
	assert.Contains(t, got, red+"7 passed, 1 failed", "the last line, without its newline, is written on Close")
}

func TestColourNeedsATerminalOrForce(t *testing.T) {
	assert.False(t, Terminal{}.colored(), "the zero Terminal is a pipe")
	assert.False(t, Terminal{Profile: termenv.ANSI}.colored(), "a pipe has no colour")
	assert.True(t, Terminal{Profile: termenv.ANSI, ForceColor: true}.colored(), "CLICOLOR_FORCE")
	assert.False(t, Terminal{IsTerminal: true, Profile: termenv.Ascii}.colored(), "NO_COLOR, TERM=dumb")
	assert.True(t, Terminal{IsTerminal: true, Profile: termenv.ANSI256}.colored())
}
