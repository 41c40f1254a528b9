package enginefiles

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/systemic-game-design/course/internal/subpath"
)

// File is one file an engine folder has.
type File struct {
	// Path is where the file is reached, from the repository root; through
	// a linked folder it is the path through the link.
	Path string
	// Real is where its content lives, from the repository root: Path for a
	// file reached directly, the path inside the linked folder otherwise.
	// "" when it lies outside the repository.
	Real string
	// Abs is Path on disk.
	Abs string
	// Info is what Lstat says of Path.
	Info fs.FileInfo
	// Entry is git's index entry for Path, nil when it is untracked (and
	// always nil for a file reached through a linked folder).
	Entry *index.Entry
	// Ignored is true for an ignored file that counts because Go uses it.
	Ignored bool
	// Submodule is true for a folder git records as a submodule: it is
	// one entry, and its files are not walked.
	Submodule bool
}

// IsLink reports whether the file is a symbolic link.
func (f File) IsLink() bool { return f.Info != nil && f.Info.Mode()&fs.ModeSymlink != 0 }

// LinkedDir is a symbolic link to a folder inside the workspace, which the
// walk entered: Path is the link, Real its target, both from the repository
// root.
type LinkedDir struct {
	Path string
	Real string
}

// Visitor receives what a walk finds. Dir, if set, is told of every linked
// folder before its files. Prune, if set, is asked of every folder below
// the one walked (a Path; linked if it is a link to a folder) before it is
// entered, from several goroutines at once: true leaves it and everything
// under it out.
type Visitor struct {
	File  func(File) error
	Dir   func(LinkedDir) error
	Prune func(dir string, linked bool) bool
	// Read, if set, is given each regular file whose name ReadName
	// accepts and that no earlier walk stat'ed: the walk reads it in
	// place of an Lstat (an open and an fstat tell what an Lstat does),
	// and calls Read (as a ReadHook) before File, for a check that would
	// read those files itself. Unlike SetReadHook's hook it is this walk's
	// alone, so walks of one Tree at once may each have their own.
	Read     ReadHook
	ReadName func(name string) bool
}

// Walk visits every file that counts under the engine folder dir (a Path).
// A folder that does not exist has no files.
func (t *Tree) Walk(dir string, v Visitor) error {
	parts := []string{}
	if dir != "." {
		parts = strings.Split(dir, "/")
	}
	// The .gitignore files of the folders above the engine folder, and its
	// own.
	var ps []gitignore.Pattern
	key := t.baseKey
	if t.Repo != nil {
		ps = append(ps, t.base...)
		for i := 0; i < len(parts); i++ {
			file := filepath.Join(t.Root, filepath.FromSlash(path.Join(parts[:i]...)), ".gitignore")
			var more []gitignore.Pattern
			var raw []byte
			if st, err := os.Lstat(file); err == nil && st.Mode().IsRegular() {
				more, raw = readPatternsRaw(file, parts[:i], t.foldCase)
			}
			ps = append(ps, more...)
			key = rulesKey(key, file, raw)
		}
	}
	abs := filepath.Join(t.Root, filepath.FromSlash(dir))
	st, err := os.Lstat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", dir, err)
	}
	w := &walker{t: t, v: v, seen: map[string]bool{}, spread: true, start: time.Now()}
	if path.Clean(dir) == dir {
		w.diskPrefix = rootSlash(t.Root) // every folder under a clean Path is clean
	}
	// The walk judges each folder on its way down; the engine folder's own
	// ancestors it never walked, so each is judged here, from the top.
	ignoredDir := false
	for i := 1; dir != "." && t.Repo != nil && i <= len(parts) && !ignoredDir; i++ {
		ignoredDir = ignored(ps, parts[:i], true)
	}
	if st.Mode()&fs.ModeSymlink != 0 {
		// The engine folder itself is a link: walk its target under the
		// folder's own name.
		real, ok := t.Inside(abs)
		if !ok {
			return nil
		}
		if v.Dir != nil {
			if err := v.Dir(LinkedDir{Path: dir, Real: real}); err != nil {
				return err
			}
		}
		if err := w.walk(dir, real, parts, ps, key, ignoredDir, true); err != nil {
			return err
		}
		return w.finish()
	}
	if !st.IsDir() {
		return nil
	}
	if err := w.walk(dir, dir, parts, ps, key, ignoredDir, false); err != nil {
		return err
	}
	return w.finish()
}

