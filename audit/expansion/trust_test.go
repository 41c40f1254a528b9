package expansion

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
)

// The cases of "An Expansion Drop cannot pass by hiding an engine change":
// each is an engine change that Go would build, hidden in a way that an
// earlier check missed.

func (f *fixture) symlink(target, rel string) {
	f.t.Helper()
	p := filepath.Join(f.dir, filepath.FromSlash(rel))
	require.NoError(f.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(f.t, os.Symlink(target, p))
}

func TestEditWithItsOldModificationTimeRestoredIsSeen(t *testing.T) {
	f := baseWorkspace(t)
	p := filepath.Join(f.dir, "engine", "world.go")
	st, err := os.Stat(p)
	require.NoError(t, err)
	// Let the index be written well after the file, so that the index's
	// stat data would be trusted by size and time alone.
	time.Sleep(20 * time.Millisecond)
	f.commit("again")
	// touch -r: same size, the old modification time.
	require.NoError(t, os.WriteFile(p, []byte("package engiNE\n"), 0o644))
	require.NoError(t, os.Chtimes(p, st.ModTime(), st.ModTime()))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
}

func TestUnchangedFilesAreNotReportedAfterATouch(t *testing.T) {
	f := baseWorkspace(t)
	now := time.Now().Add(time.Hour)
	require.NoError(t, os.Chtimes(filepath.Join(f.dir, "engine", "world.go"), now, now))
	assert.Empty(t, f.check("HEAD"))
}

func TestIgnoredFilesGoBuildsCount(t *testing.T) {
	f := baseWorkspace(t)
	f.write(".gitignore", "*.log\nbuild/\ngen_*.go\n*.txt\n*~\n.DS_Store\n")
	f.commit("ignore more")
	f.write("engine/gen_rules.go", "package engine\n\nvar generated = 1\n")
	f.write("engine/build/out.go", "package build\n")
	f.write("engine/asset.txt", "embedded")
	f.write("engine/embed.go", "package engine\n\nimport _ \"embed\"\n\n//go:embed asset.txt\nvar asset string\n")
	// What Go never reads stays ignored.
	f.write("engine/world.go~", "package engine // an editor's backup\n")
	f.write("engine/.DS_Store", "junk")
	f.write("engine/notes.txt", "not embedded")
	f.write("engine/debug.log", "noise")
	assert.Equal(t, []string{
		"added: engine/asset.txt",
		"added: engine/build/out.go",
		"added: engine/embed.go",
		"added: engine/gen_rules.go",
	}, f.check("HEAD"))
}

func TestEngineDirsAtTheCommitAreComparedToo(t *testing.T) {
	f := baseWorkspace(t)
	f.write(".course.json", `{"track": "go", "engineDirs": ["engine"]}`)
	f.commit("config")
	f.write("engine/world.go", "package engine\n\nvar hidden int\n")
	f.write(".course.json", `{"track": "go", "engineDirs": ["harness"]}`)
	res, err := Check(f.dir, "HEAD", []string{"harness"})
	require.NoError(t, err)
	assert.Equal(t, []string{"engine", "harness"}, res.EngineDirs)
	assert.Equal(t, []Change{{Path: "engine/world.go", Kind: Changed}}, res.Changes)
}

func TestLinkedTargetInsideTheWorkspaceCounts(t *testing.T) {
	f := baseWorkspace(t)
	f.write("lib/shared.go", "package engine\n\nvar shared = 1\n")
	f.write("lib/pkg/a.go", "package pkg\n")
	f.write("lib/pkg/b.go", "package pkg\n")
	f.symlink("../lib/shared.go", "engine/shared.go")
	f.symlink("../lib/pkg", "engine/pkg")
	f.commit("links")
	assert.Empty(t, f.check("HEAD"))

	f.write("lib/shared.go", "package engine\n\nvar shared = 2\n")
	f.write("lib/pkg/a.go", "package pkg\n\nvar a int\n")
	f.write("lib/pkg/c.go", "package pkg\n")
	f.remove("lib/pkg/b.go")
	assert.Equal(t, []string{
		"changed: engine/pkg/a.go",
		"removed: engine/pkg/b.go",
		"added: engine/pkg/c.go",
		"changed: engine/shared.go",
	}, f.check("HEAD"))
}

func TestExcludesFilesGitReads(t *testing.T) {
	xdg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", xdg)
	t.Setenv("HOME", t.TempDir())
	f := baseWorkspace(t)
	require.NoError(t, os.MkdirAll(filepath.Join(xdg, "git"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(xdg, "git", "ignore"), []byte("*.xdg\n"), 0o644))
	f.write("engine/a.xdg", "junk")
	assert.Empty(t, f.check("HEAD"), "the XDG default excludes file")

	excludes := filepath.Join(t.TempDir(), "excludes")
	require.NoError(t, os.WriteFile(excludes, []byte("*.mine\n"), 0o644))
	f.setCore("excludesfile", excludes)
	f.write("engine/b.mine", "junk")
	assert.Equal(t, []string{"added: engine/a.xdg"}, f.check("HEAD"), "core.excludesFile replaces the XDG default")
}

// The excludes file ~/.gitconfig names (where `git config --global`
// writes it) is read as every other ignore file: git's character classes,
// core.ignorecase.
func TestTheGlobalExcludesFileReadsAsGitReadsIt(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	require.NoError(t, os.WriteFile(filepath.Join(home, "excludes"), []byte("[!x].dat\n*.TMP\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[core]\n\texcludesFile = ~/excludes\n"), 0o644))
	f := baseWorkspace(t)
	f.write("engine/x.dat", "Test Filler")
	f.write("engine/k.dat", "junk")
	f.write("engine/run.tmp", "junk")
	assert.Equal(t, []string{"added: engine/run.tmp", "added: engine/x.dat"}, f.check("HEAD"))

	f.setCore("ignorecase", "true")
	assert.Equal(t, []string{"added: engine/x.dat"}, f.check("HEAD"), "*.TMP folds to *.tmp")
}

func TestLinkedWorktreeReadsTheMainInfoExclude(t *testing.T) {
	f := baseWorkspace(t)
	require.NoError(t, os.MkdirAll(filepath.Join(f.dir, ".git", "info"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(f.dir, ".git", "info", "exclude"), []byte("*.scratch\n"), 0o644))
	linked := filepath.Join(t.TempDir(), "linked")
	testws.Git(t, f.dir, "worktree", "add", "-q", linked)
	require.NoError(t, os.WriteFile(filepath.Join(linked, "engine", "x.scratch"), []byte("junk"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(linked, "engine", "new.go"), []byte("package engine\n"), 0o644))
	res, err := Check(linked, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "engine/new.go", Kind: Added}}, res.Changes)
}

func TestAutoCRLFLineEndsAreUnchanged(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/world.go", "package engine\r\n")
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"), "without core.autocrlf CRLF is a change")
	f.setCore("autocrlf", "true")
	assert.Empty(t, f.check("HEAD"))
	f.write("engine/world.go", "package engine\r\n\r\nvar x int\r\n")
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
}

// A file differs from its blob in line ends alone only where git turns
// that file's CRLF into LF: a .gitattributes line for other files, -text,
// the binary macro or a lone CR under autocrlf leave the bytes as they
// are, and the go command embeds the CRs. Each case is git's own answer
// (git diff, git hash-object --path) for Check, which trusts git's
// index; CheckContent, which judges the bytes, takes CRLF only where a
// checkout of the blob writes CRLF itself (git cat-file --filters): the
// commit direction's reading of CRLF as LF is no reason to take bytes a
// checkout of the start commit would not write, which an embedded file
// hands the program as they are.
func TestCRLFCountsAsLFOnlyWhereGitConvertsTheFile(t *testing.T) {
	crlf := "alpha\r\nbeta\r\n"
	for _, c := range []struct {
		name, attributes, autocrlf, eol, content string
		changed                                  bool
		// checkout is the line end a checkout writes: "crlf", or
		// "native" for the system's; "" for LF, or the blob's bytes.
		checkout string
	}{
		{name: "text for other files", attributes: "*.md text\n", changed: true},
		{name: "text for this file", attributes: "*.txt text\n", checkout: "native"},
		{name: "text with core.eol crlf", attributes: "*.txt text\n", eol: "crlf", checkout: "crlf"},
		{name: "text with core.eol lf", attributes: "*.txt text\n", eol: "lf"},
		{name: "text=auto", attributes: "* text=auto\n", checkout: "native"},
		{name: "text=auto and autocrlf", attributes: "* text=auto\n", autocrlf: "true", checkout: "crlf"},
		{name: "eol", attributes: "* eol=crlf\n", checkout: "crlf"},
		{name: "eol lf under autocrlf", attributes: "* eol=lf\n", autocrlf: "true"},
		{name: "crlf=input", attributes: "* crlf=input\n", eol: "crlf"},
		{name: "a folder's files", attributes: "engine/** text\n", checkout: "native"},
		{name: "a folder pattern, which names no file", attributes: "engine/ text\n", changed: true},
		{name: "-text after text", attributes: "* text\n*.txt -text\n", changed: true},
		{name: "autocrlf", autocrlf: "true", checkout: "crlf"},
		{name: "autocrlf input", autocrlf: "input"},
		{name: "autocrlf input and core.eol crlf", autocrlf: "input", eol: "crlf"},
		{name: "autocrlf and -text", autocrlf: "true", attributes: "*.txt -text\n", changed: true},
		{name: "autocrlf and binary", autocrlf: "true", attributes: "*.txt binary\n", changed: true},
		{name: "a macro that unsets text", attributes: "[attr]mine -text\n* text\n*.txt mine\n", changed: true},
		{name: "autocrlf and a lone CR", autocrlf: "true", content: "alpha\r\nbe\rta\r\n", changed: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := baseWorkspace(t)
			blob, content := "alpha\nbeta\n", crlf
			if c.content != "" {
				blob, content = strings.ReplaceAll(c.content, "\r\n", "\n"), c.content
			}
			f.write("engine/data.txt", blob)
			f.commit("data")
			if c.autocrlf != "" {
				f.setCore("autocrlf", c.autocrlf)
			}
			if c.eol != "" {
				f.setCore("eol", c.eol)
			}
			if c.attributes != "" {
				f.write(".gitattributes", c.attributes)
			}
			f.write("engine/data.txt", content)
			var want []string
			if c.changed {
				want = []string{"changed: engine/data.txt"}
			}
			assert.Equal(t, want, f.check("HEAD"))
			assertGitAgrees(t, f.dir, "engine/data.txt", c.changed)
			written := c.checkout == "crlf" || c.checkout == "native" && runtime.GOOS == "windows"
			want = nil
			if !written {
				want = []string{"changed: engine/data.txt"}
			}
			res, err := CheckContent(f.dir, "HEAD", []string{"engine"})
			require.NoError(t, err)
			assert.Equal(t, want, changeStrings(res), "every file read")
			assertCheckoutAgrees(t, f.dir, "engine/data.txt", written)
		})
	}
}

// assertGitAgrees holds an expectation to the git program's own answer,
// where git is installed: whether `git diff HEAD` finds the file at p (a
// slash path) changed, with no user or system configuration read.
func assertGitAgrees(t *testing.T, dir, p string, changed bool) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	cmd := exec.Command("git", "diff", "--quiet", "HEAD", "--", p)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
	err := cmd.Run()
	var exit *exec.ExitError
	gitChanged := errors.As(err, &exit) && exit.ExitCode() == 1
	if !gitChanged {
		require.NoError(t, err, "git diff")
	}
	assert.Equal(t, changed, gitChanged, "git diff's own answer for %s", p)
}

