package session

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

var rules = audit.NewRules([]audit.Name{{Name: "Test Filler", Kind: audit.KindCard, Module: "01"}}, audit.AllModules)

// TestChecksAfterTheImportsFindWhatTheyFindAlone: the audit and the diff,
// run through the session after the imports were read (the way
// coupling-audit and expansion-check run them), find what each finds on a
// workspace of its own, on a first run and on a later one, with a file
// edited since the commit.
func TestChecksAfterTheImportsFindWhatTheyFindAlone(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":      "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"engine/clean.go":   "package engine\n",
		"engine/named.go":   "package engine\n\nfunc TestFiller() {}\n",
		"engine/sub/sub.go": "package sub\n",
	})
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "clean.go"), []byte("package engine\n\nvar filler = \"Test Filler\"\n"), 0o644))
	alone, err := audit.Dirs(ws, []string{"engine"}, rules)
	require.NoError(t, err)
	require.Len(t, alone.Findings, 2)
	changes, err := expansion.Check(ws, "HEAD", []string{"engine"})
	require.NoError(t, err)
	require.Len(t, changes.Changes, 1)

	for run := range 3 {
		s, err := Open(ws)
		require.NoError(t, err)
		_, err = s.Imports().Packages("engine", nil)
		require.NoError(t, err)
		_, err = s.Imports().Dir("harness", nil)
		require.NoError(t, err)
		got, err := s.Audit([]string{"engine"}, rules)
		require.NoError(t, err)
		assert.Equal(t, alone.Findings, got.Findings, "run %d", run)
		assert.Equal(t, alone.Files, got.Files, "run %d", run)
		diff, err := s.Changes("HEAD", []string{"engine"})
		require.NoError(t, err)
		assert.Equal(t, changes.Changes, diff.Changes, "run %d: the diff after the audit", run)
		s.Save()
	}
}

// TestASavedSessionSparesTheNextCommandItsReads: what one command's checks
// learnt is written when its Session is saved, and the next command's
// audit then reads none of the files the index vouches for; a Session not
// saved leaves the next to read them all.
func TestASavedSessionSparesTheNextCommandItsReads(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go": "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"engine/a.go":  "package engine\n",
		"engine/b.go":  "package engine\n\nvar b = 1\n",
	})
	command := func(save bool) *audit.Report {
		s, err := Open(ws)
		require.NoError(t, err)
		rep, err := s.Audit([]string{"engine"}, rules)
		require.NoError(t, err)
		require.NoError(t, s.CheckListed(listedIn("example.com/ws")))
		if save {
			s.Save()
		}
		return rep
	}
	assert.Zero(t, command(false).Cached)
	assert.Zero(t, command(true).Cached, "the first command saved nothing")
	rep := command(true)
	assert.Equal(t, 2, rep.Files)
	assert.Equal(t, 2, rep.Cached, "every file was known clean by its hash")
}

func TestChangesOutsideARepositorySaysSo(t *testing.T) {
	ws := t.TempDir()
	testws.Write(t, ws, map[string]string{"engine/a.go": "package engine\n"})
	s, err := Open(ws)
	require.NoError(t, err)
	_, err = s.Audit([]string{"engine"}, rules)
	require.NoError(t, err, "the audit needs no repository")
	_, err = s.Changes("HEAD", []string{"engine"})
	var nr *expansion.NotRepositoryError
	assert.ErrorAs(t, err, &nr)
}

