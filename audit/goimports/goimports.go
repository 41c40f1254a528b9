// Package goimports says what the Go files of a workspace folder import,
// as the go command would build them here: the files the listed-folders
// rule follows from the harness to every package it builds on.
//
// What a file imports, and whether its build constraints let it build, is
// kept in the user's cache by the file's git blob hash, under the build
// context it was judged in. A file git's index vouches for (every stat
// field as recorded; see enginefiles.Vouches) is then known by its hash
// and not read again, which is what an audit of thousands of unchanged
// files would otherwise spend its time on. Any other file is read.
package goimports

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/usercache"
)

// File is a Go file the go command would build, and what it imports.
type File struct {
	Path    string   // slash path in the workspace ("engine/game.go")
	Imports []string // import paths, as written; none if it does not parse
}

// Reader reads the Go files of one workspace's folders. Its methods may
// be called from several goroutines at once.
type Reader struct {
	tree      *enginefiles.Tree
	ctx       build.Context
	indexTime time.Time

	file string // the cache file; "" when nothing is kept

	mu    sync.Mutex
	known map[plumbing.Hash]verdict
	added bool
}

// verdict is what a file's content says, whatever its name: whether its
// build constraints (and cgo, where cgo is off) let it build, and what it
// imports.
type verdict struct {
	builds  bool
	imports []string
}

// Open is a Reader of the workspace at ws, judging build constraints as
// the go command does by default here.
func Open(ws string) (*Reader, error) {
	return OpenContext(ws, build.Default)
}

// OpenContext is Open under another build context.
func OpenContext(ws string, ctx build.Context) (*Reader, error) {
	t, err := enginefiles.Open(ws, false)
	if err != nil {
		return nil, err
	}
	r := &Reader{tree: t, ctx: ctx, known: map[plumbing.Hash]verdict{}}
	// Without an index nothing is vouched for, so nothing is kept.
	if t.Index != nil && !t.Index.ModTime.IsZero() {
		r.indexTime = t.Index.ModTime
		if dir := usercache.Dir(); dir != "" {
			r.file = filepath.Join(dir, "go-imports-"+contextKey(ctx))
			r.known = load(r.file)
		}
	}
	return r, nil
}

// contextKey names what a verdict depends on besides the content: the
// build context and the go/build package of this build (a newer one may
// read constraints differently).
func contextKey(ctx build.Context) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%t\x00%s\x00%s\x00%s\x00%s\x00%s", cacheFormat, runtime.Version(), ctx.CgoEnabled,
		ctx.GOOS, ctx.GOARCH, strings.Join(ctx.BuildTags, ","), strings.Join(ctx.ToolTags, ","), strings.Join(ctx.ReleaseTags, ","))
	return hex.EncodeToString(h.Sum(nil)[:10])
}

// cacheFormat begins the cache file and names its layout.
const cacheFormat = "course go imports 1\n"

// maxKept is how many verdicts the cache keeps: past that, only those of
// the last run. Each edit of a file adds one.
const maxKept = 1 << 17

// Package is a folder that may hold a Go package, and those of its Go
// files that build.
type Package struct {
	Dir   string // slash path in the workspace
	Files []File
}

// Dir is the non-test Go files of the workspace folder dir (a slash path;
// abs is where it is on disk) that the go command would build, in name
// order, with their imports. A folder that does not exist has none. A
// file that cannot be read as a regular file (a FIFO, a device) is left
// out, never waited on. A symbolic link is read by readLink, which
// decides where links may lead and whose error is Dir's.
func (r *Reader) Dir(dir, abs string, readLink func(rel string) ([]byte, error)) ([]File, error) {
	goFiles, _, err := listGo(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		return nil, err
	}
	return r.files(dir, abs, goFiles, readLink)
}

