package goenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tagCases are GOFLAGS values and the tags each gives, as the go command
// reads them; nil where it gives none (its refusals among them).
var tagCases = []struct {
	goflags string
	tags    []string
}{
	{"", nil},
	{"-mod=mod", nil},
	{"-tags=a,b", []string{"a", "b"}},
	{"-mod=mod -tags=a,b", []string{"a", "b"}},
	{"-tags=a,,c", []string{"a", "c"}},
	{"--tags=a -tags=c", []string{"c"}},
	{"-tags=a\t-tags=b", []string{"b"}},
	{"-tags=", nil},
	{"-tags", nil},
	{"-tagsx=a", nil},
	{"---tags=a", nil},
	// The older form: a quoted value, or a whole word quoted with spaces.
	{"-tags='a'", []string{"a"}},
	{"-tags='a'b", []string{"a", "b"}},
	{`"-tags=a b"`, []string{"a", "b"}},
	{"'-tags=a b' -mod=mod", []string{"a", "b"}},
	{`"-tags=a,b c"`, []string{"a,b", "c"}},
	{`-tags="a,b"`, []string{`"a`, `b"`}},
	// Refused by the go command: a quote left open, a space inside a
	// word's quotes (two words, the second no flag).
	{"-tags=a '-mod=mod", nil},
	{`"-tags='a b"`, nil},
}

func TestTags(t *testing.T) {
	for _, c := range tagCases {
		assert.Equal(t, len(c.tags), len(Tags(c.goflags)), "%q", c.goflags)
		if len(c.tags) > 0 {
			assert.Equal(t, c.tags, Tags(c.goflags), "%q", c.goflags)
		}
	}
}

// The cases hold Tags to the go command's own reading: the files of a
// package each tag selects are the ones go list says it builds.
func TestTagsAreTheGoCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("go.mod", "module example.com/t\n\ngo 1.22\n")
	write("p.go", "package p\n")
	names := map[string]string{"a": "a", "b": "b", "c": "c", "ab": "a,b", "quoted": `"a`}
	for file, tag := range names {
		if tag != `"a` {
			write(file+".go", "//go:build "+strings.ReplaceAll(tag, ",", " && ")+"\n\npackage p\n")
		}
	}
	for _, c := range tagCases {
		cmd := exec.Command(goCmd, "list", "-f", "{{.GoFiles}}", ".")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOENV=off", "GOFLAGS="+c.goflags, "GOPROXY=off", "GOTOOLCHAIN=local")
		out, err := cmd.CombinedOutput()
		if err != nil {
			assert.Nil(t, Tags(c.goflags), "the go command refuses %q (%s), so builds nothing", c.goflags, out)
			continue
		}
		want := []string{"p.go"}
		tags := Tags(c.goflags)
		for _, f := range []string{"a", "b", "c"} {
			if slices.Contains(tags, f) {
				want = append(want, f+".go")
			}
		}
		if slices.Contains(tags, "a") && slices.Contains(tags, "b") {
			want = append(want, "ab.go")
		}
		slices.Sort(want)
		assert.Equal(t, "["+strings.Join(want, " ")+"]", strings.TrimSpace(string(out)), "%q", c.goflags)
	}
}

// GOFLAGS comes from the environment when it is set to something, else
// from the go env file GOENV names (or the user's own; none for off).
func TestGetenvReadsTheGoEnvFileAsTheGoCommandDoes(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "env")
	require.NoError(t, os.WriteFile(file, []byte("# a note\nGOFLAGS=-tags=old\nlower=x\n=y\n\nGOFLAGS=-tags=cheat,fast\nGOPROXY=off\n"), 0o644))
	t.Setenv("GOENV", file)
	t.Setenv("GOFLAGS", "")
	assert.Equal(t, "-tags=cheat,fast", Getenv("GOFLAGS"), "the last line for the key")
	assert.Equal(t, []string{"cheat", "fast"}, BuildTags())
	assert.Equal(t, "", Getenv("lower"))

	t.Setenv("GOFLAGS", "-tags=mine")
	assert.Equal(t, []string{"mine"}, BuildTags(), "the environment wins")

	t.Setenv("GOFLAGS", "")
	t.Setenv("GOENV", "off")
	assert.Nil(t, BuildTags())
	assert.Equal(t, "", File())

	t.Setenv("GOENV", filepath.Join(dir, "none"))
	assert.Nil(t, BuildTags(), "a file that is not there holds nothing")

	t.Setenv("GOENV", "")
	if conf, err := os.UserConfigDir(); err == nil {
		assert.Equal(t, filepath.Join(conf, "go", "env"), File())
	}
}

// A file `go env -w` wrote is read as the go command reads it: the
// value as go env prints it.
func TestGetenvReadsWhatGoEnvWrote(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	file := filepath.Join(t.TempDir(), "env")
	t.Setenv("GOENV", file)
	t.Setenv("GOFLAGS", "")
	out, err := exec.Command(goCmd, "env", "-w", "GOFLAGS=-mod=mod '-tags=a b'").CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(goCmd, "env", "GOFLAGS").Output()
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSpace(string(out)), Getenv("GOFLAGS"))
	assert.Equal(t, []string{"a", "b"}, BuildTags())
}
