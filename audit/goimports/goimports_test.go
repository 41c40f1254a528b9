package goimports

import (
	"bytes"
	"errors"
	"go/build"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// linux is a build context that does not depend on the machine the tests
// run on.
func linux(tags ...string) build.Context {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH, ctx.CgoEnabled, ctx.BuildTags, ctx.Compiler = "linux", "amd64", false, tags, "gc"
	return ctx
}

// imports is what Dir says of the folder rel, file by file.
func imports(t *testing.T, r *Reader, ws, rel string) map[string][]string {
	t.Helper()
	p, err := r.Dir(rel, func(string) ([]byte, error) {
		return nil, errors.New("no links here")
	})
	require.NoError(t, err)
	got := map[string][]string{}
	for _, f := range p.Files {
		got[f.Path] = f.Imports
	}
	return got
}

func openReader(t *testing.T, ws string, ctx build.Context) *Reader {
	t.Helper()
	tree, err := enginefiles.Open(ws, false)
	require.NoError(t, err)
	return New(tree, ctx)
}

func TestDirGivesWhatTheFilesThatBuildImport(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{
		"engine/a.go":         "package engine\n\nimport (\n\t\"fmt\"\n\tq \"example.com/ws/engine/queue\"\n)\n",
		"engine/a_test.go":    "package engine\n\nimport \"example.com/ws/rules\"\n",
		"engine/b_linux.go":   "package engine\n\nimport \"os\"\n",
		"engine/b_windows.go": "package engine\n\nimport \"example.com/ws/windows\"\n",
		"engine/c.go":         "//go:build ignore\n\npackage engine\n\nimport \"example.com/ws/tool\"\n",
		"engine/d.go":         "package engine\n\nimport \"example.com/ws/half\n",
		"engine/.e.go":        "package engine\n\nimport \"example.com/ws/hidden\"\n",
		"engine/_f.go":        "package engine\n\nimport \"example.com/ws/hidden\"\n",
		"engine/notes.md":     "import \"example.com/ws/notes\"\n",
		"engine/sub/g.go":     "package sub\n\nimport \"example.com/ws/sub\"\n",
		"engine/h.go":         "package engine\n\nimport _ \"unsafe\"\n\n//go:linkname special example.com/ws/content.Special\nfunc special(string) bool\n",
	})
	got := imports(t, openReader(t, ws, linux()), ws, "engine")
	assert.Equal(t, map[string][]string{
		"engine/a.go":       {"fmt", "example.com/ws/engine/queue"},
		"engine/h.go":       {"unsafe", "example.com/ws/content"}, // a //go:linkname reaches it as an import would
		"engine/b_linux.go": {"os"},
		"engine/d.go":       nil, // does not parse: the build will say so
	}, got)
	assert.Empty(t, imports(t, openReader(t, ws, linux()), ws, "missing"))
}

// TestADocumentationFileCountsForNothing: a file of package documentation
// is left out, as go/build leaves it out of the package (with its
// imports), whether its header is one the scanner reads or one it leaves
// to go/parser; a package of that name in a file go/build would not read
// as one is judged as any other.
func TestADocumentationFileCountsForNothing(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	files := map[string]string{
		"engine/a.go":     "package engine\n",
		"engine/doc.go":   "// Notes for readers.\npackage documentation\n\nimport \"example.com/ws/content\"\n",
		"engine/notes.go": "package documentation;import (\"example.com/ws/harness\"; `example.com/ws/other`)",
	}
	testws.Write(t, ws, files)
	got := imports(t, openReader(t, ws, linux()), ws, "engine")
	assert.Equal(t, map[string][]string{"engine/a.go": nil}, got)
	ctx := linux()
	p, err := ctx.ImportDir(filepath.Join(ws, "engine"), 0)
	require.NoError(t, err)
	assert.Equal(t, []string{"a.go"}, p.GoFiles, "go/build's own answer")
	assert.Equal(t, []string{"doc.go", "notes.go"}, p.IgnoredGoFiles, "go/build's own answer")
}

