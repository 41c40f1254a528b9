package enginefiles

import (
	"bytes"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// Conversion is what git does to the bytes of one working-tree file
// between it and its blob (convert.c's conv_attrs, decided): its line
// ends, by the text, crlf and eol attributes, core.autocrlf and core.eol,
// and its $Id$ keywords, by the ident attribute. Git's commit direction
// (Clean) and its checkout direction (Checkout) are not each other's
// inverse: a commit reads CRLF as LF where a checkout writes LF, and any
// $Id: ... $ as $Id$, so that bytes no checkout writes can still clean
// to the blob.
type Conversion struct {
	toGit  bool // a commit reads CRLF line ends as LF
	guess  bool // ... only in a file git takes for text (text=auto, core.autocrlf)
	toCRLF bool // a checkout writes LF line ends as CRLF
	ident  bool // $Id$ is expanded on checkout and collapsed on commit
	// inCore is set where a checkout converts the whole blob at once
	// (text=auto but for eol=lf, or core.autocrlf true where no attribute
	// says): everywhere else it streams the blob through filters, whose
	// $Id$ differs from the whole blob's in edge cases (see streamIdent).
	inCore bool
}

// None reports whether git reads and writes the file's bytes as they are.
func (c Conversion) None() bool { return !c.toGit && !c.ident }

// Ident reports whether the file has the ident attribute.
func (c Conversion) Ident() bool { return c.ident }

// WritesCRLF reports whether a checkout may write LF line ends as CRLF.
func (c Conversion) WritesCRLF() bool { return c.toCRLF }

// CleansCRLF reports whether a commit of content reads its CRLF line ends
// as LF (convert.c's crlf_to_git), for the file's attributes.
func (c Conversion) CleansCRLF(content []byte) bool {
	if !c.toGit || !bytes.Contains(content, []byte("\r\n")) {
		return false
	}
	return !c.guess || !binaryForGit(content)
}

// Clean is content as git would commit it: CRLF line ends made LF where
// CleansCRLF says, then each $Id: ... $ made $Id$ where the file has the
// ident attribute (convert_to_git, past any filter). It is content itself
// when nothing changes.
func (c Conversion) Clean(content []byte) []byte {
	// Git also leaves CRLF alone where it guesses and the index's blob
	// has a CR; the bytes made here have none then, so they are not that
	// blob either way.
	out := content
	if c.CleansCRLF(content) {
		if c.guess {
			// A file git guesses is text has no lone CR: every CR goes.
			out = bytes.ReplaceAll(content, []byte("\r"), nil)
		} else {
			out = bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
		}
	}
	if c.ident {
		out = collapseIdent(out)
	}
	return out
}

// Checkout is the bytes a checkout of the blob with content blob and id h
// writes (entry.c's write_entry, past any filter): each $Id$ expanded to
// $Id: <h> $ where the file has the ident attribute, then each LF not
// after a CR made CRLF where git writes CRLF, unless git guesses at the
// file and takes it for binary or finds a CR in it already. It is blob
// itself when nothing changes.
func (c Conversion) Checkout(blob []byte, h plumbing.Hash) []byte {
	out := blob
	if c.ident {
		if c.inCore {
			out = expandIdent(out, h.String())
		} else {
			out = streamIdent(out, h.String())
		}
	}
	if !c.toCRLF || bytes.IndexByte(out, '\n') < 0 {
		return out
	}
	if c.guess && (bytes.IndexByte(out, '\r') >= 0 || binaryForGit(out)) {
		return out
	}
	crlf := make([]byte, 0, len(out)+bytes.Count(out, []byte("\n")))
	for i, b := range out {
		if b == '\n' && (i == 0 || out[i-1] != '\r') {
			crlf = append(crlf, '\r')
		}
		crlf = append(crlf, b)
	}
	return crlf
}

// streamIdent is src as git's streaming ident filter writes it (convert.c's
// ident_filter_fn), which a checkout uses for every file it need not
// convert whole: "$Id" then "$" or ":", up to the next "$" or LF, is
// written as $Id: <id> $, unless it starts "$Id: " and holds white space
// other than just before its closing dollar (another versioning system's
// id). It differs from expandIdent where its state is not reset: a "$"
// that ends a partial "$Id" starts no keyword, and the text held since a
// partial match (after "$Id" and another byte) is dropped when a keyword
// follows it at once.
func streamIdent(src []byte, id string) []byte {
	const (
		head     = "$Id\x00" // the C string's NUL is matched too
		skipping = -1
	)
	keyword := ": " + id + " $"
	var out, left []byte
	state := 0
	drain := func() {
		out = append(out, left...)
		left = left[:0]
		state = 0
	}
	for _, ch := range src {
		if state == skipping {
			left = append(left, ch)
			if ch != '\n' && ch != '$' {
				continue
			}
			if ch == '$' && !foreignIdent(left) {
				left = append(left[:3], keyword...)
			}
			drain()
			continue
		}
		if state < len(head) && head[state] == ch {
			state++
			continue
		}
		left = append(left, head[:state]...)
		if state == 3 {
			switch ch {
			case ':':
				left = append(left, ch)
				state = skipping
			case '$':
				left = append(left, keyword...)
				drain()
			default:
				left = append(left, ch)
				state = 0 // what is held stays held
			}
			continue
		}
		left = append(left, ch)
		drain()
	}
	if state > 0 {
		left = append(left, head[:state]...)
	}
	return append(out, left...)
}

// foreignIdent is convert.c's is_foreign_ident, on the C string held: it
// starts "$Id: ", then holds a space, tab or CR (git's own isspace; no LF
// gets here) not just before a dollar.
func foreignIdent(held []byte) bool {
	if i := bytes.IndexByte(held, 0); i >= 0 {
		held = held[:i]
	}
	str, ok := bytes.CutPrefix(held, []byte("$Id: "))
	if !ok {
		return false
	}
	for i, ch := range str {
		if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') && (i+1 >= len(str) || str[i+1] != '$') {
			return true
		}
	}
	return false
}

