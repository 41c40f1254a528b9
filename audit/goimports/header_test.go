package goimports

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// parsedHeader is go/parser's answer that scanHeader stands in for.
func parsedHeader(src []byte) (pkg int, paths []string, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly|parser.SkipObjectResolution)
	if err != nil {
		return 0, nil, err
	}
	for _, imp := range f.Imports {
		paths = append(paths, imp.Path.Value)
	}
	return fset.Position(f.Package).Offset, paths, nil
}

// checkHeader fails when scanHeader answers for a file and its answer is
// not go/parser's. Where it does not answer, judge asks go/parser.
func checkHeader(t interface{ Fatalf(string, ...any) }, src []byte) bool {
	pkg, paths, ok := scanHeader(src, nil)
	if !ok {
		return false
	}
	wantPkg, wantPaths, err := parsedHeader(src)
	if err != nil {
		t.Fatalf("scanHeader read a header go/parser refuses (%v):\n%q", err, src)
	}
	if pkg != wantPkg || strings.Join(paths, "\n") != strings.Join(wantPaths, "\n") {
		t.Fatalf("scanHeader: package at %d, imports %q; go/parser: %d, %q; for:\n%q", pkg, paths, wantPkg, wantPaths, src)
	}
	return true
}

var headerSeeds = []string{
	"package p\n",
	"package p",
	"// Package p.\npackage p\n\nimport \"fmt\"\n\nfunc F() {}\n",
	"package p\nimport (\n\t\"fmt\"\n\tx \"os\"\n\t. \"strings\"\n\t_ \"embed\"\n)\nvar v = 1\n",
	"package p; import \"a\"; import (\"b\"; \"c\")",
	"package p\nimport ()\n",
	"package p\nimport `raw/path`\n",
	"package p\nimport \"\\x61\\u00e9\"\n",
	"package p /* a\ncomment */ import \"a\"\n",
	"package p /* one line */ import \"a\"\n",
	"\ufeffpackage p\n",
	"package\np\n",
	"package p\nimport \"a\" \"b\"\n",
	"package p\nimport (\"a\" \"b\")\n",
	"package p\nimport \"a\",\n",
	"package p )\n",
	"package p\nimport \"a\" )\n",
	"package p\nimport (\n\t\"a\"\n",
	"package p\nimport 42\n",
	"package p\nimport \"a\"\n@\n",
	"package p\nimport \"a\"\n/* never closed",
	"package p\x00\n",
	"//line other.go:10\npackage p\nimport \"a\"\n",
	"//line :0\npackage p\n",
	"package _\n",
	"package é\nimport \"a\"\n",
	"package p\nimport \"a\"\nfunc\xff() {}\n",
	"package p\n// \xff\nimport \"a\"\n",
	"package p\nimport \"a\r\"\n",
	"package p\nimport `a\rb`\n",
	"package p\nimport \"unterminated\n",
	"import \"a\"\npackage p\n",
	"",
	"package p\nimport \"a\"\nfunc\x00",
	"package p\nimport \"a\"\nvar\xef\xbb\xbf",
	"package p\nimport \"a\";(",
	"package p /*line x.go:1*/\nimport \"a\"\n",
	"package p\nimport \"\\q\"\n",
	"package p\nimport \"\\400\"\n",
	"package p\nimport \"\\377\\xff\\u00e9\\U0010ffff\\a\\\"\"\n",
	"package p\nimport \"\\uD800\"\n",
	"package p\nimport \"\\U00110000\"\n",
	"package p\nimport \"\\x4\"\n",
	"package p\nimport \"a\"\n.5",
	"package p\nimport \"a\"\n...",
	"package p\nimport . \"a\"\n",
	"package p\n// \ufeff\nimport \"a\"\n",
	"package p\n// \ufffd\nimport \"a\"\n",
	"package p\n/* \x00 */\nimport \"a\"\n",
	"package p\n/* never closed\nimport \"a\"\n",
	"package func\n",
	"package p\nimport func \"a\"\n",
	"package p\nimport \"a\"; var",
	"package p\nimport \"a\" // c",
	"package p /* c */",
	"\ufeff\ufeffpackage p\n",
	"package p\nimport `a\nb`\n",
	"package p\nimport \"a\tb\"\n",
	"package pé\n",
}

func TestScanHeaderAnswersOnlyAsGoParserDoes(t *testing.T) {
	answered := 0
	for _, src := range headerSeeds {
		if checkHeader(t, []byte(src)) {
			answered++
		}
	}
	// The fast path must carry the plain files, or it saves nothing.
	for _, src := range headerSeeds[:9] {
		_, _, ok := scanHeader([]byte(src), nil)
		assert.True(t, ok, "scanHeader passed the plain header to go/parser:\n%s", src)
	}
	assert.Greater(t, answered, 9)
}