// TestAVouchedFileIsKnownByItsHash: once a file's imports are kept, a
// later run takes them from the cache for a file git's index vouches for,
// without reading it (shown here by a kept verdict the content does not
// bear out), and reads the file again once it has changed, even with its
// size and modification time put back.
func TestAVouchedFileIsKnownByItsHash(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	src := "package harness\n\nimport \"example.com/ws/engine\"\n"
	ws := testws.Committed(t, map[string]string{"harness/h.go": src})

	first := openReader(t, ws, linux())
	require.Equal(t, map[string][]string{"harness/h.go": {"example.com/ws/engine"}}, imports(t, first, ws, "harness"))
	first.Save()

	// What the next run finds kept for the file's hash is what it says.
	kept := openReader(t, ws, linux())
	require.Contains(t, kept.known, enginefiles.BlobHash([]byte(src)), "the first run kept nothing")
	kept.known[enginefiles.BlobHash([]byte(src))] = verdict{builds: true, imports: []string{"example.com/ws/kept"}}
	kept.added = true
	kept.Save()
	assert.Equal(t, map[string][]string{"harness/h.go": {"example.com/ws/kept"}}, imports(t, openReader(t, ws, linux()), ws, "harness"),
		"an unchanged file was read instead of known by its hash")

	// The same size and modification time, other content: read again.
	file := filepath.Join(ws, "harness", "h.go")
	info, err := os.Stat(file)
	require.NoError(t, err)
	edited := "package harness\n\nimport \"example.com/ws/rules\"\n\n"
	require.Len(t, edited, len(src))
	require.NoError(t, os.WriteFile(file, []byte(edited), 0o644))
	require.NoError(t, os.Chtimes(file, info.ModTime(), info.ModTime()))
	assert.Equal(t, map[string][]string{"harness/h.go": {"example.com/ws/rules"}}, imports(t, openReader(t, ws, linux()), ws, "harness"),
		"an edited file whose modification time was put back was taken from the cache")
}

// TestAVerdictDoesNotDependOnTheFileName: a blob kept from one file
// serves another with the same content, whose own name decides whether it
// builds.
func TestAVerdictDoesNotDependOnTheFileName(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	src := "package engine\n\nimport \"example.com/ws/rules\"\n"
	ws := testws.Committed(t, map[string]string{"engine/a_windows.go": src, "engine/b.go": src})
	for range 2 {
		r := openReader(t, ws, linux())
		assert.Equal(t, map[string][]string{"engine/b.go": {"example.com/ws/rules"}}, imports(t, r, ws, "engine"))
		r.Save()
	}
}

// TestAVerdictIsKeptForItsBuildContext: a file left out under one set of
// build tags is not left out, from the cache, under another.
func TestAVerdictIsKeptForItsBuildContext(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{"engine/a.go": "//go:build extra\n\npackage engine\n\nimport \"example.com/ws/rules\"\n"})
	without := openReader(t, ws, linux())
	assert.Empty(t, imports(t, without, ws, "engine"))
	without.Save()
	assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, openReader(t, ws, linux("extra")), ws, "engine"))

	// The compiler too.
	ws = testws.Committed(t, map[string]string{"engine/a.go": "//go:build gccgo\n\npackage engine\n\nimport \"example.com/ws/rules\"\n"})
	gc := openReader(t, ws, linux())
	assert.Empty(t, imports(t, gc, ws, "engine"))
	gc.Save()
	gccgo := linux()
	gccgo.Compiler = "gccgo"
	assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, openReader(t, ws, gccgo), ws, "engine"))
}

// TestTagsWithACommaHaveAKeyOfTheirOwn: GOFLAGS's older form can give a
// tag with a comma in it ("a,b", which no constraint names); the verdicts
// made with it are not taken for those of the tags a and b.
func TestTagsWithACommaHaveAKeyOfTheirOwn(t *testing.T) {
	assert.NotEqual(t, contextKey(linux("a,b", "c")), contextKey(linux("a", "b", "c")))
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{"engine/a.go": "//go:build a && b\n\npackage engine\n\nimport \"example.com/ws/rules\"\n"})
	one := openReader(t, ws, linux("a,b", "c"))
	assert.Empty(t, imports(t, one, ws, "engine"))
	one.Save()
	assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, openReader(t, ws, linux("a", "b", "c")), ws, "engine"))
}

