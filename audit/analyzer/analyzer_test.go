package analyzer

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/internal/testws"
)

var testRules = audit.NewRules([]audit.Name{
	{Name: "Test Filler", Kind: audit.KindCard, Module: "01"},
	{Name: "KEY", Kind: audit.KindGridNoun, Module: "08"},
	{Name: "WALL", Kind: audit.KindGridNoun, Module: "06"},
}, audit.AllModules)

func TestAnalyzerWithFixedRules(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), New(testRules), "engine")
}

// TestAnalyzerReportsWhatTheAuditFinds: on every file of
// testdata/src/engine, the analyzer's diagnostics are the course command's
// findings, place for place and word for word (the diagnostics about file
// names, which the analyzer puts at the package clause, aside): those of
// each file alone, and those its package's other files give it.
func TestAnalyzerReportsWhatTheAuditFinds(t *testing.T) {
	got := map[string][]string{}
	for _, r := range analysistest.Run(t, analysistest.TestData(), New(testRules), "engine") {
		for _, d := range r.Diagnostics {
			if strings.Contains(d.Message, " in the name ") {
				continue
			}
			p := r.Pass.Fset.Position(d.Pos)
			base := filepath.Base(p.Filename)
			got[base] = append(got[base], fmt.Sprintf("%d:%d: %s", p.Line, p.Column, d.Message))
		}
	}
	files, err := filepath.Glob(filepath.Join(analysistest.TestData(), "src", "engine", "*.go"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	want := map[string][]audit.Finding{}
	var folder []audit.GoFile
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		folder = append(folder, audit.GoFile{Path: filepath.Base(f), Src: src})
		want[filepath.Base(f)] = append(want[filepath.Base(f)], testRules.File(filepath.Base(f), src)...)
	}
	joined := testRules.Package(folder)
	require.NotEmpty(t, joined, "a file joins another's constant")
	for _, fd := range joined {
		want[fd.Path] = append(want[fd.Path], fd)
	}
	for _, f := range files {
		var lines []string
		fds := want[filepath.Base(f)]
		slices.SortStableFunc(fds, func(a, b audit.Finding) int {
			return cmp.Or(cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
		})
		for _, fd := range fds {
			lines = append(lines, fmt.Sprintf("%d:%d: engine names %q (%s) as %s", fd.Line, fd.Column, fd.Name, audit.Describe(fd.Kind, fd.Module), fd.As))
		}
		assert.Equal(t, slices.Compact(lines), got[filepath.Base(f)], filepath.Base(f))
	}
}

// TestAnalyzerChecksOnlyTheWorkspaceEngine runs the exported Analyzer on a
// workspace's engine and harness: the engine is reported, with the course
// catalog's names and the nouns of the started modules only; the harness,
// outside engineDirs, is not.
func TestAnalyzerChecksOnlyTheWorkspaceEngine(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	results := analysistest.Run(t, analysistest.TestData(), Analyzer, "ws/engine", "ws/engine/test_filler", "ws/harness")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			assert.Greater(t, d.End, d.Pos, "%s", d.Message)
			assert.Contains(t, []string{"card", "grid noun"}, d.Category)
		}
	}
}

// TestAnalyzerHoldsTheListedCodeToTheListedFolders: the harness's, the
// engine's and the content's imports of the workspace module's packages
// outside the listed folders, and the engine's imports out of the engine,
// are reported, each at its path, and an engine folder's assembly at its
// start (the want
// comments in testdata/src/listed); tests/, a _test.go file and an
// unlisted package's own imports are not.
func TestAnalyzerHoldsTheListedCodeToTheListedFolders(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	results := analysistest.Run(t, analysistest.TestData(), Analyzer,
		"listed/harness", "listed/harness/extra", "listed/engine", "listed/engine/sub", "listed/content", "listed/lib", "listed/tests/fixtures")
	// A package with test files is analyzed twice, alone and with its
	// tests: each import is one finding however often it is reported.
	found := map[string]bool{}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			at := r.Pass.Fset.Position(d.Pos)
			want := "unlisted folder"
			if strings.HasSuffix(at.Filename, "sub.go") || strings.HasSuffix(at.Filename, ".s") {
				want = "engine import"
			}
			assert.Equal(t, want, d.Category, at.String())
			found[at.String()] = true
		}
	}
	assert.Len(t, found, 9, "%v", found)
}

func TestAnalyzerIsDocumentedAsXToolsPassesAre(t *testing.T) {
	assert.Equal(t, "coupling", Analyzer.Name)
	assert.True(t, strings.HasPrefix(Analyzer.URL, "https://pkg.go.dev/"))
	assert.NoError(t, analysis.Validate([]*analysis.Analyzer{Analyzer}))
	first, _, _ := strings.Cut(Analyzer.Doc, "\n")
	assert.True(t, strings.HasPrefix(first, "coupling "), "the first line of Doc starts with the name, as x/tools' passes do")
}