// Packages is Dir for the folder dir and every folder under it, in the
// order of a walk by name (each folder before the folders under it).
// Links to folders are not followed, and, as for the go command, dot and
// underscore folders and testdata hold no package. Folders are read by
// several workers at once; the first error in walk order is returned.
func (r *Reader) Packages(dir, abs string, readLink func(rel string) ([]byte, error)) ([]Package, error) {
	type folder struct {
		rel, abs string
		files    []File
		subs     []*folder
		err      error
		missing  bool
	}
	root := &folder{rel: dir, abs: abs}
	for level := []*folder{root}; len(level) > 0; {
		enginefiles.Each(len(level), 2*runtime.GOMAXPROCS(0), func(i int) {
			f := level[i]
			goFiles, subs, err := listGo(f.abs)
			if err != nil {
				if f == root && errors.Is(err, fs.ErrNotExist) {
					f.missing = true
				} else {
					f.err = err
				}
				return
			}
			for _, n := range subs {
				f.subs = append(f.subs, &folder{rel: path.Join(f.rel, n), abs: filepath.Join(f.abs, n)})
			}
			f.files, f.err = r.files(f.rel, f.abs, goFiles, readLink)
		})
		var next []*folder
		for _, f := range level {
			next = append(next, f.subs...)
		}
		level = next
	}
	if root.missing {
		return nil, nil
	}
	var out []Package
	var walk func(f *folder) error
	walk = func(f *folder) error {
		if f.err != nil {
			return f.err
		}
		out = append(out, Package{Dir: f.rel, Files: f.files})
		for _, s := range f.subs {
			if err := walk(s); err != nil {
				return err
			}
		}
		return nil
	}
	return out, walk(root)
}

// listGo lists the folder at abs: the non-test Go files (and links named
// so) and the subfolders that may hold a package, each in name order.
// The folder is read in the order it keeps, and only what is kept is
// sorted: a folder of build output or logs costs no sort.
func listGo(abs string) (goFiles []fs.DirEntry, subs []string, err error) {
	f, err := os.Open(abs)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	entries, err := f.ReadDir(-1)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range entries {
		n := e.Name()
		switch {
		case e.IsDir():
			if !strings.HasPrefix(n, ".") && !strings.HasPrefix(n, "_") && n != "testdata" {
				subs = append(subs, n)
			}
		case strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go"):
			goFiles = append(goFiles, e)
		}
	}
	sort.Slice(goFiles, func(i, j int) bool { return goFiles[i].Name() < goFiles[j].Name() })
	sort.Strings(subs)
	return goFiles, subs, nil
}

// files is the files of goFiles (entries of the folder dir, at abs) that
// build, with their imports. They are judged by several workers at once,
// since each may cost a stat or a read; the first error in name order is
// returned.
func (r *Reader) files(dir, abs string, goFiles []fs.DirEntry, readLink func(rel string) ([]byte, error)) ([]File, error) {
	type judged struct {
		v   verdict
		ok  bool
		err error
	}
	got := make([]judged, len(goFiles))
	enginefiles.Each(len(goFiles), 2*runtime.GOMAXPROCS(0), func(i int) {
		e := goFiles[i]
		n := e.Name()
		if !r.nameBuilds(abs, n) {
			return
		}
		rel := path.Join(dir, n)
		if e.Type()&fs.ModeSymlink != 0 {
			src, err := readLink(rel)
			got[i] = judged{v: r.judge(src), ok: err == nil, err: err}
			return
		}
		v, ok := r.read(rel, filepath.Join(abs, n))
		got[i] = judged{v: v, ok: ok}
	})
	var out []File
	for i, j := range got {
		if j.err != nil {
			return nil, j.err
		}
		if j.ok && j.v.builds {
			out = append(out, File{Path: path.Join(dir, goFiles[i].Name()), Imports: j.v.imports})
		}
	}
	return out, nil
}

// read is the verdict on the regular file rel (at abs): the kept one if
// the index vouches for the file and one is kept for its hash, otherwise
// that of its content, which is then kept. false if it cannot be read.
func (r *Reader) read(rel, abs string) (verdict, bool) {
	var entry *index.Entry
	if r.file != "" {
		entry = r.tree.Entry(r.tree.RepoPath(rel))
	}
	if entry != nil {
		if info, err := os.Lstat(abs); err == nil && info.Mode().IsRegular() && enginefiles.Vouches(entry, info, r.indexTime) {
			r.mu.Lock()
			v, ok := r.known[entry.Hash]
			r.mu.Unlock()
			if ok {
				return v, true
			}
		}
	}
	src, info, err := regularfile.Read(abs)
	if err != nil {
		return verdict{}, false
	}
	v := r.judge(src)
	if r.file != "" {
		// Known by the index's hash only if the index vouches for what was
		// read (the stat data taken after the read): a file rewritten in
		// between is kept under the hash of its content.
		var h plumbing.Hash
		if entry != nil && enginefiles.Vouches(entry, info, r.indexTime) {
			h = entry.Hash
		} else {
			h = enginefiles.BlobHash(src)
		}
		r.mu.Lock()
		if _, ok := r.known[h]; !ok {
			r.known[h] = v
			r.added = true
		}
		r.mu.Unlock()
	}
	return v, true
}