// TestHereIsTheContextOfChecksBuild: the tags are GOFLAGS's, from the
// environment or else the go env file; GOOS and GOARCH are this
// system's, for which check builds whatever a shell sets to cross-compile
// (go/build reads GOOS and GOARCH as the program starts, so that part runs
// in a process of its own started with them).
func TestHereIsTheContextOfChecksBuild(t *testing.T) {
	const helperEnv = "GOIMPORTS_CROSS_HELPER"
	other, otherArch := "windows", "arm64"
	if runtime.GOOS == "windows" {
		other = "linux"
	}
	if runtime.GOARCH == "arm64" {
		otherArch = "amd64"
	}
	if os.Getenv(helperEnv) != "" {
		require.Equal(t, other, build.Default.GOOS, "the shell's GOOS did not reach go/build")
		ctx := Here()
		assert.Equal(t, runtime.GOOS, ctx.GOOS)
		assert.Equal(t, runtime.GOARCH, ctx.GOARCH)
		assert.True(t, matchIn(ctx, "cheat_"+runtime.GOOS+".go", []byte("package p\n")), "a file for this system")
		return
	}
	env := filepath.Join(t.TempDir(), "env")
	require.NoError(t, os.WriteFile(env, []byte("GOFLAGS=-tags=cheat,fast\n"), 0o644))
	t.Setenv("GOENV", env)
	t.Setenv("GOFLAGS", "")
	assert.Equal(t, []string{"cheat", "fast"}, Here().BuildTags)
	t.Setenv("GOFLAGS", "-tags=mine")
	assert.Equal(t, []string{"mine"}, Here().BuildTags)

	cmd := exec.Command(os.Args[0], "-test.run=^TestHereIsTheContextOfChecksBuild$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"=1", "GOOS="+other, "GOARCH="+otherArch)
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "%s", out)
}

func TestNothingIsKeptOutsideARepositoryOrWithTheCacheOff(t *testing.T) {
	files := map[string]string{"engine/a.go": "package engine\n\nimport \"example.com/ws/rules\"\n"}
	cache := t.TempDir()
	t.Setenv(usercache.EnvVar, cache)
	plain := t.TempDir()
	testws.Write(t, plain, files)
	r := openReader(t, plain, linux())
	assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, r, plain, "engine"))
	r.Save()

	t.Setenv(usercache.EnvVar, "off")
	ws := testws.Committed(t, files)
	r = openReader(t, ws, linux())
	assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, r, ws, "engine"))
	r.Save()

	left, err := os.ReadDir(cache)
	require.NoError(t, err)
	assert.Empty(t, left)
}

// A cache that is not as it was saved is not believed: cut short, run
// on, of an older format, or changed where it still decodes (one letter
// of an import path, as a torn write after a power loss can leave it,
// since a cache is not synced). The file's imports are read again, never
// taken from the spoilt cache.
func TestACacheThatIsNotWholeIsNotBelieved(t *testing.T) {
	cache := t.TempDir()
	t.Setenv(usercache.EnvVar, cache)
	ws := testws.Committed(t, map[string]string{"engine/a.go": "package engine\n\nimport \"example.com/ws/rules\"\n"})
	r := openReader(t, ws, linux())
	imports(t, r, ws, "engine")
	r.Save()
	saved, err := os.ReadFile(r.file)
	require.NoError(t, err)
	letter := bytes.Index(saved, []byte("example.com/ws/rules")) + len("example.com/ws/rule")
	require.Greater(t, letter, len("example.com/ws/rule"))
	for name, spoilt := range map[string][]byte{
		"cut short":        saved[:len(saved)-1],
		"run on":           append(slices.Clone(saved), 0),
		"an older format":  []byte("course go imports 0\n"),
		"a letter changed": slices.Concat(saved[:letter], []byte("z"), saved[letter+1:]),
	} {
		require.NoError(t, os.WriteFile(r.file, spoilt, 0o644))
		next := openReader(t, ws, linux())
		assert.Empty(t, next.known, name)
		assert.Equal(t, map[string][]string{"engine/a.go": {"example.com/ws/rules"}}, imports(t, next, ws, "engine"), name)
	}
}

