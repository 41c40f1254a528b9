package workspace

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func writeConfig(t *testing.T, dir, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, ConfigFile), []byte(content), 0o644))
}

func TestOpenReadsTheConfig(t *testing.T) {
	dir := t.TempDir()
	writeConfig(t, dir, `{"track": "go", "engineDirs": ["engine", "rules/core"], "contentDirs": ["content"]}`)
	ws, err := Open(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{"engine", "rules/core"}, ws.Config.EngineDirs)
	assert.Equal(t, []string{"content"}, ws.Config.ContentDirs)
}

func TestBadConfigsNameTheFileAndField(t *testing.T) {
	cases := []struct{ config, want string }{
		{``, "is empty"},
		{`{"track": "go", "engineDirs": ["engine"]`, "ends before its JSON object does; close every { and [ and \" it opens, or put back the one course init wrote with `git -C "},
		{`{"track": "go", "engineDirs": ["engine"],}`, "is not valid JSON at byte"},
		{`{"track": "go", "engineDirs": ["engine"]]`, "mend it"},
		{`{"track": "go", "engineDirs": "engine"}`, `field "engineDirs" must be a list of folder names`},
		{`{"track": 1, "engineDirs": ["engine"]}`, `field "track" must be a string`},
		{`{"track": "rust", "engineDirs": ["engine"]}`, `field "track" is "rust"`},
		{`{"engineDirs": ["engine"]}`, `field "track" is missing`},
		{`{"track": "go"}`, `field "engineDirs" is missing or empty`},
		{`{"track": "go", "engineDirs": ["engine"], "extra": 1}`, `unknown field "extra"`},
		{`{"track": "go", "engineDirs": [""]}`, `engineDirs[0] "" is empty`},
		{`{"track": "go", "engineDirs": ["../x"]}`, `engineDirs[0] "../x" leaves the workspace`},
		{`{"track": "go", "engineDirs": ["a/../../x"]}`, `leaves the workspace`},
		{`{"track": "go", "engineDirs": ["engine"], "contentDirs": ["/abs"]}`, `contentDirs[0] "/abs" is absolute; name a folder inside the workspace, relative to it (e.g. "cards")`},
		{`{"track": "go", "engineDirs": ["engine"], "contentDirs": ["../cards"]}`, `contentDirs[0] "../cards" leaves the workspace; name a folder inside it (e.g. "cards")`},
		{`{"track": "go", "engineDirs": ["/abs"]}`, `engineDirs[0] "/abs" is absolute; name a folder inside the workspace, relative to it (e.g. "engine")`},
		{`{"track": "go", "engineDirs": ["engine\u0000"]}`, `engineDirs[0] "engine\x00" holds a control character`},
		{`{"track": "go", "engineDirs": ["engine"], "contentDirs": ["cards\n"]}`, `contentDirs[0] "cards\n" holds a control character`},
		{`{"track": "go", "engineDirs": ["engine"]} {}`, `more than one JSON value`},
		// A field given twice, in any case, or spelt in a case of its
		// own: Go's reader takes it whatever its case, and the last of two.
		{`{"track": "go", "engineDirs": ["engine"], "engineDirs": []}`, `has "engineDirs" twice, and Go's JSON reader takes the last alone, so the course tools would not read what the first gives; keep one`},
		{`{"track": "go", "Track": "go", "engineDirs": ["engine"]}`, `has both "Track" and "track", which differ only in case; keep one, spelled "track"`},
		{`{"track": "go", "ContentDirs": ["cards"], "engineDirs": ["engine"]}`, `spells the field "contentDirs" as "ContentDirs"; spell it "contentDirs", as every reader of the file does`},
		{`[]`, `.course.json: holds a JSON array where an object must be; write {"track": "go", "engineDirs": ["engine"], "contentDirs": ["content", "cards"]}`},
		{`"go"`, `holds a JSON string where an object must be`},
		{`42`, `holds a JSON number where an object must be`},
	}
	for _, c := range cases {
		dir := t.TempDir()
		writeConfig(t, dir, c.config)
		_, err := Open(dir)
		var wsErr *Error
		if assert.ErrorAs(t, err, &wsErr, c.config) {
			assert.Equal(t, filepath.Join(dir, ConfigFile), wsErr.Path, c.config)
			assert.Contains(t, wsErr.Error(), c.want, c.config)
		}
	}
}