// assertCheckoutAgrees holds an expectation to the git program's own
// answer, where git is installed: whether the file at p (a slash path)
// holds the bytes a checkout of HEAD's blob writes there (git
// checkout-index, through an index of its own), with no user or system
// configuration read.
func assertCheckoutAgrees(t *testing.T, dir, p string, written bool) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		return
	}
	tmp := filepath.Join(dir, ".checkout")
	require.NoError(t, os.MkdirAll(tmp, 0o755))
	defer os.RemoveAll(tmp)
	index := filepath.Join(t.TempDir(), "index")
	for _, args := range [][]string{{"read-tree", "HEAD"}, {"checkout-index", "--prefix=.checkout/", "--", p}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1", "GIT_INDEX_FILE="+index)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %s: %s", strings.Join(args, " "), out)
	}
	checkout, err := os.ReadFile(filepath.Join(tmp, filepath.FromSlash(p)))
	require.NoError(t, err)
	raw, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(p)))
	require.NoError(t, err)
	assert.Equal(t, written, bytes.Equal(checkout, raw), "git's checkout of %s writes %q", p, checkout)
}

// Git reads no .gitattributes that is a symbolic link; info/attributes
// outranks every .gitattributes.
func TestAttributesGitDoesNotReadOrOverrules(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/data.txt", "alpha\nbeta\n")
	f.write("elsewhere", "* text\n")
	f.commit("data")
	require.NoError(t, os.Symlink("elsewhere", filepath.Join(f.dir, ".gitattributes")))
	f.write("engine/data.txt", "alpha\r\nbeta\r\n")
	assert.Equal(t, []string{"changed: engine/data.txt"}, f.check("HEAD"), "a linked .gitattributes")
	assertGitAgrees(t, f.dir, "engine/data.txt", true)
	f.remove(".gitattributes")
	f.write(".gitattributes", "* text\n")
	assert.Empty(t, f.check("HEAD"))
	assertGitAgrees(t, f.dir, "engine/data.txt", false)
	f.write(".git/info/attributes", "*.txt -text\n")
	assert.Equal(t, []string{"changed: engine/data.txt"}, f.check("HEAD"), "info/attributes")
	assertGitAgrees(t, f.dir, "engine/data.txt", true)
}