func TestCatalogNamesLoad(t *testing.T) {
	cat, err := readCatalog()
	require.NoError(t, err)
	assert.NotEmpty(t, cat.names)
}

func goCmd(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	return p
}

// TestVettoolLinksNoEngineNorSchemaLibrary: the analyzer's command takes the
// names as data.
func TestVettoolLinksNoEngineNorSchemaLibrary(t *testing.T) {
	out, err := exec.Command(goCmd(t), "list", "-deps", "./cmd/coupling").Output()
	require.NoError(t, err)
	for _, dep := range strings.Fields(string(out)) {
		assert.False(t, strings.HasPrefix(dep, "github.com/systemic-game-design/course/engine"), dep)
		assert.NotEqual(t, "github.com/systemic-game-design/course/course/data", dep)
		assert.NotContains(t, dep, "jsonschema")
	}
}

// TestGoVetVettool builds the coupling command and runs it the way a
// learner would, go vet -vettool, in a fixture workspace: silent on tests/
// and harness/, a diagnostic for the engine, and go vet's exit status.
func TestGoVetVettool(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the vet tool")
	}
	goBin := goCmd(t)
	tool := filepath.Join(t.TempDir(), "coupling")
	build := exec.Command(goBin, "build", "-o", tool, "./cmd/coupling")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	ws := t.TempDir()
	write := func(rel, content string) { testws.Write(t, ws, map[string]string{rel: content}) }
	write("go.mod", "module example.com/my-engine\n\ngo 1.26\n")
	write(".course.json", `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["content"]}`)
	write("engine/engine.go", "package engine\n\n// Count is how many there are.\nvar Count int\n")
	write("harness/harness.go", "package harness\n\nimport _ \"example.com/my-engine/engine\"\n\nconst TestFiller = \"Test Filler\"\n")
	write("tests/01_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_summon(t *testing.T) { _ = \"Test Filler\" }\n")

	content := ""
	vet := func() (string, int) {
		cmd := exec.Command(goBin, "vet", "-vettool="+tool, "./...")
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOTOOLCHAIN=local", ContentEnvVar+"="+content)
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err, "%s", out)
		}
		return string(out), code
	}
	out1, code := vet()
	assert.Equal(t, 0, code, out1)
	assert.Empty(t, strings.TrimSpace(out1))

	write("engine/spawn.go", "package engine\n\nfunc spawnTestFiller() {}\n")
	write("engine/spawn_test.go", "package engine\n\nimport \"testing\"\n\nfunc TestSpawn(t *testing.T) { _ = \"Test Filler\" }\n")
	out2, code := vet()
	assert.NotEqual(t, 0, code, out2)
	assert.Contains(t, out2, `engine/spawn.go:3:11: engine names "Test Filler" (a card, Module 01) as TestFiller`)
	assert.Contains(t, out2, `engine/spawn_test.go:5:36: engine names "Test Filler" (a card, Module 01) as Test Filler`)
	assert.NotContains(t, out2, "harness")
	assert.NotContains(t, out2, "tests/")

	// A module started after a clean run changes the verdict on files that
	// did not change: ROCK is a grid noun from Module 06 on, and go vet's
	// cache, which keeps a package's verdict by its files, must not answer.
	write("engine/spawn.go", "package engine\n\nvar kinds = []string{\"rock\"}\n")
	write("engine/spawn_test.go", "package engine\n")
	outClean, code := vet()
	assert.Equal(t, 0, code, "no module brings ROCK yet: %s", outClean)
	write("tests/06_rules_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_06_rock(t *testing.T) {}\n")
	outStarted, code := vet()
	assert.NotEqual(t, 0, code, outStarted)
	assert.Contains(t, outStarted, `engine/spawn.go:3:22: engine names "ROCK" (a grid noun, Module 06) as rock`)
	require.NoError(t, os.Remove(filepath.Join(ws, "tests", "06_rules_test.go")))
	outAgain, code := vet()
	assert.Equal(t, 0, code, "Module 06 is no longer started: %s", outAgain)

	// The harness builds on a package in no listed folder: reported at
	// the import, and gone once .course.json lists the folder.
	write("harness/harness.go", "package harness\n\nimport _ \"example.com/my-engine/rules\"\n")
	write("rules/rules.go", "package rules\n")
	outUnlisted, code := vet()
	assert.NotEqual(t, 0, code, outUnlisted)
	assert.Contains(t, outUnlisted, `harness/harness.go:3:10: harness/harness.go imports example.com/my-engine/rules, whose folder (rules) is in neither engineDirs nor contentDirs of .course.json`)
	write(".course.json", `{"track": "go", "engineDirs": ["engine", "rules"], "contentDirs": ["content"]}`)
	outListed, code := vet()
	assert.Equal(t, 0, code, "rules is listed now: %s", outListed)

	// COURSE_CONTENT's catalog replaces the one built in.
	content = t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(content, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(content, "course", "catalog.json"),
		[]byte(`{"cards": [{"name": "Count Keeper", "module": "01"}], "words": []}`), 0o644))
	write("engine/spawn.go", "package engine\n\nvar countKeeper int\n")
	out3, code := vet()
	assert.NotEqual(t, 0, code, out3)
	assert.Contains(t, out3, `engine/spawn.go:3:5: engine names "Count Keeper" (a card, Module 01) as countKeeper`)

	// And back to the catalog built in, with the files unchanged: the
	// verdict is the built-in catalog's, not the cache's.
	content = ""
	out4, code := vet()
	assert.Equal(t, 0, code, "the built-in catalog has no Count Keeper: %s", out4)
}