func TestSymlinkOutOfTheWorkspaceIsRefused(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "engine")))
	writeConfig(t, dir, `{"track": "go", "engineDirs": ["engine/sub"]}`)
	_, err := Open(dir)
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "leads out of the workspace through a symbolic link")

	// A link that stays inside is fine.
	inside := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(inside, "real"), 0o755))
	require.NoError(t, os.Symlink("real", filepath.Join(inside, "engine")))
	writeConfig(t, inside, `{"track": "go", "engineDirs": ["engine"]}`)
	_, err = Open(inside)
	assert.NoError(t, err)
}

func TestNoWorkspace(t *testing.T) {
	_, err := Open(filepath.Join(t.TempDir(), "missing"))
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "no such folder")

	_, err = Open(t.TempDir())
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "has no .course.json")

	// A file given for the folder is named as one.
	ws := t.TempDir()
	writeConfig(t, ws, `{"track": "go", "engineDirs": ["engine"]}`)
	_, err = Open(filepath.Join(ws, ConfigFile))
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, "is a file, not a folder; give the path of your workspace, the folder that holds .course.json", wsErr.Why)

	// A path through a file is not "no such folder" either.
	_, err = Open(filepath.Join(ws, ConfigFile, "x"))
	require.ErrorAs(t, err, &wsErr)
	assert.Contains(t, wsErr.Why, "cannot be read (not a directory)")
}

// TestLinkThatLeadsNowhere: a workspace moved or deleted leaves its link
// behind (a class gathered with links); the message names the link and
// where it leads, not a folder that was never there.
func TestLinkThatLeadsNowhere(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "alice")
	require.NoError(t, os.Symlink("../moved-away", gone))
	_, err := Open(gone)
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, `is a symbolic link to "../moved-away", which does not exist; point the link at the workspace (ln -sfn), or remove it`, wsErr.Why)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "roster.txt"), nil, 0o644))
	toFile := filepath.Join(dir, "bob")
	require.NoError(t, os.Symlink("roster.txt", toFile))
	_, err = Open(toFile)
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, `is a symbolic link to "roster.txt", a file, not a folder; give the path of your workspace, the folder that holds .course.json`, wsErr.Why)
}

func TestModulePath(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("// my engine\nmodule \"example.com/me/engine\" // the path\n\ngo 1.26\n"), 0o644))
	mod, err := ModulePath(dir)
	require.NoError(t, err)
	assert.Equal(t, "example.com/me/engine", mod)

	_, err = ModulePath(t.TempDir())
	var wsErr *Error
	assert.ErrorAs(t, err, &wsErr)
}

func TestModulePathReadsGoModAsGoDoes(t *testing.T) {
	cases := []struct{ gomod, want, err string }{
		{"module (\n\texample.com/blocked\n)\n\ngo 1.26\n", "example.com/blocked", ""},
		{"module example.com/plain // comment\n", "example.com/plain", ""},
		{"module \"not a path\"\n", "", `"not a path", which is not a valid module path`},
		{"module ../up\n", "", "not a valid module path"},
		{"go 1.26\n", "", "has no module line"},
		{"module example.com/x\nrequire (\n", "", "does not parse"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(c.gomod), 0o644))
		mod, err := ModulePath(dir)
		if c.err != "" {
			var wsErr *Error
			if assert.ErrorAs(t, err, &wsErr, c.gomod) {
				assert.Contains(t, wsErr.Error(), c.err)
			}
			continue
		}
		assert.NoError(t, err, c.gomod)
		assert.Equal(t, c.want, mod)
	}
}

// repositoryDir is a folder laid out as the course repository is.
func repositoryDir(t *testing.T, module string, withCatalog bool) string {
	t.Helper()
	dir := t.TempDir()
	writeConfig(t, dir, `{"track": "go", "engineDirs": ["engine"]}`)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644))
	if withCatalog {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "course"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "course", "catalog.json"), []byte(`{}`), 0o644))
	}
	return dir
}

// The course repository is the course repository by its module path and
// its layout both: a learner who names their module as the course's does
// not make their workspace the repository.
func TestTheCourseRepositoryIsKnownByItsModuleAndItsLayout(t *testing.T) {
	kind := func(dir string) Kind {
		t.Helper()
		ws, err := Open(dir)
		require.NoError(t, err)
		return ws.Kind
	}
	_, err := Open(t.TempDir())
	assert.Error(t, err, "a folder with no .course.json is no workspace")

	learner := repositoryDir(t, RepositoryModule, false)
	assert.Equal(t, Learner, kind(learner), "the course's module path alone")
	ws, err := Open(learner)
	require.NoError(t, err)
	assert.Equal(t, RepositoryModule, ws.ModulePath)

	assert.Equal(t, Learner, kind(repositoryDir(t, "example.com/mine", true)), "the layout alone")
	assert.Equal(t, Repository, kind(repositoryDir(t, RepositoryModule, true)))

	// This repository itself.
	assert.Equal(t, Repository, kind(filepath.Join("..", "..", "..", "..")))
}

