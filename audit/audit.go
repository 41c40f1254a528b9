// Package audit enforces the Zero-Coupling Law: nothing under a workspace's
// engine folders names a card or a grid noun of the course catalog, in any
// spelling. Go files are read as Go (identifiers, string literals and
// comments, each with its line and column); every other file is scanned as
// text. The matcher itself is package match; the same check as a go/analysis
// Analyzer is package analyzer.
package audit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/systemic-game-design/course/audit/match"
	"github.com/systemic-game-design/course/course/data"
)

// Names is every name the law forbids: each card of the catalog and each word
// whose role is noun. Meta words (TEXT, ALL, DEATHRATTLE) are not names.
func Names(cat *data.Catalog) []match.Name {
	var out []match.Name
	for _, c := range cat.Cards {
		out = append(out, match.NewName(c.Name))
	}
	for _, w := range cat.Nouns() {
		out = append(out, match.NewName(w))
	}
	return out
}

// Finding is one place an engine file names a card or a noun.
type Finding struct {
	Path   string `json:"path"` // slash-separated, relative to the workspace
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Name   string `json:"name"` // as the catalog writes it: "Test Filler"
	As     string `json:"as"`   // as the file writes it: "TestFiller"
}

func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: engine names %q (as %s)", f.Path, f.Line, f.Column, f.Name, f.As)
}

// Report is the result of auditing a workspace.
type Report struct {
	Files    int       `json:"files"` // files read
	Bytes    int64     `json:"bytes"` // bytes read
	Findings []Finding `json:"findings"`
}

// Dirs audits every file under the given folders of root (slash-separated,
// relative to root); a folder that does not exist has nothing to audit.
// Folders named .git are skipped; every other regular file is read once.
// Files are read by several workers at once, since reading, not matching,
// is what takes the time; findings come out in path order.
func Dirs(root string, dirs []string, m *match.Matcher) (*Report, error) {
	var paths []string
	for _, dir := range dirs {
		base := filepath.Join(root, filepath.FromSlash(dir))
		if _, err := os.Stat(base); os.IsNotExist(err) {
			continue
		}
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == ".git" {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() {
				paths = append(paths, p)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("auditing %s: %w", dir, err)
		}
	}
	type result struct {
		findings []Finding
		size     int
		err      error
	}
	results := make([]result, len(paths))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(paths), 4*runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				src, err := os.ReadFile(paths[i])
				if err != nil {
					results[i].err = err
					continue
				}
				rel, err := filepath.Rel(root, paths[i])
				if err != nil {
					results[i].err = err
					continue
				}
				results[i] = result{findings: File(filepath.ToSlash(rel), src, m), size: len(src)}
			}
		}()
	}
	for i := range paths {
		next <- i
	}
	close(next)
	wg.Wait()
	r := &Report{Findings: []Finding{}}
	for i, res := range results {
		if res.err != nil {
			return nil, fmt.Errorf("auditing %s: %w", paths[i], res.err)
		}
		r.Files++
		r.Bytes += int64(res.size)
		r.Findings = append(r.Findings, res.findings...)
	}
	return r, nil
}

// File audits one file's contents. name is the path findings report; a name
// ending in .go that parses is read as Go, anything else as text. Binary
// files (a NUL byte near the start) have nothing to say.
func File(name string, src []byte, m *match.Matcher) []Finding {
	if strings.HasSuffix(name, ".go") {
		fset := token.NewFileSet()
		if f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			return goFile(fset, f, name, m)
		}
	}
	head := src
	if len(head) > 8000 {
		head = head[:8000]
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return nil
	}
	return text(name, src, m)
}

// text scans a file line by line.
func text(name string, src []byte, m *match.Matcher) []Finding {
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
		s := string(l)
		for _, hit := range m.Find(s) {
			out = append(out, Finding{Path: name, Line: line, Column: hit.Start + 1, Name: hit.Name.Display, As: s[hit.Start:hit.End]})
		}
		line++
	}
	return out
}

// goFile turns the hits in a parsed Go file into findings.
func goFile(fset *token.FileSet, f *ast.File, name string, m *match.Matcher) []Finding {
	var out []Finding
	for _, h := range GoHits(f, m) {
		p := fset.Position(h.Pos)
		out = append(out, Finding{Path: name, Line: p.Line, Column: p.Column, Name: h.Name, As: h.As})
	}
	return out
}

// Hit is one place a parsed Go file names a card or a noun.
type Hit struct {
	Pos  token.Pos // where the name starts; for an interpreted string literal, where the literal starts
	Name string    // as the catalog writes it
	As   string    // as the source writes it
}

// GoHits looks at every identifier (declarations included), string literal
// (unquoted) and comment of a parsed Go file, and returns the hits in source
// order.
func GoHits(f *ast.File, m *match.Matcher) []Hit {
	var out []Hit
	// at records hits in a stretch of source that starts at pos and whose
	// bytes map one to one onto text.
	at := func(pos token.Pos, text string) {
		for _, hit := range m.Find(text) {
			out = append(out, Hit{Pos: pos + token.Pos(hit.Start), Name: hit.Name.Display, As: text[hit.Start:hit.End]})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			at(n.Pos(), n.Name)
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			if strings.HasPrefix(n.Value, "`") {
				// A raw string's bytes are the source's: exact columns.
				at(n.Pos()+1, n.Value[1:len(n.Value)-1])
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil {
				s = n.Value
			}
			for _, hit := range m.Find(s) {
				out = append(out, Hit{Pos: n.Pos(), Name: hit.Name.Display, As: s[hit.Start:hit.End]})
			}
		}
		return true
	})
	for _, g := range f.Comments {
		for _, c := range g.List {
			at(c.Pos(), c.Text)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// Catalog loads the catalog from a course folder and builds its matcher.
func Catalog(courseFS fs.FS) (*match.Matcher, error) {
	cat, err := data.LoadCatalog(courseFS)
	if err != nil {
		return nil, err
	}
	return match.NewMatcher(Names(cat)), nil
}
