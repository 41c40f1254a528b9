package goenv

import (
	"bytes"
	"go/build"
	"go/build/constraint"
	"io"
	"path"
	"slices"
	"strings"
)

// Match is go/build's MatchFile for a Go file named name (its base name
// counts: _GOOS, _GOARCH, _test) with content src, read from memory:
// whether ctx builds it, by its name and its build constraints.
func Match(ctx build.Context, name string, src []byte) (bool, error) {
	ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(src)), nil }
	return ctx.MatchFile(".", path.Base(name))
}

// Builds is Match in ctx or in ctx under any setting of the toolchain's
// own tags that src's build constraints name (goexperiment.arenas,
// amd64.v3): a file any of them builds counts. The go command takes
// those tags from GOEXPERIMENT, GOAMD64 and the like, which the go env
// file that `go env -w` writes may set where go/build, reading the
// environment alone, does not see them; and a go command of another
// release has other experiments on by default. Counting such a file asks
// more of the workspace, never less.
func Builds(ctx build.Context, name string, src []byte) (bool, error) {
	ok, err := Match(ctx, name, src)
	if err != nil || ok {
		return ok, err
	}
	return AnyToolSetting(ctx, ToolTags(src), func(c build.Context) bool {
		ok, err := Match(c, name, src)
		return ok && err == nil
	}), nil
}

// MaxToolTags is how many of the toolchain's tags a file's constraints
// may name for AnyToolSetting to try each setting of them (2^n).
const MaxToolTags = 8

// AnyToolSetting reports whether builds holds for ctx under some setting
// of the toolchain's tags in tools, each set or not, the rest of
// ctx.ToolTags kept. With more than MaxToolTags tags it holds: too many
// to try, any of them might build the file.
func AnyToolSetting(ctx build.Context, tools []string, builds func(build.Context) bool) bool {
	if len(tools) > MaxToolTags {
		return true
	}
	base := slices.DeleteFunc(slices.Clone(ctx.ToolTags), func(t string) bool { return slices.Contains(tools, t) })
	for set := range 1 << len(tools) {
		ctx.ToolTags = slices.Clip(base)
		for i, t := range tools {
			if set&(1<<i) != 0 {
				ctx.ToolTags = append(ctx.ToolTags, t)
			}
		}
		if builds(ctx) {
			return true
		}
	}
	return false
}

// ToolTags is the tags that the build constraint lines of src (or of its
// header) name and that name a setting of the toolchain, not a build tag
// or a Go release: a tag with a dot (goexperiment.arenas, amd64.v3,
// arm64.v8.1) other than go1.N. Each once, sorted.
func ToolTags(src []byte) []string {
	var out []string
	for line := range bytes.Lines(src) {
		text := strings.TrimSpace(string(line))
		if !constraint.IsGoBuild(text) && !constraint.IsPlusBuild(text) {
			continue
		}
		expr, err := constraint.Parse(text)
		if err != nil {
			continue
		}
		expr.Eval(func(tag string) bool { // Eval asks of every tag, whatever the answers
			if strings.Contains(tag, ".") && !strings.HasPrefix(tag, "go1.") {
				out = append(out, tag)
			}
			return false
		})
	}
	slices.Sort(out)
	return slices.Compact(out)
}
