// Package shellarg writes a path into a command that course suggests (`run
// course start-module 00 my engine`), so that the command, copied into a
// POSIX shell, passes the path as one argument, and as a path, not a flag.
package shellarg

import "strings"

// Quote is s as one shell word: as it is when it holds only characters no
// shell treats specially, otherwise in single quotes, each single quote
// within it closed, escaped and opened again. A path starting with a dash
// is given ./ in front, so that no command takes it for a flag. An empty s
// stays empty: the suggestion then has no path to give.
func Quote(s string) string {
	if s == "" {
		return ""
	}
	if strings.HasPrefix(s, "-") {
		s = "./" + s
	}
	if strings.IndexFunc(s, special) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// special reports whether a shell may read r as something other than
// itself in an unquoted word.
func special(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return false
	case strings.ContainsRune("/._-+,:@%=", r):
		return false
	}
	return true
}
