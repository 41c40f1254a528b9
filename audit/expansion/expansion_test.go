package expansion

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixture is a workspace under git, built with go-git.
type fixture struct {
	t    *testing.T
	dir  string
	repo *git.Repository
}

func newFixture(t *testing.T) *fixture {
	t.Helper()
	dir := t.TempDir()
	repo, err := git.PlainInit(dir, false)
	require.NoError(t, err)
	return &fixture{t: t, dir: dir, repo: repo}
}

func (f *fixture) write(rel, content string) {
	f.t.Helper()
	p := filepath.Join(f.dir, filepath.FromSlash(rel))
	require.NoError(f.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(f.t, os.WriteFile(p, []byte(content), 0o644))
}

func (f *fixture) remove(rel string) {
	f.t.Helper()
	require.NoError(f.t, os.Remove(filepath.Join(f.dir, filepath.FromSlash(rel))))
}

// commit stages everything (as git add -A) and commits it.
func (f *fixture) commit(msg string) plumbing.Hash {
	f.t.Helper()
	wt, err := f.repo.Worktree()
	require.NoError(f.t, err)
	require.NoError(f.t, wt.AddWithOptions(&git.AddOptions{All: true}))
	h, err := wt.Commit(msg, &git.CommitOptions{
		AllowEmptyCommits: true,
		Author:            &object.Signature{Name: "Learner", Email: "learner@example.com", When: time.Now()},
	})
	require.NoError(f.t, err)
	return h
}

func (f *fixture) check(rev string) []string {
	f.t.Helper()
	res, err := Check(f.dir, rev, []string{"engine"})
	require.NoError(f.t, err)
	return changeStrings(res)
}

// between is Between of the engine folder, as check gives Check.
func (f *fixture) between(from, to string) []string {
	f.t.Helper()
	res, err := Between(f.dir, from, to, []string{"engine"})
	require.NoError(f.t, err)
	assert.Equal(f.t, f.resolve(from), res.Commit)
	return changeStrings(res)
}

// resolve is the full hash a revision names.
func (f *fixture) resolve(rev string) string {
	f.t.Helper()
	h, err := f.repo.ResolveRevision(plumbing.Revision(rev))
	require.NoError(f.t, err)
	return h.String()
}

// setCore sets a core.KEY option in the repository's config.
func (f *fixture) setCore(key, value string) {
	f.t.Helper()
	cfg, err := f.repo.Config()
	require.NoError(f.t, err)
	cfg.Raw.Section("core").SetOption(key, value)
	require.NoError(f.t, f.repo.SetConfig(cfg))
}

// changeStrings is a result's changes as "kind: path", in its order.
func changeStrings(res *Result) []string {
	var out []string
	for _, c := range res.Changes {
		out = append(out, c.String())
	}
	return out
}

func baseWorkspace(t *testing.T) *fixture {
	f := newFixture(t)
	f.write(".gitignore", "*.log\nbuild/\n")
	f.write("engine/world.go", "package engine\n")
	f.write("engine/zones/zones.go", "package zones\n")
	f.write("harness/game.go", "package harness\n")
	f.commit("module 1 done")
	return f
}

func TestUnchangedEngineIsOK(t *testing.T) {
	f := baseWorkspace(t)
	assert.Empty(t, f.check("HEAD"))
}

func TestHarnessOnlyChangeIsOK(t *testing.T) {
	f := baseWorkspace(t)
	f.write("harness/game.go", "package harness\n\nfunc Play() {}\n")
	f.write("content/new.go", "package content\n")
	assert.Empty(t, f.check("HEAD"))
}

func TestEngineChangesAreNamed(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/world.go", "package engine\n\nvar changed int\n")
	f.write("engine/extra.go", "package engine\n")
	f.remove("engine/zones/zones.go")
	assert.Equal(t, []string{"added: engine/extra.go", "changed: engine/world.go", "removed: engine/zones/zones.go"}, f.check("HEAD"))
}

// Between two commits: what was committed under the engine folders, at
// either commit's engineDirs, whatever the working tree holds now.
func TestBetweenComparesTwoCommits(t *testing.T) {
	f := baseWorkspace(t)
	start := f.commit("the drop starts")
	f.write("harness/game.go", "package harness\n\nfunc Play() {}\n")
	harnessOnly := f.commit("the drop, in the harness")
	f.write("engine/world.go", "package engine\n\nvar changed int\n")
	f.write("engine/extra.go", "package engine\n")
	f.remove("engine/zones/zones.go")
	f.write("rules/r.go", "package rules\n")
	f.write(".course.json", `{"track": "go", "engineDirs": ["engine", "rules"]}`)
	engineToo := f.commit("the next module")
	f.write("engine/world.go", "package engine\n\nvar uncommitted int\n")

	assert.Empty(t, f.between(start.String(), harnessOnly.String()), "the harness is no engine folder, and the working tree does not count")
	assert.Equal(t, []string{"added: engine/extra.go", "changed: engine/world.go", "removed: engine/zones/zones.go", "added: rules/r.go"},
		f.between(harnessOnly.String(), engineToo.String()), "a folder .course.json names at the later commit counts")
	_, err := Between(f.dir, "nosuch", "HEAD", []string{"engine"})
	var re *RevisionError
	assert.ErrorAs(t, err, &re)
}

// Between reads a link as the working-tree check does: a link to a file
// is that file's content, a link to a folder its files, so an engine that
// links to content changes when the content does.
func TestBetweenFollowsLinks(t *testing.T) {
	f := baseWorkspace(t)
	f.write("content/real.go", "package content\n")
	f.write("content/pkg/x.go", "package pkg\n")
	require.NoError(t, os.Symlink("../content/real.go", filepath.Join(f.dir, "engine", "link.go")))
	require.NoError(t, os.Symlink("../content/pkg", filepath.Join(f.dir, "engine", "linked")))
	require.NoError(t, os.Symlink("link.go", filepath.Join(f.dir, "engine", "chain.go")))
	start := f.commit("links into content")
	f.write("content/real.go", "package content\n\nvar changed int\n")
	f.write("content/pkg/x.go", "package pkg\n\nvar changed int\n")
	end := f.commit("content changed")
	assert.Equal(t, []string{"changed: engine/chain.go", "changed: engine/link.go", "changed: engine/linked/x.go"}, f.between(start.String(), end.String()))
}

// An engine folder that is itself a link, at the commit and now, is not
// removed: its target's files are compared, and the link pointed elsewhere
// is a change.
func TestAnEngineFolderThatIsALink(t *testing.T) {
	f := newFixture(t)
	f.write("real/world.go", "package engine\n")
	f.write("other/world.go", "package engine\n")
	require.NoError(t, os.Symlink("real", filepath.Join(f.dir, "engine")))
	f.commit("the engine is a link")
	assert.Empty(t, f.check("HEAD"))
	f.write("real/world.go", "package engine\n\nvar changed int\n")
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
	f.write("real/world.go", "package engine\n")
	require.NoError(t, os.Remove(filepath.Join(f.dir, "engine")))
	require.NoError(t, os.Symlink("other", filepath.Join(f.dir, "engine")))
	assert.Equal(t, []string{"changed: engine"}, f.check("HEAD"))
}

func TestSameSizeEditRightAfterCommitIsSeen(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/world.go", "package engine\n"[:14]+"X\n")
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD"))
}

func TestIgnoredFilesDoNotCountUnlessTracked(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/debug.log", "noise")
	f.write("engine/build/out.bin", "noise")
	assert.Empty(t, f.check("HEAD"))

	f.write("engine/sub/.gitignore", "!keep.log\n")
	f.write("engine/sub/keep.log", "kept")
	assert.Equal(t, []string{"added: engine/sub/.gitignore", "added: engine/sub/keep.log"}, f.check("HEAD"))
}

// Git reads no .gitignore of the work tree that is a symbolic link, so a
// linked one hides nothing: the root's, or the engine folder's own.
func TestALinkedGitignoreHidesNothing(t *testing.T) {
	f := baseWorkspace(t)
	rules := filepath.Join(t.TempDir(), "rules")
	require.NoError(t, os.WriteFile(rules, []byte("*.log\nbuild/\nrules.txt\n"), 0o644))
	f.remove(".gitignore")
	require.NoError(t, os.Symlink(rules, filepath.Join(f.dir, ".gitignore")))
	require.NoError(t, os.Symlink(rules, filepath.Join(f.dir, "engine", ".gitignore")))
	f.write("engine/rules.txt", "Whirlwind")
	got := f.check("HEAD")
	assert.Contains(t, got, "added: engine/rules.txt")
	assert.Contains(t, got, "added: engine/.gitignore")

	f.remove("engine/.gitignore")
	assert.Contains(t, f.check("HEAD"), "added: engine/rules.txt", "the root's alone")
}

// A pattern without a slash names the last part of a path, as in git:
// "keep only Go files" (*, then !*/ and !*.go) keeps no other file, where
// matching every part of the path took each folder's "!*/" for its files.
func TestAnAllowListKeepsOnlyWhatItNames(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/.gitignore", "*\n!*/\n!*.go\n!.gitignore\n")
	f.commit("allow list")
	f.write("engine/a/b.dat", "x")
	f.write("engine/top.dat", "x")
	f.write("engine/a/c.go", "package a\n")
	assert.Equal(t, []string{"added: engine/a/c.go"}, f.check("HEAD"))
}

// An engine folder inside an ignored folder is ignored as git ignores it,
// though no walk passed the folder above it: its files git ignores (Go
// files count all the same) are not added.
func TestAnEngineFolderInAnIgnoredFolder(t *testing.T) {
	f := baseWorkspace(t)
	f.write(".gitignore", "*.log\nbuild/\nout/\n")
	f.commit("out")
	f.write("out/engine/x.dat", "x")
	f.write("out/engine/y.go", "package engine\n")
	res, err := Check(f.dir, "HEAD", []string{"out/engine"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "out/engine/y.go", Kind: Added}}, res.Changes)
}

