// Package dropstarts is a class check's own record of where each
// learner's Expansion Drop was first seen to start. The start a drop is
// judged from is recorded in the workspace's .course/state.json, which is
// the learner's file to edit; this record is the instructor's, kept in
// their cache folder (package usercache), never in a workspace. A later
// class check that finds another start recorded (or a history that no
// longer holds the first) shows the drop as moved, and judges it from the
// start first seen while the history still holds it (see checker.Drop).
//
// A workspace is its folder (absolute, links followed) and the first
// commit of its history: each drop's record is a file of its own under a
// folder named by a hash of the workspace's folder, written once, whole,
// and never replaced, so two class checks at once keep the first record
// (usercache.CreateFile). A record whose first commit is not the folder's
// history's is another workspace's (the folder reused for another
// repository): it is replaced by the start seen now, and the record keeps
// the one it replaced, which every later class check tells (see
// FirstSeen). A folder with no record takes the record of a
// folder with the same first commit that is gone: a class folder moved,
// or a workspace cloned again elsewhere, keeps what was first seen.
package dropstarts

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/internal/usercache"
)

// Folder is the cache folder's subfolder the records are kept in.
const Folder = "drop-starts-v1"

// Book is the records in one cache folder.
type Book struct {
	dir string
	now func() time.Time

	mu     sync.Mutex
	unkept error // the first record that could not be written
}

// Unkept is why a record this book was asked to keep could not be
// written (a cache folder that cannot be written, a file system without
// hard links), or nil: the check went on, judging as if none were seen,
// but the start it saw is not kept for the next.
func (b *Book) Unkept() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.unkept
}

func (b *Book) lost(err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.unkept == nil {
		b.unkept = err
	}
}

// Open is the book of the records kept in the cache folder cacheDir
// (usercache.Dir()); nil when there is none, which keeps no record.
func Open(cacheDir string) *Book {
	if cacheDir == "" {
		return nil
	}
	return &Book{dir: filepath.Join(cacheDir, Folder), now: time.Now}
}

// record is one drop's start as a class check first saw it.
type record struct {
	Workspace string    `json:"workspace"` // the folder, absolute, links followed
	Root      string    `json:"root"`      // the first commit of its history
	Drop      string    `json:"drop"`      // the module number, "01"
	Commit    string    `json:"commit"`    // the start first seen
	SeenAt    time.Time `json:"seenAt"`
	// Replaced is the record this one took the place of: the same
	// folder's, of another history.
	Replaced *earlier `json:"replaced,omitempty"`
}

// earlier is a record of another history of the same folder, as a record
// that replaced it keeps it.
type earlier struct {
	Root   string    `json:"root"`
	Commit string    `json:"commit"`
	SeenAt time.Time `json:"seenAt"`
}

