// Package audit enforces the Zero-Coupling Law: nothing under a workspace's
// engine folders names a card or a grid noun of the course catalog. The
// names come in as data (Name: the name, its kind, the module that brings
// it, its short names), so the audit links no catalog or schema code.
//
// What counts, by kind:
//   - a card (and each of its aliases) in every spelling, anywhere in an
//     engine file: identifiers, string literals, comments, other files;
//     and in the name of a file or folder (the engine folder's own
//     included), where a grid noun counts as in a file that is not Go;
//   - a grid noun only where it names the grid object, and only once the
//     module that brings it is started: as an upper-case word in a Go
//     string literal ("text:FLAG", "IS_ROCK", "ROCK IS YOU"), as a whole
//     word in any case in a string literal without white space ("rock",
//     "kind=rock") that is not a struct tag (`json:"key"` names a field), in an all-upper-case Go identifier (ROCK, IS_ROCK), and
//     in any other file as an upper-case word. Comments, import paths,
//     prose in strings ("invalid header key") and ordinary Go identifiers
//     (key, flagSet, wallClock) do not count.
//
// Which files an engine folder has is package enginefiles' answer, the same
// expansion-check uses. Go files are read as Go, a '+' chain joining the
// constants of its package's files in the folder (Package); every other
// file as text.
// The matcher itself is package match; the same check as a go/analysis
// Analyzer is package analyzer.
package audit

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/audit/match"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// Kind is what a name names.
type Kind string

// The kinds of name.
const (
	KindCard     Kind = "card"
	KindGridNoun Kind = "grid noun"
)

// Name is one name the Law forbids.
type Name struct {
	Name    string   `json:"name"`              // as the catalog writes it: "Baron Rivendare", "DOOR"
	Kind    Kind     `json:"kind"`              // card or grid noun
	Module  string   `json:"module"`            // the module that brings it: "04", or "04x" for its Expansion Drop
	Aliases []string `json:"aliases,omitempty"` // short names that count as the name: "Baron", "Rivendare"
}

// AllModules, as the highest module started, checks every grid noun: the
// course repository's own engine is held to every name.
const AllModules = "all"

// Started reports whether module is at or below the highest module
// started ("" when none is; "06x" once Module 6's Expansion Drop is).
func Started(module, highest string) bool {
	if highest == AllModules {
		return true
	}
	return highest != "" && module <= highest
}

// Rules is the compiled check: the names and where each kind counts.
type Rules struct {
	names []Name
	cards *match.Matcher // cards and their aliases
	nouns *match.Matcher // the grid nouns of started modules
	key   string         // what the verdicts depend on: the rule's version and the names it checks
	sieve *sieve         // files that surely name nothing (see sieve)
}

// ruleVersion changes whenever what counts as a finding changes, so that
// verdicts kept from an earlier rule are not trusted.
const ruleVersion = "9" // 4: names folded as strings.EqualFold, ToLower and ToUpper hold them equal; 5: string literals joined by '+' read as one; 6: NUL bytes dropped wherever the first stands; 7: constants the file declares and conversions join a '+' chain, a struct tag names a noun in upper case alone; 8: constants another file of the package declares join a '+' chain too (a folder's verdict kept under its Go files' digest); 9: a name in parentheses after return or case, and a conversion by string spelt with a space or a comment before its parenthesis, reach the fold (the sieve had cleared such files)

// NewRules compiles the names for a learner whose highest started module is
// highest (AllModules for every one). Grid nouns of modules not yet started
// are left out.
func NewRules(names []Name, highest string) *Rules {
	r := &Rules{names: names}
	var cards, nouns []match.Name
	for i, n := range names {
		switch n.Kind {
		case KindGridNoun:
			if Started(n.Module, highest) {
				mn := match.NewName(n.Name)
				mn.ID = i
				nouns = append(nouns, mn)
			}
		default:
			for _, spelling := range append([]string{n.Name}, n.Aliases...) {
				mn := match.NewName(spelling)
				mn.ID = i
				cards = append(cards, mn)
			}
		}
	}
	r.cards, r.nouns = match.NewMatcher(cards), match.NewMatcher(nouns)
	r.sieve = newSieve(r.cards, r.nouns)
	sum := sha256.New()
	fmt.Fprintln(sum, ruleVersion)
	for _, n := range append(cards, nouns...) {
		fmt.Fprintf(sum, "%d %q %q\n", n.ID, n.Display, names[n.ID].Kind)
	}
	r.key = hex.EncodeToString(sum.Sum(nil)[:12])
	return r
}