// With core.ignorecase (git's default where the file system ignores case,
// as on macOS) git's ignore rules match without regard to case.
func TestIgnoreCaseMakesTheIgnoreRulesFoldCase(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/.gitignore", "*.DAT\nOut/\n")
	f.write("engine/sub/.gitignore", "Notes.TXT\n")
	f.commit("rules")
	f.write("engine/k.dat", "x")
	f.write("engine/out/x", "x")
	f.write("engine/sub/notes.txt", "x")
	assert.Equal(t, []string{"added: engine/k.dat", "added: engine/out/x", "added: engine/sub/notes.txt"}, f.check("HEAD"))
	f.setCore("ignorecase", "true")
	assert.Empty(t, f.check("HEAD"))

	// Git folds ASCII alone: "ÄX" does not hide "äx", nor "kelvin" a name
	// that starts with the Kelvin sign.
	f.write("engine/other/.gitignore", "ÄX.md\nkelvin.md\n")
	f.write("engine/other/äx.md", "x")
	f.write("engine/other/\u212Aelvin.md", "x")
	assert.Equal(t, []string{"added: engine/other/.gitignore", "added: engine/other/äx.md", "added: engine/other/\u212Aelvin.md"}, f.check("HEAD"))
}

// Git passes over a UTF-8 byte order mark at the start of an ignore file.
func TestAByteOrderMarkStartsNoPattern(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/.gitignore", "\ufeffx.dat\n")
	f.write("engine/x.dat", "x")
	assert.Equal(t, []string{"added: engine/.gitignore"}, f.check("HEAD"))
}

