package goenv

import (
	"go/build"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestToolTagsAreTheDottedTagsOfTheConstraintLines(t *testing.T) {
	src := "// a comment that names amd64.v2\n//go:build (goexperiment.arenas || amd64.v3) && !go1.30 && linux\n// +build goexperiment.arenas\n\npackage p\n"
	assert.Equal(t, []string{"amd64.v3", "goexperiment.arenas"}, ToolTags([]byte(src)))
	assert.Empty(t, ToolTags([]byte("//go:build linux && go1.22\n\npackage p\n")))
	assert.Empty(t, ToolTags([]byte("//go:build (\n\npackage p\n")), "a line that does not parse names none")
}

// A file counts if its context builds it, or the context with any
// setting of the toolchain tags its constraints name; the other tags of
// the context are kept.
func TestBuildsTriesTheToolchainsTagsEachWay(t *testing.T) {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.BuildTags = "linux", "amd64", nil
	ctx.ToolTags = []string{"goexperiment.kept", "amd64.v1"}
	for constraint, want := range map[string]bool{
		"":                    true,
		"linux":               true,
		"goexperiment.arenas": true,
		"!goexperiment.kept":  true,
		"goexperiment.kept && goexperiment.other":                             true,
		"goexperiment.arenas && !goexperiment.arenas":                         false,
		"goexperiment.arenas && windows":                                      false,
		"goexperiment.arenas && mytag":                                        false,
		"amd64.v1 && amd64.v4":                                                true,
		"a.1 && a.2 && a.3 && a.4 && a.5 && a.6 && a.7 && a.8 && !a.8":        false,
		"a.1 && a.2 && a.3 && a.4 && a.5 && a.6 && a.7 && a.8 && a.9 && !a.9": true, // too many to try
	} {
		src := "package p\n"
		if constraint != "" {
			src = "//go:build " + constraint + "\n\n" + src
		}
		got, err := Builds(ctx, "x.go", []byte(src))
		require.NoError(t, err)
		assert.Equal(t, want, got, "%q", constraint)
	}
	got, err := Builds(ctx, "x_windows.go", []byte("//go:build goexperiment.arenas\n\npackage p\n"))
	require.NoError(t, err)
	assert.False(t, got, "a name for another system leaves the file out in every setting")
	assert.Equal(t, []string{"goexperiment.kept", "amd64.v1"}, ctx.ToolTags, "the context given is not changed")
	ok, err := Match(ctx, "x.go", []byte("//go:build goexperiment.arenas\n\npackage p\n"))
	require.NoError(t, err)
	assert.False(t, ok, "Match is the context alone")
}