func TestCheckListedFollowsTheImportsToAnUnlistedFolder(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":        "package harness\n\nimport (\n\t_ \"example.com/ws/engine\"\n\t_ \"example.com/ws/tests/fixtures\"\n)\n",
		"engine/e.go":         "package engine\n\nimport _ \"example.com/ws/engine/sub\"\n",
		"engine/sub/s.go":     "package sub\n\nimport _ \"example.com/ws/lib\"\n",
		"tests/fixtures/f.go": "package fixtures\n",
		"lib/l.go":            "package lib\n\nimport _ \"example.com/ws/rules\"\n",
		"rules/r.go":          "package rules\n",
	})
	check := func(l Listed) error { return checkListedIn(t, ws, l) }
	l := listedIn("example.com/ws")
	var unlisted *audit.UnlistedPackageError
	require.ErrorAs(t, check(l), &unlisted)
	assert.Equal(t, audit.UnlistedPackageError{Dir: "lib", ImportPath: "example.com/ws/lib", File: "engine/sub/s.go"}, *unlisted)

	// Listed, lib leads on to rules, through a file of its own.
	l.EngineDirs = append(l.EngineDirs, "lib")
	require.ErrorAs(t, check(l), &unlisted)
	assert.Equal(t, "rules", unlisted.Dir)
	assert.Equal(t, "lib/l.go", unlisted.File)

	l.EngineDirs = append(l.EngineDirs, "rules")
	assert.NoError(t, check(l))

	// A module go.mod replaces with a folder is code the checks do not
	// read: an import of it, at any depth of the imports followed, is
	// refused, naming the file, the module and the folder.
	mod := audit.LocalModule{Dir: "./mod", From: "go.mod's replace directive", Drop: "go mod edit -dropreplace example.com/mod"}
	l.LocalModules = map[string]audit.LocalModule{"example.com/mod": mod}
	assert.NoError(t, check(l), "replaced, but imported by nothing")
	require.NoError(t, os.WriteFile(filepath.Join(ws, "rules", "r.go"), []byte("package rules\n\nimport _ \"example.com/mod/cards\"\n"), 0o644))
	var replaced *audit.ReplacedModuleError
	require.ErrorAs(t, check(l), &replaced)
	assert.Equal(t, audit.ReplacedModuleError{File: "rules/r.go", ImportPath: "example.com/mod/cards", Module: "example.com/mod", LocalModule: mod}, *replaced)
	assert.True(t, replaced.UserError())
	l.LocalModules = nil
	var engineImport *audit.EngineImportError
	require.ErrorAs(t, check(l), &engineImport, "not replaced, the module is still one the audit does not read")
	assert.Equal(t, audit.EngineImportError{File: "rules/r.go", ImportPath: "example.com/mod/cards"}, *engineImport)

	// A folder the caller refuses (a link out of the workspace) is its error.
	refused := errors.New("leads out")
	l.Path = func(rel string) error {
		if rel == "rules" {
			return refused
		}
		return nil
	}
	assert.ErrorIs(t, check(l), refused)
}

// TestEngineCodeBuildsOnTheEngineAndTheStandardLibraryAlone: an import of
// engine code that leads to the content, the harness, the tests or another
// module is refused, naming the file, the import and where it leads; the
// harness and the content may import any of them.
func TestEngineCodeBuildsOnTheEngineAndTheStandardLibraryAlone(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":        "package harness\n\nimport (\n\t_ \"example.com/ws/content\"\n\t_ \"example.com/ws/engine\"\n\t_ \"example.com/ws/tests/fixtures\"\n\t_ \"github.com/stretchr/testify/assert\"\n)\n",
		"harness/util/u.go":   "package util\n",
		"content/c.go":        "package content\n\nimport (\n\t_ \"example.com/ws/engine\"\n\t_ \"golang.org/x/text/language\"\n)\n",
		"engine/e.go":         "package engine\n\nimport (\n\t_ \"example.com/ws/engine/sub\"\n\t_ \"fmt\"\n\t_ \"math/rand/v2\"\n\t_ \"unsafe\"\n)\n\n//go:linkname now time.now\nfunc now() (int64, int32, int64)\n",
		"engine/e_test.go":    "package engine\n\nimport _ \"github.com/stretchr/testify/assert\"\n",
		"engine/sub/s.go":     "package sub\n",
		"tests/fixtures/f.go": "package fixtures\n",
	})
	check := func() error {
		s, err := Open(ws)
		require.NoError(t, err)
		return s.CheckListed(listedIn("example.com/ws"))
	}
	require.NoError(t, check(), "the standard library (a symbol of it too), the engine's own folders, and a test file's imports")

	for imp, want := range map[string]audit.EngineImportError{
		"example.com/ws/content":        {File: "engine/sub/s.go", ImportPath: "example.com/ws/content", Dir: "content", What: "a content folder"},
		"example.com/ws/harness/util":   {File: "engine/sub/s.go", ImportPath: "example.com/ws/harness/util", Dir: "harness/util", What: "the harness"},
		"example.com/ws/tests/fixtures": {File: "engine/sub/s.go", ImportPath: "example.com/ws/tests/fixtures", Dir: "tests/fixtures", What: "the tests"},
		"github.com/someone/cards":      {File: "engine/sub/s.go", ImportPath: "github.com/someone/cards"},
		"C":                             {File: "engine/sub/s.go", ImportPath: "C", What: "cgo"},
	} {
		require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "sub", "s.go"), []byte("package sub\n\nimport _ \""+imp+"\"\n"), 0o644))
		var got *audit.EngineImportError
		require.ErrorAs(t, check(), &got, imp)
		assert.Equal(t, want, *got, imp)
		assert.True(t, got.UserError())
		assert.Contains(t, got.Error(), "engine code builds on the standard library and the engine folders alone")
	}

	// A //go:linkname directive reaches the content with no import.
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "sub", "s.go"), []byte("package sub\n\nimport _ \"unsafe\"\n\n//go:linkname special example.com/ws/content.Special\nfunc special(string) bool\n"), 0o644))
	var got *audit.EngineImportError
	require.ErrorAs(t, check(), &got)
	assert.Equal(t, audit.EngineImportError{File: "engine/sub/s.go", ImportPath: "example.com/ws/content", Dir: "content", What: "a content folder"}, *got)
}

