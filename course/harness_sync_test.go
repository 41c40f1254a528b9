package course_test

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/modules"
)

// These tests keep course/harness.md, the reference harness (harness/), the
// workspace stubs (templates/go/harness/) and the modules list (modules/)
// saying the same thing about the harness's functions.

const (
	harnessDoc   = "harness.md"
	referenceDir = "../harness"
	stubsDir     = "../templates/go/harness"
)

// dropExtras are exported by the reference harness because it ships the
// solution of an Expansion Drop; they are not part of the contract. The
// value is the module whose drop adds the method, and that drop's test must
// call it.
var dropExtras = map[string]string{
	"*Baba.Restart":      "09", // Module 9's drop: Restart, Undo repeated to the start of the level
	"*Baba.PropertiesOf": "11", // Module 11's drop: every property an object has now
	"CheckHealthLedger":  "13", // Module 13's drop: the log accounts for every change of Health
}

// decl is one function or method: "*Game.Summon" with its signature as
// go/printer writes the FuncType ("func(card string, player Player) ID").
type decl struct {
	key string
	sig string
}

// docFunc is a function declared in a Go block of harness.md, with the
// section it is declared in.
type docFunc struct {
	decl
	part   string // "0", "I", "II" or "III"
	module string // "01", ..., or "" outside a module's section
	line   int    // the line of harness.md where its Go block starts
}

// docName is a type or constant declared in a Go block of harness.md.
type docName struct {
	name string
	part string // "" for the shared types
}

type harnessDocument struct {
	funcs []docFunc
	names []docName
}

var (
	partHeading   = regexp.MustCompile(`^## Part (0|I{1,3})\b`)
	moduleHeading = regexp.MustCompile(`^### M(\d+):`)
	// a modules entry that lists several methods by name: "func (s *SpellGrid) Place, Rules"
	nameListEntry = regexp.MustCompile(`^func \(\w+ (\*?\w+)\) (\w+(?:, \w+)*)$`)
)

func readHarnessDoc(t *testing.T) harnessDocument {
	t.Helper()
	raw, err := os.ReadFile(harnessDoc)
	require.NoError(t, err)

	var doc harnessDocument
	part, module := "", ""
	var block []string
	inBlock, blockLine := false, 0
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case inBlock && strings.HasPrefix(line, "```"):
			inBlock = false
			parseDocBlock(t, &doc, strings.Join(block, "\n"), part, module, blockLine)
		case inBlock:
			block = append(block, line)
		case line == "```go":
			inBlock, blockLine, block = true, n, nil
		case strings.HasPrefix(line, "## "):
			part, module = "", ""
			if m := partHeading.FindStringSubmatch(line); m != nil {
				part = m[1]
			}
		case strings.HasPrefix(line, "### "):
			module = ""
			if m := moduleHeading.FindStringSubmatch(line); m != nil {
				module = m[1]
				if len(module) == 1 {
					module = "0" + module
				}
			}
		}
	}
	require.NoError(t, sc.Err())
	require.False(t, inBlock, "%s: the Go block at line %d is never closed", harnessDoc, blockLine)
	require.NotEmpty(t, doc.funcs, "%s declares no function in a Go block", harnessDoc)
	return doc
}

func parseDocBlock(t *testing.T, doc *harnessDocument, src, part, module string, line int) {
	t.Helper()
	fset := token.NewFileSet()
	name := fmt.Sprintf("%s, Go block at line %d", harnessDoc, line)
	f, err := parser.ParseFile(fset, name, "package doc\n"+src, 0)
	require.NoError(t, err, "every Go block of %s must be Go declarations", harnessDoc)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			doc.funcs = append(doc.funcs, docFunc{decl: declOf(fset, d), part: part, module: module, line: line})
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					doc.names = append(doc.names, docName{name: s.Name.Name, part: part})
				case *ast.ValueSpec:
					for _, id := range s.Names {
						doc.names = append(doc.names, docName{name: id.Name, part: part})
					}
				}
			}
		}
	}
}