func TestTheCacheFormatReadsBackWhatItWrote(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		known := map[plumbing.Hash]verdict{}
		paths := rapid.SliceOfN(rapid.StringMatching(`[a-z./]{0,12}`), 1, 6).Draw(t, "paths")
		for i := range rapid.IntRange(0, 20).Draw(t, "files") {
			h := enginefiles.BlobHash([]byte{byte(i), byte(i >> 8)})
			v := verdict{builds: rapid.Bool().Draw(t, "builds")}
			for _, k := range rapid.SliceOfN(rapid.IntRange(0, len(paths)-1), 0, 4).Draw(t, "imports") {
				v.imports = append(v.imports, paths[k])
			}
			known[h] = v
		}
		raw := encode(known)
		got, ok := decode(raw)
		if !ok || len(got) != len(known) {
			t.Fatalf("decode(encode(x)) = %d verdicts, ok %v; want %d", len(got), ok, len(known))
		}
		for h, v := range known {
			if g := got[h]; g.builds != v.builds || len(g.imports) != len(v.imports) {
				t.Fatalf("verdict %v read back as %v", v, g)
			}
		}
		// Any shorter prefix is not whole, and is refused without a panic.
		cut := rapid.IntRange(0, len(raw)-1).Draw(t, "cut")
		if _, ok := decode(raw[:cut]); ok {
			t.Fatalf("a cache cut at %d of %d bytes was taken as whole", cut, len(raw))
		}
	})
}

func TestALinkIsReadByTheCallersRule(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"lib/shared.go": "package engine\n\nimport \"example.com/ws/lib\"\n"})
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine"), 0o755))
	require.NoError(t, os.Symlink(filepath.Join(ws, "lib", "shared.go"), filepath.Join(ws, "engine", "shared.go")))
	r := openReader(t, ws, linux())
	var asked []string
	p, err := r.Dir("engine", func(rel string) ([]byte, error) {
		asked = append(asked, rel)
		return os.ReadFile(filepath.Join(ws, filepath.FromSlash(rel)))
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"engine/shared.go"}, asked)
	assert.Equal(t, []File{{Path: "engine/shared.go", Imports: []string{"example.com/ws/lib"}}}, p.Files)

	refused := errors.New("the link leads out")
	_, err = r.Dir("engine", func(string) ([]byte, error) { return nil, refused })
	assert.ErrorIs(t, err, refused)
}

func TestPackagesWalksTheFoldersThatMayHoldAPackage(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{
		"engine/a.go":               "package engine\n\nimport \"example.com/ws/engine/b\"\n",
		"engine/b/b.go":             "package b\n",
		"engine/b/c/c.go":           "package c\n\nimport \"fmt\"\n",
		"engine/a2/x.go":            "package a2\n",
		"engine/empty/notes.md":     "no Go here\n",
		"engine/.cache/x.go":        "package hidden\n",
		"engine/_old/x.go":          "package old\n",
		"engine/testdata/x.go":      "package data\n",
		"elsewhere/linked/x.go":     "package linked\n",
		"engine/b/c/deeper/zz.go":   "package deeper\n",
		"engine/b/c/deeper/zz_test": "not a Go file\n",
	})
	require.NoError(t, os.Symlink(filepath.Join(ws, "elsewhere", "linked"), filepath.Join(ws, "engine", "linked")))
	r := openReader(t, ws, linux())
	pkgs, err := r.Packages("engine", func(string) ([]byte, error) { return nil, errors.New("no links here") })
	require.NoError(t, err)
	var dirs []string
	files := map[string][]File{}
	for _, p := range pkgs {
		dirs = append(dirs, p.Dir)
		files[p.Dir] = p.Files
	}
	assert.Equal(t, []string{"engine", "engine/a2", "engine/b", "engine/b/c", "engine/b/c/deeper"}, dirs, "in walk order, with no folder that holds no Go file")
	assert.Equal(t, []File{{Path: "engine/a.go", Imports: []string{"example.com/ws/engine/b"}}}, files["engine"])
	assert.Equal(t, []File{{Path: "engine/b/c/c.go", Imports: []string{"fmt"}}}, files["engine/b/c"])

	none, err := r.Packages("missing", nil)
	assert.NoError(t, err)
	assert.Empty(t, none)
}