// countIdent is how many $Id$ or $Id: ... $ (no line break between the
// dollars) keywords src holds (convert.c's count_ident).
func countIdent(src []byte) int {
	n := 0
	for len(src) > 0 {
		ch := src[0]
		src = src[1:]
		if ch != '$' {
			continue
		}
		if len(src) < 3 {
			break
		}
		if src[0] != 'I' || src[1] != 'd' {
			continue
		}
		ch = src[2]
		src = src[3:]
		if ch == '$' {
			n++
		}
		if ch != ':' {
			continue
		}
		for len(src) > 0 {
			ch = src[0]
			src = src[1:]
			if ch == '$' {
				n++
				break
			}
			if ch == '\n' {
				break
			}
		}
	}
	return n
}

// expandIdent is src with each $Id$, and each $Id: ... $ that has no line
// break and no space but the last before its closing dollar, written as
// $Id: <id> $ (convert.c's ident_to_worktree). It is src itself when it
// holds no keyword.
func expandIdent(src []byte, id string) []byte {
	if countIdent(src) == 0 {
		return src
	}
	out := make([]byte, 0, len(src)+len(id)+4)
loop:
	for {
		dollar := bytes.IndexByte(src, '$')
		if dollar < 0 {
			break
		}
		out = append(out, src[:dollar+1]...)
		src = src[dollar+1:]
		if len(src) < 3 || src[0] != 'I' || src[1] != 'd' {
			continue
		}
		switch src[2] {
		case '$':
			src = src[3:]
		case ':':
			end := bytes.IndexByte(src[3:], '$')
			if end < 0 {
				break loop // an unclosed keyword: the rest as it is
			}
			end += 3
			if bytes.IndexByte(src[3:end], '\n') >= 0 {
				continue
			}
			// Spaces elsewhere than before the closing dollar: another
			// versioning system's id, left alone. ("$Id:$" has git read
			// on past the keyword for a space; taken here as an id.)
			if end > 4 {
				if sp := bytes.IndexByte(src[4:end], ' '); sp >= 0 && 4+sp < end-1 {
					continue
				}
			}
			src = src[end+1:]
		default:
			continue
		}
		out = append(out, "Id: "...)
		out = append(out, id...)
		out = append(out, " $"...)
	}
	return append(out, src...)
}