// TestTheRuleAfterTheAuditFindsWhatItFindsAlone: coupling-audit runs the
// audit first and the rule on what the audit read; the rule's answer is
// the same as on a session of its own, on a first run, on a later one and
// with nothing kept.
func TestTheRuleAfterTheAuditFindsWhatItFindsAlone(t *testing.T) {
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":    "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"engine/e.go":     "package engine\n",
		"engine/sub/s.go": "package sub\n\nimport _ \"example.com/ws/lib\"\n",
		"lib/l.go":        "package lib\n",
	})
	for _, cache := range []string{t.TempDir(), "", "off"} {
		if cache != "" {
			t.Setenv(usercache.EnvVar, cache)
		}
		for range 2 {
			s, err := Open(ws)
			require.NoError(t, err)
			_, err = s.Audit([]string{"engine"}, rules)
			require.NoError(t, err)
			var unlisted *audit.UnlistedPackageError
			require.ErrorAs(t, s.CheckListed(listedIn("example.com/ws")), &unlisted, "cache %q", cache)
			assert.Equal(t, "engine/sub/s.go", unlisted.File)
		}
	}
}

// TestEngineCodeIsGoAlone: a file of an engine folder the go command would
// assemble or link in (assembly, an object file) is refused whatever its
// build constraints or its name's GOARCH say, an empty one too (it lets a
// Go function with no body take one from the content); the content and
// the harness may have them, and a name the go command leaves out is not
// asked about.
func TestEngineCodeIsGoAlone(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":        "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"harness/h_amd64.s":   "",
		"content/c.go":        "package content\n",
		"content/c_arm64.s":   "",
		"content/c.syso":      "",
		"engine/e.go":         "package engine\n\nfunc hook()\n",
		"engine/_old.s":       "",
		"engine/sub/sub.go":   "package sub\n",
		"engine/testdata/x.s": "",
	})
	check := func() error {
		s, err := Open(ws)
		require.NoError(t, err)
		return s.CheckListed(listedIn("example.com/ws"))
	}
	require.NoError(t, check())
	for file, what := range map[string]string{
		"engine/hook_amd64.s":  "assembly",
		"engine/sub/empty.s":   "assembly",
		"engine/hook_arm64.S":  "assembly",
		"engine/sub/pre.sx":    "assembly",
		"engine/res.syso":      "an object file",
		"engine/only/lonely.s": "assembly",
	} {
		testws.Write(t, ws, map[string]string{file: "//go:build ignore\n\n#include \"../content/hook.inc\"\n"})
		var got *audit.EngineImportError
		require.ErrorAs(t, check(), &got, file)
		assert.Equal(t, audit.EngineImportError{File: file, What: what}, *got)
		assert.True(t, got.UserError())
		assert.Contains(t, got.Error(), "engine code is Go alone")
		require.NoError(t, os.Remove(filepath.Join(ws, filepath.FromSlash(file))))
	}
	require.NoError(t, check())
}

