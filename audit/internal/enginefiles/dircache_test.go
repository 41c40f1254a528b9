package enginefiles

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// cacheFixture is a repository whose engine folder has an ignored build
// folder and ignored logs beside its Go files, old enough for the folder
// cache to keep.
type cacheFixture struct {
	t   *testing.T
	dir string
}

func newCacheFixture(t *testing.T) *cacheFixture {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	t.Setenv(usercache.EnvVar, t.TempDir())
	t.Setenv("GIT_CONFIG_GLOBAL", os.DevNull) // the git program reads no user config
	old := racyMargin
	racyMargin = 50 * time.Millisecond
	t.Cleanup(func() { racyMargin = old })
	f := &cacheFixture{t: t, dir: t.TempDir()}
	f.write(".gitignore", "*.log\nbuild/\n")
	f.write("engine/world.go", "package engine\n")
	f.write("engine/trace.log", "a log\n")
	f.write("engine/build/out.bin", "output\n")
	f.write("engine/build/notes.txt", "notes\n")
	f.git("init", "-q")
	f.git("add", "-A")
	f.git("commit", "-q", "-m", "engine")
	time.Sleep(2 * racyMargin)
	return f
}

func (f *cacheFixture) write(rel, content string) {
	f.t.Helper()
	p := filepath.Join(f.dir, filepath.FromSlash(rel))
	require.NoError(f.t, os.MkdirAll(filepath.Dir(p), 0o755))
	require.NoError(f.t, os.WriteFile(p, []byte(content), 0o644))
}

func (f *cacheFixture) git(args ...string) {
	f.t.Helper()
	testws.Git(f.t, f.dir, args...)
}

// files is what a walk of the engine folder finds, and how many folders
// came from the cache.
func (f *cacheFixture) files() ([]string, int) {
	f.t.Helper()
	tr, err := Open(f.dir, true)
	require.NoError(f.t, err)
	var got []string
	require.NoError(f.t, tr.Walk("engine", Visitor{File: func(file File) error {
		got = append(got, file.Path)
		return nil
	}}))
	tr.Save()
	sort.Strings(got)
	return got, int(tr.dirs.hits.Load())
}

// settled walks until the cache serves every folder (the first walk
// reads them and keeps them), and returns what it finds.
func (f *cacheFixture) settled() []string {
	f.t.Helper()
	f.files()
	got, hits := f.files()
	require.Equal(f.t, 2, hits, "both folders come from the cache")
	return got
}

func TestFolderCacheServesAnUnchangedFolder(t *testing.T) {
	f := newCacheFixture(t)
	assert.Equal(t, []string{"engine/world.go"}, f.settled())
}

func TestFolderCacheSeesANewGoFileInAnIgnoredFolder(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	f.write("engine/build/gen.go", "package build\n")
	got, _ := f.files()
	assert.Equal(t, []string{"engine/build/gen.go", "engine/world.go"}, got)
}

func TestFolderCacheSeesAnEditedGitignore(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	// Same folders, other rules: the logs are no longer ignored.
	f.write(".gitignore", "build/\n")
	got, _ := f.files()
	assert.Equal(t, []string{"engine/trace.log", "engine/world.go"}, got)
}

func TestFolderCacheSeesAnIgnoredFileAddedToTheIndex(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	f.git("add", "-f", "engine/build/notes.txt")
	got, _ := f.files()
	assert.Equal(t, []string{"engine/build/notes.txt", "engine/world.go"}, got)
}

func TestFolderCacheSeesAnEmbedAddedAbove(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	// An edit in place: no folder's stat data changes.
	f.write("engine/world.go", "package engine\n\nimport _ \"embed\"\n\n//go:embed build/notes.txt\nvar notes string\n")
	got, _ := f.files()
	assert.Equal(t, []string{"engine/build/notes.txt", "engine/world.go"}, got)
}

// A folder listing kept with a letter changed (as a torn write after a
// power loss can leave it, since a cache is not synced) is not believed:
// the walk lists the folder again and finds the file by its name, where
// the spoilt listing would name another.
func TestFolderCacheChangedInPlaceIsNotBelieved(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	files, err := filepath.Glob(filepath.Join(os.Getenv(usercache.EnvVar), "dirs-*"))
	require.NoError(t, err)
	require.Len(t, files, 1)
	raw, err := os.ReadFile(files[0])
	require.NoError(t, err)
	at := strings.Index(string(raw), "world.go")
	require.GreaterOrEqual(t, at, 0, "the listing names the engine's file")
	raw[at] = 'v'
	require.NoError(t, os.WriteFile(files[0], raw, 0o644))

	got, hits := f.files()
	assert.Equal(t, []string{"engine/world.go"}, got)
	assert.Zero(t, hits, "no folder came from the spoilt cache")
}

