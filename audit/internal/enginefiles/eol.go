package enginefiles

import (
	"bytes"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// EOL is what git does to a working-tree file's CRLF line ends when it
// reads the file to compare it with a blob (convert.c's crlf_action on
// the way in).
type EOL int

// What git does to CRLF line ends.
const (
	EOLKeep EOL = iota // nothing: the bytes are the content
	EOLText            // each CRLF is read as LF
	EOLAuto            // each CRLF is read as LF, in a file git takes for text
)

// LFContent is content as git reads it for the working-tree file p (a
// Path): CRLF line ends made LF where its attributes and core.autocrlf
// say so, the bytes as they are everywhere else. Only a file git would
// convert may differ from its blob in line ends alone and count as the
// same: a .gitattributes line for other files, or one that sets -text,
// must not make the check read an embedded file's CR bytes away.
func (t *Tree) LFContent(p string, content []byte) []byte {
	if !bytes.Contains(content, []byte("\r\n")) {
		return content
	}
	switch t.EOLOf(p) {
	case EOLText:
	case EOLAuto:
		if binaryForGit(content) {
			return content
		}
	default:
		return content
	}
	return bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
}

// binaryForGit is git's test of a file core.autocrlf or text=auto leaves
// alone: a NUL, a CR not before an LF, or more than one byte in 128 that
// is not printable.
func binaryForGit(b []byte) bool {
	var printable, nonprintable int
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
				continue
			}
			return true
		case c == '\n':
		case c == 0:
			return true
		case c == 127:
			nonprintable++
		case c < 32:
			switch c {
			case '\b', '\t', '\033', '\014':
				printable++
			default:
				nonprintable++
			}
		default:
			printable++
		}
	}
	if len(b) > 0 && b[len(b)-1] == '\032' {
		nonprintable-- // a closing ^Z, as git counts it
	}
	return printable>>7 < nonprintable
}

// EOLOf is what git does to the CRLF line ends of the working-tree file p
// (a Path): its text, crlf and eol attributes, then core.autocrlf.
func (t *Tree) EOLOf(p string) EOL {
	a := t.attributes()
	parts := strings.Split(p, "/")
	// Lowest priority first: the system's and the user's files, each
	// .gitattributes from the top down to the file's folder, info/attributes.
	stack := append([]*attrFile(nil), a.base...)
	for i := range len(parts) {
		dir := "."
		if i > 0 {
			dir = path.Join(parts[:i]...)
		}
		stack = append(stack, t.attrFileIn(dir, parts[:i]))
	}
	stack = append(stack, a.info)
	match := parts
	if t.foldCase {
		match = lowerAll(parts)
	}
	got := map[string]attrState{}
	var decide func(name string, st attrState, depth int)
	decide = func(name string, st attrState, depth int) {
		if _, done := got[name]; done {
			return
		}
		got[name] = st
		if def, ok := a.macros[name]; ok && st.set && depth < 8 {
			for i := len(def) - 1; i >= 0; i-- {
				decide(def[i].name, def[i].state, depth+1)
			}
		}
	}
	// The highest priority decides: the last file, its last matching line,
	// that line's last word; a macro set gives its words where it stands.
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == nil {
			continue
		}
		lines := stack[i].lines
		for j := len(lines) - 1; j >= 0; j-- {
			if lines[j].pattern.Match(match, false) != gitignore.Exclude {
				continue
			}
			for k := len(lines[j].attrs) - 1; k >= 0; k-- {
				decide(lines[j].attrs[k].name, lines[j].attrs[k].state, 0)
			}
		}
	}
	text := crlfAction(got["text"])
	if text == crlfUndefined {
		text = crlfAction(got["crlf"])
	}
	if eol := got["eol"].value; text != crlfBinary && (eol == "lf" || eol == "crlf") {
		if text == crlfAuto {
			return EOLAuto
		}
		return EOLText
	}
	switch text {
	case crlfText:
		return EOLText
	case crlfAuto:
		return EOLAuto
	case crlfBinary:
		return EOLKeep
	case crlfUndefined:
		// No attribute says: core.autocrlf does, as text=auto would.
	}
	if autocrlf := t.Config("core", "autocrlf"); strings.EqualFold(autocrlf, "input") || gitBool(autocrlf) {
		return EOLAuto
	}
	return EOLKeep
}

type crlfKind int

const (
	crlfUndefined crlfKind = iota
	crlfText
	crlfBinary
	crlfAuto
)

// crlfAction is what a text or crlf attribute says (git_path_check_crlf).
func crlfAction(st attrState) crlfKind {
	switch {
	case st.set:
		return crlfText
	case st.unset:
		return crlfBinary
	case st.value == "input":
		return crlfText
	case st.value == "auto":
		return crlfAuto
	}
	return crlfUndefined
}

