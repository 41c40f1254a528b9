package course_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/course"
)

// engineHints are the lesson hints whose Go code is meant to go under the
// learner's engine/ as it stands: the coupling audit must pass it, or the
// lesson teaches code that its own tool rejects.
var engineHints = []struct{ lesson, summary string }{
	{"01-handles/lesson.md", "Hint 3: pseudo-code"},
}

func TestEngineHintsPassTheCouplingAudit(t *testing.T) {
	m, err := audit.Catalog(course.Files)
	require.NoError(t, err)
	for _, h := range engineHints {
		raw, err := course.Files.ReadFile(h.lesson)
		require.NoError(t, err)
		text := string(raw)
		at := strings.Index(text, "<summary>"+h.summary+"</summary>")
		require.GreaterOrEqual(t, at, 0, "%s has no hint %q", h.lesson, h.summary)
		start := strings.Index(text[at:], "```go\n")
		require.GreaterOrEqual(t, start, 0, "%s, %s: no Go block", h.lesson, h.summary)
		code := text[at+start+len("```go\n"):]
		end := strings.Index(code, "```")
		require.GreaterOrEqual(t, end, 0, "%s, %s: the Go block is never closed", h.lesson, h.summary)
		src := "package engine\n\n" + code[:end]
		for _, f := range audit.File("engine/hint.go", []byte(src), m) {
			assert.Fail(t, "the hint's code fails the coupling audit", "%s, %s: %s", h.lesson, h.summary, f)
		}
	}
}