// A folder listing forged in the user's cache (an entry dropped, the
// cache sealed again, as anyone who can write there can do) hides a file
// from a walk through a Tree that trusts the cache; a Tree opened with
// OpenContent, check's, lists every folder itself, so its verdict stands
// on the files there are. It still keeps what it lists for later runs.
func TestAContentTreeTakesNoFolderListingFromTheCache(t *testing.T) {
	f := newCacheFixture(t)
	f.settled()
	tr, err := Open(f.dir, true)
	require.NoError(t, err)
	forged := 0
	for _, r := range tr.dirs.dirs {
		kept := r.entries[:0]
		for _, e := range r.entries {
			if e.name != "world.go" {
				kept = append(kept, e)
			}
		}
		forged += len(r.entries) - len(kept)
		r.entries = kept
	}
	require.Equal(t, 1, forged, "the listing named the engine's file")
	tr.dirs.dirty = true
	tr.dirs.save()
	got, _ := f.files()
	assert.Empty(t, got, "the forged listing hides the file from a Tree that trusts the cache")

	content, err := OpenContent(f.dir, true)
	require.NoError(t, err)
	got = nil
	require.NoError(t, content.Walk("engine", Visitor{File: func(file File) error {
		got = append(got, file.Path)
		return nil
	}}))
	assert.Equal(t, []string{"engine/world.go"}, got)
	assert.Zero(t, content.dirs.hits.Load(), "no folder came from the cache")
}

// TestAPrunedWalkLeavesOutOnlyWhatItPrunes: Prune leaves a folder and a
// linked folder out of one walk; the folder listings that walk keeps still
// name them, so the next, unpruned walk finds their files.
func TestAPrunedWalkLeavesOutOnlyWhatItPrunes(t *testing.T) {
	f := newCacheFixture(t)
	f.write("engine/skip/hidden.go", "package skip\n")
	f.write("engine/keep/shown.go", "package keep\n")
	f.write("lib/linked.go", "package lib\n")
	require.NoError(t, os.Symlink(filepath.Join(f.dir, "lib"), filepath.Join(f.dir, "engine", "lib")))
	f.git("add", "-A")
	f.git("commit", "-q", "-m", "more")
	time.Sleep(2 * racyMargin) // so that the folders' listings are kept
	hits := 0
	walk := func(prune func(string, bool) bool) []string {
		tr, err := Open(f.dir, true)
		require.NoError(t, err)
		var got []string
		require.NoError(t, tr.Walk("engine", Visitor{Prune: prune, File: func(file File) error {
			got = append(got, file.Path)
			return nil
		}}))
		tr.Save()
		sort.Strings(got)
		hits = int(tr.dirs.hits.Load())
		return got
	}
	var mu sync.Mutex
	var asked []string
	pruned := walk(func(dir string, linked bool) bool {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, fmt.Sprintf("%s linked=%v", dir, linked))
		return dir == "engine/skip" || linked
	})
	assert.ElementsMatch(t, []string{"engine/build linked=false", "engine/keep linked=false", "engine/lib linked=true", "engine/skip linked=false"}, asked)
	assert.Equal(t, []string{"engine/keep/shown.go", "engine/lib", "engine/world.go"}, pruned, "the link itself is still a file of the folder")
	assert.Equal(t, []string{"engine/keep/shown.go", "engine/lib", "engine/lib/linked.go", "engine/skip/hidden.go", "engine/world.go"}, walk(nil))
	assert.NotZero(t, hits, "the second walk took the engine folder's listing from the cache")
}

// TestASecondWalkOfATreeTakesTheFirstWalksStat: the checks of one command
// share a Tree, and the second walk of a folder stats none of the files the
// first stat'ed (shown by a file that grew in between: the second walk
// still has the size the first saw). A new Tree stats afresh.
func TestASecondWalkOfATreeTakesTheFirstWalksStat(t *testing.T) {
	f := newCacheFixture(t)
	sizes := func(tr *Tree) map[string]int64 {
		got := map[string]int64{}
		require.NoError(t, tr.Walk("engine", Visitor{File: func(file File) error {
			got[file.Path] = file.Info.Size()
			return nil
		}}))
		return got
	}
	// (A folder with nothing ignored in it, which no embed scan reads.)
	f.write("engine/rules/rules.go", "package rules\n")
	tr, err := Open(f.dir, true)
	require.NoError(t, err)
	first := sizes(tr)
	require.Contains(t, first, "engine/rules/rules.go")
	f.write("engine/rules/rules.go", "package rules\n\n// longer now\n")
	assert.Equal(t, first, sizes(tr))
	fresh, err := Open(f.dir, true)
	require.NoError(t, err)
	assert.Equal(t, int64(len("package rules\n\n// longer now\n")), sizes(fresh)["engine/rules/rules.go"])
}