func TestFileModeFalseIgnoresTheExecutableBit(t *testing.T) {
	f := baseWorkspace(t)
	require.NoError(t, os.Chmod(filepath.Join(f.dir, "engine", "world.go"), 0o755))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
	f.setCore("filemode", "false")
	assert.Empty(t, f.check("HEAD"))
}

// submoduleRepo is a repository to add as a submodule: one Go file, and a
// go.mod of its own when module is set.
func submoduleRepo(t *testing.T, module bool) string {
	lib := t.TempDir()
	testws.Git(t, lib, "init", "-q", "-b", "main")
	require.NoError(t, os.WriteFile(filepath.Join(lib, "lib.go"), []byte("package lib\n"), 0o644))
	if module {
		require.NoError(t, os.WriteFile(filepath.Join(lib, "go.mod"), []byte("module example.com/lib\n\ngo 1.26\n"), 0o644))
	}
	testws.Git(t, lib, "add", "-A")
	testws.Git(t, lib, "commit", "-q", "-m", "lib")
	return lib
}

// withSubmodule is a committed workspace whose engine folder holds lib as
// the submodule engine/lib.
func withSubmodule(t *testing.T, lib string) string {
	ws := t.TempDir()
	testws.Git(t, ws, "init", "-q", "-b", "main")
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "world.go"), []byte("package engine\n"), 0o644))
	testws.Git(t, ws, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "engine/lib")
	testws.Git(t, ws, "add", "-A")
	testws.Git(t, ws, "commit", "-q", "-m", "engine with a submodule")
	return ws
}