// TestScanHeaderAgreesWithGoParserOnGeneratedHeaders builds headers as
// the grammar has them (a package clause, then import declarations, one
// spec or a group), with every kind of space and comment between the
// tokens, and now and then a token that is out of place or a separator
// the grammar does not allow.
func TestScanHeaderAgreesWithGoParserOnGeneratedHeaders(t *testing.T) {
	gaps := []string{" ", "\n", "\t", "", "\r\n", "// c\n", "/* c */", "/* c\n */", "//line f.go:3\n", "/*", "//go:build linux\n", "// é\n"}
	names := []string{"p", "_", "x", "é", "func", "42", "."}
	paths := []string{"\"fmt\"", "\"a/b\"", "`raw`", "\"\\t\"", "\"é\"", "42", "x", "\"\n", "`a\rb`"}
	ends := []string{";", "\n", "", ",", ")", " "}
	noise := []string{"(", ")", ";", ",", "{", "@", "\x00", "\ufeff", "import", "package", "var", "\xff"}
	rapid.Check(t, func(t *rapid.T) {
		var parts []string
		add := func(s ...string) { parts = append(parts, s...) }
		gap := func() string { return rapid.SampledFrom(gaps).Draw(t, "gap") }
		end := func() string { return rapid.SampledFrom(ends).Draw(t, "end") }
		spec := func() {
			if rapid.IntRange(0, 3).Draw(t, "named") == 0 {
				add(rapid.SampledFrom(names).Draw(t, "import name"), gap())
			}
			add(rapid.SampledFrom(paths).Draw(t, "path"))
		}
		add(gap(), "package", gap(), rapid.SampledFrom(names).Draw(t, "package name"), end())
		for range rapid.IntRange(0, 3).Draw(t, "decls") {
			add(gap(), "import", gap())
			if rapid.Bool().Draw(t, "group") {
				add("(", gap())
				for range rapid.IntRange(0, 3).Draw(t, "specs") {
					spec()
					add(end(), gap())
				}
				add(")")
			} else {
				spec()
			}
			add(end())
		}
		add(gap(), rapid.SampledFrom([]string{"", "func F() {}", "var v = 1", "@", "import"}).Draw(t, "after"))
		for range rapid.IntRange(0, 2).Draw(t, "noise") {
			i := rapid.IntRange(0, len(parts)).Draw(t, "at")
			parts = append(parts[:i], append([]string{rapid.SampledFrom(noise).Draw(t, "noise")}, parts[i:]...)...)
		}
		checkHeader(t, []byte(strings.Join(parts, "")))
	})
}

