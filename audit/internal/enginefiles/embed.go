package enginefiles

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
)

// needsEmbedScan reports whether a folder has Go files and a file whose
// name Go has no use for, which only the Go files' //go:embed patterns can
// make count if it is ignored.
func needsEmbedScan(entries []fs.DirEntry) bool {
	goFiles, other := false, false
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		n := e.Name()
		goFiles = goFiles || strings.HasSuffix(n, ".go")
		other = other || !GoUses(n) && n != ".gitignore"
	}
	return goFiles && other
}

// infoOf is the Lstat the embed scan or an earlier walk took of a file,
// nil if none.
func (t *Tree) infoOf(p string) fs.FileInfo {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.infos[p]
}

// embedsAbove reports whether any Go file in dir or a folder above it (up
// to the workspace) has a //go:embed pattern.
func (t *Tree) embedsAbove(dir string, entries []fs.DirEntry) bool {
	t.mu.Lock()
	v, ok := t.above[dir]
	t.mu.Unlock()
	if ok {
		return v
	}
	v = len(t.embedPatterns(dir, entries)) > 0
	if !v && dir != t.Prefix && dir != "." {
		v = t.embedsAbove(path.Dir(dir), nil)
	}
	t.mu.Lock()
	t.above[dir] = v
	t.mu.Unlock()
	return v
}

// embedPatterns is the //go:embed patterns of the Go files in a folder
// (whose entries the caller may have read already). The files are read by
// a few workers at once.
func (t *Tree) embedPatterns(dir string, entries []fs.DirEntry) []string {
	t.mu.Lock()
	pats, ok := t.embed[dir]
	t.mu.Unlock()
	if ok {
		return pats
	}
	abs := filepath.Join(t.Root, filepath.FromSlash(dir))
	var unread atomic.Bool // a Go file (or the folder) that could not be read
	if entries == nil {
		var err error
		entries, err = readDir(abs)
		unread.Store(err != nil && !os.IsNotExist(err))
	}
	var goFiles, paths []string
	var links []bool
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") {
			goFiles = append(goFiles, filepath.Join(abs, e.Name()))
			paths = append(paths, join(dir, e.Name()))
			links = append(links, e.Type()&fs.ModeSymlink != 0)
		}
	}
	// With no verdicts kept from earlier runs, every file is read: open
	// and fstat, with no Lstat before.
	known := t.noEmbed != nil && t.noEmbed.Kept() && t.TrustsIndex()
	found := make([][]string, len(goFiles))
	Each(len(goFiles), 4, func(i int) {
		// A tracked file the index vouches for is known by its hash: if
		// that blob has no //go:embed, it is not read.
		e := t.tracked[paths[i]]
		if e != nil && known {
			if info, err := os.Lstat(goFiles[i]); err == nil {
				t.mu.Lock()
				t.infos[paths[i]] = info
				t.mu.Unlock()
				if t.Vouches(e, info) && t.noEmbed.Has(e.Hash) {
					return
				}
			}
		}
		// Anything but a regular file (an error here) is left to the walk,
		// which reports it; the check that reads it refuses it.
		err := ReadPooled(goFiles[i], func(c *Content) {
			if !links[i] {
				t.mu.Lock()
				if t.infos[paths[i]] == nil {
					t.infos[paths[i]] = c.Info
				}
				t.mu.Unlock()
				if t.onRead != nil {
					t.onRead(paths[i], c)
				}
			}
			if bytes.Contains(c.Src, []byte("go:embed")) {
				found[i] = EmbedPatterns(c.Src)
			}
			// Kept under the hash of what was read, never the index
			// entry's, which a forged index could make another blob's
			// (see BlobSet); the hook's checks may have hashed it already.
			if len(found[i]) == 0 && t.noEmbed != nil && t.noEmbed.Persists() {
				t.noEmbed.Add(c.Hash())
			}
		})
		if err != nil {
			unread.Store(true)
		}
	})
	for _, f := range found {
		pats = append(pats, f...)
	}
	if pats == nil {
		pats = []string{}
	}
	t.mu.Lock()
	t.embed[dir] = pats
	if unread.Load() {
		t.embedUnread[dir] = true
	}
	t.mu.Unlock()
	return pats
}

// EmbedPatterns is the patterns of every //go:embed line of a Go source.
func EmbedPatterns(src []byte) []string {
	var out []string
	// Every line, however long: the go command reads lines of any length,
	// so a directive after a line a scanner gave up on still embeds.
	for line := range bytes.Lines(src) {
		after, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("//go:embed"))
		if !ok || len(after) > 0 && after[0] != ' ' && after[0] != '\t' {
			continue
		}
		rest := strings.TrimSpace(string(after))
		for rest != "" {
			pat, r, ok := cutWord(rest, "\"`")
			if !ok {
				break
			}
			out = append(out, pat)
			rest = strings.TrimSpace(r)
		}
	}
	return out
}

// cutWord cuts the first word off s: a Go string literal if s starts with
// one of quotes (false if it does not end), otherwise up to the first
// space or tab. //go:embed lines and attributes files both quote a name
// that holds spaces so.
func cutWord(s, quotes string) (word, rest string, ok bool) {
	if s != "" && strings.IndexByte(quotes, s[0]) >= 0 {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", s, false
		}
		word, _ = strconv.Unquote(q)
		return word, s[len(q):], true
	}
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		i = len(s)
	}
	return s[:i], s[i:], true
}

// embedMatches reports whether an embed pattern takes in the file at rel
// (a slash path from the package's folder): the pattern names the file, or
// a folder above it.
func embedMatches(pat, rel string) bool {
	pat = strings.TrimPrefix(pat, "all:")
	for p := rel; p != "."; p = path.Dir(p) {
		if ok, _ := path.Match(pat, p); ok {
			return true
		}
	}
	return false
}

// Embedded reports whether a //go:embed pattern of a Go file in the folder
// of p (a Path) or one above it, up to the workspace, names p: whether
// the go command may give its bytes to a program as data. A folder whose
// Go files cannot all be read counts as one that does.
func (t *Tree) Embedded(p string) bool {
	return t.namedByEmbed(path.Dir(p), path.Base(p), nil, true)
}

// namedByEmbed reports whether a //go:embed pattern of the Go files in the
// folder dir (a Path, whose entries the caller may have read already) or
// a folder above it, up to the workspace, names the file name in dir.
// With unreadable, a folder a Go file of which could not be read counts
// as one whose patterns name it.
func (t *Tree) namedByEmbed(dir, name string, entries []fs.DirEntry, unreadable bool) bool {
	rel := name
	for d := dir; ; {
		var es []fs.DirEntry
		if d == dir {
			es = entries
		}
		pats := t.embedPatterns(d, es)
		if unreadable {
			t.mu.Lock()
			unread := t.embedUnread[d]
			t.mu.Unlock()
			if unread {
				return true
			}
		}
		for _, pat := range pats {
			if embedMatches(pat, rel) {
				return true
			}
		}
		if d == t.Prefix || d == "." {
			return false
		}
		rel = path.Base(d) + "/" + rel
		d = path.Dir(d)
	}
}