// Later adds save to what Save writes: a cache of the caller's own, filled
// by its walks.
func (t *Tree) Later(save func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.saves = append(t.saves, save)
}

// Save writes what this Tree's walks learnt for the next run (the folder
// records, the files known to embed nothing) and every cache given to
// Later, all at once, and returns when all are written. Each is a file
// made and renamed, which on some file systems takes as long as reading
// hundreds of small files, so none waits for another, and each is written
// once for a command however many walks filled it. Whoever opened the
// Tree saves it once its walks are done; a cache not saved only costs the
// next run time.
func (t *Tree) Save() {
	t.mu.Lock()
	saves := append([]func(){t.dirs.save}, t.saves...)
	t.saves = nil
	t.mu.Unlock()
	if t.noEmbed != nil {
		saves = append(saves, t.noEmbed.Save)
	}
	var wg sync.WaitGroup
	for _, save := range saves {
		wg.Go(save)
	}
	wg.Wait()
}

type walker struct {
	t    *Tree
	v    Visitor
	seen map[string]bool // real folders entered, against link cycles
	// spread is set on the walk of the engine folder itself: its
	// subfolders are walked by several workers at once (stat calls are what
	// take the time), and what they find is handed to v in one goroutine.
	spread bool
	jobs   []func() ([]event, error)
	start  time.Time // when the walk began, for the folder cache
	// diskPrefix is the Root and a slash, when the folder walked is a
	// clean Path and rootSlash allows it, so that a file's place on disk
	// is diskPrefix and its Path (see entryPaths); "" otherwise.
	diskPrefix string
}

// event is one thing a worker found, for the visitor.
type event struct {
	file *File
	dir  *LinkedDir
}

// recorder returns a walker that keeps what it finds, and the list it
// keeps it in.
func (w *walker) recorder() (*walker, *[]event) {
	var evs []event
	// The files are kept in slabs of a few dozen, not allocated one by one
	// (nor held in the events themselves, which would make the list that
	// grows five times the size).
	var files []File
	seen := make(map[string]bool, len(w.seen))
	for k, v := range w.seen {
		seen[k] = v
	}
	return &walker{t: w.t, seen: seen, start: w.start, diskPrefix: w.diskPrefix, v: Visitor{
		File: func(f File) error {
			if len(files) == cap(files) {
				files = make([]File, 0, min(2*cap(files)+16, 256))
			}
			files = append(files, f)
			evs = append(evs, event{file: &files[len(files)-1]})
			return nil
		},
		Dir:      func(l LinkedDir) error { evs = append(evs, event{dir: &l}); return nil },
		Prune:    w.v.Prune,
		Read:     w.v.Read,
		ReadName: w.v.ReadName,
	}}, &evs
}

