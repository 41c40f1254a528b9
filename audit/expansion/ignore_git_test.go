package expansion

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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
		git := func(args ...string) string {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=L", "GIT_AUTHOR_EMAIL=l@example.com",
				"GIT_COMMITTER_NAME=L", "GIT_COMMITTER_EMAIL=l@example.com")
			out, err := cmd.CombinedOutput()
			if err != nil {
				rt.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
			}
			return string(out)
		}
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

		var untracked []string
		for _, line := range strings.Split(git("status", "--porcelain", "--untracked-files=all", "--", "engine"), "\n") {
			if p, ok := strings.CutPrefix(line, "?? "); ok {
				untracked = append(untracked, strings.Trim(p, `"`))
			}
		}
		res, err := Check(dir, "HEAD", []string{"engine"})
		if err != nil {
			rt.Fatal(err)
		}
		var added []string
		for _, c := range res.Changes {
			if c.Kind == Added {
				added = append(added, c.Path)
			}
		}
		slices.Sort(untracked)
		slices.Sort(added)
		if !slices.Equal(added, untracked) {
			rt.Fatalf("expansion-check adds %q; git has untracked %q", added, untracked)
		}
	})
}