// TestALinkErrorIsTheFirstInNameOrder: of two links the caller refuses,
// the error is the first by name, whichever worker met it first.
func TestALinkErrorIsTheFirstInNameOrder(t *testing.T) {
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"lib/x.go": "package lib\n"})
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine"), 0o755))
	for _, n := range []string{"b.go", "a.go", "c.go"} {
		require.NoError(t, os.Symlink(filepath.Join(ws, "lib", "x.go"), filepath.Join(ws, "engine", n)))
	}
	r := openReader(t, ws, linux())
	for range 20 {
		_, err := r.Dir("engine", func(rel string) ([]byte, error) { return nil, errors.New(rel) })
		require.EqualError(t, err, "engine/a.go")
	}
}

// TestAnIgnoredGoFileCounts: the go command builds a Go file whatever git
// ignores, so its imports count, in a folder git ignores too.
func TestAnIgnoredGoFileCounts(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		".gitignore":          "*.gen.go\nbuild/\n",
		"engine/a.go":         "package engine\n",
		"engine/b.gen.go":     "package engine\n\nimport \"example.com/ws/rules\"\n",
		"engine/build/out.go": "package build\n\nimport \"example.com/ws/tool\"\n",
	})
	pkgs, err := openReader(t, ws, linux()).Packages("engine", nil)
	require.NoError(t, err)
	assert.Equal(t, []Package{
		{Dir: "engine", Files: []File{{Path: "engine/a.go"}, {Path: "engine/b.gen.go", Imports: []string{"example.com/ws/rules"}}}},
		{Dir: "engine/build", Files: []File{{Path: "engine/build/out.go", Imports: []string{"example.com/ws/tool"}}}},
	}, pkgs)
}

// TestAWorkspaceInsideALargerRepository: paths are the workspace's, and
// kept verdicts are found through the index, whose paths are the
// repository's (shown, as above, by a kept verdict the file does not bear
// out).
func TestAWorkspaceInsideALargerRepository(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	src := "package engine\n\nimport \"example.com/ws/rules\"\n"
	repo := testws.Committed(t, map[string]string{"course/ws/engine/a.go": src, "course/ws/harness/h.go": "package harness\n"})
	ws := filepath.Join(repo, "course", "ws")
	packages := func() []Package {
		r := openReader(t, ws, linux())
		pkgs, err := r.Packages("engine", nil)
		require.NoError(t, err)
		r.Save()
		return pkgs
	}
	assert.Equal(t, []Package{{Dir: "engine", Files: []File{{Path: "engine/a.go", Imports: []string{"example.com/ws/rules"}}}}}, packages())
	kept := openReader(t, ws, linux())
	require.Contains(t, kept.known, enginefiles.BlobHash([]byte(src)))
	kept.known[enginefiles.BlobHash([]byte(src))] = verdict{builds: true, imports: []string{"example.com/ws/kept"}}
	kept.added = true
	kept.Save()
	assert.Equal(t, []Package{{Dir: "engine", Files: []File{{Path: "engine/a.go", Imports: []string{"example.com/ws/kept"}}}}}, packages())
}

// TestANotedFileIsNotReadAgain: a file another check read and handed over
// (Note) is known for the rest of the command. Without a cache it is known
// by its index entry's hash while the index vouches for it (shown by a
// noted content the file does not hold); a test file, a file that is not
// Go, and a file the index no longer vouches for are not taken from what
// was noted. With a cache, what is noted is kept under the hash of the
// bytes noted, never the index's: a noted content the file does not hold
// answers for nothing, and the file is judged by its own bytes, while the
// file's own content, noted, is found under its entry's hash.
func TestANotedFileIsNotReadAgain(t *testing.T) {
	for _, cache := range []string{"off", t.TempDir()} {
		t.Setenv(usercache.EnvVar, cache)
		ws := testws.Committed(t, map[string]string{
			"engine/a.go":      "package engine\n",
			"engine/b.go":      "package engine\n",
			"engine/a_test.go": "package engine\n",
		})
		r := openReader(t, ws, linux())
		info := func(rel string) fs.FileInfo {
			fi, err := os.Lstat(filepath.Join(ws, filepath.FromSlash(rel)))
			require.NoError(t, err)
			return fi
		}
		forged := []byte("package engine\n\nimport \"example.com/ws/noted\"\n")
		r.Note("engine/a.go", enginefiles.NewContent(forged, info("engine/a.go")))
		r.Note("engine/a_test.go", enginefiles.NewContent(forged, info("engine/a_test.go")))
		// b.go changes after it was noted: its stat data no longer match.
		r.Note("engine/b.go", enginefiles.NewContent(forged, info("engine/b.go")))
		require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "b.go"), []byte("package engine\n\n"), 0o644))
		want := map[string][]string{"engine/a.go": {"example.com/ws/noted"}, "engine/b.go": nil}
		if cache != "off" {
			want["engine/a.go"] = nil
			_, kept := r.known[enginefiles.BlobHash(forged)]
			assert.True(t, kept, "kept under the hash of what was noted")
		}
		assert.Equal(t, want, imports(t, r, ws, "engine"), "cache %s", cache)
		if cache != "off" {
			r := openReader(t, ws, linux())
			r.Note("engine/a.go", enginefiles.NewContent([]byte("package engine\n"), info("engine/a.go")))
			_, kept := r.known[r.tree.Entry("engine/a.go").Hash]
			assert.True(t, kept, "a.go's own content, noted, is known by its entry's hash")
		}
	}
}