// forget drops what the analyzer keeps per process (workspaces opened,
// catalogs read), as a new go vet run starts without it.
func forget(t *testing.T) {
	t.Helper()
	workspaces.Clear()
	opened.Clear()
	catalogs.Clear()
	t.Cleanup(func() {
		workspaces.Clear()
		opened.Clear()
		catalogs.Clear()
	})
}

// CacheKey changes with everything the verdict depends on besides a
// package's files, and only with that.
func TestCacheKeyFollowsWhatTheVerdictDependsOn(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	ws := t.TempDir()
	write := func(rel, content string) { testws.Write(t, ws, map[string]string{rel: content}) }
	write("go.mod", "module example.com/my-engine\n\ngo 1.26\n")
	write(".course.json", `{"track": "go", "engineDirs": ["engine"]}`)
	write("tests/01_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_summon(t *testing.T) {}\n")
	key := func(dir string) string {
		forget(t)
		return CacheKey(dir)
	}
	first := key(ws)
	assert.Len(t, first, 64)
	assert.Equal(t, first, key(ws), "nothing changed")
	assert.Equal(t, first, key(filepath.Join(ws, "engine")), "a folder inside the workspace, even one not made yet")
	write("engine/engine.go", "package engine\n")
	assert.Equal(t, first, key(ws), "a package's own files are the driver's to hash")

	write("tests/06_rules_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_06_rock(t *testing.T) {}\n")
	started := key(ws)
	assert.NotEqual(t, first, started, "a module started")

	write(".course.json", `{"track": "go", "engineDirs": ["engine", "rules"]}`)
	engineDirs := key(ws)
	assert.NotEqual(t, started, engineDirs, "another engine folder")
	write(".course.json", `{"track": "go", "engineDirs": ["engine", "rules"], "contentDirs": ["cards"]}`)
	contentDirs := key(ws)
	assert.NotEqual(t, engineDirs, contentDirs, "a content folder")
	write("go.mod", "module example.com/renamed\n\ngo 1.26\n")
	renamed := key(ws)
	assert.NotEqual(t, contentDirs, renamed, "another module path")
	write("go.mod", "module example.com/renamed\n\ngo 1.26\n\nreplace example.com/rules => ./rules\n")
	moreDirs := key(ws)
	assert.NotEqual(t, renamed, moreDirs, "a module taken from a folder")
	write("go.mod", "module example.com/renamed\n\ngo 1.26\n\nreplace example.com/rules => ./rules\n\nrequire rules v0.0.0\n")
	dotless := key(ws)
	assert.NotEqual(t, moreDirs, dotless, "a module whose path has no dot, whose packages are not the standard library's")
	moreDirs = dotless

	content := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(content, "course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(content, "course", "catalog.json"),
		[]byte(`{"cards": [{"name": "Count Keeper", "module": "01"}], "words": []}`), 0o644))
	t.Setenv(ContentEnvVar, content)
	copied := key(ws)
	assert.NotEqual(t, moreDirs, copied, "COURSE_CONTENT's catalog")
	require.NoError(t, os.WriteFile(filepath.Join(content, "course", "catalog.json"),
		[]byte(`{"cards": [{"name": "Count Keeper", "module": "02"}], "words": []}`), 0o644))
	assert.NotEqual(t, copied, key(ws), "the same COURSE_CONTENT, its catalog edited")

	// Outside any workspace, or in one that does not open, nothing may be
	// reused: each key is new.
	outside := t.TempDir()
	assert.NotEqual(t, key(outside), key(outside))
	write(".course.json", `{"engineDirs": `)
	assert.NotEqual(t, key(ws), key(ws))
}