func TestFindWalksUpToTheWorkspace(t *testing.T) {
	ws := t.TempDir()
	writeConfig(t, ws, `{"track": "go", "engineDirs": ["engine"]}`)
	deep := filepath.Join(ws, "engine", "grid")
	require.NoError(t, os.MkdirAll(deep, 0o755))
	for _, start := range []string{ws, deep} {
		got, err := Find(start)
		require.NoError(t, err)
		assert.Equal(t, ws, got)
	}

	_, err := Find(t.TempDir())
	var notInside *NotInsideError
	require.ErrorAs(t, err, &notInside)
	assert.Equal(t, "not inside a course workspace; run course init DIR or cd into one", err.Error())
	assert.True(t, notInside.UserError())
}

// LocalModules holds go.mod's replacements by a folder only, in a block
// or alone, whatever version they name (a replacement by another module is
// the go command's to fetch); and, when the go.work above the workspace
// uses it, the other folders that go.work uses and its replacements by a
// folder. A go.work that does not use the workspace, or GOWORK=off, adds
// nothing; a go.mod that does not parse has none.
func TestLocalModulesAreTheFoldersTheGoCommandWouldTake(t *testing.T) {
	t.Setenv("GOWORK", "")
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	writeConfig(t, dir, `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["content"]}`)
	gomod := "module example.com/ws\n\ngo 1.26\n\nreplace (\n\texample.com/near => ./near\n\texample.com/far v1.2.0 => ../far\n)\n\n" +
		"replace example.com/abs => /tmp/abs\n\nreplace example.com/fork => example.com/fork2 v1.0.0\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644))
	ws, err := Open(dir)
	require.NoError(t, err)
	dirs := func() map[string]string {
		out := map[string]string{}
		for m, l := range ws.LocalModules() {
			out[m] = l.Dir
			assert.NotEmpty(t, l.From, m)
			assert.NotEmpty(t, l.Drop, m)
		}
		return out
	}
	assert.Equal(t, map[string]string{"example.com/near": "./near", "example.com/far": "../far", "example.com/abs": "/tmp/abs"}, dirs())
	assert.Equal(t, "go mod edit -dropreplace example.com/far", ws.LocalModules()["example.com/far"].Drop)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ws\n\ngo 1.26\n"), 0o644))
	assert.Nil(t, ws.LocalModules())
	require.NoError(t, os.MkdirAll(filepath.Join(top, "rules"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(top, "rules", "go.mod"), []byte("module example.com/rules\n\ngo 1.26\n"), 0o644))
	work := "go 1.26\n\nuse (\n\t./ws\n\t./rules\n)\n\nreplace example.com/lib => ./lib\n"
	require.NoError(t, os.WriteFile(filepath.Join(top, "go.work"), []byte(work), 0o644))
	assert.Equal(t, map[string]string{"example.com/rules": "./rules", "example.com/lib": "./lib"}, dirs(), "a go.work above the workspace that uses it")
	assert.Equal(t, "go work edit -dropuse ./rules", ws.LocalModules()["example.com/rules"].Drop)

	t.Setenv("GOWORK", "off")
	assert.Nil(t, ws.LocalModules(), "GOWORK=off: no go.work")
	t.Setenv("GOWORK", "")
	require.NoError(t, os.WriteFile(filepath.Join(top, "go.work"), []byte("go 1.26\n\nuse ./rules\n"), 0o644))
	assert.Nil(t, ws.LocalModules(), "a go.work that does not use the workspace is no go.work of its")

	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ws\nreplace (\n"), 0o644))
	assert.Nil(t, ws.LocalModules())
}

// A folder whose path holds a byte that is not UTF-8 is refused, by its
// path spelled in Go's quotes, with the mend the caller gives: check
// cannot name such a path to the go command as it builds the course's
// tests. A path of other letters in UTF-8 is a path like any.
func TestCheckBuildableRefusesAPathThatIsNotUTF8(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "caf\xe9", "ws")
	err := CheckBuildable(bad, "rename it")
	var wsErr *Error
	require.ErrorAs(t, err, &wsErr)
	assert.Equal(t, bad, wsErr.Path)
	assert.Equal(t, `its path `+strconv.Quote(bad)+` holds a byte that is not UTF-8, which check cannot name to the go command when it builds the course's tests, so none could be checked; rename it`, wsErr.Why)
	assert.Contains(t, wsErr.Why, `caf\xe9`)

	assert.NoError(t, CheckBuildable(filepath.Join(t.TempDir(), "café", "ws"), "rename it"))
}