// nameBuilds reports whether a file's name lets it build here (no _test,
// no leading dot or underscore, a GOOS or GOARCH suffix that matches),
// whatever it holds.
func (r *Reader) nameBuilds(dir, name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	// Only a part after an underscore can name a GOOS or GOARCH; asking
	// go/build costs a 4 KB read buffer a file.
	if !strings.Contains(name, "_") {
		return true
	}
	ctx := r.ctx
	ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("package p\n")), nil }
	ok, err := ctx.MatchFile(dir, name)
	return err == nil && ok
}

// judge is the verdict on a Go file's content: its build constraints,
// read under a name that says nothing of its own, and its imports.
func (r *Reader) judge(src []byte) verdict {
	ctx := r.ctx
	ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(src)), nil }
	if ok, err := ctx.MatchFile(".", "file.go"); err != nil || !ok {
		return verdict{}
	}
	v := verdict{builds: true}
	parsed, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		return v
	}
	for _, imp := range parsed.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			v.imports = append(v.imports, p)
		}
	}
	return v
}

// Save keeps what this run learnt for the next; a cache that cannot be
// written is not kept (it only saves time).
func (r *Reader) Save() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.added || r.file == "" {
		return
	}
	if usercache.WriteFile(r.file, encode(r.known)) {
		r.added = false
	}
}

// The cache file is cacheFormat, then every import path once (a count,
// then each as a length and its bytes), then the verdicts (a count, then
// each as a blob hash, a byte that is 1 if it builds, and its imports as
// a count and indexes into the paths), in hash order.

func encode(known map[plumbing.Hash]verdict) []byte {
	hashes := make([]plumbing.Hash, 0, len(known))
	for h := range known {
		hashes = append(hashes, h)
	}
	sort.Slice(hashes, func(i, j int) bool { return bytes.Compare(hashes[i][:], hashes[j][:]) < 0 })
	ids := map[string]int{}
	var paths []string
	for _, h := range hashes {
		for _, p := range known[h].imports {
			if _, ok := ids[p]; !ok {
				ids[p] = len(paths)
				paths = append(paths, p)
			}
		}
	}
	var buf bytes.Buffer
	buf.WriteString(cacheFormat)
	num := func(v int) { buf.Write(binary.AppendUvarint(nil, uint64(v))) }
	num(len(paths))
	for _, p := range paths {
		num(len(p))
		buf.WriteString(p)
	}
	num(len(hashes))
	for _, h := range hashes {
		v := known[h]
		buf.Write(h[:])
		if v.builds {
			buf.WriteByte(1)
		} else {
			buf.WriteByte(0)
		}
		num(len(v.imports))
		for _, p := range v.imports {
			num(ids[p])
		}
	}
	return buf.Bytes()
}

// load reads a cache file; one that cannot be read, or is not whole, or
// holds more than maxKept verdicts, gives none.
func load(file string) map[plumbing.Hash]verdict {
	known := map[plumbing.Hash]verdict{}
	raw, err := regularfile.ReadFile(file)
	if err != nil {
		return known
	}
	got, ok := decode(raw)
	if !ok || len(got) > maxKept {
		return known
	}
	return got
}

func decode(raw []byte) (map[plumbing.Hash]verdict, bool) {
	rest, ok := bytes.CutPrefix(raw, []byte(cacheFormat))
	if !ok {
		return nil, false
	}
	num := func() (int, bool) {
		v, n := binary.Uvarint(rest)
		if n <= 0 || v > uint64(len(raw)) {
			return 0, false
		}
		rest = rest[n:]
		return int(v), true
	}
	count, ok := num()
	if !ok {
		return nil, false
	}
	paths := make([]string, 0, min(count, len(rest)))
	for range count {
		n, ok := num()
		if !ok || n > len(rest) {
			return nil, false
		}
		paths = append(paths, string(rest[:n]))
		rest = rest[n:]
	}
	count, ok = num()
	if !ok {
		return nil, false
	}
	known := make(map[plumbing.Hash]verdict, min(count, len(rest)/(len(plumbing.Hash{})+2)))
	for range count {
		if len(rest) < len(plumbing.Hash{})+1 {
			return nil, false
		}
		var h plumbing.Hash
		copy(h[:], rest)
		v := verdict{builds: rest[len(h)] == 1}
		rest = rest[len(h)+1:]
		n, ok := num()
		if !ok || n > len(rest) {
			return nil, false
		}
		for range n {
			id, ok := num()
			if !ok || id >= len(paths) {
				return nil, false
			}
			v.imports = append(v.imports, paths[id])
		}
		known[h] = v
	}
	return known, len(rest) == 0
}