// TestAWorkspaceIsOneModule: a go.mod in a folder the rule reads, or in a
// folder above one, below the workspace's own, makes that folder another
// module, which the go command takes from the module proxy and not from
// the folder: it is refused, naming the file. One in a folder the go
// command leaves out (testdata, a leading underscore or dot) is not.
func TestAWorkspaceIsOneModule(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"go.mod":                   "module example.com/ws\n",
		"harness/h.go":             "package harness\n\nimport (\n\t_ \"example.com/ws/engine\"\n\t_ \"example.com/ws/tests/fixtures/deep\"\n)\n",
		"engine/e.go":              "package engine\n",
		"engine/rules/r.go":        "package rules\n",
		"engine/testdata/go.mod":   "module data\n",
		"engine/_old/go.mod":       "module old\n",
		"engine/.cache/go.mod":     "module cache\n",
		"tests/fixtures/deep/d.go": "package deep\n",
	})
	check := func(l Listed) error { return checkListedIn(t, ws, l) }
	l := listedIn("example.com/ws")
	require.NoError(t, check(l))
	for _, file := range []string{"engine/rules/go.mod", "engine/go.mod", "harness/go.mod", "content/go.mod", "tests/fixtures/go.mod", "tests/go.mod"} {
		testws.Write(t, ws, map[string]string{file: "module example.com/ws/" + path.Dir(file) + "\n"})
		var got *audit.NestedModuleError
		require.ErrorAs(t, check(l), &got, file)
		assert.Equal(t, audit.NestedModuleError{File: file}, *got)
		assert.True(t, got.UserError())
		assert.Contains(t, got.Error(), "delete "+file)
		require.NoError(t, os.Remove(filepath.Join(ws, filepath.FromSlash(file))))
	}
	require.NoError(t, check(l))

	// Above a listed folder too.
	testws.Write(t, ws, map[string]string{"src/engine/e.go": "package engine\n", "src/go.mod": "module example.com/ws/src\n"})
	l.EngineDirs = []string{"src/engine"}
	var got *audit.NestedModuleError
	require.ErrorAs(t, check(l), &got)
	assert.Equal(t, "src/go.mod", got.File)
}

// TestADotlessModuleIsNotTheStandardLibrary: an import path whose first
// element has no dot is another module's package, not the standard
// library's, when go.mod requires or replaces a module that holds it.
func TestADotlessModuleIsNotTheStandardLibrary(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go": "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"engine/e.go":  "package engine\n\nimport (\n\t_ \"rules/deep\"\n\t_ \"strings\"\n)\n",
	})
	s, err := Open(ws)
	require.NoError(t, err)
	l := listedIn("example.com/ws")
	require.NoError(t, s.CheckListed(l), "no module holds it: the go command would say it is not in the standard library")
	l.Dotless = []string{"rules"}
	var got *audit.EngineImportError
	require.ErrorAs(t, s.CheckListed(l), &got)
	assert.Equal(t, audit.EngineImportError{File: "engine/e.go", ImportPath: "rules/deep"}, *got)
}

// checkListedIn runs the listed-folders rule on the workspace at ws
// through a session of its own.
func checkListedIn(t *testing.T, ws string, l Listed) error {
	t.Helper()
	s, err := Open(ws)
	require.NoError(t, err)
	return s.CheckListed(l)
}

// TestALinkedFolderIsJudgedByItsImportPath: a package whose folder is a
// symbolic link (the engine folder itself, or a folder in it) is built by
// the go command from the link's target under the link's import path, so
// its imports are judged as that path's: engine code there that imports
// the content is refused as any engine file's would be.
func TestALinkedFolderIsJudgedByItsImportPath(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	for name, c := range map[string]struct {
		harness, link, target string
	}{
		"the engine folder": {"example.com/ws/engine", "engine", "src"},
		"a folder in it":    {"example.com/ws/engine/link", "engine/link", "rules"},
	} {
		t.Run(name, func(t *testing.T) {
			ws := testws.Committed(t, map[string]string{
				"harness/h.go":     "package harness\n\nimport _ \"" + c.harness + "\"\n",
				c.target + "/r.go": "package rules\n\nimport _ \"example.com/ws/content\"\n",
				"content/c.go":     "package content\n",
			})
			require.NoError(t, os.RemoveAll(filepath.Join(ws, c.link)))
			require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(ws, c.link)), 0o755))
			require.NoError(t, os.Symlink(filepath.Join(ws, c.target), filepath.Join(ws, c.link)))
			s, err := Open(ws)
			require.NoError(t, err)
			var got *audit.EngineImportError
			require.ErrorAs(t, s.CheckListed(listedIn("example.com/ws")), &got)
			assert.Equal(t, audit.EngineImportError{File: c.link + "/r.go", ImportPath: "example.com/ws/content", Dir: "content", What: "a content folder"}, *got)
		})
	}
}