// collapseIdent is src with each $Id: ... $ that has no line break
// written as $Id$ (convert.c's ident_to_git). It is src itself when it
// holds no keyword.
func collapseIdent(src []byte) []byte {
	if countIdent(src) == 0 {
		return src
	}
	out := make([]byte, 0, len(src))
	for {
		dollar := bytes.IndexByte(src, '$')
		if dollar < 0 {
			break
		}
		out = append(out, src[:dollar+1]...)
		src = src[dollar+1:]
		if len(src) > 3 && bytes.HasPrefix(src, []byte("Id:")) {
			end := bytes.IndexByte(src[3:], '$')
			if end < 0 {
				break
			}
			end += 3
			if bytes.IndexByte(src[3:end], '\n') >= 0 {
				continue
			}
			out = append(out, "Id$"...)
			src = src[end+1:]
		}
	}
	return append(out, src...)
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

// ConversionOf is what git does to the bytes of the working-tree file p
// (a Path) on their way to and from its blob: its text, crlf, eol and
// ident attributes, then core.autocrlf and core.eol, decided as
// convert.c's convert_attrs decides them.
func (t *Tree) ConversionOf(p string) Conversion {
	got := t.attrsOf(p)
	text := crlfAction(got["text"])
	if text == crlfUndefined {
		text = crlfAction(got["crlf"])
	}
	if text != crlfBinary {
		switch eol := got["eol"].value; {
		case text == crlfAuto && eol == "lf":
			text = crlfAutoInput
		case text == crlfAuto && eol == "crlf":
			text = crlfAutoCRLF
		case eol == "lf":
			text = crlfTextInput
		case eol == "crlf":
			text = crlfTextCRLF
		}
	}
	autocrlf := t.Config("core", "autocrlf")
	input := strings.EqualFold(autocrlf, "input")
	on := !input && gitBool(autocrlf)
	c := Conversion{ident: got["ident"].set}
	switch text {
	case crlfBinary:
	case crlfTextInput:
		c.toGit = true
	case crlfTextCRLF:
		c.toGit, c.toCRLF = true, true
	case crlfText:
		c.toGit, c.toCRLF = true, t.textEOLIsCRLF(on, input)
	case crlfAuto:
		c.toGit, c.guess, c.toCRLF, c.inCore = true, true, t.textEOLIsCRLF(on, input), true
	case crlfAutoInput:
		c.toGit, c.guess = true, true
	case crlfAutoCRLF:
		c.toGit, c.guess, c.toCRLF, c.inCore = true, true, true, true
	case crlfUndefined:
		// No attribute says: core.autocrlf does, as text=auto with the
		// eol it names would.
		c.toGit, c.guess, c.toCRLF, c.inCore = on || input, on || input, on, on
	}
	return c
}

// textEOLIsCRLF is the line end a checkout writes for a text file whose
// attributes name none (convert.c's text_eol_is_crlf): core.autocrlf's,
// then core.eol's, then the system's own (CRLF on Windows, where git is
// built so).
func (t *Tree) textEOLIsCRLF(autocrlf, input bool) bool {
	switch {
	case autocrlf:
		return true
	case input:
		return false
	}
	switch eol := t.Config("core", "eol"); {
	case strings.EqualFold(eol, "crlf"):
		return true
	case strings.EqualFold(eol, "lf"):
		return false
	}
	return runtime.GOOS == "windows"
}

// attrsOf is every attribute the attributes files git reads give the
// working-tree file p (a Path), macros expanded.
func (t *Tree) attrsOf(p string) map[string]attrState {
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
	return got
}

type crlfKind int

// The crlf actions of convert.c, as the attributes give them and as
// convert_attrs decides them with the eol attribute.
const (
	crlfUndefined crlfKind = iota
	crlfText
	crlfBinary
	crlfAuto
	crlfTextInput
	crlfTextCRLF
	crlfAutoInput
	crlfAutoCRLF
)

// crlfAction is what a text or crlf attribute says (git_path_check_crlf).
func crlfAction(st attrState) crlfKind {
	switch {
	case st.set:
		return crlfText
	case st.unset:
		return crlfBinary
	case st.value == "input":
		return crlfTextInput
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
		for _, f := range []string{t.sys.attributesFile(), global} {
			if f == "" {
				continue
			}
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
