package enginefiles

import (
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// parsePattern is gitignore.ParsePattern, but a pattern of the commonest
// kinds, a name with no wildcard ("build/", "go.work") or "*" and a
// suffix ("*.log", "*~"), is matched by comparing strings rather than by
// filepath.Match: a walk matches every untracked file against every rule
// in force, and a folder of build logs has thousands. Both give the same
// answer for every path (see TestFastPatternsMatchAsGoGitDoes).
//
// A pattern without a slash is matched, as git matches it, against the
// last part of a path alone: go-git's tries every part, so that "!*/"
// took back every file of a folder it took back, and "*", "!*/",
// "!*.go" (keep only Go files) kept every file. The folders above a path
// are the walk's to judge on its way down (see Tree.Walk).
func parsePattern(line string, domain []string) gitignore.Pattern {
	p := line
	inclusion := strings.HasPrefix(p, "!")
	if inclusion {
		p = p[1:]
	}
	if !strings.HasSuffix(p, `\ `) {
		p = strings.TrimRight(p, " ")
	}
	dirOnly := strings.HasSuffix(p, "/")
	if dirOnly {
		p = p[:len(p)-1]
	}
	if strings.Contains(p, "/") || p == "" {
		return gitignore.ParsePattern(gitClasses(line), domain)
	}
	f := &namePattern{domain: append([]string(nil), domain...), inclusion: inclusion, dirOnly: dirOnly}
	switch {
	case !strings.ContainsAny(p, `*?[\`):
		f.name = p
	case p[0] == '*' && !strings.ContainsAny(p[1:], `*?[\`):
		f.name, f.suffix = p[1:], true
	default:
		return lastPart{gitignore.ParsePattern(gitClasses(line), domain), len(domain)}
	}
	return f
}

// lastPart is a go-git pattern without a slash, under a domain depth
// parts long, given the last part of a path alone.
type lastPart struct {
	gitignore.Pattern
	depth int
}

func (p lastPart) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) <= p.depth {
		return gitignore.NoMatch
	}
	last := make([]string, 0, p.depth+1)
	return p.Pattern.Match(append(append(last, path[:p.depth]...), path[len(path)-1]), isDir)
}

// gitClasses spells git's character classes as Go's filepath.Match (which
// go-git's patterns use) reads them: a class negated with "!" ("[!x]") as
// "[^x]", since Match reads the "!" as a letter, so that "[!x].dat"
// matched only "!.dat" and "x.dat" where git ignores every other
// one-letter name; and a "]" first in a class, one of its letters in git,
// escaped, since Match takes it as the end of an empty class.
func gitClasses(line string) string {
	if !strings.Contains(line, "[") {
		return line
	}
	out := make([]byte, 0, len(line)+2)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\' && i+1 < len(line):
			out = append(out, c, line[i+1]) // an escaped character starts nothing
			i++
		case c == '[':
			out = append(out, c)
			j := i + 1
			if j < len(line) && line[j] == '!' {
				out = append(out, '^')
				j++
			}
			if j < len(line) && line[j] == ']' {
				out = append(out, '\\', ']')
				j++
			}
			for j < len(line) && line[j] != ']' {
				if line[j] == '\\' && j+1 < len(line) {
					out = append(out, line[j])
					j++
				}
				out = append(out, line[j])
				j++
			}
			i = j - 1
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

// namePattern is a pattern without a slash that names a file or folder
// exactly, or by a suffix after "*", at any depth under its domain.
type namePattern struct {
	domain             []string
	name               string
	suffix             bool // name is what the matched name ends with
	inclusion, dirOnly bool
}

func (p *namePattern) matches(name string) bool {
	if p.suffix {
		return strings.HasSuffix(name, p.name)
	}
	return name == p.name
}

// Match answers as go-git's pattern does when given the path's last part
// under the domain alone: a path under the domain whose last part the
// pattern names matches, but not a file for a folder-only pattern.
func (p *namePattern) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) <= len(p.domain) {
		return gitignore.NoMatch
	}
	for i, e := range p.domain {
		if path[i] != e {
			return gitignore.NoMatch
		}
	}
	switch {
	case !p.matches(path[len(path)-1]), p.dirOnly && !isDir:
		return gitignore.NoMatch
	case p.inclusion:
		return gitignore.Include
	}
	return gitignore.Exclude
}
