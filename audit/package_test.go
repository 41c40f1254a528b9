package audit

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/usercache"
)

// goFiles is a folder's Go files, by name, as Package takes them.
func goFiles(files ...string) []GoFile {
	var out []GoFile
	for i := 0; i < len(files); i += 2 {
		out = append(out, GoFile{Path: "engine/" + files[i], Src: []byte(files[i+1])})
	}
	return out
}

// TestConstantsOfAnotherFileOfThePackageJoin: a '+' chain joins the
// constants every file of its package declares, as the compiler does,
// and the finding is where the chain's name starts; no file read alone
// gives it.
func TestConstantsOfAnotherFileOfThePackageJoin(t *testing.T) {
	r := NewRules(testNames, AllModules)
	files := goFiles(
		"a.go", "package engine\n\nconst p = \"RO\"\n\ntype kind string\n\nconst k kind = \"FL\"\n\nconst n = 84\n",
		"b.go", "package engine\n\nvar s = p + \"CK\"\n\nconst q = (p) + `CK`\n",
		"c.go", "package engine\n\nconst r = p\n\nvar t = r + \"CK\"\n\nvar u = k + \"AG\"\n\nvar v = string(rune(n)) + \"est Filler\"\n",
		"d.go", "package engine\n\nfunc f(p string) string { return p + \"CK\" }\n\nvar w = x + \"CK\" // x is no constant\n\nvar x = \"RO\"\n",
	)
	for _, f := range files {
		assert.Empty(t, r.File(f.Path, f.Src), "%s alone", f.Path)
	}
	assert.Equal(t, []string{
		`engine/b.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/b.go:5:12: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/c.go:5:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/c.go:7:9: engine names "FLAG" (a grid noun, Module 06) as FLAG`,
		`engine/c.go:9:9: engine names "Test Filler" (a card, Module 01) as Test Filler`,
	}, lines(r.Package(files)))
}

// TestAPackageIsItsFilesOfOnePackageClause: an external test package
// (package engine_test) in the folder is a package of its own, whose
// files join one another's constants but not the folder's other
// package's; and a name two files declare (each under its own build
// constraint) is read as each declares it.
func TestAPackageIsItsFilesOfOnePackageClause(t *testing.T) {
	r := NewRules(testNames, AllModules)
	files := goFiles(
		"a.go", "package engine\n\nconst p = \"RO\"\n",
		"a_test.go", "package engine\n\nvar s = p + \"CK\"\n",
		"b_test.go", "package engine_test\n\nconst P = \"FL\"\n",
		"c_test.go", "package engine_test\n\nvar s = P + \"AG\" + p + \"CK\"\n",
		"w_linux.go", "//go:build linux\n\npackage engine\n\nconst w = \"xx\"\n",
		"w_windows.go", "//go:build windows\n\npackage engine\n\nconst w = \"KE\"\n",
		"x.go", "package engine\n\nvar x = w + \"Y\"\n",
	)
	assert.Equal(t, []string{
		`engine/a_test.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`,
		`engine/c_test.go:3:9: engine names "FLAG" (a grid noun, Module 06) as FLAG`,
		`engine/x.go:3:9: engine names "KEY" (a grid noun, Module 08) as KEY`,
	}, lines(r.Package(files)))
}

// TestAFolderVerdictHoldsForItsFilesAlone: a folder whose Go files join
// nothing is spared on the next run, every file unread; once another file
// of it changes (here the one that declares the constant, whose own
// bytes are as clean as before), the file whose chain now spells a name
// is read again and found, though its own verdict is kept.
func TestAFolderVerdictHoldsForItsFilesAlone(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/a.go", "package engine\n\nconst p = \"RE\"\n")
	write(t, root, "engine/b.go", "package engine\n\nvar s = p + \"CK\"\n")
	write(t, root, "engine/sub/c.go", "package sub\n\nconst p = \"RO\"\n")
	commitAll(t, root)
	rules := NewRules(testNames, AllModules)

	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Empty(t, r.Findings)
	assert.Equal(t, 0, r.Cached)
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, 3, r.Cached, "a repeat run reads no file")
	assert.Equal(t, 3, r.Files)

	a := filepath.Join(root, "engine", "a.go")
	require.NoError(t, os.WriteFile(a, []byte("package engine\n\nconst p = \"RO\"\n"), 0o644))
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, []string{`engine/b.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`}, lines(r.Findings))
	assert.Equal(t, 1, r.Cached, "the other folder's file is spared")

	require.NoError(t, os.WriteFile(a, []byte("package engine\n\nconst p = \"RE\"\n"), 0o644))
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Empty(t, r.Findings)
}