// TestAModuleInsideTheWorkspacesPathIsNotItsFolder: a package whose path
// names a folder of the workspace, which the go command takes from a
// module inside the workspace's own path (one go.mod requires, or one a
// directive takes from a folder), is refused: the audit reads the folder,
// not that module.
func TestAModuleInsideTheWorkspacesPathIsNotItsFolder(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":     "package harness\n\nimport _ \"example.com/ws/engine/rules\"\n",
		"engine/README.md": "the rules come from elsewhere\n",
		"src/go.mod":       "module example.com/ws/engine/rules\n",
		"src/r.go":         "package rules\n\nconst Name = \"Test Filler\"\n",
	})
	l := listedIn("example.com/ws")
	require.NoError(t, checkListedIn(t, ws, l), "a folder with no Go files: the go command would find no package there")

	l.Inner = []string{"example.com/ws/engine"}
	var inner *audit.InnerModuleError
	require.ErrorAs(t, checkListedIn(t, ws, l), &inner)
	assert.Equal(t, audit.InnerModuleError{File: "harness/h.go", ImportPath: "example.com/ws/engine/rules", Module: "example.com/ws/engine"}, *inner)
	assert.Contains(t, inner.Error(), "go mod edit -droprequire example.com/ws/engine")

	l.Inner = nil
	l.LocalModules = map[string]audit.LocalModule{
		"example.com/ws":              {Dir: "./elsewhere", From: "go.mod's replace directive"},
		"example.com/ws/engine/rules": {Dir: "./src", From: "the use directive of go.work"},
	}
	var replaced *audit.ReplacedModuleError
	require.ErrorAs(t, checkListedIn(t, ws, l), &replaced)
	assert.Equal(t, "example.com/ws/engine/rules", replaced.Module)

	l.LocalModules = map[string]audit.LocalModule{"example.com/ws": {Dir: "./elsewhere", From: "go.mod's replace directive"}}
	require.NoError(t, checkListedIn(t, ws, l), "the workspace's own module is what the folders hold")
}

// TestATagGOFLAGSGivesCountsInTheRule: check's build takes the tags of
// GOFLAGS, from the environment or else from the go env file (`go env
// -w`), so the rule counts a file one of them builds; a verdict kept from
// a run without the tag is not taken for one with it.
func TestATagGOFLAGSGivesCountsInTheRule(t *testing.T) {
	t.Setenv(usercache.EnvVar, t.TempDir())
	ws := testws.Committed(t, map[string]string{
		"harness/h.go":     "package harness\n\nimport _ \"example.com/ws/engine\"\n",
		"content/names.go": "package content\n\nconst N = \"Test Filler\"\n",
		"engine/e.go":      "package engine\n",
		"engine/cheat.go":  "//go:build cheat\n\npackage engine\n\nimport \"example.com/ws/content\"\n\nvar N = content.N\n",
	})
	env := filepath.Join(t.TempDir(), "env")
	t.Setenv("GOENV", env)
	t.Setenv("GOFLAGS", "")
	check := func() error {
		s, err := Open(ws)
		require.NoError(t, err)
		defer s.Save()
		return s.CheckListed(listedIn("example.com/ws"))
	}
	require.NoError(t, check(), "no tag, no file")

	refused := audit.EngineImportError{File: "engine/cheat.go", ImportPath: "example.com/ws/content", Dir: "content", What: "a content folder"}
	t.Setenv("GOFLAGS", "-mod=mod -tags=cheat")
	var got *audit.EngineImportError
	require.ErrorAs(t, check(), &got, "the environment's GOFLAGS")
	assert.Equal(t, refused, *got)

	t.Setenv("GOFLAGS", "")
	require.NoError(t, check())
	require.NoError(t, os.WriteFile(env, []byte("GOFLAGS=-tags=fast,cheat\n"), 0o644))
	require.ErrorAs(t, check(), &got, "the go env file's GOFLAGS")
	assert.Equal(t, refused, *got)

	t.Setenv("GOFLAGS", "-mod=mod")
	require.NoError(t, check(), "the environment's GOFLAGS wins over the file's")
}