func TestTrackedFileInIgnoredFolderCounts(t *testing.T) {
	f := baseWorkspace(t)
	f.write("engine/build/tracked.txt", "v1")
	wt, err := f.repo.Worktree()
	require.NoError(t, err)
	_, err = wt.Add("engine/build/tracked.txt")
	require.NoError(t, err)
	f.commit("track a file in an ignored folder")
	assert.Empty(t, f.check("HEAD"))
	f.write("engine/build/tracked.txt", "v2")
	assert.Equal(t, []string{"changed: engine/build/tracked.txt"}, f.check("HEAD"))
}

func TestEngineFolderMissingAtCommitIsAdded(t *testing.T) {
	f := newFixture(t)
	f.write("README.md", "start\n")
	f.commit("empty workspace")
	f.write("engine/world.go", "package engine\n")
	f.commit("engine")
	assert.Equal(t, []string{"added: engine/world.go"}, f.check("HEAD~1"))
	assert.Equal(t, []string{"added: engine/world.go"}, f.check("HEAD^"))
	assert.Empty(t, f.check("HEAD"))
}

func TestRevisionSpellings(t *testing.T) {
	f := baseWorkspace(t)
	first := f.commit("second")
	f.write("engine/world.go", "package engine\n\nvar later int\n")
	f.commit("third")
	_, err := f.repo.CreateTag("drop", first, nil)
	require.NoError(t, err)
	head, err := f.repo.Head()
	require.NoError(t, err)

	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("drop"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check(first.String()[:7]))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD~1"))
	assert.Empty(t, f.check(head.Name().Short()))
	assert.Empty(t, f.check("HEAD"))

	// Git's short form of HEAD, and the peeling suffixes that name the
	// commit a tag leads to.
	_, err = f.repo.CreateTag("annotated", first, &git.CreateTagOptions{Message: "the drop", Tagger: &object.Signature{Name: "T", Email: "t@example.com"}})
	require.NoError(t, err)
	assert.Empty(t, f.check("@"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("@~1"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("@^"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("annotated^{commit}"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("annotated^{}"))
	assert.Equal(t, []string{"changed: engine/world.go"}, f.check("HEAD^{commit}~1"))
	assert.Empty(t, f.check("@^{}~0^{commit}^0"))

	// A full hash no object has is no commit, though a branch bears it as
	// its name (history rewritten, then a branch made to stand in).
	gone := strings.Repeat("ab", 20)
	require.NoError(t, f.repo.Storer.SetReference(plumbing.NewHashReference(plumbing.NewBranchReferenceName(gone), head.Hash())))
	_, err = Check(f.dir, gone, []string{"engine"})
	var re *RevisionError
	assert.ErrorAs(t, err, &re)
}

func TestBadRevisionsAreRefused(t *testing.T) {
	f := baseWorkspace(t)
	for _, rev := range []string{"", "HEAD@{1}", "@{-1}", "HEAD:engine", "HEAD~1..HEAD", "nope", "HEAD~5", "deadbeef", "HEAD^{tree}", "HEAD^{tag}", "HEAD^{/fix}", "HEAD^{"} {
		_, err := Check(f.dir, rev, []string{"engine"})
		var re *RevisionError
		assert.ErrorAs(t, err, &re, "revision %q", rev)
	}
}

func TestAmbiguousShortHashIsRefused(t *testing.T) {
	f := baseWorkspace(t)
	seen := map[string]plumbing.Hash{}
	var prefix string
	for i := 0; i < 5000 && prefix == ""; i++ {
		h := f.commit("empty")
		p := h.String()[:4]
		if _, dup := seen[p]; dup {
			prefix = p
		}
		seen[p] = h
	}
	require.NotEmpty(t, prefix, "no two commits share a 4-digit prefix")
	_, err := Check(f.dir, prefix, []string{"engine"})
	var re *RevisionError
	require.ErrorAs(t, err, &re)
	assert.Contains(t, re.Error(), "ambiguous")
}

func TestNotARepository(t *testing.T) {
	_, err := Check(t.TempDir(), "HEAD", []string{"engine"})
	var nr *NotRepositoryError
	assert.ErrorAs(t, err, &nr)
}

// A repository with no commit yet (git init, nothing committed) has no
// HEAD to compare with: the error says so and how to mend it, where "check
// git log for the one you meant" would send the learner looking for a
// commit that was never made.
func TestARepositoryWithNoCommitSaysCommitFirst(t *testing.T) {
	f := newFixture(t)
	f.write("engine/world.go", "package engine\n")
	for _, rev := range []string{"HEAD", "HEAD~1", "main"} {
		_, err := Check(f.dir, rev, []string{"engine"})
		var re *RevisionError
		require.ErrorAs(t, err, &re, rev)
		assert.Equal(t, fmt.Sprintf("revision %q is not a commit: the repository has no commits yet; commit your work first (git add -A && git commit)", rev), err.Error())
	}
	f.commit("first")
	_, err := Check(f.dir, "nosuch", []string{"engine"})
	assert.ErrorContains(t, err, "is not a commit in this repository")
}

func TestWorkspaceInsideALargerRepository(t *testing.T) {
	f := newFixture(t)
	f.write("ws/engine/world.go", "package engine\n")
	f.write("other/engine/world.go", "package engine\n")
	f.commit("two workspaces")
	f.write("other/engine/world.go", "package engine\n\nvar x int\n")
	f.write("ws/engine/new.go", "package engine\n")
	res, err := Check(filepath.Join(f.dir, "ws"), "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []Change{{Path: "engine/new.go", Kind: Added}}, res.Changes)
}

// In a shallow clone a commit older than its cut is no commit the
// repository holds, and git log shows nothing older either: the error says
// the clone is shallow and how to fetch the history, where "check git log
// for the one you meant" sent the learner (or the instructor who gathered
// the class with --depth 1) looking for a commit they cannot see.
func TestAShallowCloneSaysToFetchTheHistory(t *testing.T) {
	f := baseWorkspace(t)
	first := f.resolve("HEAD")
	f.write("harness/game.go", "package harness\n\n// more\n")
	second := f.commit("module 2")
	require.NoError(t, os.WriteFile(filepath.Join(f.dir, ".git", "shallow"), []byte(second.String()+"\n"), 0o644))
	require.NoError(t, os.Remove(filepath.Join(f.dir, ".git", "objects", first[:2], first[2:])))
	for _, rev := range []string{first, "HEAD~1"} {
		_, err := Check(f.dir, rev, []string{"engine"})
		var re *RevisionError
		require.ErrorAs(t, err, &re, rev)
		assert.Equal(t, fmt.Sprintf("revision %q is not a commit this repository holds: it is a shallow clone (.git/shallow), which leaves older commits out; fetch them with `git fetch --unshallow`, or clone without --depth", rev), err.Error())
	}
	assert.Empty(t, f.check("HEAD"), "the commit the clone holds is read as before")
}