// TestASecondWalkTakesWhatTheFirstReadOnlyWhenKept: a walk that reads the
// files (a read hook with readAll) hands a later walk of the same Tree the
// stat data of its reads only when the Tree keeps them (KeepStats, as a
// Session's does); otherwise the later walk stats the file afresh.
func TestASecondWalkTakesWhatTheFirstReadOnlyWhenKept(t *testing.T) {
	f := newCacheFixture(t)
	f.write("engine/rules/rules.go", "package rules\n")
	for _, keep := range []bool{true, false} {
		f.write("engine/rules/rules.go", "package rules\n")
		tr, err := Open(f.dir, true)
		require.NoError(t, err)
		if keep {
			tr.KeepStats()
		}
		read := 0
		tr.SetReadHook(true, func(p string, _ *Content) {
			if p == "engine/rules/rules.go" {
				read++
			}
		})
		size := func() int64 {
			var n int64
			require.NoError(t, tr.Walk("engine", Visitor{File: func(file File) error {
				if file.Path == "engine/rules/rules.go" {
					n = file.Info.Size()
				}
				return nil
			}}))
			return n
		}
		first := size()
		require.Equal(t, 1, read, "the walk read the file")
		f.write("engine/rules/rules.go", "package rules\n\n// longer now\n")
		tr.SetReadHook(false, nil)
		if keep {
			assert.Equal(t, first, size(), "a kept read's stat data serves the later walk")
		} else {
			assert.Equal(t, int64(len("package rules\n\n// longer now\n")), size(), "without KeepStats the later walk stats the file")
		}
	}
}

// TestAWalkWritesNoCacheUntilTheTreeIsSaved: the folder records are written
// once, by Save, with every cache given to Later, however many walks came
// before.
func TestAWalkWritesNoCacheUntilTheTreeIsSaved(t *testing.T) {
	f := newCacheFixture(t)
	tr, err := Open(f.dir, true)
	require.NoError(t, err)
	for range 2 {
		require.NoError(t, tr.Walk("engine", Visitor{File: func(File) error { return nil }}))
	}
	cache := os.Getenv(usercache.EnvVar)
	listing := func() []string {
		es, err := os.ReadDir(cache)
		require.NoError(t, err)
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}
	assert.Empty(t, listing(), "nothing is written before Save")
	saved := 0
	tr.Later(func() { saved++ })
	tr.Save()
	assert.Equal(t, 1, saved)
	names := listing()
	require.NotEmpty(t, names)
	assert.True(t, strings.HasPrefix(names[0], "dirs-"), "%v", names)
	tr.Save()
	assert.Equal(t, 1, saved, "a cache given to Later is saved once")
}

// TestAVisitorsReadHookIsGivenTheFilesItNames: a Visitor's Read is given
// the content of each regular file whose name ReadName accepts, before
// File is called with the stat data of that read, and no other file; a
// file an earlier walk of a Tree that keeps its stat data read is not
// read again.
func TestAVisitorsReadHookIsGivenTheFilesItNames(t *testing.T) {
	f := newCacheFixture(t)
	f.write("engine/rules/rules.go", "package rules\n")
	f.write("engine/rules/table.json", "{}\n")
	tr, err := Open(f.dir, true)
	require.NoError(t, err)
	tr.KeepStats()
	walk := func() map[string]string {
		var mu sync.Mutex
		read := map[string]string{}
		var order []string
		require.NoError(t, tr.Walk("engine/rules", Visitor{
			File: func(file File) error {
				mu.Lock()
				defer mu.Unlock()
				if _, ok := read[file.Path]; ok {
					order = append(order, file.Path)
					assert.Equal(t, int64(len(read[file.Path])), file.Info.Size())
				}
				return nil
			},
			Read: func(p string, c *Content) {
				mu.Lock()
				defer mu.Unlock()
				read[p] = string(c.Src)
			},
			ReadName: func(name string) bool { return strings.HasSuffix(name, ".go") },
		}))
		assert.Len(t, order, len(read), "File comes after Read for each file read")
		return read
	}
	assert.Equal(t, map[string]string{"engine/rules/rules.go": "package rules\n"}, walk())
	assert.Empty(t, walk(), "the second walk of the Tree has the first's stat data")
}

// TestAnEmbedAfterALongLineCounts: a //go:embed line after a line longer
// than a line scanner's buffer still takes in the ignored file it names,
// as the go command would embed it.
func TestAnEmbedAfterALongLineCounts(t *testing.T) {
	f := newCacheFixture(t)
	f.write("engine/world.go", "package engine\n\nimport _ \"embed\"\n\n// "+strings.Repeat("x", 2<<20)+"\n\n//go:embed build/notes.txt\nvar notes string\n")
	got, _ := f.files()
	assert.Equal(t, []string{"engine/build/notes.txt", "engine/world.go"}, got)
}
