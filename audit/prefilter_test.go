package audit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// sieveCases are sources that name something in every way the audit
// counts, hidden as well as Go's syntax allows, and sources that name
// nothing.
var sieveCases = []struct {
	name, src string
}{
	{"a.go", "package engine\n\nvar TestFiller int\n"},
	{"a.go", "package engine\n\n// a comment on the baron\nvar x int\n"},
	{"a.go", "package engine\n\nvar s = \"Test\\nFiller\"\n"},
	{"a.go", "package engine\n\nvar s = \"test\\tfiller\"\n"},
	{"a.go", "package engine\n\nvar s = \"te\\x73t filler\"\n"},
	{"a.go", "package engine\n\nvar s = \"\\u0052OCK\"\n"},
	{"a.go", "package engine\n\nvar s = \"\\122OCK\"\n"},
	{"a.go", "package engine\n\nvar s = \"r\\aock\"\n"},
	{"a.go", "package engine\n\nvar s = \"kind=rock\"\n"},
	{"a.go", "package engine\n\nvar s = \"text:\\\"FLAG\\\"\"\n"},
	{"a.go", "package engine\n\nvar s = `RO\rCK`\n"},
	{"a.go", "package engine\n\nvar s = `ro\rck`\n"},
	{"a.go", "package engine\n\nvar s = `multi\nline ROCK`\n"},
	{"a.go", "package engine\n\nvar r, s = '\"', \"rock\"\n"},
	{"a.go", "package engine\n\nvar r, s = '\\'', \"rock\"\n"},
	{"a.go", "package engine\n\n/* \"not a string */ var s = \"rock\"\n"},
	{"a.go", "package engine\n\n// \"not a string\nvar s = \"rock\"\n"},
	{"a.go", "package engine\n\nconst IS_ROCK = 1\n"},
	{"a.go", "package engine\n\nconst ROCK_\u212a = 1\n"},
	{"a.go", "package engine\n\nvar s = \"\u212aEY\"\n"},
	{"a.go", "package engine\n\nvar s = \"ro\u0441k\"\n"},
	{"a.go", "package engine\n\nimport \"strings\"\n\nvar ok = strings.EqualFold(name, \"Te\u017ft Filler\")\n"},
	{"a.go", "package engine\n\nvar te\u017ftFiller, s = 1, \"roc\u212a\"\n"},
	{"a.go", "package engine\n\nvar s = \"TEST F\u0130LLER\"\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nfunc f() string { return (p) + \"CK\" }\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nfunc f(x string) {\n\tswitch x {\n\tcase ((p)) + \"CK\":\n\t}\n}\n"},
	{"a.go", "package engine\n\nconst r = 'R'\n\nfunc f() string { return (string(r)) + \"OCK\" }\n"},
	{"a.go", "package engine\n\nfunc f() string { return \"RO\" + string/**/('C') + \"K\" }\n"},
	{"a.go", "package engine\n\nfunc f() string { return \"RO\" + string ('C') + \"K\" }\n"},
	{"a.go", "package engine\n\nfunc f() string { return \"RO\" + ( string )('C') + \"K\" }\n"},
	{"notes.md", "te\u017ft fıller\n"},
	{"a.go", "package engine\n\nvar s = \"Test\" + \"Filler\"\n"},
	{"a.go", "package engine\n\nvar s = \"Test\\n\" + \"Filler\"\n"},
	{"a.go", "package engine\n\nvar s = (\"RO\") + // the noun\n\t(`CK` + x)\n"},
	{"a.go", "package engine\n\nvar s = \"r\" + /* a */ \"ock\"\n"},
	{"a.go", "package engine\n\nvar s = x + \"ro\" + \"ck\"\n"},
	{"a.go", "package engine\n\nvar s = \"ro\" + x + \"ck\"\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nvar s = p + \"CK\"\n"},
	{"a.go", "package engine\n\nconst p, q = \"CK\", \"RO\"\n\nvar s = q + p\n"},
	{"a.go", "package engine\n\nvar s = string(rune(84)) + \"est Filler\"\n"},
	{"a.go", "package engine\n\nvar s = \"Test Fil\" + string('l'+0) + (\"er\")\n"},
	{"a.go", "package engine\n\ntype kind string\n\nconst k = kind(\"ck\")\n\nvar s = \"ro\" + k\n"},
	{"a.go", "package engine\n\nconst (\n\tr = 'R'\n\tn = r + 1\n)\n\nvar s = string(r) + \"OCK\"\n"},
	{"a.go", "package engine\n\nconst (\n\tp = \"RO\"\n\tq\n)\n\nvar s = q + \"CK\"\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nvar s = (p) + \"CK\"\n"},
	{"a.go", "package engine\n\nconst p = \"CK\"\n\nvar s = \"RO\" + ((p))\n"},
	{"a.go", "package engine\n\nvar s = p + \"CK\"\n\nconst p = \"RO\"\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"; var s = p + \"CK\"\n"},
	{"a.go", "package engine\n\nconst p = `RO`\n\nvar s = p + `CK`\n"},
	{"a.go", "package engine\n\n// a + b\nconst p = \"RO\" // c + d\n\nvar s = p /* + */ + \"CK\"\n"},
	{"a.go", "package engine\n\nvar f = 0x1p+3\n\nconst p = \"RO\"\n\nvar s = p + \"CK\"\n"},
	{"a.go", "package engine\n\ntype kind string\n\nconst (\n\ta kind = \"RO\"\n\tb\n)\n\nvar s = b + \"CK\"\n"},
	{"a.go", "package engine\n\nconst (\n\tr = iota + 82\n)\n\nvar s = string(r) + \"OCK\"\n"},
	{"a.go", "package engine\n\nconst r = 82\n\nvar s = \"A_\" + string(rune(r)) + \"OCK\"\n"},
	{"a.go", "package engine\n\nconst r = 82\n\nvar s = (string)(r) + \"OCK\"\n"},
	{"a.go", "package engine\n\nconst r = 82\n\nvar s = \"A_\" + (string)(r) + \"OCK\"\n"},
	{"a.go", "package engine\n\nconst (\n\tp, q = \"R\" +\n\t\t\"O\", 1\n\tz = \"CK\"\n)\n\nvar s = p + z\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nfunc f(b []byte, i int) string { return string(b) + fmt(i+1) + p }\n"},
	{"a.go", "package engine\n\nconst p = \"RO\"\n\nvar s = []string{p}[0] + \"CK\"\n"},
	{"a.go", "package engine\n\ntype kind string\n\nconst k = kind(82)\n\nvar s = k + \"OCK\"\n"},
	{"a.go", "package engine\n\ntype kind string\n\nconst k = (kind)(82)\n\nvar s = k + \"OCK\"\n"},
	{"a.go", "package engine\n\ntype kind string\n\nconst a = \"RO\"\nconst b kind = a\n\nvar s = b + \"CK\"\n"},
	{"a.go", "package engine\n\nconst (\n\tn = (1 << 3) - 1\n\tp =\n\t\t\"RO\"\n\tq\n)\n\nvar s = q + \"CK\" + string(n)\n"},
	{"a.go", "package engine\n\nconst (\n\tn = 1 +\n\t\t2; p = n\n\tq = \"RO\"\n)\n\nvar s = q + \"CK\"\n"},
	{"a.go", "package engine\nfunc {{ TestFiller\n"},
	{"a.go", "package engine\nvar s = \"ROCK\n"},
	{"notes.md", "The ROCK is here.\n"},
	{"notes.md", "test\r\nfiller and TEST_FILLER\n"},
	{"notes.md", "a rock, a key and a flag\n"},
	{"a.go", "package engine\n\nfunc f(m map[string]int) {\n\tfor key, v := range m {\n\t\t_, _ = key, v\n\t}\n}\n"},
	{"a.go", "package engine\n\n// Push the rock and the key.\nvar errBad = \"invalid header key\"\n"},
	{"a.go", "package engine\n\nvar s = \"plain\"\n"},
}