// Key is what a verdict under these rules depends on: the rule's version
// and the names it checks. Two Rules with one Key find the same things.
func (r *Rules) Key() string { return r.key }

// Names is every name the rules check, grid nouns of modules not started
// left out.
func (r *Rules) Names() []Name {
	var out []Name
	seen := map[int]bool{}
	for _, m := range []*match.Matcher{r.cards, r.nouns} {
		for _, n := range m.Names() {
			if !seen[n.ID] {
				seen[n.ID] = true
				out = append(out, r.names[n.ID])
			}
		}
	}
	return out
}

// Finding is one place an engine file names a card or a grid noun.
type Finding struct {
	Path string `json:"path"` // slash-separated, relative to the workspace
	// Line and Column are 0 for a name in Path itself: the name of a file
	// or of a folder (Path is then that folder).
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Name   string `json:"name"`   // as the catalog writes it: "Test Filler"
	Kind   Kind   `json:"kind"`   // card or grid noun
	Module string `json:"module"` // the module that brings the name
	As     string `json:"as"`     // as the file writes it: "TestFiller"
}

// The path and the spelling are the workspace's, so they are shown as
// termsafe.Line shows them: a file name cannot steer the terminal, and a
// finding is one line (a raw string's name may run over two).
func (f Finding) String() string {
	if f.Line == 0 {
		return fmt.Sprintf("%s: engine names %q (%s) in a file or folder name, as %s", f.Place(), f.Name, Describe(f.Kind, f.Module), termsafe.Line(f.As))
	}
	return fmt.Sprintf("%s: engine names %q (%s) as %s", f.Place(), f.Name, Describe(f.Kind, f.Module), termsafe.Line(f.As))
}

// Place is where the finding is, as its line begins: "engine/a.go:3:6", or
// the path alone for a name in the path itself (Line 0).
func (f Finding) Place() string {
	if f.Line == 0 {
		return termsafe.Line(f.Path)
	}
	return fmt.Sprintf("%s:%d:%d", termsafe.Line(f.Path), f.Line, f.Column)
}

// Describe says what a name is, for a finding: "a card, Module 02", "a grid
// noun, Module 06", "a card, Module 03's Expansion Drop".
func Describe(k Kind, module string) string {
	if n, ok := strings.CutSuffix(module, "x"); ok {
		return fmt.Sprintf("a %s, Module %s's Expansion Drop", k, n)
	}
	return fmt.Sprintf("a %s, Module %s", k, module)
}

// Report is the result of auditing a workspace.
type Report struct {
	EngineDirs []string  `json:"engineDirs"` // the folders audited, each once
	Files      int       `json:"files"`      // files read
	Bytes      int64     `json:"bytes"`      // bytes read
	Cached     int       `json:"cached"`     // files of Files known clean without reading them
	Findings   []Finding `json:"findings"`
}

// Mend says, in one line, what the findings come to and how to mend them:
// how many there are in how many files, and for each kind of name found,
// where such a name belongs instead. It is "" when there are none.
func (r *Report) Mend() string {
	if len(r.Findings) == 0 {
		return ""
	}
	files := map[string]bool{}
	kinds := map[Kind]bool{}
	inNames := false
	for _, f := range r.Findings {
		files[f.Path] = true
		kinds[f.Kind] = true
		inNames = inNames || f.Line == 0
	}
	count := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", n, many)
	}
	var mends []string
	if kinds[KindCard] {
		mends = append(mends, "put a card's name in its card file or your content folders, and have the engine act on the card's data (stats, keywords, effects), not on which card it is")
	}
	if kinds[KindGridNoun] {
		mends = append(mends, "put a grid noun in a level file or your content folders, and have the engine learn it from the rules on the grid")
	}
	if inNames {
		mends = append(mends, "name the engine's files and folders for what they do, not for a card or a noun")
	}
	return fmt.Sprintf("%s in %s: the engine may name no card and no grid noun (the Zero-Coupling Law); %s",
		count(len(r.Findings), "finding", "findings"), count(len(files), "file", "files"), strings.Join(mends, "; "))
}