// TestJudgeAgreesWithGoBuild: whether a file builds is go/build's answer,
// whether or not judge asks go/build (it does not for a header with no
// constraint in it).
func TestJudgeAgreesWithGoBuild(t *testing.T) {
	ctx := linux("extra")
	r := &Reader{ctx: ctx}
	lines := []string{
		"//go:build linux", "//go:build !linux", "//go:build extra && !windows", "//go:build windows",
		"// +build windows", "// +build linux", "// a comment", "/* a go:build in a block */",
		"//go:build", "// +build", "", "// Package p does things.",
	}
	rapid.Check(t, func(t *rapid.T) {
		var src strings.Builder
		for _, i := range rapid.SliceOfN(rapid.IntRange(0, len(lines)-1), 0, 5).Draw(t, "header") {
			src.WriteString(lines[i] + "\n")
		}
		src.WriteString("\npackage p\n")
		if rapid.Bool().Draw(t, "imports") {
			src.WriteString("\nimport \"fmt\"\n")
		}
		b := []byte(src.String())
		c := ctx
		c.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(b)), nil }
		want, err := c.MatchFile(".", "file.go")
		want = want && err == nil
		if got := r.judge(b).builds; got != want {
			t.Fatalf("judge says builds=%v, go/build %v (err %v), for:\n%s", got, want, err, b)
		}
	})
}

// BenchmarkJudge is the work a file costs on a first run once read: its
// package clause, imports and build constraints, on a file of the large
// benchmark tree's kind.
func BenchmarkJudge(b *testing.B) {
	src := []byte("// Package p is part of the engine.\n//\n// It keeps the queue.\npackage p\n\nimport (\n\t\"fmt\"\n\t\"sort\"\n\n\tq \"example.com/ws/engine/queue\"\n)\n\nvar _ = fmt.Sprint\nvar _ = sort.Ints\nvar _ q.Queue\n\nfunc F() {}\n")
	r := &Reader{ctx: linux()}
	b.ReportAllocs()
	for b.Loop() {
		if v := r.judge(src); !v.builds || len(v.imports) != 3 {
			b.Fatalf("judge: %+v", v)
		}
	}
}