// TestSieveNeverHidesAFinding: every source gives the same findings with
// the sieve as without it.
func TestSieveNeverHidesAFinding(t *testing.T) {
	for _, r := range []*Rules{NewRules(testNames, AllModules), courseRules(t)} {
		for _, c := range sieveCases {
			for _, src := range []string{c.src, strings.ReplaceAll(c.src, "\n", "\r\n")} {
				assert.Equal(t, r.file(c.name, []byte(src)), r.File(c.name, []byte(src)), "%q", src)
			}
		}
	}
}

// TestSieveClearsAnOrdinaryFile: a file that names nothing is cleared
// without parsing, and one that does is not.
func TestSieveClearsAnOrdinaryFile(t *testing.T) {
	r := NewRules(testNames, AllModules)
	assert.True(t, r.sieve.clear([]byte("package engine\n\n// Queue orders triggers.\ntype Queue struct{ n int }\n\nvar s = \"a queue\"\n"), true))
	assert.False(t, r.sieve.clear([]byte("package engine\n\nvar s = \"Test\\nFiller\"\n"), true))
	assert.False(t, r.sieve.clear([]byte("package engine\n\nvar s = \"rock\"\n"), true))
	assert.True(t, r.sieve.clear([]byte("package engine\n\nvar s = \"a rock here\"\n"), true), "a noun in prose does not count")
}

// TestSieveCasesNameSomething keeps the cases above honest: most of them
// do name something.
func TestSieveCasesNameSomething(t *testing.T) {
	r := NewRules(testNames, AllModules)
	named := 0
	for _, c := range sieveCases {
		if len(r.file(c.name, []byte(c.src))) > 0 {
			named++
		}
	}
	assert.GreaterOrEqual(t, named, len(sieveCases)-9)
}

// FuzzSieveNeverHidesAFinding: whatever the source, read as Go or as
// text, the sieve clears it only if the audit finds nothing in it.
func FuzzSieveNeverHidesAFinding(f *testing.F) {
	for _, c := range sieveCases {
		f.Add(c.src, strings.HasSuffix(c.name, ".go"))
	}
	f.Add("ROCKROCK", false)
	f.Add("package engine\nconst X = `IS_FLAG`", true)
	r := courseRules(f)
	f.Fuzz(func(t *testing.T, src string, goFile bool) {
		name := "notes.md"
		if goFile {
			name = "engine.go"
		}
		if r.sieve.clear([]byte(src), goFile) {
			assert.Empty(t, r.file(name, []byte(src)), "the sieve cleared %q", src)
		}
	})
}