// DirError says an engine folder cannot be audited as named: it does not
// exist, or it leads out of the workspace.
type DirError struct {
	Dir string // as .course.json names it
	Why string
}

func (e *DirError) Error() string { return fmt.Sprintf("engineDirs names %q, which %s", e.Dir, e.Why) }

// UserError marks the error as the user's to mend.
func (e *DirError) UserError() bool { return true }

// LinkError says a file under an engine folder is a symbolic link that
// leads out of the workspace, where the audit does not read.
type LinkError struct{ Path string }

func (e *LinkError) Error() string {
	return fmt.Sprintf("%s is a symbolic link that leads out of the workspace; the audit reads only the workspace's files, so copy the file in or remove the link", e.Path)
}

// UserError marks the error as the user's to mend.
func (e *LinkError) UserError() bool { return true }

// CleanDirs is the engine folders, each once: engine, ./engine and engine/
// are one folder, and a folder inside another is covered by it. A folder
// that does not exist is a DirError: an audit of nothing would say ok.
func CleanDirs(ws string, dirs []string) ([]string, error) {
	var out []string
	have := map[string]bool{}
	for _, d := range dirs {
		c := path.Clean(filepath.ToSlash(d))
		if c == ".." || strings.HasPrefix(c, "../") || path.IsAbs(c) {
			return nil, &DirError{Dir: d, Why: "is not inside the workspace; name a folder relative to it, such as \"engine\""}
		}
		st, err := os.Stat(filepath.Join(ws, filepath.FromSlash(c)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return nil, &DirError{Dir: d, Why: "does not exist in " + ws + "; create the folder or mend engineDirs in .course.json"}
		case err != nil:
			return nil, fmt.Errorf("reading the engine folder %s: %w", d, err)
		case !st.IsDir():
			return nil, &DirError{Dir: d, Why: "is not a folder; name the folder your engine lives in"}
		}
		if !have[c] {
			have[c] = true
			out = append(out, c)
		}
	}
	return enginefiles.Outermost(out), nil
}

// testHookBeforeRead, when set by a test, runs between the walk and the
// reading of the files the walk did not read.
var testHookBeforeRead func()

// Dirs audits every file the engine folders dirs (slash paths relative to
// the workspace ws) have: see package enginefiles for which those are. A
// file git's index vouches for (every stat field as recorded) whose content
// an earlier audit under the same rules found clean, on this machine, is
// not read again.
// Files are read by several workers at once, since reading, not matching,
// is what takes the time; findings come out in path order.
func Dirs(ws string, dirs []string, r *Rules) (*Report, error) {
	t, err := enginefiles.Open(ws, false)
	if err != nil {
		return nil, err
	}
	defer t.Save()
	return DirsOf(t, ws, dirs, r, nil)
}

// cleanVerdicts are the clean verdicts an audit keeps (see
// enginefiles.BlobSet), in two sets since a Go file is read as Go and any
// other file as text: the same bytes can be clean read one way and not
// the other; and a third for what a folder's Go files give read together
// (Package), kept under the folder's digest (see folderDigest), so that a
// change to any Go file of a folder has them all read again. All are nil
// outside a repository.
type cleanVerdicts struct{ text, goFiles, folders *enginefiles.BlobSet }

// of is the set that holds the verdict for the file at p.
func (c cleanVerdicts) of(p string) *enginefiles.BlobSet {
	if strings.HasSuffix(p, ".go") {
		return c.goFiles
	}
	return c.text
}

// DirsOf is Dirs through a git view of the workspace already open (see
// package session), which a check before it may have walked: what that
// walk stat'ed is not stat'ed again. also, if not nil, is given every file
// the audit reads (as a ReadHook is), so that a check after it need not
// read them again. The clean verdicts it finds are written when t is
// saved.
func DirsOf(t *enginefiles.Tree, ws string, dirs []string, r *Rules, also enginefiles.ReadHook) (*Report, error) {
	cleanDirs, err := CleanDirs(ws, dirs)
	if err != nil {
		return nil, err
	}
	// The hook is this audit's alone; a check after it walks without.
	defer t.SetReadHook(false, nil)
	// Files git's index vouches for, whose blob an earlier audit under the
	// same rules found clean, are not read again (see enginefiles.BlobSet).
	var clean cleanVerdicts
	if t.Index != nil {
		clean = cleanVerdicts{
			text:    enginefiles.OpenBlobSet("clean-text-" + r.key),
			goFiles: enginefiles.OpenBlobSet("clean-go-" + r.key),
			folders: enginefiles.OpenBlobSet("clean-folder-" + r.key),
		}
	}
	type result struct {
		path     string // from the workspace
		findings []Finding
		size     int
		err      error
		goFile   *folderFile // a Go file's name, hash and bytes, for Package
	}
	// check audits one file's content. A clean verdict is kept under the
	// hash of the bytes judged, never under the index entry's: the entry is
	// the learner's to forge (a clean blob's hash with another file's stat
	// data), and a verdict kept under its word would pass that blob in
	// every workspace after, where git's index fools git in its own
	// repository alone.
	check := func(path string, content *enginefiles.Content) result {
		src := content.Src
		res := result{path: path, findings: r.File(path, src), size: len(src)}
		if c := clean.of(path); c != nil && c.Persists() && len(res.findings) == 0 {
			c.Add(content.Hash())
		}
		if strings.HasSuffix(path, ".go") {
			res.goFile = &folderFile{GoFile: GoFile{Path: path}, hash: content.Hash(), abs: filepath.Join(ws, filepath.FromSlash(path))}
			if mayJoin(src) {
				// A walk's Content is its own to reuse: the bytes are
				// copied. Those of a file with no const and no '+', which
				// joins nothing, are read again only if its folder asks.
				res.goFile.Src = bytes.Clone(src)
			}
		}
		return res
	}
	// Room for every tracked file of the folders, made at once: grown a
	// file at a time, these maps and the results cost more than the
	// audit's own work on a first run. Only a run that reads every file
	// (a first one) has a result for each.
	// So does one through a Tree that trusts no index entry (see
	// enginefiles.OpenContent): no verdict can spare a file there.
	readAll := clean.text == nil || !t.TrustsIndex() || !clean.text.Kept() && !clean.goFiles.Kept()
	size, read := 0, 0
	for _, dir := range cleanDirs {
		size += t.TrackedUnder(t.RepoPath(dir))
	}
	if readAll {
		read = size
	}
	// What the walk reads (Go files, for their //go:embed lines; every
	// file, when no verdict is kept and all must be read) is audited there
	// and then, by the walk's workers, not read a second time.
	if readAll && clean.goFiles != nil && clean.goFiles.Persists() {
		// A clean verdict for each Go file, most of what an engine holds.
		clean.goFiles.Expect(read)
	}
	var mu sync.Mutex
	early := make(map[string]result, read) // by Path
	t.SetReadHook(readAll, func(p string, c *enginefiles.Content) {
		res := check(t.WorkspacePath(p), c)
		if also != nil {
			also(p, c)
		}
		mu.Lock()
		early[p] = res
		mu.Unlock()
	})
	type file struct {
		path, abs string
		repoPath  string // its Path, for also
	}
	var files []file
	spared := folderFiles{} // Go files a kept verdict spares, if their folder's is kept too
	results := make([]result, 0, read)
	var skipped int
	var skippedBytes int64
	seen := make(map[string]bool, size)
	// The names on the paths, each once: the engine folder's own, then
	// those of the files and folders inside it.
	var named []Finding
	namesSeen := make(map[string]bool, size) // a name a file, and the folders
	nameAll := func(p string) {
		for i := 0; i <= len(p); i++ {
			if i < len(p) && p[i] != '/' {
				continue
			}
			if prefix := p[:i]; prefix != "" && !namesSeen[prefix] {
				namesSeen[prefix] = true
				named = append(named, r.NameFindings(prefix)...)
			}
		}
	}
	for _, dir := range cleanDirs {
		nameAll(dir)
		err := t.Walk(t.RepoPath(dir), enginefiles.Visitor{File: func(f enginefiles.File) error {
			if seen[f.Path] {
				return nil
			}
			nameAll(t.WorkspacePath(f.Path))
			if f.Submodule {
				return nil
			}
			seen[f.Path] = true
			if f.IsLink() {
				st, err := os.Stat(f.Abs)
				if err == nil {
					if _, inside := t.Inside(f.Abs); !inside {
						return &LinkError{Path: t.WorkspacePath(f.Path)}
					}
				}
				// A dangling link has nothing to read; a linked folder
				// inside the workspace is walked as files.
				if err != nil || st.IsDir() {
					return nil
				}
			}
			// (A file reached through a linked folder is read again, to
			// be audited under the path it is reached by.)
			if !f.IsLink() && f.Real == f.Path {
				mu.Lock()
				res, ok := early[f.Path]
				delete(early, f.Path)
				mu.Unlock()
				if ok {
					results = append(results, res)
					return nil
				}
			}
			vouched := !f.IsLink() && t.Vouches(f.Entry, f.Info)
			if c := clean.of(f.Path); c != nil && vouched && c.Has(f.Entry.Hash) {
				if c == clean.goFiles {
					p := t.WorkspacePath(f.Path)
					spared.add(&folderFile{GoFile: GoFile{Path: p}, hash: f.Entry.Hash, abs: f.Abs, repoPath: f.Path, size: f.Info.Size()})
					return nil
				}
				skipped++
				skippedBytes += f.Info.Size()
				return nil
			}
			files = append(files, file{path: t.WorkspacePath(f.Path), abs: f.Abs, repoPath: f.Path})
			return nil
		}})
		if err != nil {
			return nil, fmt.Errorf("auditing %s: %w", dir, err)
		}
	}
	if testHookBeforeRead != nil {
		testHookBeforeRead()
	}
	// The rest (links' targets, files a kept verdict did not spare but the
	// walk did not read) are read by a few workers at once; then the Go
	// files a kept verdict spared, of a folder whose verdict is not kept
	// for its Go files as they now are, for Package.
	readFiles := func(files []file) {
		more := make([]result, len(files))
		enginefiles.Each(len(files), 4*runtime.GOMAXPROCS(0), func(i int) {
			src, info, err := regularfile.Read(files[i].abs)
			if err != nil {
				more[i] = result{path: files[i].path, err: err}
				return
			}
			c := enginefiles.NewContent(src, info)
			more[i] = check(files[i].path, c)
			if also != nil {
				also(files[i].repoPath, c)
			}
		})
		results = append(results, more...)
	}
	readFiles(files)
	folders := folderFiles{}
	for _, res := range results {
		if res.goFile != nil {
			folders.add(res.goFile)
		}
	}
	unread, toRead := spared.split(folders, clean.folders)
	files = files[:0]
	for _, f := range unread {
		skipped++
		skippedBytes += f.size
		delete(folders, path.Dir(f.Path)) // judged together already
	}
	for _, f := range toRead {
		files = append(files, file{path: f.Path, abs: f.abs, repoPath: f.repoPath})
	}
	readFiles(files)
	for _, res := range results[len(results)-len(files):] {
		if res.goFile != nil {
			folders.add(res.goFile)
		}
	}
	folded := folders.audit(r, clean.folders, t.TrustsIndex())
	if clean.text != nil {
		t.Later(clean.text.Save)
		t.Later(clean.goFiles.Save)
		t.Later(clean.folders.Save)
	}
	rep := &Report{EngineDirs: cleanDirs, Files: skipped, Bytes: skippedBytes, Cached: skipped, Findings: named}
	if rep.Findings == nil {
		rep.Findings = []Finding{}
	}
	for _, res := range results {
		if res.err != nil {
			if err := regularfile.WithPath(res.err, res.path); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("auditing %s: %w", res.path, res.err)
		}
		rep.Files++
		rep.Bytes += int64(res.size)
		rep.Findings = append(rep.Findings, res.findings...)
	}
	if len(folded) > 0 {
		// A chain a file settles alone is found by File and by Package.
		have := make(map[Finding]bool, len(rep.Findings))
		for _, f := range rep.Findings {
			have[f] = true
		}
		for _, f := range folded {
			if !have[f] {
				have[f] = true
				rep.Findings = append(rep.Findings, f)
			}
		}
	}
	sortFindings(rep.Findings)
	return rep, nil
}

// sortFindings puts findings in path order, then line and column.
func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
}

