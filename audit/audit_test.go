package audit

import (
	"bytes"
	"errors"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

var testNames = []Name{
	{Name: "Test Filler", Kind: KindCard, Module: "01"},
	{Name: "Baron Rivendare", Kind: KindCard, Module: "04", Aliases: []string{"Baron", "Rivendare"}},
	{Name: "Twisting Nether", Kind: KindCard, Module: "03x"},
	{Name: "ROCK", Kind: KindGridNoun, Module: "06"},
	{Name: "FLAG", Kind: KindGridNoun, Module: "06"},
	{Name: "KEY", Kind: KindGridNoun, Module: "08"},
	{Name: "DOOR", Kind: KindGridNoun, Module: "08"},
}

func lines(fs []Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

func TestGoFileCardsCountEverywhereNounsWhereTheyNameTheObject(t *testing.T) {
	src := "package engine\n" +
		"\n" +
		"import \"flag\"\n" +
		"\n" +
		"// spawn makes a test filler behind the one door into every zone.\n" +
		"func spawnTestFiller() string { return \"Test Filler\" }\n" +
		"\n" +
		"var key, flagSet, wallClock = `a\n  KEY`, flag.Bool(\"v\", false, \"the key to verbose\"), 0\n" +
		"var IS_ROCK = \"rock\"\n" +
		"var words = []string{\"text:FLAG\", \"door\", \"invalid header key\", \"ROCK IS YOU\"}\n"
	got := NewRules(testNames, AllModules).File("engine/spawn.go", []byte(src))
	assert.Equal(t, []string{
		`engine/spawn.go:5:18: engine names "Test Filler" (a card, Module 01) as test filler`,
		`engine/spawn.go:6:11: engine names "Test Filler" (a card, Module 01) as TestFiller`,
		`engine/spawn.go:6:40: engine names "Test Filler" (a card, Module 01) as Test Filler`,
		`engine/spawn.go:9:3: engine names "KEY" (a grid noun, Module 08) as KEY`,
		`engine/spawn.go:10:8: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/spawn.go:10:15: engine names "ROCK" (a grid noun, Module 06) as rock`,
		`engine/spawn.go:11:22: engine names "FLAG" (a grid noun, Module 06) as FLAG`,
		`engine/spawn.go:11:35: engine names "DOOR" (a grid noun, Module 08) as door`,
		`engine/spawn.go:11:65: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
	}, lines(got))
}

func TestGridNounsOfModulesNotStartedAreNotChecked(t *testing.T) {
	src := []byte("package engine\n\nvar DOOR, ROCK = \"door\", \"rock\"\n")
	assert.Equal(t, []string{
		`engine/a.go:3:11: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/a.go:3:26: engine names "ROCK" (a grid noun, Module 06) as rock`,
	}, lines(NewRules(testNames, "07").File("engine/a.go", src)))
	assert.Len(t, NewRules(testNames, "08").File("engine/a.go", src), 4)
	assert.Empty(t, NewRules(testNames, "").File("engine/a.go", src), "no module started")
	assert.Empty(t, NewRules(testNames, "05x").File("engine/a.go", src))
	// Cards count whatever is started.
	assert.Len(t, NewRules(testNames, "").File("engine/b.go", []byte("package engine\n\nvar baron int\n")), 1)
}

func TestStarted(t *testing.T) {
	assert.True(t, Started("06", "06"))
	assert.True(t, Started("06", "06x"))
	assert.True(t, Started("06x", "07"))
	assert.False(t, Started("06x", "06"))
	assert.False(t, Started("08", "07"))
	assert.False(t, Started("01", ""))
	assert.True(t, Started("12", AllModules))
}

// TestSeededLeaksAreAllFound plants every way an engine can name a card or
// a grid noun and asserts each is found, with its kind.
func TestSeededLeaksAreAllFound(t *testing.T) {
	r := NewRules(testNames, AllModules)
	type leak struct{ file, src, as string }
	var leaks []leak
	for _, spelling := range []string{"TestFiller", "testFiller", "TEST_FILLER", "test_filler", "testfiller", "Testfiller"} {
		leaks = append(leaks, leak{"ident.go", "package engine\n\nvar " + spelling + " int\n", spelling})
	}
	for _, spelling := range []string{"Test Filler", "test-filler", "TEST FILLER", "kind:test_filler"} {
		leaks = append(leaks, leak{"string.go", "package engine\n\nvar s = \"" + spelling + "\"\n", ""})
	}
	for _, spelling := range []string{"Baron", "baron", "BARON", "Rivendare", "baronRivendare", "BARON_RIVENDARE", "TwistingNether", "twisting_nether"} {
		leaks = append(leaks, leak{"alias.go", "package engine\n\nvar " + spelling + " int\n", spelling})
	}
	for _, text := range []string{"// a baron aura\n", "/* Rivendare doubles */\n"} {
		leaks = append(leaks, leak{"comment.go", "package engine\n\n" + text + "var x int\n", ""})
	}
	for _, lit := range []string{`"rock"`, `"Rock"`, `"ROCK"`, `"text:FLAG"`, `"door.png"`, `"kind=key"`, `"ROCK IS PUSH"`, "`FLAG`", `"a KEY opens"`} {
		leaks = append(leaks, leak{"noun.go", "package engine\n\nvar s = " + lit + "\n", ""})
	}
	for ident, as := range map[string]string{"ROCK": "ROCK", "IS_ROCK": "ROCK", "FLAG_WIN": "FLAG", "DOOR2": "DOOR", "KEY": "KEY"} {
		leaks = append(leaks, leak{"upper.go", "package engine\n\nconst " + ident + " = 1\n", as})
	}
	leaks = append(leaks,
		leak{"rules.txt", "ROCK IS PUSH\n", "ROCK"},
		leak{"level.json", `{"objects": ["FLAG"]}` + "\n", "FLAG"},
		leak{"notes.md", "Spawn a Baron here.\n", "Baron"},
		leak{"broken.go", "package engine\nfunc {{ TestFiller\n", "TestFiller"},
	)
	for _, l := range leaks {
		got := r.File("engine/"+l.file, []byte(l.src))
		if assert.Len(t, got, 1, "%s: %q", l.file, l.src) && l.as != "" {
			assert.Equal(t, l.as, got[0].As, "%q", l.src)
		}
	}
}

// An import path names no grid noun ("flag", above), but a card: a
// package named for one is the engine naming it.
func TestAnImportPathNamesCardsNotNouns(t *testing.T) {
	src := "package engine\n\nimport (\n\t_ \"example.com/m/engine/rock\"\n\ttf \"example.com/m/engine/test_filler\"\n)\n\nvar _ = tf.X\n"
	assert.Equal(t, []string{
		`engine/a.go:5:5: engine names "Test Filler" (a card, Module 01) as test_filler`,
	}, lines(NewRules(testNames, AllModules).File("engine/a.go", []byte(src))))
}

func TestOrdinaryWordsAreNotNouns(t *testing.T) {
	r := NewRules(testNames, AllModules)
	for _, src := range []string{
		"package engine\n\nfunc f(m map[string]int) {\n\tfor key, v := range m {\n\t\t_, _ = key, v\n\t}\n}\n",
		"package engine\n\n// the one door into every zone\nvar flagSet, wallClock, keyed, Rock, rockets int\n",
		"package engine\n\nvar msg = \"invalid header key\"\n",
		"package engine\n\nimport \"flag\"\n\nvar _ = flag.Parse\n",
		"package engine\n\nvar Key = \"Idempotency-Key\"\n",
	} {
		assert.Empty(t, lines(r.File("engine/a.go", []byte(src))), src)
	}
	assert.Empty(t, r.File("engine/notes.md", []byte("the key to the door: a rock\n")))
}

// TestNamesCountAsCaseFoldingReadsThem: a spelling the engine's
// strings.EqualFold, ToLower or ToUpper would hold equal to a name is the
// name: ſ (U+017F LONG S) is s, the Kelvin sign k, İ and ı are i, in Go
// and in other files alike. The finding keeps the file's spelling.
func TestNamesCountAsCaseFoldingReadsThem(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\nimport \"strings\"\n\n" +
		"func isFiller(name string) bool { return strings.EqualFold(name, \"Te\u017ft Filler\") }\n" +
		"\n" +
		"var te\u017ftFiller, \u212aEY = \"TEST FİLLER\", \"roc\u212a\"\n"
	assert.Equal(t, []string{
		`engine/a.go:5:66: engine names "Test Filler" (a card, Module 01) as Teſt Filler`,
		`engine/a.go:7:5: engine names "Test Filler" (a card, Module 01) as teſtFiller`,
		"engine/a.go:7:18: engine names \"KEY\" (a grid noun, Module 08) as \u212aEY",
		`engine/a.go:7:26: engine names "Test Filler" (a card, Module 01) as TEST FİLLER`,
		"engine/a.go:7:42: engine names \"ROCK\" (a grid noun, Module 06) as roc\u212a",
	}, lines(r.File("engine/a.go", []byte(src))))
	assert.Equal(t, []string{`engine/teſt_filler: engine names "Test Filler" (a card, Module 01) in a file or folder name, as teſt_filler`},
		lines(r.NameFindings("engine/teſt_filler")))
	assert.Equal(t, []string{`engine/notes.md:1:5: engine names "Twisting Nether" (a card, Module 03's Expansion Drop) as TWıſTING NETHER`},
		lines(r.File("engine/notes.md", []byte("the TWıſTING NETHER\n"))))
}

// A finding is one line: a name a raw string literal spells over two
// lines, or with a tab, and a file name with a line break in it are shown
// with the break and the tab spelled out.
func TestAFindingIsOneLine(t *testing.T) {
	r := NewRules(testNames, AllModules)
	assert.Equal(t, []string{`engine/a.go:3:10: engine names "Test Filler" (a card, Module 01) as Test\nFiller`},
		lines(r.File("engine/a.go", []byte("package engine\n\nvar s = `Test\nFiller`\n"))))
	assert.Equal(t, []string{`engine/a.go:3:10: engine names "Test Filler" (a card, Module 01) as Test\tFiller`},
		lines(r.File("engine/a.go", []byte("package engine\n\nvar s = `Test\tFiller`\n"))))
	assert.Equal(t, []string{`engine/a\nb/test_filler.go: engine names "Test Filler" (a card, Module 01) in a file or folder name, as test_filler`},
		lines(r.NameFindings("engine/a\nb/test_filler.go")))
}

// TestLiteralsJoinedByPlusAreOneString: string literals joined by '+' are
// one constant, so a name split across them is the name, reported at the
// literal it starts in (at the name in a raw string) with the joined text
// as As; a literal on its own still counts as before, and a value only
// known at run time (x) joins nothing.
func TestLiteralsJoinedByPlusAreOneString(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\n" +
		"var a = \"Test\" + \"Filler\"\n" +
		"var b = \"Test \" + (\"Fil\" + \"ler\")\n" +
		"var c = x + \"Twisting\" + `the Nether`\n" +
		"var d = \"a\" + x + \"Twisting\" + ` Nether`\n" +
		"var e = \"RO\" + \"CK\" + x + \"ro\" + \"ck\"\n" +
		"var f = \"rock\" + \" is here\"\n" +
		"var g = \"Test\" + x + \"Filler\"\n"
	assert.Equal(t, []string{
		`engine/a.go:3:9: engine names "Test Filler" (a card, Module 01) as TestFiller`,
		`engine/a.go:4:9: engine names "Test Filler" (a card, Module 01) as Test Filler`,
		`engine/a.go:6:19: engine names "Twisting Nether" (a card, Module 03's Expansion Drop) as Twisting Nether`,
		`engine/a.go:7:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/a.go:7:27: engine names "ROCK" (a grid noun, Module 06) as rock`,
		`engine/a.go:8:9: engine names "ROCK" (a grid noun, Module 06) as rock`,
	}, lines(r.File("engine/a.go", []byte(src))))
	// A chain's finding spans the literals, or the name in a raw one.
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "a.go", src, parser.SkipObjectResolution)
	require.NoError(t, err)
	for _, h := range r.GoHits(fset, f) {
		assert.Greater(t, h.End, h.Pos, "%+v", h)
	}
}

// TestConstantsJoinedByPlusAreOneString: a '+' chain's constant operands
// that are not literals (a constant the file declares, a conversion) join
// as literals do, since the compiler joins them; a parameter or variable
// that has a constant's name, or a constant of another file, is only
// known at run time, and joins nothing.
func TestConstantsJoinedByPlusAreOneString(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\n" +
		"const p = \"RO\"\n" +
		"const q = p + \"CK\"\n" +
		"const first, last = \"Test \", \"Filler\"\n" +
		"var a = first + (last)\n" +
		"var b = string(rune(84)) + \"est Filler\"\n" +
		"var c = \"Twisting Nethe\" + string('q'+1)\n" +
		"type kind string\n" +
		"const kd = kind(\"ck\"); var d = \"ro\" + kd\n" +
		"func f(p string) string { return p + \"CK\" }\n" +
		"func g() string { p := \"x\"; return p + \"CK\" }\n" +
		"var e = elsewhere + \"CK\"\n" +
		"var h = string(rune(0x7fffffff+1)) + \"ock\"\n" +
		"const (\n\tbefore = \"Twisting \"\n\tsame\n)\n" +
		"var i = same + \"Nether\"\n"
	assert.Equal(t, []string{
		`engine/a.go:4:11: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/a.go:6:9: engine names "Test Filler" (a card, Module 01) as Test Filler`,
		`engine/a.go:7:9: engine names "Test Filler" (a card, Module 01) as Test Filler`,
		`engine/a.go:8:9: engine names "Twisting Nether" (a card, Module 03's Expansion Drop) as Twisting Nether`,
		`engine/a.go:10:32: engine names "ROCK" (a grid noun, Module 06) as rock`,
		`engine/a.go:19:9: engine names "Twisting Nether" (a card, Module 03's Expansion Drop) as Twisting Nether`,
	}, lines(r.File("engine/a.go", []byte(src))))
}

// TestAStructTagNamesANounOnlyInUpperCase: a field's tag names its keys
// in an encoding, where "key" is the field's name and no grid noun; a
// card, or a noun in upper case, counts there as anywhere.
func TestAStructTagNamesANounOnlyInUpperCase(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\n" +
		"type entry struct {\n" +
		"\tKey   string `json:\"key\"`\n" +
		"\tValue string \"json:\\\"key,omitempty\\\"\"\n" +
		"\tKind  string `kind:\"ROCK\" name:\"baron\"`\n" +
		"}\n\n" +
		"var m = map[string]int{\"key\": 1}\n"
	assert.Equal(t, []string{
		`engine/a.go:6:22: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/a.go:6:34: engine names "Baron Rivendare" (a card, Module 04) as baron`,
		`engine/a.go:9:24: engine names "KEY" (a grid noun, Module 08) as key`,
	}, lines(r.File("engine/a.go", []byte(src))))
}

// TestLineDirectivesMoveNoFinding: a finding names the line and column
// of the file it is in, whatever a //line directive says they are.
func TestLineDirectivesMoveNoFinding(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\n//line harness/elsewhere.go:900\nvar a = \"ROCK\"\n\nvar b = /*line :7:1*/ \"FLAG\"\n"
	assert.Equal(t, []string{
		`engine/a.go:4:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/a.go:6:23: engine names "FLAG" (a grid noun, Module 06) as FLAG`,
	}, lines(r.File("engine/a.go", []byte(src))))
}

func TestTextFileAndBinary(t *testing.T) {
	r := NewRules(testNames, AllModules)
	got := r.File("engine/notes.md", []byte("one\ntwo TEST_FILLER\n"))
	assert.Equal(t, []string{`engine/notes.md:2:5: engine names "Test Filler" (a card, Module 01) as TEST_FILLER`}, lines(got))
	// A NUL near the start hides nothing: the file is read without its
	// NUL bytes, so text behind one, or in UTF-16, is read as text.
	assert.Equal(t, []string{`engine/names.txt:1:1: engine names "Test Filler" (a card, Module 01) as Test Filler`},
		lines(r.File("engine/names.txt", []byte("\x00Test Filler\n"))))
	utf16 := []byte{0xff, 0xfe}
	for _, c := range "the ROCK\n" {
		utf16 = append(utf16, byte(c), 0)
	}
	assert.Len(t, r.File("engine/words.txt", utf16), 1, "UTF-16")
	// However far into the file the first NUL is: UTF-16 whose first
	// thousands of characters have no zero byte (U+4141 is "AA") hides
	// the name after them from a look at the start alone.
	late := bytes.Repeat([]byte{0x41, 0x41}, 8000)
	for _, c := range "Test Filler\n" {
		late = append(late, byte(c), 0)
	}
	assert.Len(t, r.File("engine/late.txt", late), 1, "UTF-16 with no NUL near its start")
	assert.Empty(t, r.File("engine/blob.bin", []byte("\x89PNG\x00\x00\x01ROCKROCK\xff\x00")))
	assert.Equal(t, `a card, Module 03's Expansion Drop`, Describe(KindCard, "03x"))
}

func TestHitsHaveAnEnd(t *testing.T) {
	r := NewRules(testNames, AllModules)
	src := "package engine\n\nvar testFiller = \"a\\tROCK\"\n"
	got := r.File("engine/a.go", []byte(src))
	require.Len(t, got, 2)
}

func write(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
}

func TestDirsWalksOnlyTheEngineFolders(t *testing.T) {
	root := t.TempDir()
	write(t, root, "engine/world.go", "package engine\n\nvar Count int\n")
	write(t, root, "engine/sub/deep.txt", "the KEY\n")
	write(t, root, "content/cards.go", "package content\n\nconst TestFiller = \"Test Filler\"\n")

	r, err := Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
	require.NoError(t, err)
	assert.Equal(t, 2, r.Files)
	assert.Equal(t, []string{`engine/sub/deep.txt:1:5: engine names "KEY" (a grid noun, Module 08) as KEY`}, lines(r.Findings))
}

func TestEngineDirsMustExistAndCountOnce(t *testing.T) {
	root := t.TempDir()
	write(t, root, "engine/world.go", "package engine\n\nvar baron int\n")
	rules := NewRules(testNames, AllModules)

	_, err := Dirs(root, []string{"engine", "missing"}, rules)
	var de *DirError
	require.ErrorAs(t, err, &de)
	assert.Equal(t, "missing", de.Dir)
	assert.True(t, de.UserError())

	_, err = Dirs(root, []string{"engine/world.go"}, rules)
	require.ErrorAs(t, err, &de)

	r, err := Dirs(root, []string{"engine", "./engine", "engine/", "engine/."}, rules)
	require.NoError(t, err)
	assert.Equal(t, []string{"engine"}, r.EngineDirs)
	assert.Equal(t, 1, r.Files)
	assert.Len(t, r.Findings, 1, "one finding, not one per spelling of the folder")
}

func TestLinksUnderAnEngineFolderAreRead(t *testing.T) {
	root := t.TempDir()
	write(t, root, "lib/leak.go", "package engine\n\nvar baron int\n")
	write(t, root, "lib/pkg/more.go", "package pkg\n\nconst ROCK = 1\n")
	write(t, root, "engine/world.go", "package engine\n")
	require.NoError(t, os.Symlink("../lib/leak.go", filepath.Join(root, "engine", "leak.go")))
	require.NoError(t, os.Symlink("../lib/pkg", filepath.Join(root, "engine", "pkg")))
	require.NoError(t, os.Symlink("lib", filepath.Join(root, "linked")))
	rules := NewRules(testNames, AllModules)

	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, []string{
		`engine/leak.go:3:5: engine names "Baron Rivendare" (a card, Module 04) as baron`,
		`engine/pkg/more.go:3:7: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
	}, lines(r.Findings))

	// An engineDirs entry that is itself a link inside the workspace.
	r, err = Dirs(root, []string{"linked"}, rules)
	require.NoError(t, err)
	assert.Len(t, r.Findings, 2)

	// A link out of the workspace is refused, not skipped.
	outside := filepath.Join(t.TempDir(), "out.go")
	require.NoError(t, os.WriteFile(outside, []byte("package engine\n"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "engine", "out.go")))
	_, err = Dirs(root, []string{"engine"}, rules)
	var le *LinkError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, "engine/out.go", le.Path)
}

// TestTheAuditReadsTheFilesExpansionCheckCompares: git-ignored files Go has
// no use for are not engine files for either check, and ignored Go files
// are for both (see enginefiles).
func TestTheAuditReadsTheFilesExpansionCheckCompares(t *testing.T) {
	root := t.TempDir()
	_, err := git.PlainInit(root, false)
	require.NoError(t, err)
	write(t, root, ".gitignore", "*~\n*.log\nzz_*.go\n")
	write(t, root, "engine/world.go", "package engine\n")
	write(t, root, "engine/world.go~", "package engine\n\nvar baron int\n")
	write(t, root, "engine/trace.log", "Baron\n")
	write(t, root, "engine/zz_gen.go", "package engine\n\nvar baron int\n")
	r, err := Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
	require.NoError(t, err)
	assert.Equal(t, 2, r.Files)
	assert.Equal(t, []string{`engine/zz_gen.go:3:5: engine names "Baron Rivendare" (a card, Module 04) as baron`}, lines(r.Findings))
	assert.False(t, errors.Is(err, os.ErrNotExist))
}

// TestCleanVerdictsAreKeptOnlyWhileGitVouchesForTheFile: a second audit
// does not read a tracked file that an earlier one found clean while the
// index's stat data holds, and reads it again as soon as it does not, even
// when the edit put the old modification time back.
func TestCleanVerdictsAreKeptOnlyWhileGitVouchesForTheFile(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/world.go", "package engine\n\nvar count int\n")
	p := filepath.Join(root, "engine", "world.go")
	st, err := os.Stat(p)
	require.NoError(t, err)
	commitAll(t, root)
	rules := NewRules(testNames, AllModules)

	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, 0, r.Cached)
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, 1, r.Cached, "the clean verdict is kept")
	assert.Equal(t, 1, r.Files)

	other := NewRules(testNames[:1], AllModules)
	r, err = Dirs(root, []string{"engine"}, other)
	require.NoError(t, err)
	assert.Equal(t, 0, r.Cached, "verdicts hold for the rules they were found under")

	// Same size, the old modification time put back: read again.
	require.NoError(t, os.WriteFile(p, []byte("package engine\n\nvar baron int\n"), 0o644))
	require.NoError(t, os.Chtimes(p, st.ModTime(), st.ModTime()))
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, 0, r.Cached)
	assert.Len(t, r.Findings, 1)
}

// TestAFileRewrittenAsItIsReadIsKnownByWhatWasRead: a tracked file the
// index vouches for when the walk sees it, rewritten before the audit reads
// it, must not leave its committed content marked clean: the verdict is
// kept under the hash of what was read. Otherwise a leak committed, hidden
// by a clean rewrite at the right moment and then checked out again, would
// be skipped by every later audit.
func TestAFileRewrittenAsItIsReadIsKnownByWhatWasRead(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	leak := "package engine\n\nvar baron int\n"
	write(t, root, "engine/world.go", leak)
	write(t, root, "engine/other.go", "package engine\n\nvar count int\n")
	commitAll(t, root)
	rules := NewRules(testNames, AllModules)
	// A first audit finds the leak and keeps other.go's clean verdict, so
	// that later runs stat the files and read only those not known clean.
	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	require.Len(t, r.Findings, 1)

	// Between the walk and the read, world.go is rewritten clean.
	p := filepath.Join(root, "engine", "world.go")
	testHookBeforeRead = func() { require.NoError(t, os.WriteFile(p, []byte("package engine\n\nvar xxxxx int\n"), 0o644)) }
	r, err = Dirs(root, []string{"engine"}, rules)
	testHookBeforeRead = nil
	require.NoError(t, err)
	assert.Empty(t, r.Findings, "what was read is clean")

	// The committed content is put back, and git's index records its new
	// stat data (as a checkout does), so that the index vouches for it; a
	// second later, or git marks the entry as too new to trust.
	require.NoError(t, os.WriteFile(p, []byte(leak), 0o644))
	time.Sleep(1100 * time.Millisecond)
	testws.Git(t, root, "rm", "-q", "--cached", "engine/world.go")
	testws.Git(t, root, "add", "engine/world.go")
	tr, err := enginefiles.Open(root, true)
	require.NoError(t, err)
	st, err := os.Lstat(p)
	require.NoError(t, err)
	require.True(t, tr.Vouches(tr.Entry("engine/world.go"), st), "the index vouches for the file again")
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	require.Equal(t, 2, r.Files)
	assert.Len(t, r.Findings, 1, "the committed leak was never found clean")
}

// commitAll makes root a git repository (go-git) and commits every file in
// it, a moment after they were written, so that the index vouches for them.
func commitAll(t *testing.T, root string) {
	t.Helper()
	repo, err := git.PlainInit(root, false)
	require.NoError(t, err)
	time.Sleep(20 * time.Millisecond)
	wt, err := repo.Worktree()
	require.NoError(t, err)
	require.NoError(t, wt.AddWithOptions(&git.AddOptions{All: true}))
	_, err = wt.Commit("engine", &git.CommitOptions{Author: &object.Signature{Name: "L", Email: "l@example.com", When: time.Now()}})
	require.NoError(t, err)
}

// TestAlsoIsGivenEveryFileTheAuditReads: on a first run (every file read
// by the walk) and on a later one (only the file that changed, read after
// the walk), each file read is handed on with what was read.
func TestAlsoIsGivenEveryFileTheAuditReads(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/a.go", "package engine\n")
	write(t, root, "engine/sub/b.go", "package sub\n")
	write(t, root, "engine/notes.md", "notes\n")
	commitAll(t, root)
	rules := NewRules(testNames, AllModules)
	audited := func() map[string]string {
		tr, err := enginefiles.Open(root, false)
		require.NoError(t, err)
		var mu sync.Mutex
		got := map[string]string{}
		_, err = DirsOf(tr, root, []string{"engine"}, rules, func(p string, c *enginefiles.Content) {
			mu.Lock()
			defer mu.Unlock()
			got[p] = string(c.Src)
			assert.Equal(t, int64(len(c.Src)), c.Info.Size(), p)
		})
		require.NoError(t, err)
		tr.Save()
		return got
	}
	assert.Equal(t, map[string]string{"engine/a.go": "package engine\n", "engine/sub/b.go": "package sub\n", "engine/notes.md": "notes\n"}, audited())
	write(t, root, "engine/sub/b.go", "package sub\n\n// changed\n")
	assert.Equal(t, map[string]string{"engine/sub/b.go": "package sub\n\n// changed\n"}, audited())
}

// TestMendCountsAndNamesWhereEachKindBelongs: the mend counts findings and
// files, and says where a name belongs only for the kinds found.
func TestMendCountsAndNamesWhereEachKindBelongs(t *testing.T) {
	assert.Empty(t, (&Report{}).Mend(), "nothing found, nothing to mend")

	card := Finding{Path: "engine/a.go", Line: 1, Column: 1, Name: "Test Filler", Kind: KindCard, Module: "01", As: "TestFiller"}
	noun := Finding{Path: "engine/b.go", Line: 2, Column: 9, Name: "BABA", Kind: KindGridNoun, Module: "06", As: "BABA"}
	const law = "the engine may name no card and no grid noun (the Zero-Coupling Law)"
	const cardMend = "put a card's name in its card file or your content folders, and have the engine act on the card's data (stats, keywords, effects), not on which card it is"
	const nounMend = "put a grid noun in a level file or your content folders, and have the engine learn it from the rules on the grid"

	assert.Equal(t, "1 finding in 1 file: "+law+"; "+cardMend, (&Report{Findings: []Finding{card}}).Mend())
	assert.Equal(t, "2 findings in 1 file: "+law+"; "+nounMend, (&Report{Findings: []Finding{noun, noun}}).Mend())
	assert.Equal(t, "3 findings in 2 files: "+law+"; "+cardMend+"; "+nounMend, (&Report{Findings: []Finding{noun, card, card}}).Mend(),
		"the card's mend first, whatever the order found")
}

// TestNamesOnThePathCount: a file or folder in an engine folder named for
// a card is the engine naming it, whatever the file holds; a folder is
// reported once, however many files it has; a grid noun counts in a name
// as in a file that is not Go, as an upper-case word; the engine folder's
// own name counts too. A file's findings after its name's stay as they
// were, and a second run, with the clean verdicts kept, finds the same.
func TestNamesOnThePathCount(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := testws.Committed(t, map[string]string{
		"engine/test_filler.go":   "package engine\n\nvar hits int\n",
		"engine/baron/a.go":       "package b\n",
		"engine/baron/b.go":       "package b\n\nvar FLAG int\n",
		"engine/ROCK.txt":         "nothing here\n",
		"engine/rock.go":          "package engine\n",
		"engine/keys/k.go":        "package keys\n",
		"twisting-nether/x.go":    "package x\n",
		"content/test_filler.go":  "package content\n",
		"content/baron/baron.txt": "Baron\n",
	})
	want := []string{
		`engine/ROCK.txt: engine names "ROCK" (a grid noun, Module 06) in a file or folder name, as ROCK`,
		`engine/baron: engine names "Baron Rivendare" (a card, Module 04) in a file or folder name, as baron`,
		`engine/baron/b.go:3:5: engine names "FLAG" (a grid noun, Module 06) as FLAG`,
		`engine/test_filler.go: engine names "Test Filler" (a card, Module 01) in a file or folder name, as test_filler`,
		`twisting-nether: engine names "Twisting Nether" (a card, Module 03's Expansion Drop) in a file or folder name, as twisting-nether`,
	}
	for run := range 2 {
		r, err := Dirs(root, []string{"engine", "twisting-nether"}, NewRules(testNames, AllModules))
		require.NoError(t, err)
		assert.Equal(t, want, lines(r.Findings), "run %d", run)
	}
	r, err := Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
	require.NoError(t, err)
	assert.Contains(t, r.Mend(), "name the engine's files and folders for what they do, not for a card or a noun")
}