// TestOthersAreTheFilesThatAreNotGoButCount: a folder's assembly, object
// files and go.mod are reported, whatever their build constraints or
// names' GOOS and GOARCH say, and a folder that holds only those is a
// Package too; names the go command leaves out, and other files, are not.
func TestOthersAreTheFilesThatAreNotGoButCount(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		".gitignore":               "*.syso\n",
		"engine/a.go":              "package engine\n",
		"engine/hook_windows.s":    "//go:build ignore\n\nTEXT ·f(SB),0,$0\n",
		"engine/empty.s":           "",
		"engine/big.S":             "",
		"engine/pre.sx":            "",
		"engine/res.syso":          "\x7fELF",
		"engine/_old.s":            "",
		"engine/.hidden.s":         "",
		"engine/hook.inc":          "",
		"engine/notes.md":          "",
		"engine/asm/only.s":        "",
		"engine/rules/go.mod":      "module example.com/ws/engine/rules\n",
		"engine/rules/r.go":        "package rules\n",
		"engine/testdata/go.mod":   "module data\n",
		"engine/_skip/x/go.mod":    "module skip\n",
		"engine/rules/deep/d.go":   "package deep\n",
		"engine/rules/deep/d_test": "",
	})
	pkgs, err := openReader(t, ws, linux()).Packages("engine", nil)
	require.NoError(t, err)
	others := map[string][]string{}
	var dirs []string
	for _, p := range pkgs {
		dirs = append(dirs, p.Dir)
		others[p.Dir] = p.Others
	}
	assert.Equal(t, []string{"engine", "engine/asm", "engine/rules", "engine/rules/deep"}, dirs)
	assert.Equal(t, []string{"engine/big.S", "engine/empty.s", "engine/hook_windows.s", "engine/pre.sx", "engine/res.syso"}, others["engine"], "an ignored .syso counts, as the go command links it")
	assert.Equal(t, []string{"engine/asm/only.s"}, others["engine/asm"])
	assert.Equal(t, []string{"engine/rules/go.mod"}, others["engine/rules"])
	assert.Empty(t, others["engine/rules/deep"])

	p, err := openReader(t, ws, linux()).Dir("engine/rules", nil)
	require.NoError(t, err)
	assert.Equal(t, Package{Dir: "engine/rules", Files: []File{{Path: "engine/rules/r.go"}}, Others: []string{"engine/rules/go.mod"}}, p)
	p, err = openReader(t, ws, linux()).Dir("engine/asm", nil)
	require.NoError(t, err)
	assert.Equal(t, Package{Dir: "engine/asm", Files: []File{}, Others: []string{"engine/asm/only.s"}}, p)
}

// TestAFileCountsIfAnySettingBuildsIt: cgo (which the go command turns off
// with no C compiler on PATH) and the Go release (which go.mod or
// GOTOOLCHAIN may make newer, or an older go command older) are not this
// machine's to know, so a file whose constraints any of them satisfies
// counts, with cgo on or off in the Reader's context, as does one that a
// setting of the toolchain's tags (GOEXPERIMENT, GOAMD64) builds; GOOS,
// GOARCH and tags are the context's.
func TestAFileCountsIfAnySettingBuildsIt(t *testing.T) {
	for _, cgo := range []bool{true, false} {
		ctx := linux()
		ctx.CgoEnabled = cgo
		r := &Reader{ctx: ctx}
		for header, want := range map[string]bool{
			"//go:build cgo":                           true,
			"//go:build !cgo":                          true,
			"// +build !cgo":                           true,
			"//go:build go1.99":                        true,
			"//go:build go1.99 && !cgo":                true,
			"//go:build !go1.21":                       true,
			"//go:build go1.30 && !go1.31":             true,
			"//go:build go1.31 && !go1.30":             false,
			"//go:build go1.999":                       true,
			"//go:build go1.1000":                      false, // no release for a long while; read as go1.100
			"//go:build cgo && !cgo":                   false,
			"//go:build windows && !cgo":               false,
			"//go:build linux && go1.99 && !cgo":       true,
			"//go:build ignore":                        false,
			"//go:build go1.99 && ignore":              false,
			"//go:build !linux || (go1.200 && cgo)":    true,
			"//go:build !(go1.1 || go1.99) && linux":   true,
			"//go:build !(go1.99 || !go1.98) && linux": true,
			// The toolchain's own tags, which GOEXPERIMENT and GOAMD64 set
			// from a go env file as well as from the environment.
			"//go:build goexperiment.arenas":                                   true,
			"//go:build !goexperiment.arenas":                                  true,
			"//go:build goexperiment.arenas && !cgo && go1.99":                 true,
			"//go:build goexperiment.arenas && !goexperiment.arenas":           false,
			"//go:build goexperiment.arenas && ignore":                         false,
			"//go:build amd64.v3 && goexperiment.x && !goexperiment.y":         true,
			"//go:build linux && amd64.v4\n// +build linux,amd64.v4":           true,
			"//go:build windows && goexperiment.arenas":                        false,
			"//go:build a.1 && a.2 && a.3 && a.4 && a.5 && a.6 && a.7 && !a.8": true,
		} {
			src := []byte(header + "\n\npackage p\n\nimport \"example.com/ws/content\"\n")
			assert.Equal(t, want, r.judge(src).builds, "cgo %v: %s", cgo, header)
		}
	}
}