func declOf(fset *token.FileSet, d *ast.FuncDecl) decl {
	key := d.Name.Name
	if d.Recv != nil && len(d.Recv.List) == 1 {
		key = printed(fset, d.Recv.List[0].Type) + "." + key
	}
	return decl{key: key, sig: printed(fset, d.Type)}
}

func printed(fset *token.FileSet, node ast.Node) string {
	var b bytes.Buffer
	if err := printer.Fprint(&b, fset, node); err != nil {
		panic(fmt.Sprintf("printing a node parsed from Go source: %v", err))
	}
	return b.String()
}

// goAPI is the exported functions, methods, types and constants of a
// package's source files.
type goAPI struct {
	funcs map[string]string // key -> signature
	names map[string]bool
}

func readGoAPI(t *testing.T, dir, pattern string) goAPI {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, pattern))
	require.NoError(t, err)
	api := goAPI{funcs: map[string]string{}, names: map[string]bool{}}
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		f, err := parser.ParseFile(fset, path, src, 0)
		require.NoError(t, err, "%s must parse as Go source", path)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() {
					fd := declOf(fset, d)
					api.funcs[fd.key] = fd.sig
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						api.names[s.Name.Name] = s.Name.IsExported()
					case *ast.ValueSpec:
						for _, id := range s.Names {
							api.names[id.Name] = id.IsExported()
						}
					}
				}
			}
		}
	}
	require.NotEmpty(t, api.funcs, "no exported function in %s/%s", dir, pattern)
	return api
}

func readReference(t *testing.T) goAPI { return readGoAPI(t, referenceDir, "*.go") }
func readStubs(t *testing.T) goAPI     { return readGoAPI(t, stubsDir, "*.go.tmpl") }

func TestHarnessDocFunctionsSitInModuleSections(t *testing.T) {
	for _, f := range readHarnessDoc(t).funcs {
		assert.NotEmpty(t, f.part, "%s (block at line %d) is outside Parts 0 to III", f.key, f.line)
		assert.NotEmpty(t, f.module, "%s (block at line %d) is outside a module's section (### MN: ...)", f.key, f.line)
	}
}

func TestHarnessDocMatchesReference(t *testing.T) {
	ref := readReference(t)
	for _, f := range readHarnessDoc(t).funcs {
		sig, ok := ref.funcs[f.key]
		if assert.True(t, ok, "%s (M%s) is not in the reference harness", f.key, f.module) {
			assert.Equal(t, f.sig, sig, "%s: harness.md and the reference harness disagree", f.key)
		}
	}
}

func TestHarnessDocMatchesStubs(t *testing.T) {
	stubs := readStubs(t)
	for _, f := range readHarnessDoc(t).funcs {
		sig, ok := stubs.funcs[f.key]
		if assert.True(t, ok, "%s (M%s) has no stub in %s", f.key, f.module, stubsDir) {
			assert.Equal(t, f.sig, sig, "%s: harness.md and the workspace stub disagree", f.key)
		}
	}
}

func TestHarnessDocTypesExist(t *testing.T) {
	ref, stubs := readReference(t), readStubs(t)
	for _, n := range readHarnessDoc(t).names {
		assert.True(t, stubs.names[n.name], "%s is declared in harness.md but not in the workspace stubs", n.name)
		assert.True(t, ref.names[n.name], "%s is declared in harness.md but not in the reference harness", n.name)
	}
}