// adversarialHeaders are headers a learner might write to slip an import
// past the rule or get a file left out: what judge makes of each (whether
// it builds, what it imports) and whether scanHeader answers for it or
// leaves it to go/parser. A file go/parser refuses builds and imports
// nothing here; the go command refuses it too.
var adversarialHeaders = []struct {
	name    string
	src     string
	answers bool
	builds  bool
	imports []string
}{
	{"hex escape", "package p\nimport \"\\x63ontent\"\n", true, true, []string{"content"}},
	{"unicode escape", "package p\nimport \"\\u0063ontent\"\n", true, true, []string{"content"}},
	{"octal escape", "package p\nimport \"\\143ontent\"\n", true, true, []string{"content"}},
	{"raw string", "package p\nimport `content`\n", true, true, []string{"content"}},
	// go/scanner takes the carriage return out of a raw string.
	{"raw string with CRLF", "package p\nimport `con\r\ntent`\n", false, true, []string{"con\ntent"}},
	{"names and comments in a group", "package p\nimport (\n\t// c\n\tf \"fmt\" // c\n\t/* c */ . \"content\"\n\t_ \"os\";)\n", true, true, []string{"fmt", "content", "os"}},
	{"semicolons", "package p;import \"fmt\";import (\"content\";)", true, true, []string{"fmt", "content"}},
	{"CRLF line ends", "package p\r\nimport \"fmt\"\r\nimport \"content\"\r\n", true, true, []string{"fmt", "content"}},
	{"lone CR ends no line", "package p\rimport \"content\"\r", false, true, nil},
	{"a block comment's newline ends the clause", "package p /* a\n */ import /* b\n */ \"content\"\n", true, true, []string{"content"}},
	{"go:build in a block comment", "/*\n//go:build ignore\n*/\npackage p\nimport \"content\"\n", true, true, []string{"content"}},
	{"go:build after the package clause", "package p\n//go:build ignore\nimport \"content\"\n", true, true, []string{"content"}},
	{"+build with no blank line after", "// +build ignore\npackage p\nimport \"content\"\n", true, true, []string{"content"}},
	{"go:build after a byte order mark", "\ufeff//go:build ignore\n\npackage p\nimport \"content\"\n", true, false, nil},
	{"constraint in a cgo preamble", "package p\n\n/*\n//go:build ignore\n#include <stdio.h>\n*/\nimport \"C\"\nimport \"content\"\n", true, true, []string{"C", "content"}},
	{"line directive between imports", "package p\nimport \"fmt\"\n//line x.go:1\nimport \"content\"\n", false, true, []string{"fmt", "content"}},
	{"line directive before the clause", "//line x.go:1\npackage p\nimport \"content\"\n", false, true, []string{"content"}},
	{"general line directive", "package p\n/*line :1:1*/import \"content\"\n", false, true, []string{"content"}},
	{"package name of another script", "package \u0440\nimport \"content\"\n", false, true, []string{"content"}},
	{"package keyword of another script", "packag\u0435 p\nimport \"content\"\n", false, true, nil},
	{"curly quotes", "package p\nimport \u201ccontent\u201d\n", false, true, nil},
	{"no-break space", "package p\n\u00a0import \"content\"\n", false, true, nil},
	{"import after a declaration", "package p\nfunc f() {}\nimport \"content\"\n", true, true, nil},
	{"empty declaration", "package p\nimport \"fmt\";;import \"content\"\n", true, true, []string{"fmt"}},
	{"parenthesis after a lone spec", "package p\nimport \"fmt\")\nimport \"content\"\n", false, true, []string{"fmt"}},
	// go/scanner reads one character past the token after the imports.
	{"NUL past the look-ahead", "package p\nimport \"content\"\nvar \x00", true, true, []string{"content"}},
	{"NUL in the look-ahead", "package p\nimport \"content\"\nvar\x00", false, true, nil},
	{"letter of another script after the imports", "package p\nimport \"content\"\nx\u00e9", false, true, []string{"content"}},
	{"ellipsis after the imports", "package p\nimport \"content\"\n...", false, true, []string{"content"}},
	{"fraction after the imports", "package p\nimport \"content\"\n.5", false, true, []string{"content"}},
	{"period after the imports", "package p\nimport \"content\"\n.x", true, true, []string{"content"}},
	{"all comment", "// package p\n/* import \"content\" */\n", false, true, nil},
	{"long comment", strings.Repeat("// filler filler filler\n", 1<<15) + "package p\nimport \"content\"\n", true, true, []string{"content"}},
}

// TestScanHeaderOnAdversarialHeaders: each header is answered for, or
// left to go/parser, as listed, an answer is go/parser's, and judge's
// verdict is the one listed either way.
func TestScanHeaderOnAdversarialHeaders(t *testing.T) {
	r := &Reader{ctx: linux()}
	for _, c := range adversarialHeaders {
		t.Run(c.name, func(t *testing.T) {
			src := []byte(c.src)
			_, _, ok := scanHeader(src, nil)
			assert.Equal(t, c.answers, ok, "scanHeader answered")
			checkHeader(t, src)
			v := r.judge(src)
			assert.Equal(t, c.builds, v.builds, "builds")
			// nil and no imports are one answer.
			assert.Equal(t, fmt.Sprintf("%q", c.imports), fmt.Sprintf("%q", v.imports), "imports")
		})
	}
}

func FuzzScanHeader(f *testing.F) {
	for _, src := range headerSeeds {
		f.Add([]byte(src))
	}
	for _, c := range adversarialHeaders {
		f.Add([]byte(c.src))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkHeader(t, src) })
}

// TestScanHeaderAllocatesOnlyThePaths: the header is read without
// go/scanner's file set and strings, so a file costs the import paths and
// their list, nothing more.
func TestScanHeaderAllocatesOnlyThePaths(t *testing.T) {
	src := []byte("// Package p does things.\n//\n// At length.\npackage p\n\nimport (\n\t\"fmt\"\n\tx \"os\"\n)\n\n// F is f.\nfunc F() {}\n")
	allocs := testing.AllocsPerRun(100, func() {
		if _, paths, ok := scanHeader(src, nil); !ok || len(paths) != 2 {
			t.Fatalf("scanHeader: %q, %v", paths, ok)
		}
	})
	if allocs > 4 {
		t.Errorf("scanHeader allocated %v times for two import paths", allocs)
	}
}
