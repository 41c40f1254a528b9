// Package goenv reads the go command's own settings as the go command
// reads them: from the environment, or else from the go env file that
// `go env -w` writes. A check that says what a build here takes (which
// files, under which tags) must see the settings that build sees, and
// GOFLAGS in the go env file changes the build as GOFLAGS in the
// environment does. It also says which files a build may take whatever
// the toolchain's own tags are set to (Builds).
package goenv

import (
	"bytes"
	"go/build"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Getenv is the value the go command takes for the setting key: the
// environment's when it is set to something, or else the go env file's
// (see File). The go command reads one more file after those, go.env of
// its GOROOT, which is not read here: the Go distribution writes it (its
// GOPROXY, GOSUMDB and GOTOOLCHAIN), and which GOROOT that is, is the go
// command's to say.
func Getenv(key string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	file := File()
	if file == "" {
		return ""
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "" // none to read, as for the go command
	}
	return fileValue(data, key)
}

// File is the go env file the go command reads: the one GOENV names,
// none for GOENV=off, or else go/env in the user's configuration folder;
// "" for none.
func File() string {
	if f := os.Getenv("GOENV"); f != "" {
		if f == "off" {
			return ""
		}
		return f
	}
	dir, err := os.UserConfigDir()
	if err != nil || dir == "" {
		return ""
	}
	return filepath.Join(dir, "go", "env")
}

// fileValue is key's value in a go env file's content, read as the go
// command reads it: a line is KEY=VALUE, taken as it stands (no spaces
// trimmed, no quotes taken off), and a line that does not start with an
// upper-case letter or has no = is passed over; the last line for a key
// wins.
func fileValue(data []byte, key string) string {
	val := ""
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		k, v, ok := bytes.Cut(line, []byte("="))
		if !ok || line[0] < 'A' || line[0] > 'Z' {
			continue
		}
		if string(k) == key {
			val = string(v)
		}
	}
	return val
}

// Context is the build context of the go command course check runs: this
// system's GOOS and GOARCH, which check sets for its build whatever a
// shell sets for cross-compiling (go/build takes them from the
// environment), and the tags GOFLAGS gives (BuildTags). What check reads
// of a workspace's files (which build, which tests they declare) must be
// what that build takes, or a file a tag set with `go env -w
// GOFLAGS=-tags=...` builds goes unread. The tool tags stay go/build's,
// which it reads from the environment alone (GOEXPERIMENT, GOAMD64 and
// the like); Builds tries them each way where a guard must not miss a
// file.
func Context() build.Context {
	ctx := build.Default
	ctx.GOOS, ctx.GOARCH = runtime.GOOS, runtime.GOARCH
	ctx.BuildTags = BuildTags()
	return ctx
}

// BuildTags is the build tags the go command's builds take from GOFLAGS,
// as Getenv finds it (see Tags).
func BuildTags() []string {
	return Tags(Getenv("GOFLAGS"))
}

// Tags is the build tags a GOFLAGS value gives a go command run with no
// -tags flag of its own: those of its last -tags=... (or --tags=...)
// word, none if it has none. The value is read as the go command reads
// it: GOFLAGS is split into words at spaces, a word that starts with a
// quote running to the next one of that kind ("-tags=a b" is one word);
// a -tags value is a comma-separated list (empty names dropped), or,
// with a space or a single quote in it, the older form, split as GOFLAGS
// is ('a' is a). A GOFLAGS the go command refuses to parse (a quote left
// open) gives none: that command builds nothing.
func Tags(goflags string) []string {
	words, ok := split(goflags)
	if !ok {
		return nil
	}
	var tags []string
	for _, w := range words {
		name, v, hasValue := strings.Cut(w, "=")
		if !hasValue || (name != "-tags" && name != "--tags") {
			continue
		}
		if strings.Contains(v, " ") || strings.Contains(v, "'") {
			if tags, ok = split(v); !ok {
				return nil
			}
			continue
		}
		tags = []string{}
		for t := range strings.SplitSeq(v, ",") {
			if t != "" {
				tags = append(tags, t)
			}
		}
	}
	return tags
}

// split splits s into words at spaces, tabs and line ends, a word that
// begins with a single or double quote running to the next such quote
// (which is not part of it), as the go command splits GOFLAGS; false for
// a quote left open.
func split(s string) ([]string, bool) {
	var words []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return words, true
		}
		if q := s[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return nil, false
			}
			words = append(words, s[1:1+end])
			s = s[2+end:]
			continue
		}
		end := strings.IndexAny(s, " \t\n\r")
		if end < 0 {
			end = len(s)
		}
		words = append(words, s[:end])
		s = s[end:]
	}
}
