package devcheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// goFile is a Go file of the repository as dev check read and parsed it,
// once a run: every rule that looks at the file asks for this one.
type goFile struct {
	// name is the file's path from the repository's root, slash-separated
	// (course/01-handles/tests/01_handles_test.go), as problems name it.
	name string
	src  []byte
	// ast is nil when the file could not be read or does not parse; err
	// says which.
	ast     *ast.File
	err     error
	readErr bool
}

// parseMode is the one mode dev check parses Go in: no rule resolves
// identifiers to objects or reads a comment (a //go:build line is read
// from the source, by the go command's own rules), so neither is kept.
const parseMode = parser.SkipObjectResolution

// goFile reads and parses the repository's file name (slash-separated,
// from the repository's root) the first time a rule asks for it; its
// positions are in c.fset.
func (c *checker) goFile(name string) *goFile {
	if f, ok := c.parsed[name]; ok {
		return f
	}
	f := &goFile{name: name}
	f.src, f.err = os.ReadFile(filepath.Join(c.opts.Repo, filepath.FromSlash(name)))
	if f.err != nil {
		f.readErr = true
	} else {
		f.ast, f.err = parser.ParseFile(c.fileSet(), name, f.src, parseMode)
		if f.err != nil {
			f.ast = nil
		}
	}
	if c.parsed == nil {
		c.parsed = map[string]*goFile{}
	}
	c.parsed[name] = f
	return f
}

// fileSet holds the positions of every file dev check parses in a run.
func (c *checker) fileSet() *token.FileSet {
	if c.fset == nil {
		c.fset = token.NewFileSet()
	}
	return c.fset
}

// courseGoFiles are the parsed files of a course folder that match
// pattern (*.go, *_test.go), in the order fs.Glob gives them.
func (c *checker) courseGoFiles(dir, pattern string) []*goFile {
	matches, _ := fs.Glob(c.course, dir+"/"+pattern)
	out := make([]*goFile, 0, len(matches))
	for _, p := range matches {
		out = append(out, c.goFile(courseFile(p)))
	}
	return out
}

// referenceFolders are the folders of the reference whose declarations a
// lesson may name: the engine, the harness, and the template's harness.
var referenceFolders = []string{"engine", "harness", "templates/go/harness"}

// referenceFile is a file of the reference that parses, and the folder of
// referenceFolders it is under.
type referenceFile struct {
	folder string
	ast    *ast.File
}

// referenceFiles are the reference's Go files (and the template's, .go.tmpl)
// that parse, walked and parsed once a run.
func (c *checker) referenceFiles() []referenceFile {
	if c.reference != nil {
		return c.reference
	}
	c.reference = []referenceFile{}
	for _, dir := range referenceFolders {
		_ = filepath.WalkDir(filepath.Join(c.opts.Repo, filepath.FromSlash(dir)), func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".go.tmpl")) {
				return nil
			}
			rel, err := filepath.Rel(c.opts.Repo, p)
			if err != nil {
				return nil
			}
			if f := c.goFile(filepath.ToSlash(rel)); f.ast != nil {
				c.reference = append(c.reference, referenceFile{folder: dir, ast: f.ast})
			}
			return nil
		})
	}
	return c.reference
}
