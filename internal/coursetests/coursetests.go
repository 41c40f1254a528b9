// Package coursetests reads which of the course's modules a learner's
// workspace has started, from the tests the course puts in its tests
// folder: a module's tests are named Test_NN_..., its Expansion Drop's
// Test_NNx_.... The commands (check, status, modules, the audit) and the
// coupling analyzer all ask it, so they cannot disagree; it needs nothing
// but the standard library, which the analyzer also keeps to.
package coursetests

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Module is what a tests folder holds of one module: the names of its
// tests and of its Expansion Drop's, in the order the files declare them.
type Module struct {
	Tests     []string
	DropTests []string
	// DropStarted says a workspace's state records the drop as started,
	// whatever tests/ still holds (check then runs the course's copy).
	DropStarted bool
}

var courseTest = regexp.MustCompile(`^Test_([0-9]{2})(x?)_`)

// Group sorts top-level test names by module number, leaving out the
// names that are not the course's.
func Group(names []string) map[string]*Module {
	out := map[string]*Module{}
	for _, n := range names {
		m := courseTest.FindStringSubmatch(n)
		if m == nil {
			continue
		}
		mod := out[m[1]]
		if mod == nil {
			mod = &Module{}
			out[m[1]] = mod
		}
		if m[2] == "x" {
			mod.DropTests = append(mod.DropTests, n)
		} else {
			mod.Tests = append(mod.Tests, n)
		}
	}
	return out
}

var testFunc = regexp.MustCompile(`(?m)^func (Test\w*)\(`)

// FuncNames is the top-level Test functions (no receiver) a Go source
// declares. A source that does not parse (the learner is midway through an
// edit) is read line by line instead, so that its tests still count: a
// module stays started while its test file has a syntax error.
func FuncNames(name string, src []byte) []string {
	var names []string
	f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
	if err != nil {
		for _, m := range testFunc.FindAllSubmatch(src, -1) {
			names = append(names, string(m[1]))
		}
		return names
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
			names = append(names, fn.Name.Name)
		}
	}
	return names
}

// ReadFunc reads a file for Names; the commands pass one that refuses a
// link out of the workspace or anything but a regular file.
type ReadFunc func(path string) ([]byte, error)

// Names is the top-level Test functions of every *_test.go in dir, the
// files in name order. A file read reports fs.ErrNotExist for (gone since
// the folder was listed) is left out; any other error stops it.
func Names(dir string, read ReadFunc) ([]string, error) {
	// Matched inside dir, whose own name may hold [, * or ?.
	files, err := fs.Glob(os.DirFS(dir), "*_test.go")
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var names []string
	for _, name := range files {
		f := filepath.Join(dir, name)
		raw, err := read(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s to see which modules are started: %w", f, err)
		}
		names = append(names, FuncNames(f, raw)...)
	}
	return names, nil
}

// Read is Group(Names(dir, read)).
func Read(dir string, read ReadFunc) (map[string]*Module, error) {
	names, err := Names(dir, read)
	if err != nil {
		return nil, err
	}
	return Group(names), nil
}

// Highest is the highest module started: its number "NN", or "NNx" when
// its Expansion Drop's tests are there too; "" when no module is.
func Highest(mods map[string]*Module) string {
	best := ""
	for n, m := range mods {
		if len(m.Tests) == 0 && len(m.DropTests) == 0 && !m.DropStarted {
			continue
		}
		k := n
		if len(m.DropTests) > 0 || m.DropStarted {
			k += "x"
		}
		if k > best {
			best = k
		}
	}
	return best
}

// PackageNames is every name a test file declares at package level, but
// for methods, which belong to their type, and init and _, which a package
// may declare many times: the names two files of one tests package cannot
// both declare, and that hide Go's predeclared names from the package.
func PackageNames(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	add := func(id *ast.Ident) {
		if id.Name != "init" && id.Name != "_" {
			out = append(out, id)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name)
				case *ast.ValueSpec:
					for _, id := range s.Names {
						add(id)
					}
				}
			}
		}
	}
	return out
}
