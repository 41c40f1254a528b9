package expansion

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestIgnoreRulesAgreeWithGit: for random ignore files (names, wildcards,
// git's classes, anchored and folder-only patterns, "**", negation) at
// random places of a random engine folder, with core.ignorecase or
// without, the files expansion-check reports added are exactly those git
// reports untracked. No file is a Go file, which counts though ignored.
func TestIgnoreRulesAgreeWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")

	// Files have an extension, folders none, so that no name is both.
	file := rapid.SampledFrom([]string{"a.dat", "b.dat", "ab.txt", "ba.txt", "x-y.dat", "A.dat"})
	segment := rapid.OneOf(
		file,
		rapid.SampledFrom([]string{"a", "b", "ab"}),
		rapid.SampledFrom([]string{"*", "*.dat", "a*", "*b", "?", "a?", "[ab]", "[!a]", "[a-b].dat",
			"[[:alpha:]]", "[!b-]*", "[-a]b", "*.[dt]at", "A", "**", "*.DAT", "[[:upper:]]*"}),
	)
	pattern := rapid.Custom(func(t *rapid.T) string {
		parts := rapid.SliceOfN(segment, 1, 3).Draw(t, "segments")
		p := strings.Join(parts, "/")
		switch rapid.IntRange(0, 3).Draw(t, "start") {
		case 0:
			p = "/" + p
		case 1:
			p = "**/" + p
		}
		if rapid.Bool().Draw(t, "folder only") {
			p += "/"
		}
		if rapid.IntRange(0, 2).Draw(t, "negated") == 0 {
			p = "!" + p
		}
		return p
	})
	rapid.Check(t, func(rt *rapid.T) {
		dir := t.TempDir()
		write := func(rel, text string) {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				rt.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				rt.Fatal(err)
			}
		}
		git := gitIn(rt, dir)
		git("init", "-q")
		if rapid.Bool().Draw(rt, "ignorecase") {
			git("config", "core.ignorecase", "true")
		}
		write("README", "start\n")
		git("add", "README")
		git("commit", "-q", "-m", "start")

		folders := []string{"", "engine", "engine/a", "engine/b", "engine/a/b", "engine/ab/a"}
		for _, f := range rapid.SliceOfNDistinct(rapid.SampledFrom(folders), 1, 3, rapid.ID[string]).Draw(rt, "ignore files") {
			rules := rapid.SliceOfN(pattern, 1, 4).Draw(rt, "rules of "+f)
			write(path.Join(f, ".gitignore"), strings.Join(rules, "\n")+"\n")
		}
		for _, f := range rapid.SliceOfN(rapid.SampledFrom(folders[1:]), 1, 6).Draw(rt, "file folders") {
			write(path.Join(f, file.Draw(rt, "file in "+f)), "x")
		}

		if added, untracked := addedAndUntracked(rt, dir, git); !slices.Equal(added, untracked) {
			rt.Fatalf("expansion-check adds %q; git has untracked %q", added, untracked)
		}
	})
}

