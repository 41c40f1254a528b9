package dropstarts

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
)

const (
	first  = "1111111111111111111111111111111111111111"
	second = "2222222222222222222222222222222222222222"
	root   = "9999999999999999999999999999999999999999"
)

// The first start seen is recorded, and every later check is told it,
// whatever start the workspace records then.
func TestTheFirstStartSeenIsKept(t *testing.T) {
	b := Open(t.TempDir())
	ws := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	got, err := b.FirstSeen(ws, "01", first)
	require.NoError(t, err)
	assert.Empty(t, got, "nothing was seen before")
	got, err = b.FirstSeen(ws, "01", second)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: first}, got)
	got, err = b.FirstSeen(ws, "02", second)
	require.NoError(t, err)
	assert.Empty(t, got, "each drop has a record of its own")
	other, err := b.FirstSeen(checker.WorkspaceID{Path: t.TempDir(), Root: root}, "01", second)
	require.NoError(t, err)
	assert.Empty(t, other, "another folder that is there is another workspace, though its history starts alike")
}

// Class checks at once, each seeing another start, keep one record: the
// first written, which every one of them but its writer is told.
func TestChecksAtOnceKeepOneRecord(t *testing.T) {
	b := Open(t.TempDir())
	ws := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	const n = 16
	got := make([]checker.Seen, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			commit := first
			if i%2 == 1 {
				commit = second
			}
			var err error
			got[i], err = b.FirstSeen(ws, "01", commit)
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	kept, err := b.FirstSeen(ws, "01", "3333333333333333333333333333333333333333")
	require.NoError(t, err)
	require.Contains(t, []string{first, second}, kept.Start)
	empty := 0
	for _, g := range got {
		if g.Start == "" {
			empty++
			continue
		}
		assert.Equal(t, kept, g)
	}
	assert.Equal(t, 1, empty, "one check wrote the record: %q", got)
}

// A record file that does not read is an error naming it and saying how
// to mend it, not a record of nothing.
func TestACorruptRecordIsNamed(t *testing.T) {
	b := Open(t.TempDir())
	ws := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	_, err := b.FirstSeen(ws, "01", first)
	require.NoError(t, err)
	file := b.file(ws.Path, "01")
	require.NoError(t, os.WriteFile(file, []byte(`{"workspace": `), 0o644))
	_, err = b.FirstSeen(ws, "01", second)
	var corrupt *CorruptError
	require.True(t, errors.As(err, &corrupt), "%v", err)
	assert.Contains(t, err.Error(), file)
	assert.Contains(t, err.Error(), "delete it")
}

// A folder reused for another repository (next term's class checked in
// last term's folders, or a workspace made again there) is another
// workspace: the record of the history it held is not told, but replaced
// by the start seen now, which the next check is told; the new record
// keeps the one it replaced, which FirstSeen tells with the start.
func TestAFolderReusedForAnotherRepositoryStartsAfresh(t *testing.T) {
	b := Open(t.TempDir())
	folder := t.TempDir()
	_, err := b.FirstSeen(checker.WorkspaceID{Path: folder, Root: root}, "01", first)
	require.NoError(t, err)
	const otherRoot = "8888888888888888888888888888888888888888"
	reused := checker.WorkspaceID{Path: folder, Root: otherRoot}
	got, err := b.FirstSeen(reused, "01", second)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{EarlierStart: first, EarlierRoot: root}, got,
		"the other repository's start is no move of this one's, and the record of the new history keeps the one it replaced")
	got, err = b.FirstSeen(reused, "01", "3333333333333333333333333333333333333333")
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: second, EarlierStart: first, EarlierRoot: root}, got, "the start seen in the new repository is its record now")
	got, err = b.FirstSeen(checker.WorkspaceID{Path: folder}, "01", first)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: second}, got, "a history whose first commit is not known is not another one, nor the one replaced")

	fresh := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	_, err = b.FirstSeen(fresh, "01", first)
	require.NoError(t, err)
	got, err = b.FirstSeen(fresh, "01", second)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: first}, got, "a folder's first history replaced none")
}

// A record that cannot be read (not one that does not decode) is said as
// what failed, with the file: deleting it is not the mend.
func TestARecordThatCannotBeReadIsNotCorrupt(t *testing.T) {
	b := Open(t.TempDir())
	ws := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	file := b.file(ws.Path, "01")
	require.NoError(t, os.MkdirAll(file, 0o755)) // reading it fails, as root too
	_, err := b.FirstSeen(ws, "01", first)
	require.Error(t, err)
	var corrupt *CorruptError
	assert.False(t, errors.As(err, &corrupt), "%v", err)
	assert.Contains(t, err.Error(), file)
	assert.Contains(t, err.Error(), "reading")
	assert.NotContains(t, err.Error(), "delete it")
}

// A workspace folder moved (the class folder renamed) keeps the record of
// the folder it was, found by its history's first commit, once that folder
// is gone.
func TestAMovedFolderKeepsItsRecord(t *testing.T) {
	b := Open(t.TempDir())
	class := t.TempDir()
	old := filepath.Join(class, "ana")
	require.NoError(t, os.Mkdir(old, 0o755))
	_, err := b.FirstSeen(checker.WorkspaceID{Path: old, Root: root}, "01", first)
	require.NoError(t, err)
	moved := filepath.Join(class, "ana-2026")
	require.NoError(t, os.Rename(old, moved))
	got, err := b.FirstSeen(checker.WorkspaceID{Path: moved, Root: root}, "01", second)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: first}, got)
	got, err = b.FirstSeen(checker.WorkspaceID{Path: moved, Root: root}, "01", second)
	require.NoError(t, err)
	assert.Equal(t, checker.Seen{Start: first}, got, "and keeps it under its new name")
}

// No cache folder keeps no record.
func TestNoCacheFolderIsNoBook(t *testing.T) {
	assert.Nil(t, Open(""))
}

// A record that cannot be written (here the book's folder is a link
// that leads nowhere)
// costs the check nothing, but the book says why it kept none, so that a
// class check can tell the instructor; one that could be written says
// nothing.
func TestABookSaysWhyItKeptNoRecord(t *testing.T) {
	cache := t.TempDir()
	b := Open(cache)
	ws := checker.WorkspaceID{Path: t.TempDir(), Root: root}
	_, err := b.FirstSeen(ws, "01", first)
	require.NoError(t, err)
	assert.NoError(t, b.Unkept())

	blocked := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(blocked, "nowhere"), filepath.Join(blocked, Folder)))
	b = Open(blocked)
	got, err := b.FirstSeen(ws, "01", first)
	require.NoError(t, err, "the check goes on")
	assert.Empty(t, got)
	assert.ErrorContains(t, b.Unkept(), Folder)
}