// finish runs the subfolder walks spread asked for and hands what they
// found to the visitor, in the order of the folders.
func (w *walker) finish() error {
	jobs := w.jobs
	w.jobs = nil
	results := make([][]event, len(jobs))
	errs := make([]error, len(jobs))
	Each(len(jobs), 2*runtime.GOMAXPROCS(0), func(i int) { results[i], errs[i] = jobs[i]() })
	for i, evs := range results {
		if errs[i] != nil {
			return errs[i]
		}
		for _, e := range evs {
			if e.dir != nil && w.v.Dir != nil {
				if err := w.v.Dir(*e.dir); err != nil {
					return err
				}
			}
			if e.file != nil {
				if err := w.v.File(*e.file); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Inside resolves every link of abs and returns the result as a Path, if
// it is a folder or file inside the workspace.
func (t *Tree) Inside(abs string) (string, bool) {
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", false
	}
	realRoot, err := filepath.EvalSymlinks(t.Root)
	if err != nil {
		return "", false
	}
	rel, ok := subpath.Rel(realRoot, real)
	if !ok {
		return "", false
	}
	rel = filepath.ToSlash(rel)
	if t.Prefix != "." && rel != t.Prefix && !strings.HasPrefix(rel, t.Prefix+"/") {
		return "", false
	}
	return rel, true
}

// walk reads the folder at real (a Path), reached as rel. linked is set
// below a linked folder: nothing there is in the index under rel.
func (w *walker) walk(rel, real string, parts []string, ps []gitignore.Pattern, rules [20]byte, onlyTracked, linked bool) error {
	if w.seen[real] {
		return nil
	}
	w.seen[real] = true
	defer delete(w.seen, real)
	t := w.t
	absReal := filepath.Join(t.Root, filepath.FromSlash(real))
	// The folder's entries come from the cache when its stat data is as
	// recorded (see dirCache); the stamp is taken before the folder is read.
	key := dirKey(rel, real, onlyTracked, linked)
	var stamp dirStamp
	var rec *dirRecord
	var entries []fs.DirEntry
	haveStamp := false
	if t.dirs != nil {
		stamp, haveStamp = folderStamp(absReal)
		// A Tree that takes nothing on trust (OpenContent) lists each
		// folder itself: a record is the user's cache's word, which
		// anyone who can write there can forge. It still keeps what it
		// lists, for the runs that do trust the cache.
		if haveStamp && !t.content {
			rec = t.dirs.get(key, stamp)
		}
	}
	if rec != nil {
		entries = dirEntries(rec.entries)
	} else {
		var err error
		if entries, err = readDir(absReal); err != nil {
			return fmt.Errorf("reading %s: %w", rel, err)
		}
	}
	if t.Repo != nil {
		file := filepath.Join(absReal, ".gitignore")
		var raw []byte
		for _, e := range entries {
			// Git reads no .gitignore of the work tree that is a symbolic
			// link (since 2.32), so neither does the walk: a link to rules
			// elsewhere would hide files git reports.
			if e.Name() == ".gitignore" && e.Type().IsRegular() {
				var more []gitignore.Pattern
				more, raw = readPatternsRaw(file, parts, t.foldCase)
				ps = append(ps, more...)
				break
			}
		}
		rules = rulesKey(rules, file, raw)
	}
	// A record made under other ignore rules, or one that left out ignored
	// files a //go:embed above may now name, is not used.
	if rec != nil && (rec.rules != rules || rec.dropped && t.embedsAbove(real, entries)) {
		rec = nil
		var err error
		if entries, err = readDir(absReal); err != nil {
			return fmt.Errorf("reading %s: %w", rel, err)
		}
	}
	var kept []cachedEntry
	dropped := false
	keep := func(e fs.DirEntry) {
		if rec == nil && haveStamp {
			kept = append(kept, cachedEntry{name: e.Name(), typ: e.Type(), dir: absReal})
		}
	}
	drop := func(e fs.DirEntry) {
		dropped = true
		if e.Name() == ".gitignore" {
			keep(e) // its rules are read from the entries
		}
	}
	complete := false // a folder left part-way is not kept
	defer func() {
		if complete && rec == nil && haveStamp {
			t.dirs.put(key, &dirRecord{stamp: stamp, rules: rules, dropped: dropped, entries: kept}, w.start)
		}
	}()
	// buf is the path parts of each entry in turn; a folder's parts are
	// copied, since its .gitignore patterns keep them.
	buf := append(parts[:len(parts):len(parts)], "")
	// Inside an ignored folder with nothing tracked under it, a file counts
	// only if Go uses it, which its name and the embed patterns decide.
	untrackedIgnored := onlyTracked && (linked || !t.trackedDirs[rel])
	// A check with a read hook is given the Go files' content by the embed
	// scan, which must then come before the files are visited, not at the
	// first file whose name Go has no use for.
	if t.onRead != nil && needsEmbedScan(entries) {
		t.embedPatterns(real, entries)
	}
	// Each entry's Path is looked up in the index from pathBuf, and made a
	// string only for an entry that is not dropped: most of a folder of
	// logs or build output is ignored, and dropped on its name alone.
	var pathBuf []byte
	if rel != "." {
		pathBuf = append(append(make([]byte, 0, len(rel)+64), rel...), '/')
	}
	dirLen := len(pathBuf)
	for _, e := range entries {
		name := e.Name()
		if untrackedIgnored && !e.IsDir() && e.Type()&fs.ModeSymlink == 0 && !t.goUses(real, name, entries) {
			drop(e)
			continue
		}
		pathBuf = append(pathBuf[:dirLen], name...)
		buf[len(parts)] = name
		sub := buf
		var entry *index.Entry
		if !linked {
			entry = t.tracked[string(pathBuf)]
		}
		if e.IsDir() {
			p := join(rel, name)
			keep(e)
			if name == ".git" {
				continue
			}
			if w.v.Prune != nil && w.v.Prune(p, false) {
				continue
			}
			// The folder's own parts, which its walk (a job, run later)
			// keeps; sub itself is not captured, so that it is not moved
			// to the heap for every entry.
			dirParts := append([]string(nil), buf...)
			rp, abs := join(real, name), filepath.Join(t.Root, filepath.FromSlash(p))
			if entry != nil && entry.Mode == filemode.Submodule {
				if err := builtAsOurs(abs, p); err != nil {
					return err
				}
				info, err := e.Info()
				if err != nil {
					return fmt.Errorf("reading %s: %w", p, err)
				}
				if err := w.v.File(File{Path: p, Real: rp, Abs: abs, Info: info, Entry: entry, Submodule: true}); err != nil {
					return err
				}
				continue
			}
			ign := onlyTracked || t.Repo != nil && ignored(ps, dirParts, true)
			if w.spread {
				child, evs := w.recorder()
				ps := ps[:len(ps):len(ps)]
				w.jobs = append(w.jobs, func() ([]event, error) {
					err := child.walk(p, rp, dirParts, ps, rules, ign, linked)
					return *evs, err
				})
				continue
			}
			if err := w.walk(p, rp, dirParts, ps, rules, ign, linked); err != nil {
				return err
			}
			continue
		}
		if name == ".git" {
			keep(e)
			continue
		}
		isIgnored := entry == nil && t.Repo != nil && (onlyTracked || ignored(ps, sub, false))
		isLink := e.Type()&fs.ModeSymlink != 0
		// An ignored file Go has no use for is dropped before any stat.
		if isIgnored && !isLink && !t.goUses(real, name, entries) {
			drop(e)
			continue
		}
		keep(e)
		p, abs := w.entryPaths(rel, name)
		rp := p // its content's Path: the same but through a linked folder
		if real != rel {
			rp = join(real, name)
		}
		info := t.infoOf(p)
		fresh := false // whether info is this walk's own, to keep for a later one
		if info == nil && !isLink && e.Type().IsRegular() {
			// One open and fstat serve for the Lstat and the read; a file
			// that cannot be read is stat'ed below, for the check to tell.
			if hook := w.readHook(name); hook != nil {
				_ = ReadPooled(abs, func(c *Content) {
					info = c.Info
					hook(p, c)
				})
				fresh = info != nil && t.keepRead
			}
		}
		if info == nil {
			var err error
			if info, err = e.Info(); err != nil {
				return fmt.Errorf("reading %s: %w", p, err)
			}
			fresh = true
		}
		// A later walk of the same Tree (another check of the same command)
		// takes it from here instead of stat'ing the file again.
		if fresh {
			t.mu.Lock()
			t.infos[p] = info
			t.mu.Unlock()
		}
		if isLink {
			sub = append([]string(nil), buf...)
			if target, ok := t.Inside(abs); ok {
				if st, err := os.Stat(abs); err == nil && st.IsDir() {
					// Go compiles the linked folder's files whether or
					// not git ignores the link; git keeps the link itself
					// as an entry of its own.
					if !isIgnored {
						if err := w.v.File(File{Path: p, Real: rp, Abs: abs, Info: info, Entry: entry}); err != nil {
							return err
						}
					}
					if w.v.Prune != nil && w.v.Prune(p, true) {
						continue
					}
					if w.v.Dir != nil {
						if err := w.v.Dir(LinkedDir{Path: p, Real: target}); err != nil {
							return err
						}
					}
					if err := w.walk(p, target, sub, ps, rules, onlyTracked || isIgnored, true); err != nil {
						return err
					}
					continue
				}
			}
			if isIgnored && !t.goUses(real, name, entries) {
				continue
			}
		}
		ign := isIgnored
		if err := w.v.File(File{Path: p, Real: rp, Abs: abs, Info: info, Entry: entry, Ignored: ign}); err != nil {
			return err
		}
	}
	complete = true
	return nil
}

// entryPaths is the Path of the entry name of the folder rel (a Path),
// join(rel, name), and where it is on disk, filepath.Join(t.Root,
// filepath.FromSlash(p)). Where the join is plain concatenation (a clean
// root and folder on a system whose separator is the slash, and name an
// entry's name), the two are made as one string, the Path its tail: a
// walk makes them for thousands of files, and each was an allocation,
// the join a scan of the whole path besides.
func (w *walker) entryPaths(rel, name string) (p, abs string) {
	root := w.diskPrefix
	if root == "" {
		p = join(rel, name)
		return p, filepath.Join(w.t.Root, filepath.FromSlash(p))
	}
	if rel == "." {
		abs = root + name
	} else {
		abs = root + rel + "/" + name
	}
	return abs[len(root):], abs
}

// readHook is the hook a regular file of this name is read for in place
// of its Lstat: the Tree's when it reads every file, else the Visitor's if
// it asks for the name; nil for none.
func (w *walker) readHook(name string) ReadHook {
	switch {
	case w.t.readAll:
		return w.t.onRead
	case w.v.Read != nil && w.v.ReadName(name):
		return w.v.Read
	}
	return nil
}

// dirEntries is a folder's entries as fs.DirEntry values, each a pointer
// into ents (a pointer in an interface allocates nothing).
func dirEntries(ents []cachedEntry) []fs.DirEntry {
	out := make([]fs.DirEntry, len(ents))
	for i := range ents {
		out[i] = &ents[i]
	}
	return out
}

// parentOf is path.Dir for the clean slash paths an index holds, without
// its allocation: the part before the last slash, "." for none.
func parentOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

func join(dir, name string) string {
	if dir == "." {
		return name
	}
	return dir + "/" + name
}

// goSource is every extension of a file the go command compiles into a
// package, or reads for the build.
var goSource = map[string]bool{
	".go": true, ".s": true, ".S": true, ".sx": true, ".c": true, ".h": true, ".cc": true, ".cpp": true,
	".cxx": true, ".hh": true, ".hpp": true, ".hxx": true, ".m": true, ".f": true, ".F": true,
	".for": true, ".f90": true, ".swig": true, ".swigcxx": true, ".syso": true,
}

// GoUses reports whether the go command uses a file of this name when it
// builds the folder that holds it: a source file or a module file.
func GoUses(name string) bool {
	switch name {
	case "go.mod", "go.sum", "go.work", "go.work.sum":
		return true
	}
	return goSource[path.Ext(name)]
}

// goUses reports whether Go uses the file name in the folder dir (a Path):
// a source file, or one a //go:embed pattern of a package in dir or a folder
// above it (up to the workspace) names.
func (t *Tree) goUses(dir, name string, entries []fs.DirEntry) bool {
	if GoUses(name) {
		return true
	}
	return t.embedsAbove(dir, entries) && t.namedByEmbed(dir, name, entries, false)
}
