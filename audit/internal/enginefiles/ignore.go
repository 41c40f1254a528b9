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
		return gitignore.ParsePattern(gitClasses(line), domain)
	}
	return f
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

// Match answers as go-git's pattern does: the first part of the path
// under the domain that the pattern matches decides, and a folder-only
// pattern whose match is the path's last part, a file, matches nothing.
func (p *namePattern) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) <= len(p.domain) {
		return gitignore.NoMatch
	}
	for i, e := range p.domain {
		if path[i] != e {
			return gitignore.NoMatch
		}
	}
	path = path[len(p.domain):]
	for i, name := range path {
		if !p.matches(name) {
			continue
		}
		if p.dirOnly && !isDir && i == len(path)-1 {
			return gitignore.NoMatch
		}
		if p.inclusion {
			return gitignore.Include
		}
		return gitignore.Exclude
	}
	return gitignore.NoMatch
}