// File audits one file's contents. name is the path findings report; a name
// ending in .go that parses is read as Go, anything else as text. A file
// with a NUL byte anywhere (binary, or text behind a NUL, or UTF-16) is
// read as text without its NUL bytes: the engine can read or embed any
// file, and one NUL must not hide the names after it. Where the first NUL
// stands says nothing: UTF-16 of characters with no zero byte has none for
// as long as the file likes before the name.
func (r *Rules) File(name string, src []byte) []Finding {
	if bytes.IndexByte(src, 0) >= 0 {
		src = bytes.ReplaceAll(src, []byte{0}, nil)
	}
	if r.sieve != nil && r.sieve.clear(src, strings.HasSuffix(name, ".go")) {
		return nil
	}
	return r.file(name, src)
}

// NameFindings are the findings in the last name of the slash path p (a
// file's or a folder's), read as a file that is not Go is read: a card in
// every spelling, a grid noun as an upper-case word. Their Line is 0.
func (r *Rules) NameFindings(p string) []Finding {
	name := path.Base(p)
	if r.sieve != nil && r.sieve.clear([]byte(name), false) {
		return nil
	}
	return r.textFindings(nil, p, 0, name)
}

// file is File without the sieve.
func (r *Rules) file(name string, src []byte) []Finding {
	if strings.HasSuffix(name, ".go") {
		fset := token.NewFileSet()
		if f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			return r.findings(fset, name, r.GoHits(fset, f))
		}
	}
	return r.text(name, src)
}