// packageCases are folders whose files join one another's constants in
// every way the compiler does, as hidden as Go's syntax allows, and
// folders whose files join nothing.
var packageCases = [][]string{
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nvar s = p + \"CK\"\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nconst q = p + \"CK\"\n"},
	{"package engine\n\nconst p = \"CK\"\n", "package engine\n\nvar s = (\"RO\") + ((p))\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nconst z = 1\n\nvar s = p + \"CK\"\n"},
	{"package engine\n\ntype kind string\n\nconst (\n\ta kind = \"RO\"\n\tb\n)\n", "package engine\n\nvar s = b + \"CK\"\n"},
	{"package engine\n\nconst (\n\tr = iota + 82\n)\n", "package engine\n\nvar s = string(r) + \"OCK\"\n"},
	{"package engine\n\nconst r = 82\n", "package engine\n\nvar s = \"A_\" + string(rune(r)) + \"OCK\"\n"},
	{"package engine\n\nconst r = 82\n", "package engine\n\nvar s = (string)(r) + \"OCK\"\n"},
	{"package engine\n\nconst p = `RO`\n", "package engine\n\nvar s = p + `CK`\n"},
	{"package engine\n\n// p + q\nconst p = \"RO\" // + \n", "package engine\n\nvar s = p /* + */ + \"CK\" // a + b\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nconst q = p\n", "package engine\n\nvar s = q + \"CK\"\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nconst q = p\n\nvar s = q + \"CK\"\n"},
	{"package engine\n\nconst k kind = \"RO\"\n", "package engine\n\ntype kind string\n", "package engine\n\nvar s = k + \"CK\"\n"},
	{"package engine\n\nconst p, q = \"Test \", 1\n", "package engine\n\nvar s = p +\n\t// the rest\n\t\"Filler\"\n"},
	{"package engine\n\nconst n = 82\n", "package engine\n\nconst q = string(n)\n\nvar s = q + \"OCK\"\n"},
	{"package engine\n\nconst n = 82\n", "package engine\n\nconst (\n\tq = n\n\tr = q\n)\n\nvar s = string(r) + \"OCK\"\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nconst q = \"CK\"\n\nvar s = p + q\n"},
	{"package engine_test\n\nconst P = \"FL\"\n", "package engine_test\n\nvar s = P + \"AG\"\n"},
	{"//go:build linux\n\npackage engine\n\nconst w = \"xx\"\n", "//go:build windows\n\npackage engine\n\nconst w = \"RO\"\n", "package engine\n\nvar x = w + \"CK\"\n"},
	{"package engine\n\nconst n = 2\n", "package engine\n\nfunc f(i int) int { return i + n }\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package other\n\nvar s = p + \"CK\"\n"},
	{"package engine\n\nvar p = \"RO\"\n", "package engine\n\nvar s = p + \"CK\"\n"},
	{"package engine\n\nconst p = \"RO\"\n", "package engine\n\nfunc f() string { return (p) + \"CK\" }\n"},
	{"package engine\n\nconst r = 'R'\n", "package engine\n\nfunc f() string { return string (r) + \"OCK\" }\n"},
	{"package engine\n\nconst r = 'R'\n", "package engine\n\nfunc f() string { return string/**/(r) + \"OCK\" }\n"},
}

// packageFiles is a packageCases folder's files, named a.go, b.go, ...
func packageFiles(srcs []string) []GoFile {
	var files []GoFile
	for i, src := range srcs {
		files = append(files, GoFile{Path: "engine/" + string(rune('a'+i)) + ".go", Src: []byte(src)})
	}
	return files
}

// foldAll is Package without its scan's judgement of which files need
// folding: every file's chains read with its package, less what each
// file gives alone.
func (r *Rules) foldAll(files []GoFile) []Finding {
	scans := make([]*foldScan, len(files))
	need := make([]bool, len(files))
	for i, f := range files {
		s := scanFold(f.Src)
		scans[i], need[i] = &s, true
	}
	return r.beyondFiles(files, r.fold(files, scans, need))
}

// beyondFiles is the findings that no file of files gives alone.
func (r *Rules) beyondFiles(files []GoFile, findings []Finding) []Finding {
	alone := map[Finding]bool{}
	for _, f := range files {
		for _, found := range r.File(f.Path, f.Src) {
			alone[found] = true
		}
	}
	var out []Finding
	for _, f := range findings {
		if !alone[f] {
			out = append(out, f)
		}
	}
	return out
}