type fataler interface {
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// addedAndUntracked is what expansion-check reports added under engine/
// against HEAD, and what git status reports untracked there, both sorted.
func addedAndUntracked(t fataler, dir string, git func(args ...string) string) (added, untracked []string) {
	for _, entry := range strings.Split(git("status", "--porcelain", "-z", "--untracked-files=all", "--", "engine"), "\x00") {
		if p, ok := strings.CutPrefix(entry, "?? "); ok {
			untracked = append(untracked, p)
		}
	}
	res, err := Check(dir, "HEAD", []string{"engine"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Changes {
		if c.Kind == Added {
			added = append(added, c.Path)
		}
	}
	slices.Sort(untracked)
	slices.Sort(added)
	return added, untracked
}

// gitIn runs git in dir, failing t if it fails.
func gitIn(t fataler, dir string) func(args ...string) string {
	return func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=L", "GIT_AUTHOR_EMAIL=l@example.com",
			"GIT_COMMITTER_NAME=L", "GIT_COMMITTER_EMAIL=l@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
}

// Ignore files and settings read as git reads them, each case as git
// status answers it.
func TestIgnoreFilesReadAsGitReadsThem(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	for _, c := range []struct {
		name     string
		ignore   string   // engine/.gitignore
		files    []string // under engine/
		config   []string // git config key value pairs
		excludes string   // the file core.excludesFile names, at the work tree's top
		xdg      string   // ~/.config/git/ignore
	}{
		{name: "one CR off the line's end", ignore: "Icon\r\r\n", files: []string{"Icon", "Icon\r"}},
		{name: "an escaped space, then a space", ignore: "a\\  \n", files: []string{"a ", "a"}},
		{name: "an escaped backslash before a space", ignore: "a\\\\ \n", files: []string{"a\\ ", "a\\"}},
		{name: "a tab is no space", ignore: "\t\n", files: []string{"\t", "b"}},
		{name: "a NUL ends the line", ignore: "a.dat\x00zzz\n", files: []string{"a.dat"}},
		{name: "a long line", ignore: "#" + strings.Repeat("x", 70000) + "\nb.dat\n", files: []string{"b.dat", "c.dat"}},
		{name: "a relative excludes file", config: []string{"core.excludesFile", "ign"}, excludes: "a.dat\n", files: []string{"a.dat", "b.dat"}},
		{name: "an empty excludes file setting", config: []string{"core.excludesFile", ""}, xdg: "a.dat\n", files: []string{"a.dat"}},
		{name: "ignorecase as a number", config: []string{"core.ignorecase", "2"}, ignore: "a.dat\n", files: []string{"A.dat", "b.dat"}},
		{name: "a class of one case, folded", config: []string{"core.ignorecase", "true"}, ignore: "[[:upper:]]x\n", files: []string{"ax", "Bx", "1x"}},
		{name: "an unknown POSIX class matches nothing", ignore: "[[:foo:]]\n", files: []string{"f]", "o"}},
		{name: "a wildcard matches a byte", ignore: "?.dat\n[é].dat\nx?y\n", files: []string{"é.dat", "a.dat", "xéy", "x-y"}},
		{name: "letters in brackets that are no POSIX class", config: []string{"core.ignorecase", "true"}, ignore: "[:upper:]\n", files: []string{"u", "h", "a"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
			t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
			dir := t.TempDir()
			git := gitIn(t, dir)
			write := func(p, text string) {
				require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
				require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
			}
			git("init", "-q")
			write(filepath.Join(dir, "README"), "start\n")
			git("add", "README")
			git("commit", "-q", "-m", "start")
			for i := 0; i < len(c.config); i += 2 {
				git("config", c.config[i], c.config[i+1])
			}
			if c.ignore != "" {
				write(filepath.Join(dir, "engine", ".gitignore"), c.ignore)
			}
			if c.excludes != "" {
				write(filepath.Join(dir, "ign"), c.excludes)
			}
			if c.xdg != "" {
				write(filepath.Join(home, ".config", "git", "ignore"), c.xdg)
			}
			for _, f := range c.files {
				write(filepath.Join(dir, "engine", f), "x")
			}
			added, untracked := addedAndUntracked(t, dir, git)
			assert.Equal(t, untracked, added)
		})
	}
}

// A clean filter that stores one content and a smudge filter that writes
// another: git's index vouches for the file on disk, so Check (trusting
// the index, as git status does) sees nothing, and CheckContent, which
// reads every file, sees the change.
func TestCheckContentReadsPastAFilter(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	dir := t.TempDir()
	git := gitIn(t, dir)
	git("init", "-q")
	git("config", "filter.drop.clean", "sed s/SMUDGED/CLEAN/")
	git("config", "filter.drop.smudge", "sed s/CLEAN/SMUDGED/")
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("engine/x.go filter=drop\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "engine"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "engine", "x.go"), []byte("package engine // CLEAN\n"), 0o644))
	git("add", "-A")
	git("commit", "-qm", "the engine")
	require.NoError(t, os.Remove(filepath.Join(dir, "engine", "x.go")))
	git("checkout", "--", "engine/x.go")
	time.Sleep(1100 * time.Millisecond) // past git's racy-file second
	git("update-index", "--refresh")
	raw, err := os.ReadFile(filepath.Join(dir, "engine", "x.go"))
	require.NoError(t, err)
	require.Contains(t, string(raw), "SMUDGED", "the smudge filter wrote the file")

	res, err := Check(dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Empty(t, res.Changes, "the index vouches for it, as for git status")
	res, err = CheckContent(dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "engine/x.go", Kind: Changed}}, res.Changes)
}