// attrState is one attribute as a line gives it: set ("text"), unset
// ("-text"), a value ("text=auto"), or none of them ("!text", which takes
// back what a line of lower priority says).
type attrState struct {
	set, unset bool
	value      string
}

type attr struct {
	name  string
	state attrState
}

type attrLine struct {
	pattern gitignore.Pattern
	attrs   []attr
}

// attrFile is the lines of one attributes file that name a pattern.
type attrFile struct{ lines []attrLine }

// attrs is the attributes files that hold everywhere, and the macros.
type attrs struct {
	base   []*attrFile // the system's, then the user's (core.attributesFile)
	info   *attrFile   // info/attributes of the repository's common folder
	macros map[string][]attr
}

type attrCache struct {
	once  sync.Once
	all   attrs
	mu    sync.Mutex
	files map[string]*attrFile // .gitattributes by folder (a Path)
}

// attributes reads, once, the attributes files that are not a folder's.
func (t *Tree) attributes() *attrs {
	c := &t.attrCache
	c.once.Do(func() {
		c.all.macros = map[string][]attr{"binary": {{"diff", attrState{unset: true}}, {"merge", attrState{unset: true}}, {"text", attrState{unset: true}}}}
		global := expandHome(t.Config("core", "attributesfile"))
		if global == "" {
			global = filepath.Join(xdgConfigHome(), "git", "attributes")
		}
		for _, f := range []string{"/etc/gitattributes", global} {
			raw, err := regularfile.ReadFile(f)
			if err == nil {
				c.all.base = append(c.all.base, t.parseAttrs(raw, nil, true))
			}
		}
		if t.CommonDir != "" {
			if raw, err := regularfile.ReadFile(filepath.Join(t.CommonDir, "info", "attributes")); err == nil {
				c.all.info = t.parseAttrs(raw, nil, true)
			}
		}
		// The top folder's .gitattributes may define macros too: read it
		// now, so that they are known before any file is judged.
		t.attrFileIn(".", nil)
	})
	return &c.all
}

// attrFileIn is the .gitattributes of the folder dir (a Path), nil for
// none. Git reads the file on disk, and the index's copy where there is
// none on disk or it is a symbolic link (which git does not follow).
func (t *Tree) attrFileIn(dir string, domain []string) *attrFile {
	c := &t.attrCache
	c.mu.Lock()
	if f, ok := c.files[dir]; ok {
		c.mu.Unlock()
		return f
	}
	c.mu.Unlock()
	name := path.Join(dir, ".gitattributes")
	var raw []byte
	abs := filepath.Join(t.Root, filepath.FromSlash(name))
	if st, err := os.Lstat(abs); err == nil && st.Mode().IsRegular() {
		raw, _ = regularfile.ReadFile(abs)
	} else if e := t.tracked[name]; e != nil && t.Repo != nil {
		if b, err := t.Repo.BlobObject(e.Hash); err == nil {
			if r, err := b.Reader(); err == nil {
				raw, _ = io.ReadAll(r)
				r.Close()
			}
		}
	}
	var f *attrFile
	if raw != nil {
		f = t.parseAttrs(raw, domain, dir == ".")
	}
	c.mu.Lock()
	if c.files == nil {
		c.files = map[string]*attrFile{}
	}
	c.files[dir] = f
	c.mu.Unlock()
	return f
}

// parseAttrs reads an attributes file as git does: a pattern (quoted or
// not) and its attributes on each line; a negated pattern is no rule; a
// macro ([attr]NAME) only where macros may be defined.
func (t *Tree) parseAttrs(raw []byte, domain []string, macros bool) *attrFile {
	f := &attrFile{}
	text := string(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\r\n")
		line = strings.TrimLeft(line, " \t")
		if line == "" || line[0] == '#' {
			continue
		}
		pat, line, ok := cutWord(line, `"`)
		if !ok {
			continue
		}
		var as []attr
		for _, w := range strings.Fields(line) {
			switch {
			case strings.HasPrefix(w, "-"):
				as = append(as, attr{w[1:], attrState{unset: true}})
			case strings.HasPrefix(w, "!"):
				as = append(as, attr{w[1:], attrState{}})
			default:
				name, value, hasValue := strings.Cut(w, "=")
				if hasValue {
					as = append(as, attr{name, attrState{value: value}})
				} else {
					as = append(as, attr{name, attrState{set: true}})
				}
			}
		}
		if name, ok := strings.CutPrefix(pat, "[attr]"); ok {
			if macros {
				t.attrCache.all.macros[name] = as
			}
			continue
		}
		if strings.HasPrefix(pat, "!") {
			continue // git refuses negated patterns in attributes files
		}
		d := domain
		if t.foldCase {
			pat, d = asciiLower(pat), lowerAll(domain)
		}
		f.lines = append(f.lines, attrLine{pattern: parse(pat, d, t.foldCase), attrs: as})
	}
	return f
}