// findings is the hits of the Go file at name as findings.
func (r *Rules) findings(fset *token.FileSet, name string, hits []Hit) []Finding {
	var out []Finding
	for _, h := range hits {
		// The file's own line and column: a //line directive would have
		// the finding point elsewhere.
		p := fset.PositionFor(h.Pos, false)
		out = append(out, Finding{Path: name, Line: p.Line, Column: p.Column, Name: h.Name, Kind: h.Kind, Module: h.Module, As: h.As})
	}
	return out
}

// text scans a file line by line: cards in every spelling, grid nouns as
// upper-case words.
func (r *Rules) text(name string, src []byte) []Finding {
	var out []Finding
	line := 1
	for len(src) > 0 {
		end := bytes.IndexByte(src, '\n')
		var l []byte
		if end < 0 {
			l, src = src, nil
		} else {
			l, src = src[:end], src[end+1:]
		}
		out = r.textFindings(out, name, line, string(l))
		line++
	}
	return out
}

// textFindings appends to out the findings in s, one line of the file at
// path read as text (line 0: a name on the path itself, which has no
// column): cards in every spelling, grid nouns as upper-case words.
func (r *Rules) textFindings(out []Finding, path string, line int, s string) []Finding {
	for _, hit := range merge(r.cards.Find(s), r.nouns.FindUpper(s)) {
		n := r.names[hit.Name.ID]
		f := Finding{Path: path, Line: line, Name: n.Name, Kind: n.Kind, Module: n.Module, As: s[hit.Start:hit.End]}
		if line > 0 {
			f.Column = hit.Start + 1
		}
		out = append(out, f)
	}
	return out
}

// merge is the matches of several lists in text order, each place and name
// once.
func merge(lists ...[]match.Match) []match.Match {
	var out []match.Match
	type key struct{ start, id int }
	seen := map[key]bool{}
	for _, l := range lists {
		for _, m := range l {
			k := key{m.Start, m.Name.ID}
			if !seen[k] {
				seen[k] = true
				out = append(out, m)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}