// A submodule that is a module of its own is one entry, its commit: Go
// does not build its files into the workspace's module.
func TestCleanSubmoduleIsNotAdded(t *testing.T) {
	ws := withSubmodule(t, submoduleRepo(t, true))

	res, err := Check(ws, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Empty(t, res.Changes)

	sub := filepath.Join(ws, "engine", "lib")
	require.NoError(t, os.WriteFile(filepath.Join(sub, "lib.go"), []byte("package lib\n\nvar x int\n"), 0o644))
	testws.Git(t, sub, "commit", "-q", "-am", "moved on")
	res, err = Check(ws, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "engine/lib", Kind: Changed}}, res.Changes)
}

// A submodule without a go.mod is built into the workspace's module, file
// by file, so a change inside it that is not committed there would change
// the engine unseen: it is refused. Not checked out, it has no files to
// build, and is one entry again (at no commit, so changed).
func TestASubmoduleGoBuildsAsTheEnginesIsRefused(t *testing.T) {
	ws := withSubmodule(t, submoduleRepo(t, false))

	_, err := Check(ws, "HEAD", []string{"engine"})
	var subErr *enginefiles.SubmoduleError
	require.ErrorAs(t, err, &subErr)
	assert.Equal(t, "engine/lib", subErr.Path)
	assert.Contains(t, err.Error(), "git rm --cached engine/lib")

	testws.Git(t, ws, "submodule", "deinit", "-q", "-f", "engine/lib")
	res, err := Check(ws, "HEAD", []string{"engine"})
	require.NoError(t, err, "not checked out")
	assert.Equal(t, []Change{{Path: "engine/lib", Kind: Changed}}, res.Changes, "at no commit")
}

func TestBranchNamedLikeAHashIsTheBranch(t *testing.T) {
	f := baseWorkspace(t)
	first, err := f.repo.Head()
	require.NoError(t, err)
	f.write("engine/world.go", "package engine\n\nvar later int\n")
	second := f.commit("second")
	name := second.String()[:7]
	require.NoError(t, f.repo.Storer.SetReference(plumbing.NewHashReference(plumbing.NewBranchReferenceName(name), first.Hash())))
	// git rev-parse NAME is the branch, not the commit whose hash starts so.
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check(name))
	assert.Empty(t, f.check(second.String()), "a full hash is the commit")
	res, err := Check(f.dir, name+"~0", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, first.Hash().String(), res.Commit)
}

