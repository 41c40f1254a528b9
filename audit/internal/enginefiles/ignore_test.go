package enginefiles

import (
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// TestFastPatternsMatchAsGoGitDoes: for any pattern line and any path,
// parsePattern's pattern answers as go-git's own does, given, for a
// pattern without a slash, the path's last part under the domain alone,
// as git matches it.
func TestFastPatternsMatchAsGoGitDoes(t *testing.T) {
	// Few letters, so that names and patterns often meet.
	part := rapid.StringMatching(`[ab.~]{1,4}`)
	rapid.Check(t, func(t *rapid.T) {
		line := rapid.SampledFrom([]string{"", "!"}).Draw(t, "bang") +
			rapid.SampledFrom([]string{"", "*"}).Draw(t, "star") +
			part.Draw(t, "name") +
			rapid.SampledFrom([]string{"", "/", " ", "  ", `\ `, "/ "}).Draw(t, "end")
		domain := rapid.SliceOfN(part, 0, 2).Draw(t, "domain")
		path := rapid.SliceOfN(part, 1, 4).Draw(t, "path")
		if rapid.Bool().Draw(t, "in domain") && len(domain) < len(path) {
			copy(path, domain)
		}
		isDir := rapid.Bool().Draw(t, "isDir")
		asked := path
		if !strings.Contains(strings.TrimSuffix(strings.TrimRight(line, " "), "/"), "/") && len(path) > len(domain) {
			asked = append(append([]string(nil), path[:len(domain)]...), path[len(path)-1])
		}
		want := gitignore.ParsePattern(line, domain).Match(asked, isDir)
		got := parsePattern(line, domain).Match(path, isDir)
		if got != want {
			t.Fatalf("%q under %q on %q (dir %v): %v, go-git says %v", line, domain, path, isDir, got, want)
		}
	})
}

// The common patterns take the fast way; the others are go-git's.
func TestWhichPatternsAreFast(t *testing.T) {
	for _, c := range []struct {
		line string
		fast bool
	}{
		{"*.log", true}, {"build/", true}, {"!keep.log", true}, {"*~", true}, {"go.work", true},
		{"/out/", false}, {"a/b", false}, {"*.[oa]", false}, {"f?o", false}, {"a*b", false}, {`\#x`, false}, {"**/x", false},
	} {
		_, fast := parsePattern(c.line, nil).(*namePattern)
		assert.Equal(t, c.fast, fast, c.line)
	}
}

// Git's character classes, as git check-ignore answers for each line:
// go-git's patterns use filepath.Match, which spells a negated class
// "[^x]" and reads "!" as a letter, knows no POSIX class, and takes a "-"
// or "]" at a class's edge for syntax.
func TestANegatedClassMatchesAsInGit(t *testing.T) {
	for _, c := range []struct {
		line, name string
		ignored    bool
	}{
		{"[!x].dat", "k.dat", true},
		{"[!x].dat", "x.dat", false},
		{"[!x].dat", "!.dat", true},
		{"[^x].dat", "k.dat", true},
		{`\[!x].dat`, "[!x].dat", true},
		{`\[!x].dat`, "k.dat", false},
		{"[]!].dat", "!.dat", true},
		{"[]!].dat", "k.dat", false},
		{"a/[!x]", "a/k", true},
		{"a/[!x]", "a/x", false},
		// A "-" first or last in a class is a letter; POSIX classes.
		{"[a-]x.dat", "-x.dat", true},
		{"[a-]x.dat", "ax.dat", true},
		{"[a-]x.dat", "bx.dat", false},
		{"[!a-]x.dat", "bx.dat", true},
		{"[!a-]x.dat", "-x.dat", false},
		{"[-a]x.dat", "-x.dat", true},
		{"[[:digit:]].dat", "5.dat", true},
		{"[[:digit:]].dat", "k.dat", false},
		{"[[:upper:][:digit:]]y.dat", "Ay.dat", true},
		{"[[:upper:][:digit:]]y.dat", "7y.dat", true},
		{"[[:upper:][:digit:]]y.dat", "ay.dat", false},
		{"[[:punct:]]z.dat", "!z.dat", true},
		{"[[:punct:]]z.dat", "]z.dat", true},
		{"[[:punct:]]z.dat", "az.dat", false},
	} {
		path := strings.Split(c.name, "/")
		got := parsePattern(c.line, nil).Match(path, false) == gitignore.Exclude
		assert.Equal(t, c.ignored, got, "%s on %s", c.line, c.name)
	}
}