// TestPackageScanNeverHidesAFinding: every folder gives the same findings
// whether or not the scan picks the files to fold, and the cases do find
// what they hide.
func TestPackageScanNeverHidesAFinding(t *testing.T) {
	found := 0
	for _, r := range []*Rules{NewRules(testNames, AllModules), courseRules(t)} {
		for _, c := range packageCases {
			files := packageFiles(c)
			all := r.foldAll(files)
			assert.Equal(t, all, r.beyondFiles(files, r.Package(files)), "%q", c)
			if len(all) > 0 {
				found++
			}
		}
	}
	assert.Equal(t, 2*(len(packageCases)-3), found, "all but the last three cases name something")
}

// FuzzPackageScanNeverHidesAFinding: whatever two files a folder has, the
// scan skips the folding only where it would find nothing.
func FuzzPackageScanNeverHidesAFinding(f *testing.F) {
	for _, c := range packageCases {
		f.Add(c[0], c[len(c)-1])
	}
	r := courseRules(f)
	f.Fuzz(func(t *testing.T, a, b string) {
		files := packageFiles([]string{a, b})
		if scans, need := foldingFiles(files); need == nil {
			assert.Empty(t, r.foldAll(files), "the scan skipped %q and %q", a, b)
		} else {
			assert.Equal(t, r.foldAll(files), r.beyondFiles(files, r.fold(files, scans, need)), "%q and %q", a, b)
		}
	})
}

// TestAFileReadEachRunHasItsFolderReadOnlyWhenItChanges: a Go file git
// does not vouch for (untracked) is read on every run, but its folder's
// other files stay unread while the folder's digest, with the bytes read,
// is kept clean; once the read file joins their constant, they are read
// and the chain found.
func TestAFileReadEachRunHasItsFolderReadOnlyWhenItChanges(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/a.go", "package engine\n\nconst p = \"RO\"\n")
	write(t, root, "engine/b.go", "package engine\n\nvar count int\n")
	commitAll(t, root)
	write(t, root, "engine/new.go", "package engine\n\nvar s = \"RE\" + \"CK\"\n")
	rules := NewRules(testNames, AllModules)

	_, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Empty(t, r.Findings)
	assert.Equal(t, 2, r.Cached, "only the untracked file is read")

	write(t, root, "engine/new.go", "package engine\n\nvar s = p + \"CK\"\n")
	r, err = Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Equal(t, []string{`engine/new.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`}, lines(r.Findings))
	assert.Equal(t, 0, r.Cached)
}

// TestAFolderIsTypeCheckedWithTheFilesThatJoinNothing: a file with no
// const and no '+' joins nothing itself, but may declare the type of a
// constant another file joins; the audit reads it again for that.
func TestAFolderIsTypeCheckedWithTheFilesThatJoinNothing(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	write(t, root, "engine/a.go", "package engine\n\ntype kind string\n")
	write(t, root, "engine/b.go", "package engine\n\nconst k kind = \"RO\"\n")
	write(t, root, "engine/c.go", "package engine\n\nvar s = k + \"CK\"\n")
	commitAll(t, root)
	r, err := Dirs(root, []string{"engine"}, NewRules(testNames, AllModules))
	require.NoError(t, err)
	assert.Equal(t, []string{`engine/c.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`}, lines(r.Findings))
}

// A folder verdict forged in the user's cache (the digest of the folder's
// Go files added to the clean set, as anyone who can write there can do)
// spares the folder in a run that trusts the cache; a Tree opened with
// OpenContent, check's, looks no verdict up and judges the files it read.
func TestAContentTreeLooksNoFolderVerdictUp(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	root := t.TempDir()
	a, b := "package engine\n\nconst p = \"RO\"\n", "package engine\n\nvar s = p + \"CK\"\n"
	write(t, root, "engine/a.go", a)
	write(t, root, "engine/b.go", b)
	commitAll(t, root)
	rules := NewRules(testNames, AllModules)
	want := []string{`engine/b.go:3:9: engine names "ROCK" (a grid noun, Module 06) as ROCK`}

	forged := enginefiles.OpenBlobSet("clean-folder-" + rules.key)
	forged.Add(folderDigest([]*folderFile{
		{GoFile: GoFile{Path: "engine/a.go"}, hash: enginefiles.BlobHash([]byte(a))},
		{GoFile: GoFile{Path: "engine/b.go"}, hash: enginefiles.BlobHash([]byte(b))},
	}))
	forged.Save()
	r, err := Dirs(root, []string{"engine"}, rules)
	require.NoError(t, err)
	assert.Empty(t, r.Findings, "the forged verdict spares the folder in a run that trusts the cache")

	tr, err := enginefiles.OpenContent(root, false)
	require.NoError(t, err)
	r, err = DirsOf(tr, root, []string{"engine"}, rules, nil)
	require.NoError(t, err)
	tr.Save()
	assert.Equal(t, want, lines(r.Findings))
}