func TestEngineDirsAtTheCommitInAnyCaseOrTwiceCount(t *testing.T) {
	for _, cfg := range []string{
		`{"track": "go", "engineDirs": ["engine"], "EngineDirs": ["harness"]}`,
		`{"track": "go", "engineDirs": ["engine"], "engineDirs": ["harness"]}`,
	} {
		f := baseWorkspace(t)
		f.write(".course.json", cfg)
		f.commit("config")
		f.write("engine/world.go", "package engine\n\nvar hidden int\n")
		res, err := Check(f.dir, "HEAD", []string{"harness"})
		require.NoError(t, err)
		assert.Equal(t, []Change{{Path: "engine/world.go", Kind: Changed}}, res.Changes, cfg)
	}
}

// An edit added to the index, and the commit's tree hash for the engine
// folder written back into the index's cache tree (the right number of
// entries, a checksum that holds): the cache tree no longer says the
// entries are the commit's, so the edit is a change, to Check and to
// CheckContent alike, which trusts no index entry for a file's content
// and must not take the commit's files from one either.
func TestAForgedCacheTreeHidesNoChange(t *testing.T) {
	f := baseWorkspace(t)
	head, err := f.repo.Head()
	require.NoError(t, err)
	c, err := f.repo.CommitObject(head.Hash())
	require.NoError(t, err)
	tree, err := c.Tree()
	require.NoError(t, err)
	engine, err := tree.FindEntry("engine")
	require.NoError(t, err)

	f.write("engine/world.go", "package engine\n\nvar hidden int\n")
	wt, err := f.repo.Worktree()
	require.NoError(t, err)
	require.NoError(t, wt.AddWithOptions(&git.AddOptions{All: true}))
	idx, err := f.repo.Storer.Index()
	require.NoError(t, err)
	n := 0
	for _, e := range idx.Entries {
		if strings.HasPrefix(e.Name, "engine/") {
			n++
		}
	}
	testws.WriteIndex(t, filepath.Join(f.dir, ".git"), idx, []index.TreeEntry{
		{Path: "", Entries: -1, Trees: 1},
		{Path: "engine", Entries: n, Trees: 0, Hash: engine.Hash},
	})
	// The index is written after the edit, so it vouches for the file.
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
	res, err := CheckContent(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []string{"changed: engine/world.go"}, changeStrings(res))
}

// TestAnObjectWrittenOverIsRefused: the drop's start commit's engine
// tree, its loose object written over with the tree of the changed
// engine, would read as the changed engine, and the change as none. An
// object whose content does not hash to its name is refused, by each
// way a drop is checked.
func TestAnObjectWrittenOverIsRefused(t *testing.T) {
	f := baseWorkspace(t)
	start := f.resolve("HEAD")
	engineTree := func(rev string) plumbing.Hash {
		c, err := f.repo.CommitObject(plumbing.NewHash(f.resolve(rev)))
		require.NoError(t, err)
		tree, err := c.Tree()
		require.NoError(t, err)
		e, err := tree.FindEntry("engine")
		require.NoError(t, err)
		return e.Hash
	}
	before := engineTree("HEAD")
	f.write("engine/world.go", "package engine\n\nvar hidden int\n")
	f.commit("the drop, in the engine")
	after := engineTree("HEAD")
	loose := func(h plumbing.Hash) string {
		s := h.String()
		return filepath.Join(f.dir, ".git", "objects", s[:2], s[2:])
	}
	raw, err := os.ReadFile(loose(after))
	require.NoError(t, err)
	require.NoError(t, os.Chmod(loose(before), 0o644))
	require.NoError(t, os.WriteFile(loose(before), raw, 0o644))

	var corrupt *enginefiles.CorruptObjectError
	_, err = Check(f.dir, start, []string{"engine"})
	require.ErrorAs(t, err, &corrupt)
	assert.Equal(t, before, corrupt.Hash)
	_, err = CheckContent(f.dir, start, []string{"engine"})
	assert.ErrorAs(t, err, &corrupt)
	_, err = Between(f.dir, start, "HEAD", []string{"engine"})
	assert.ErrorAs(t, err, &corrupt)
}
