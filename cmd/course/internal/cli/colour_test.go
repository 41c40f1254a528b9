package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// coloured runs one command's text output on a colour terminal and on a
// terminal without colour, and returns both.
func coloured(t *testing.T, run func(env *Env) error) (colour, plain string) {
	t.Helper()
	for _, p := range []termenv.Profile{termenv.ANSI, termenv.Ascii} {
		env, out := embeddedEnv(t)
		env.Term = Terminal{IsTerminal: true, Profile: p, Width: 80, Height: 40}
		_ = run(env)
		if p == termenv.Ascii {
			plain = out.String()
		} else {
			colour = out.String()
		}
	}
	return colour, plain
}

// With a colour profile the findings and the verdicts are coloured; with
// termenv.Ascii they are not, and the text is the same either way.
func TestColourInInitStartModuleAndValidate(t *testing.T) {
	t.Setenv(WarmCacheEnvVar, "0")
	// A compiler that is not there: init says so, as a warning.
	t.Setenv("GO", filepath.Join(t.TempDir(), "no-such-command-for-init"))
	ctx := context.Background()
	base := t.TempDir()
	n := 0
	colour, plain := coloured(t, func(env *Env) error {
		n++
		return RunInit(ctx, env, &InitOptions{Dir: filepath.Join(base, "ws"+string(rune('0'+n))), ModulePath: "example.com/x", WarmCache: true})
	})
	assert.Contains(t, colour, "\x1b[")
	assert.NotContains(t, plain, "\x1b[")
	assert.Regexp(t, `next: course start-module 00\s`, plain, "the folder may go on the next line, at 80 columns")
	assert.Contains(t, plain, "init: could not compile in the background (")
	// The folders differ (ws1, ws2) and so do the commits; nothing else.
	assert.Equal(t, len(plain), len(stripANSI(colour)))

	// The colour run starts the module in ws1, the plain one in ws2.
	n = 0
	colour, plain = coloured(t, func(env *Env) error {
		n++
		return RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: filepath.Join(base, "ws"+string(rune('0'+n)))})
	})
	assert.Contains(t, colour, "\x1b[")
	assert.NotContains(t, plain, "\x1b[")
	ws := filepath.Join(base, "ws1")
	assert.Equal(t, plain, strings.ReplaceAll(stripANSI(colour), ws, filepath.Join(base, "ws2")))
	assert.Regexp(t, `(?m)^  copied    tests/01_handles_test\.go$`, plain, "the action column keeps its width")

	colour, plain = coloured(t, func(env *Env) error {
		return RunValidate(ctx, env, &ValidateOptions{Workspace: ws})
	})
	assert.Contains(t, colour, "\x1b[")
	assert.Regexp(t, `^validate: ok \(`, plain)
	assert.Equal(t, plain, stripANSI(colour))

	require.NoError(t, os.WriteFile(filepath.Join(ws, "cards", "bad.json"), []byte("{"), 0o644))
	colour, plain = coloured(t, func(env *Env) error {
		return RunValidate(ctx, env, &ValidateOptions{Workspace: ws})
	})
	assert.Contains(t, colour, "\x1b[")
	assert.Regexp(t, `^cards/bad\.json: `, plain)
	assert.NotContains(t, plain, "\x1b[")
	assert.Equal(t, plain, stripANSI(colour))
}

// The zero Terminal is a pipe: no colour, whatever its profile says, unless
// colour is forced.
func TestColourOnlyOnATerminalOrWhenForced(t *testing.T) {
	assert.False(t, Terminal{}.colored())
	assert.False(t, Terminal{IsTerminal: true, Profile: termenv.Ascii}.colored())
	assert.True(t, Terminal{IsTerminal: true, Profile: termenv.ANSI}.colored())
	assert.True(t, Terminal{ForceColor: true, Profile: termenv.ANSI}.colored())

	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	for _, tc := range []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{"TERM": "xterm-256color"}, false},
		{map[string]string{"TERM": "xterm-256color", "CLICOLOR_FORCE": "1"}, true},
		{map[string]string{"TERM": "dumb", "CLICOLOR_FORCE": "1"}, true},
		{map[string]string{"TERM": "xterm-256color", "CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, false},
	} {
		t.Setenv("NO_COLOR", "")
		os.Unsetenv("NO_COLOR")
		t.Setenv("CLICOLOR_FORCE", "")
		os.Unsetenv("CLICOLOR_FORCE")
		for k, v := range tc.env {
			t.Setenv(k, v)
		}
		assert.Equal(t, tc.want, detectTerminal(w).colored(), "%v", tc.env)
	}
}

// coupling-audit colours each finding's place, and only that.
func TestColourInCouplingAudit(t *testing.T) {
	ws := engineWorkspace(t, "package engine\n\nvar testFiller int\n")
	var lines [2]string
	for i, p := range []termenv.Profile{termenv.ANSI, termenv.Ascii} {
		env, out, _ := testEnv()
		env.Term = Terminal{IsTerminal: true, Profile: p}
		assert.Equal(t, StatusFinding, Status(RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws})))
		lines[i] = out.String()
	}
	assert.Regexp(t, `^\x1b\[[0-9;]+mengine/a\.go:3:5\x1b\[0m: engine names "Test Filler" \(a card, Module 01\) as testFiller\n`+
		`\x1b\[[0-9;]+mcoupling-audit: 1 finding in 1 file: [^\x1b]*\x1b\[0m\n$`, lines[0])
	assert.Regexp(t, "^engine/a.go:3:5: engine names \"Test Filler\" \\(a card, Module 01\\) as testFiller\n"+
		"coupling-audit: 1 finding in 1 file: [^\x1b]*\n$", lines[1])

	// A name in a file's name has its path in colour, as a place is.
	require.NoError(t, os.Rename(filepath.Join(ws, "engine", "a.go"), filepath.Join(ws, "engine", "test_filler.go")))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "test_filler.go"), []byte("package engine\n"), 0o644))
	env, out, _ := testEnv()
	env.Term = Terminal{IsTerminal: true, Profile: termenv.ANSI}
	assert.Equal(t, StatusFinding, Status(RunCouplingAudit(t.Context(), env, &CouplingAuditOptions{Workspace: ws})))
	assert.Regexp(t, `^\x1b\[[0-9;]+mengine/test_filler\.go\x1b\[0m: engine names "Test Filler" \(a card, Module 01\) in a file or folder name, as test_filler\n`, out.String())
}