// CorruptError is a record file that does not read as one.
type CorruptError struct {
	File string
	Err  error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the class check's record %s of where a drop was first seen to start is not valid (%v); delete it, and the next class check records the start it finds then", e.File, e.Err)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend.
func (e *CorruptError) UserError() bool { return true }

// FirstSeen is what the record of drop module of the workspace says: the
// start first seen ("" when none was, and commit is then recorded as the
// first) and, when the record replaced one of another history in the same
// folder, that history's first start and first commit. A learner who
// makes their history again from a new first commit, the drop's start
// and an engine change committed in one, is judged from the new
// history's own record; the earlier one says the folder's first record
// was of another. A record that cannot be written costs the protection,
// not the check.
func (b *Book) FirstSeen(ws checker.WorkspaceID, module, commit string) (checker.Seen, error) {
	file := b.file(ws.Path, module)
	rec, err := read(file)
	replace := false
	switch {
	case err == nil:
		if rec.Drop != module || rec.Workspace != ws.Path {
			return checker.Seen{}, &CorruptError{File: file, Err: fmt.Errorf("it is the record of drop %q of %s, not of drop %s of %s", rec.Drop, rec.Workspace, module, ws.Path)}
		}
		if rec.Root == "" || ws.Root == "" || rec.Root == ws.Root {
			return rec.seen(ws), nil
		}
		// The folder holds another repository now (next term's class in
		// last term's folder, or a workspace made again with course
		// init): the record is another workspace's, whose start the new
		// history never held.
		replace = true
	case !errors.Is(err, fs.ErrNotExist):
		return checker.Seen{}, err
	}
	first := record{Workspace: ws.Path, Root: ws.Root, Drop: module, Commit: commit, SeenAt: b.now().UTC().Truncate(time.Second)}
	if replace {
		first.Replaced = &earlier{Root: rec.Root, Commit: rec.Commit, SeenAt: rec.SeenAt}
	}
	moved := b.movedFrom(ws, module)
	if moved != nil {
		first.Commit, first.SeenAt = moved.Commit, moved.SeenAt
	}
	data, err := json.MarshalIndent(first, "", "  ")
	if err != nil {
		return checker.Seen{}, err
	}
	// What this check tells when the record it makes is the one kept:
	// the start a moved folder's record saw, and the history it replaced.
	made := first.seen(ws)
	if moved == nil {
		made.Start = ""
	}
	if replace {
		// Whole, in place of the other workspace's; two class checks at
		// once that both replace it keep the last, each judging as if
		// none were seen.
		if err := usercache.WriteFile(file, append(data, '\n')); err != nil {
			b.lost(err)
			return checker.Seen{}, nil
		}
		return made, nil
	}
	created, err := usercache.CreateFile(file, append(data, '\n'))
	switch {
	case err != nil:
		b.lost(err)
		return checker.Seen{}, nil // not kept: this check judges as if none were
	case !created:
		// Another class check recorded it meanwhile: its record is the first.
		rec, err := read(file)
		if errors.Is(err, fs.ErrNotExist) {
			return checker.Seen{}, nil // and someone deleted it since
		}
		if err != nil {
			return checker.Seen{}, err
		}
		return rec.seen(ws), nil
	}
	return made, nil
}

// seen is what the record tells a check of workspace ws: its start, and
// the history it replaced when the record is of ws's own history.
func (r record) seen(ws checker.WorkspaceID) checker.Seen {
	s := checker.Seen{Start: r.Commit}
	if r.Replaced != nil && r.Root == ws.Root {
		s.EarlierStart, s.EarlierRoot = r.Replaced.Commit, r.Replaced.Root
	}
	return s
}

// movedFrom is the record of drop module of the one workspace with ws's
// first commit whose folder is gone: the folder ws is, moved or cloned
// again. nil when there is none, or more than one.
func (b *Book) movedFrom(ws checker.WorkspaceID, module string) *record {
	if ws.Root == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(b.dir, "*", module+".json"))
	if err != nil {
		return nil
	}
	var found *record
	for _, f := range files {
		rec, err := read(f)
		if err != nil || rec.Root != ws.Root || rec.Workspace == ws.Path || rec.Drop != module {
			continue // a record that does not read is said when its own workspace is checked
		}
		if _, err := os.Lstat(rec.Workspace); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if found != nil {
			return nil // two gone with the same history: which was this one is not known
		}
		found = rec
	}
	return found
}

// file is where drop module of the workspace in folder is recorded.
func (b *Book) file(folder, module string) string {
	sum := sha256.Sum256([]byte(folder))
	return filepath.Join(b.dir, hex.EncodeToString(sum[:16]), module+".json")
}

// read is the record in file.
func read(file string) (*record, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		// Not a record that does not read as one (deleting it mends
		// nothing): a folder or file this user may not read, say.
		return nil, fmt.Errorf("reading the class check's record of where a drop was first seen to start: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var rec record
	if err := dec.Decode(&rec); err != nil {
		return nil, &CorruptError{File: file, Err: err}
	}
	if rec.Commit == "" || rec.Drop == "" {
		return nil, &CorruptError{File: file, Err: errors.New("it names no drop or no commit")}
	}
	return &rec, nil
}