func TestReferenceExportsOnlyTheContract(t *testing.T) {
	documented := map[string]bool{}
	for _, f := range readHarnessDoc(t).funcs {
		documented[f.key] = true
	}
	ref := readReference(t)
	for key := range ref.funcs {
		_, drop := dropExtras[key]
		assert.True(t, documented[key] || drop,
			"the reference harness exports %s, which harness.md does not declare; declare it, or allowlist it in this file with the module whose drop adds it", key)
	}
	for key, module := range dropExtras {
		_, exported := ref.funcs[key]
		assert.True(t, exported, "%s is allowlisted for Module %s's drop but the reference harness does not export it", key, module)
		assert.False(t, documented[key], "%s is a drop's method, not part of the contract, yet harness.md declares it", key)
		name := key[strings.LastIndexByte(key, '.')+1:]
		assert.True(t, testsCall(t, module+"-*/expansion/tests/*.go", "."+name+"("),
			"%s is allowlisted for Module %s's drop, but that drop's test never calls it", key, module)
	}
}

func TestStubsDeclareOnlyTheContract(t *testing.T) {
	documented := map[string]bool{}
	for _, f := range readHarnessDoc(t).funcs {
		documented[f.key] = true
	}
	for key := range readStubs(t).funcs {
		// String and Error make the events and AssembleError satisfy
		// fmt.Stringer and error, which harness.md states through those
		// interfaces rather than as functions.
		if strings.HasSuffix(key, ".String") || strings.HasSuffix(key, ".Error") {
			continue
		}
		assert.True(t, documented[key], "the workspace stubs declare %s, which harness.md does not", key)
	}
}

func TestModulesListMatchesHarnessDoc(t *testing.T) {
	doc := readHarnessDoc(t)
	inDoc := map[string]map[string]string{} // module -> key -> signature
	for _, f := range doc.funcs {
		if inDoc[f.module] == nil {
			inDoc[f.module] = map[string]string{}
		}
		inDoc[f.module][f.key] = f.sig
	}
	known := map[string]bool{}
	for _, m := range modules.All() {
		known[m.Number] = true
		listed := map[string]bool{}
		for _, entry := range m.Harness {
			for _, d := range modulesEntry(t, m.Number, entry) {
				listed[d.key] = true
				sig, ok := inDoc[m.Number][d.key]
				n, _ := modules.NumberValue(m.Number)
				if !assert.True(t, ok, "modules lists %s for Module %s, but harness.md's M%d section does not declare it", d.key, m.Number, n) {
					continue
				}
				if d.sig != "" {
					assert.Equal(t, sig, d.sig, "Module %s, %s: harness.md and modules disagree", m.Number, d.key)
				}
			}
		}
		assert.Equal(t, sortedKeys(inDoc[m.Number]), sortedKeys(listed),
			"Module %s: the functions harness.md declares and those modules lists differ", m.Number)
	}
	for module := range inDoc {
		assert.True(t, known[module], "harness.md has a section for module %q, which modules does not list", module)
	}
}

// modulesEntry reads one entry of a module's Harness list: a Go function
// declaration (a trailing comment allowed), or a receiver and a list of
// method names, which gives keys without signatures.
func modulesEntry(t *testing.T, module, entry string) []decl {
	t.Helper()
	src := entry
	if i := strings.Index(src, "//"); i >= 0 {
		src = src[:i]
	}
	src = strings.TrimSpace(src)
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, "", "package m\n"+src, 0); err == nil && len(f.Decls) == 1 {
		if fd, ok := f.Decls[0].(*ast.FuncDecl); ok {
			return []decl{declOf(fset, fd)}
		}
	}
	m := nameListEntry.FindStringSubmatch(src)
	require.NotNil(t, m, "Module %s: cannot read the harness entry %q as a Go declaration or a list of method names", module, entry)
	var out []decl
	for _, name := range strings.Split(m[2], ", ") {
		out = append(out, decl{key: m[1] + "." + name})
	}
	return out
}

// testsCall reports whether any test file matching pattern (inside the
// course folder) contains call.
func testsCall(t *testing.T, pattern, call string) bool {
	t.Helper()
	files, err := filepath.Glob(pattern)
	require.NoError(t, err)
	for _, path := range files {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		if bytes.Contains(src, []byte(call)) {
			return true
		}
	}
	return false
}

func sortedKeys[V any](m map[string]V) []string {
	keys := []string{}
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
