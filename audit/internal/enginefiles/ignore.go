package enginefiles

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// parsePattern reads one line of an ignore file as git does. A pattern of
// the commonest kinds, a name with no wildcard ("build/", "go.work") or
// "*" and a suffix ("*.log", "*~"), is matched by comparing strings rather
// than by filepath.Match: a walk matches every untracked file against
// every rule in force, and a folder of build logs has thousands. Both give
// the same answer for every path (see TestFastPatternsMatchAsGoGitDoes).
//
// A pattern is matched against the whole of a path under its domain, and
// one without a slash against the path's last part alone; the folders
// above a path are the walk's to judge on its way down (see Tree.Walk).
// Go-git's patterns take a match of any part, or of the path's first
// parts, for a match of the path: "!*/" took back every file of a folder
// it took back, so "*", "!*/", "!*.go" (keep only Go files) kept every
// file; and "/*", "!b/" ignored b's files, which git reports.
func parsePattern(line string, domain []string) gitignore.Pattern {
	return parse(line, domain, false)
}

// parse is parsePattern; with fold the line is in lower case, to be
// matched against paths in lower case (core.ignorecase), where a POSIX
// class of one case stands for letters of both.
func parse(line string, domain []string, fold bool) gitignore.Pattern {
	p := trimSpaces(line)
	inclusion := strings.HasPrefix(p, "!")
	if inclusion {
		p = p[1:]
	}
	dirOnly := strings.HasSuffix(p, "/")
	if dirOnly {
		p = p[:len(p)-1]
	}
	domain = append([]string(nil), domain...)
	if strings.Contains(p, "/") || p == "" {
		// Relative to the domain, whether it starts with a slash or not.
		return &globPattern{domain: domain, segments: strings.Split(gitClasses(strings.TrimPrefix(p, "/"), fold), "/"),
			inclusion: inclusion, dirOnly: dirOnly}
	}
	f := &namePattern{domain: domain, inclusion: inclusion, dirOnly: dirOnly}
	switch {
	case !strings.ContainsAny(p, `*?[\`):
		f.name = p
	case p[0] == '*' && !strings.ContainsAny(p[1:], `*?[\`):
		f.name, f.suffix = p[1:], true
	default:
		return &globPattern{domain: domain, segments: []string{gitClasses(p, fold)}, last: true, inclusion: inclusion, dirOnly: dirOnly}
	}
	return f
}

// trimSpaces takes the trailing spaces off an ignore rule as git does: not
// one a backslash escapes, nor tabs.
func trimSpaces(line string) string {
	lastSpace := -1
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i == len(line) {
				return line
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return line[:lastSpace]
	}
	return line
}

// globPattern is a pattern with wildcards: its segments, each matched
// against one part of a path by filepath.Match, with "**" for any number
// of parts (as the last segment, one or more: everything inside); last
// says the one segment is matched against a path's last part alone.
type globPattern struct {
	domain             []string
	segments           []string
	last               bool
	inclusion, dirOnly bool
}

func (p *globPattern) Match(path []string, isDir bool) gitignore.MatchResult {
	if len(path) <= len(p.domain) {
		return gitignore.NoMatch
	}
	for i, e := range p.domain {
		if path[i] != e {
			return gitignore.NoMatch
		}
	}
	path = path[len(p.domain):]
	var ok bool
	if p.last {
		ok = matchPart(p.segments[0], path[len(path)-1])
	} else {
		ok = matchParts(p.segments, path)
	}
	switch {
	case !ok, p.dirOnly && !isDir:
		return gitignore.NoMatch
	case p.inclusion:
		return gitignore.Include
	}
	return gitignore.Exclude
}

// matchParts reports whether segments match the whole of path.
func matchParts(segments, path []string) bool {
	if len(segments) == 0 {
		return len(path) == 0
	}
	if segments[0] == "**" {
		if len(segments) == 1 {
			return len(path) > 0
		}
		for i := range len(path) + 1 {
			if matchParts(segments[1:], path[i:]) {
				return true
			}
		}
		return false
	}
	return len(path) > 0 && matchPart(segments[0], path[0]) && matchParts(segments[1:], path[1:])
}

// matchPart matches one part of a path as git does, byte by byte: where
// either holds a byte beyond ASCII, each byte is read as the letter of
// that number, so that "?" is one byte of "é" and not the whole letter.
func matchPart(pattern, name string) bool {
	if !isASCII(pattern) || !isASCII(name) {
		pattern, name = bytesAsLetters(pattern), bytesAsLetters(name)
	}
	ok, err := filepath.Match(pattern, name)
	return err == nil && ok
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func bytesAsLetters(s string) string {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return string(r)
}

// gitClasses spells git's character classes as Go's filepath.Match (which
// globPattern uses) reads them:
//   - a class negated with "!" ("[!x]") as "[^x]": Match reads the "!" as a
//     letter, so that "[!x].dat" matched only "!.dat" and "x.dat";
//   - a "]" first in a class, and a "-" first or last, letters in git,
//     escaped: Match takes them for the class's end or a range, or refuses
//     the pattern;
//   - a POSIX class ("[[:digit:]]") as the ASCII letters it stands for,
//     which Match does not know.
func gitClasses(line string, fold bool) string {
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
			first := j
			for j < len(line) && (line[j] != ']' || j == first) {
				switch {
				case line[j] == '\\' && j+1 < len(line):
					out = append(out, line[j], line[j+1])
					j += 2
					continue
				case line[j] == '[' && j+1 < len(line) && line[j+1] == ':':
					if end := strings.Index(line[j+2:], ":]"); end >= 0 {
						class := line[j+2 : j+2+end]
						if fold && (class == "upper" || class == "lower") {
							class = "alpha"
						}
						letters, ok := posixClasses[class]
						if !ok {
							return "[" // git's matcher gives up on a class it does not know: no match
						}
						out = append(out, letters...)
						j += 2 + end + 2
						continue
					}
				case line[j] == ']', line[j] == '-' && (j == first || j+1 < len(line) && line[j+1] == ']'):
					out = append(out, '\\')
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

// posixClasses is what each POSIX class in a git pattern stands for, in
// filepath.Match's spelling, with no "/" written out.
var posixClasses = map[string]string{
	"alnum":  "0-9A-Za-z",
	"alpha":  "A-Za-z",
	"blank":  " \t",
	"cntrl":  "\x00-\x1f\x7f",
	"digit":  "0-9",
	"graph":  "!-~",
	"lower":  "a-z",
	"print":  " -~",
	"punct":  "!-.:-@[-`{-~", // "/", in no name, left out: go-git splits a pattern at each
	"space":  " \t\n\v\f\r",
	"upper":  "A-Z",
	"xdigit": "0-9A-Fa-f",
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

// basePatterns is the ignore rules that hold everywhere, lowest priority
// first: core.excludesFile (or git's default for it, the XDG
// ~/.config/git/ignore), then info/exclude of the repository's common
// folder, which a linked worktree shares with the main one. The .gitignore
// files are read on the way down.
func (t *Tree) basePatterns() ([]gitignore.Pattern, [20]byte) {
	var ps []gitignore.Pattern
	// The key covers every file the rules could come from.
	var key [20]byte
	for _, c := range t.configs {
		key = rulesKey(key, c.path, c.raw)
	}
	// core.excludesFile set empty names no file, the XDG default not
	// either; a relative one is the work tree's, where git runs.
	excludes, set := t.configValue("core", "excludesfile")
	if excludes = expandHome(excludes); excludes != "" && !filepath.IsAbs(excludes) {
		excludes = filepath.Join(t.Root, excludes)
	}
	if excludes != "" {
		raw, _ := regularfile.ReadFile(excludes)
		key = rulesKey(key, excludes, raw)
	}
	for _, file := range []string{filepath.Join(xdgConfigHome(), "git", "ignore"), filepath.Join(t.CommonDir, "info", "exclude")} {
		raw, _ := regularfile.ReadFile(file)
		key = rulesKey(key, file, raw)
	}
	// Read as every other ignore file is (not with go-git's loaders for
	// ~/.gitconfig's and /etc/gitconfig's, which would read the patterns
	// without git's character classes or core.ignorecase).
	switch {
	case !set:
		ps = append(ps, readPatterns(filepath.Join(xdgConfigHome(), "git", "ignore"), nil, t.foldCase)...)
	case excludes != "":
		ps = append(ps, readPatterns(excludes, nil, t.foldCase)...)
	}
	return append(ps, readPatterns(filepath.Join(t.CommonDir, "info", "exclude"), nil, t.foldCase)...), key
}

// expandHome is a path from git's configuration with a leading ~/ read as
// the user's home folder, as git reads it.
func expandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, rest)
	}
	return p
}

// readPatterns reads one ignore file; a missing file has no patterns.
// fold makes them match without regard to case (core.ignorecase).
func readPatterns(file string, domain []string, fold bool) []gitignore.Pattern {
	ps, _ := readPatternsRaw(file, domain, fold)
	return ps
}

// readPatternsRaw is readPatterns with the file's text.
func readPatternsRaw(file string, domain []string, fold bool) ([]gitignore.Pattern, []byte) {
	raw, err := regularfile.ReadFile(file)
	if err != nil {
		return nil, nil
	}
	var ps []gitignore.Pattern
	// Read as git reads it: past a UTF-8 byte order mark at the start, one
	// CR taken off each line's end, a line cut at a NUL, no limit on its
	// length; a line of spaces alone, or a comment, is no rule (parse
	// trims the rest).
	text := string(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimSuffix(line, "\r")
		line, _, _ = strings.Cut(line, "\x00")
		if strings.HasPrefix(line, "#") || trimSpaces(line) == "" {
			continue
		}
		if fold {
			ps = append(ps, foldedPattern{parse(asciiLower(line), lowerAll(domain), true)})
			continue
		}
		ps = append(ps, parsePattern(line, domain))
	}
	return ps, raw
}

// gitBool is a config value as git reads a boolean: true, yes, on or a
// number other than 0.
func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n != 0
}

// foldedPattern is a pattern read with core.ignorecase set: parsed in
// lower case, it is matched against the path in lower case (see ignored).
type foldedPattern struct{ gitignore.Pattern }

func lowerAll(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = asciiLower(p)
	}
	return out
}

// asciiLower is s with A to Z in lower case and nothing else changed: git
// folds case byte by byte, in ASCII alone, so "Ä" and "ä" stay apart.
func asciiLower(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func ignored(ps []gitignore.Pattern, parts []string, isDir bool) bool {
	var lower []string
	for i := len(ps) - 1; i >= 0; i-- {
		path := parts
		if _, ok := ps[i].(foldedPattern); ok {
			if lower == nil {
				lower = lowerAll(parts)
			}
			path = lower
		}
		switch ps[i].Match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		case gitignore.NoMatch:
			// an earlier pattern may still decide
		}
	}
	return false
}
