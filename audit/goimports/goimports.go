// Package goimports says what the Go files of a workspace folder import,
// as the go command would build them here: the files the listed-folders
// rule follows from the harness to every package it builds on. A file
// counts if its build constraints let it build with cgo on or off, under
// any Go release or any setting of the toolchain's own tags (see
// Reader.anySetting).
//
// What a file imports, and whether its build constraints let it build, is
// kept in the user's cache by the file's git blob hash, under the build
// context it was judged in. A file git's index vouches for (every stat
// field as recorded; see enginefiles.Tree.Vouches) is then known by its
// hash and not read again, which is what an audit of thousands of
// unchanged files would otherwise spend its time on. Any other file is
// read, as is every file through a git view that trusts no index entry
// (enginefiles.OpenContent).
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
	"io/fs"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/goenv"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/usercache"
)

// File is a Go file the go command would build, and what it imports.
type File struct {
	Path string // slash path in the workspace ("engine/game.go")
	// Imports is the import paths, as written, then the packages its
	// //go:linkname directives reach (audit.LinknameTarget); none if it
	// does not parse.
	Imports []string
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
	// cold says the cache held no verdict when the Reader was made (a
	// first run): the walks then read the Go files in place of stat'ing
	// them, since each would be read after its stat anyway.
	cold bool
}

// verdict is what a file's content says, whatever its name: whether its
// build constraints let it build in any setting the go command might
// build it with (see anySetting), and what it imports. A cgo file counts
// even where cgo is off (the go command would leave it out): following
// its imports asks more of the workspace, never less.
type verdict struct {
	builds  bool
	imports []string
}

// New is a Reader through a git view of the workspace already open (see
// package session), which the checks after it walk again: what its walks
// stat is not stat'ed again.
func New(t *enginefiles.Tree, ctx build.Context) *Reader {
	r := &Reader{tree: t, ctx: ctx, known: map[plumbing.Hash]verdict{}}
	// Without an index nothing is vouched for, so nothing is kept (not even
	// for the rest of the command).
	if t.Index != nil && !t.Index.ModTime.IsZero() {
		r.indexTime = t.Index.ModTime
		if dir := usercache.Dir(); dir != "" {
			r.file = filepath.Join(dir, "go-imports-"+contextKey(ctx))
			r.known = load(r.file)
		}
		// Through a view that trusts no entry every file is read once, by
		// verdictOf; read by the walk as well, it would be read twice.
		r.cold = len(r.known) == 0 && t.TrustsIndex()
		if len(r.known) == 0 && r.file != "" {
			// A first run keeps a verdict for every Go file it reads, most
			// of them tracked: made at that size at once, the map is not
			// grown and copied a few thousand verdicts at a time.
			r.known = make(map[plumbing.Hash]verdict, goSources(t.Index.Entries))
		}
	}
	return r
}

// goSources is how many of the entries are Go source files a package
// builds from.
func goSources(entries []*index.Entry) int {
	n := 0
	for _, e := range entries {
		if isSource(e.Name) {
			n++
		}
	}
	return n
}

// contextKey names what a verdict depends on besides the content: the
// build context (not its cgo setting, since a file counts with cgo on or
// off) and the go/build package of this build (a newer one may read
// constraints differently). The tags are quoted one by one: a tag of
// GOFLAGS's older form may hold a comma ("a,b" is one tag, that no
// constraint names), and joined with commas it would share a key with
// the tags a and b.
func contextKey(ctx build.Context) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%q\x00%q\x00%q", cacheFormat, runtime.Version(),
		ctx.GOOS, ctx.GOARCH, ctx.Compiler, ctx.BuildTags, ctx.ToolTags, ctx.ReleaseTags)
	return hex.EncodeToString(h.Sum(nil)[:10])
}

// Here is the build context of the go command that builds the workspace
// here, for course check (goenv.Context: this system's GOOS and GOARCH,
// GOFLAGS's tags from the environment or the go env file). The rule
// judges a file as that build would, or a tag set with `go env -w
// GOFLAGS=-tags=...` would build an import it never follows.
func Here() build.Context { return goenv.Context() }

// cacheFormat begins the cache file and names its layout, and what a
// verdict means: 3 since a file counts if any cgo setting or Go release
// builds it, where 2 judged it in the Reader's context alone; 4 since a
// file of package documentation counts for nothing, as for the go command;
// 5 since a file counts if any setting of the toolchain's own tags
// (GOEXPERIMENT, GOAMD64 and the like) builds it.
const cacheFormat = "course go imports 5\n"

// maxKept is how many verdicts the cache keeps: past that, only those of
// the last run. Each edit of a file adds one.
const maxKept = 1 << 17

// Package is a folder that may hold a Go package, and those of its Go
// files that build.
type Package struct {
	Dir   string // slash path in the workspace
	Files []File
	// Others is the folder's files that are not Go yet decide what the
	// package is (see Other), by path in name order, whatever their
	// build constraints say.
	Others []string
}

// Other reports whether the go command uses a file of this name, other
// than a Go file, in what it makes of the folder: assembly (.s, .S, .sx)
// it assembles and object files (.syso) it links into the package, which
// reach the program's symbols with no import written; and a go.mod, which
// makes the folder the root of a module of its own. As for Go files, a
// name that starts with a dot or an underscore is not assembled or
// linked.
func Other(name string) bool {
	if name == "go.mod" {
		return true
	}
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	switch path.Ext(name) {
	case ".s", ".S", ".sx", ".syso":
		return true
	}
	return false
}

// ReadLink reads the Go file a symbolic link at rel (a slash path in the
// workspace) leads to; it decides where links may lead, and its error is
// the caller's.
type ReadLink func(rel string) ([]byte, error)

// Dir is the non-test Go files of the workspace folder dir (a slash path)
// that the go command would build, in name order, with their imports, and
// its Others. The
// files are the ones the engine folders' walk finds (see enginefiles: what
// git tracks, what it does not ignore, and ignored files Go compiles). A
// folder that does not exist has none. A Go file that cannot be read is
// an error naming it, never left out (the go command might still build
// it: a file too large for the tools, a FIFO with a writer) and never
// waited on (a FIFO is refused at once); one gone since the walk listed
// it is left out, as the go command would leave it. A link to a file is
// read by readLink.
func (r *Reader) Dir(dir string, readLink ReadLink) (Package, error) {
	pkgs, err := r.walk(dir, readLink, func(string, bool) bool { return true })
	if err != nil || len(pkgs) == 0 {
		return Package{Dir: dir}, err
	}
	return pkgs[0], nil
}

// Packages is Dir for the folder dir and every folder under it that may
// hold a package, in the order of a walk by name (each folder before the
// folders under it); folders with no Go file that builds and none of
// Others are left out.
// As for the go command, dot and underscore folders and testdata hold no
// package, and linked folders are not followed.
func (r *Reader) Packages(dir string, readLink ReadLink) ([]Package, error) {
	return r.walk(dir, readLink, func(p string, linked bool) bool {
		n := path.Base(p)
		return linked || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata"
	})
}

// walk is the Go files under dir, by folder, in walk order; prune says
// which folders below dir to leave out.
func (r *Reader) walk(dir string, readLink ReadLink, prune func(string, bool) bool) ([]Package, error) {
	t := r.tree
	// Room for the files the index has there, most of them Go files in a
	// folder of Go code; grown a file at a time, the list is copied a
	// dozen times over.
	found := make([]enginefiles.File, 0, t.TrackedUnder(t.RepoPath(dir)))
	others := map[string][]string{} // by folder
	v := enginefiles.Visitor{Prune: prune, File: func(f enginefiles.File) error {
		// A file reached through a linked folder counts under the path it
		// is reached by: prune leaves linked folders below dir out, so
		// these are the files of dir itself when it is a link, which the
		// go command builds as the package of dir's import path.
		if f.Submodule {
			return nil
		}
		switch name := path.Base(f.Path); {
		case isSource(name):
			found = append(found, f)
		case Other(name):
			rel := t.WorkspacePath(f.Path)
			others[path.Dir(rel)] = append(others[path.Dir(rel)], rel)
		}
		return nil
	}}
	if r.cold {
		// Judged as the walk reads them: verdictOf then finds each one
		// the index vouches for kept under its hash, and reads none again.
		v.Read, v.ReadName = r.Note, isSource
	}
	err := t.Walk(t.RepoPath(dir), v)
	if err != nil {
		return nil, err
	}
	type judged struct {
		rel string
		v   verdict
		ok  bool
		err error
	}
	// Judged by several workers at once: on a first run each is a read.
	got := make([]judged, len(found))
	enginefiles.Each(len(found), 2*runtime.GOMAXPROCS(0), func(i int) {
		f := found[i]
		rel := t.WorkspacePath(f.Path)
		got[i].rel = rel
		if !r.nameBuilds(path.Base(rel)) {
			return
		}
		if f.IsLink() {
			src, err := readLink(rel)
			got[i].v, got[i].ok, got[i].err = r.judge(src), err == nil, err
			return
		}
		v, err := r.verdictOf(f)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			// Gone since the walk listed it: nothing to build.
		case err != nil:
			// The tools' own refusals name the file and the mend.
			if got[i].err = regularfile.WithPath(err, rel); got[i].err == nil {
				got[i].err = fmt.Errorf("reading the imports of %s: %w", rel, err)
			}
		default:
			got[i].v, got[i].ok = v, true
		}
	})
	// By folder in walk order, then by name: the walk hands folders over
	// in the order it finds them, which is not always the names'.
	byFolder := map[string][]int{}
	var folders []string
	for i, g := range got {
		if g.err == nil && (!g.ok || !g.v.builds) {
			continue
		}
		folder := path.Dir(g.rel)
		if _, ok := byFolder[folder]; !ok {
			folders = append(folders, folder)
		}
		byFolder[folder] = append(byFolder[folder], i)
	}
	for folder := range others {
		if _, ok := byFolder[folder]; !ok {
			folders = append(folders, folder)
		}
	}
	sort.Slice(folders, func(i, j int) bool { return walkOrder(folders[i], folders[j]) })
	out := make([]Package, 0, len(folders))
	for _, folder := range folders {
		files := byFolder[folder]
		sort.Slice(files, func(i, j int) bool { return got[files[i]].rel < got[files[j]].rel })
		p := Package{Dir: folder, Files: make([]File, 0, len(files)), Others: others[folder]}
		sort.Strings(p.Others)
		for _, i := range files {
			if got[i].err != nil {
				return nil, got[i].err
			}
			p.Files = append(p.Files, File{Path: got[i].rel, Imports: got[i].v.imports})
		}
		out = append(out, p)
	}
	return out, nil
}

// walkOrder reports whether the folder a comes before b in a walk by
// name that lists a folder before the folders under it.
func walkOrder(a, b string) bool {
	for a != "" && b != "" {
		ha, ra, _ := strings.Cut(a, "/")
		hb, rb, _ := strings.Cut(b, "/")
		if ha != hb {
			return ha < hb
		}
		a, b = ra, rb
	}
	return a == "" && b != ""
}

// verdictOf is the verdict on the regular file f: the kept one if the
// index vouches for the file (by the walk's stat data) and one is kept for
// its hash, otherwise that of its content, which is then kept; or why it
// cannot be read.
func (r *Reader) verdictOf(f enginefiles.File) (verdict, error) {
	entry := f.Entry
	if r.indexTime.IsZero() {
		entry = nil
	}
	if f.Info != nil && f.Info.Mode().IsRegular() && r.tree.Vouches(entry, f.Info) {
		r.mu.Lock()
		v, ok := r.known[entry.Hash]
		r.mu.Unlock()
		if ok {
			return v, nil
		}
	}
	// judge and keep take nothing of the content with them, so the read
	// can use the walks' buffers.
	var v verdict
	err := enginefiles.ReadPooled(f.Abs, func(c *enginefiles.Content) {
		v = r.judge(c.Src)
		r.keep(entry, c, v)
	})
	return v, err
}

// keep keeps the verdict v on c, read from the file whose index entry is
// entry (nil for none), for the rest of the
// command and in the cache if one is kept. What the cache keeps is kept
// under the hash of src, never under the index entry's: the entry is the
// learner's to forge (a clean blob's hash with another file's stat data),
// and a verdict kept under its word would answer for that blob in every
// workspace after, where a forged index fools git in its own repository
// alone. Without a cache, the verdict is for this command's lookups
// alone, which take the index's word for this workspace anyway, and is
// kept under the entry's hash if the index vouches for what was read
// (not under one this command would have to compute).
func (r *Reader) keep(entry *index.Entry, c *enginefiles.Content, v verdict) {
	if r.indexTime.IsZero() {
		return // nothing is vouched for, so nothing would be found
	}
	var h plumbing.Hash
	switch {
	case r.file != "":
		h = c.Hash()
	case r.tree.Vouches(entry, c.Info):
		h = entry.Hash
	default:
		return // known by no hash a later lookup in this command would use
	}
	r.mu.Lock()
	if _, ok := r.known[h]; !ok {
		r.known[h] = v
		r.added = r.added || r.file != ""
	}
	r.mu.Unlock()
}

// Note is given a file another check read (p, a Path of the git view, as
// a ReadHook is given it), so that a walk after it need not read the file
// again: a Go file's verdict is kept as if Dir had read it.
func (r *Reader) Note(p string, c *enginefiles.Content) {
	if !isSource(path.Base(p)) || c.Info == nil || !c.Info.Mode().IsRegular() {
		return
	}
	r.keep(r.tree.Entry(p), c, r.judge(c.Src))
}

// nameBuilds reports whether a file's name lets it build here (no _test,
// no leading dot or underscore, a GOOS or GOARCH suffix that matches),
// whatever it holds.
func (r *Reader) nameBuilds(name string) bool {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
		return false
	}
	// Only a part after an underscore can name a GOOS or GOARCH; asking
	// go/build costs a 4 KB read buffer a file.
	if !strings.Contains(name, "_") {
		return true
	}
	return r.matchFile(name, []byte("package p\n"))
}

// isSource reports whether a file's name is that of a Go source file a
// package builds from (not a test's).
func isSource(name string) bool {
	return strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go")
}

// matchFile is go/build's answer on whether a file of this name and
// content builds in the Reader's context.
func (r *Reader) matchFile(name string, content []byte) bool {
	return matchIn(r.ctx, name, content)
}

func matchIn(ctx build.Context, name string, content []byte) bool {
	ok, err := goenv.Match(ctx, name, content)
	return err == nil && ok
}

// anySetting reports whether a Go file's build constraints (in header,
// the part of src before its package clause) let it build in any setting
// the go command might build the workspace with, the Reader's GOOS, GOARCH
// and tags kept. Two settings are not this machine's to know: cgo, which
// the go command turns off when it finds no C compiler (go/build's
// default says what this process found), and the Go release, which
// go.mod's go and toolchain lines or GOTOOLCHAIN may make newer than the
// one course was built with, or an older go command older. So the file is
// judged with cgo on and off, and with each goX.Y its header names both
// satisfied and not (every release up to it, or up to the one before),
// besides the Reader's own releases: a file counts if any of them builds
// it, as its imports then ask more of the workspace, never less. The
// toolchain's own tags (goexperiment.X, amd64.v3 and the like) are a
// setting of the same kind: GOEXPERIMENT and GOAMD64 may be set where
// course does not see them (`go env -w` writes them to a file go/build
// does not read), so each that the header names is tried both set and
// not.
func (r *Reader) anySetting(header, src []byte) bool {
	return goenv.AnyToolSetting(r.ctx, goenv.ToolTags(header), func(ctx build.Context) bool {
		return anyCgoOrRelease(ctx, header, src)
	})
}

// anyCgoOrRelease is anySetting with the toolchain's tags of ctx.
func anyCgoOrRelease(ctx build.Context, header, src []byte) bool {
	releases := [][]string{ctx.ReleaseTags}
	if named := namedReleases(header); len(named) > 0 {
		all := releasesUpTo(slices.Max(named))
		for _, n := range named {
			releases = append(releases, all[:n], all[:n-1])
		}
	}
	cgo := []bool{ctx.CgoEnabled}
	if bytes.Contains(header, []byte("cgo")) {
		cgo = append(cgo, !ctx.CgoEnabled)
	}
	for _, c := range cgo {
		for _, rel := range releases {
			ctx.CgoEnabled, ctx.ReleaseTags = c, rel
			if matchIn(ctx, "file.go", src) {
				return true
			}
		}
	}
	return false
}

// namedReleases is the minor number (1 or more) of each go1.N the header
// names, each once, in order. A number of more than three digits names
// no release there will be; it is read as its first three, which keeps
// the settings tried few, whatever a file holds.
func namedReleases(header []byte) []int {
	var out []int
	for rest := header; ; {
		i := bytes.Index(rest, []byte("go1."))
		if i < 0 {
			slices.Sort(out)
			return slices.Compact(out)
		}
		rest = rest[i+len("go1."):]
		n, digits := 0, 0
		for digits < len(rest) && digits < 3 && rest[digits] >= '0' && rest[digits] <= '9' {
			n = n*10 + int(rest[digits]-'0')
			digits++
		}
		if n > 0 {
			out = append(out, n)
		}
	}
}

// releasesUpTo is the release tags of Go 1.n (go1.1 to go1.n), as
// go/build lists them.
func releasesUpTo(n int) []string {
	tags := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		tags = append(tags, "go1."+strconv.Itoa(i))
	}
	return tags
}

// judge is the verdict on a Go file's content: its build constraints,
// read under a name that says nothing of its own, and its imports.
func (r *Reader) judge(src []byte) verdict {
	// Most files import a few packages: their quoted paths are listed in
	// room on the stack, and the verdict's list made once at its size.
	var room [16]string
	pkg, paths, ok := scanHeader(src, room[:0])
	var perr error
	if !ok {
		paths = room[:0]
		fset := token.NewFileSet()
		parsed, err := parser.ParseFile(fset, "", src, parser.ImportsOnly|parser.SkipObjectResolution)
		if err == nil && parsed.Name.Name == "documentation" {
			// The go command leaves such a file out of every package
			// (go/build puts it with the ignored files), so nothing it
			// imports is built.
			return verdict{}
		}
		if perr = err; err == nil {
			pkg = fset.Position(parsed.Package).Offset
			for _, imp := range parsed.Imports {
				paths = append(paths, imp.Path.Value)
			}
		}
	}
	// Constraints are lines before the package clause. A file whose
	// header has none builds, and go/build (which reads the header once
	// more, into a 4 KB buffer of its own) need not be asked.
	header := src
	if perr == nil {
		header = src[:pkg]
	}
	if (perr != nil || bytes.Contains(header, []byte("go:build")) || bytes.Contains(header, []byte("+build"))) && !r.anySetting(header, src) {
		return verdict{}
	}
	v := verdict{builds: true}
	if perr != nil {
		return v
	}
	if len(paths) > 0 {
		v.imports = make([]string, 0, len(paths))
	}
	for _, quoted := range paths {
		if p, err := strconv.Unquote(quoted); err == nil {
			v.imports = append(v.imports, p)
		}
	}
	// A //go:linkname directive that names another package's symbol
	// reaches that package as an import would.
	if bytes.Contains(src, []byte("//go:linkname")) {
		for line := range bytes.Lines(src) {
			if p, ok := audit.LinknameTarget(string(bytes.TrimRight(line, "\r\n"))); ok {
				v.imports = append(v.imports, p)
			}
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
	if usercache.WriteCache(r.file, encode(r.known)) {
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
	enginefiles.SortHashes(hashes)
	ids := map[string]int{}
	var paths []string
	// The file's size, less the varints' bytes past the first of each:
	// the buffer is made once (a first run writes some 4,000 verdicts).
	size := len(cacheFormat) + 2*binary.MaxVarintLen64
	for _, h := range hashes {
		imports := known[h].imports
		size += len(h) + 2 + len(imports)
		for _, p := range imports {
			if _, ok := ids[p]; !ok {
				ids[p] = len(paths)
				paths = append(paths, p)
				size += 1 + len(p)
			}
		}
	}
	buf := make([]byte, 0, size)
	buf = append(buf, cacheFormat...)
	num := func(v int) { buf = binary.AppendUvarint(buf, uint64(v)) }
	num(len(paths))
	for _, p := range paths {
		num(len(p))
		buf = append(buf, p...)
	}
	num(len(hashes))
	for _, h := range hashes {
		v := known[h]
		buf = append(buf, h[:]...)
		if v.builds {
			buf = append(buf, 1)
		} else {
			buf = append(buf, 0)
		}
		num(len(v.imports))
		for _, p := range v.imports {
			num(ids[p])
		}
	}
	return buf
}

// load reads a cache file; one that cannot be read, or is not whole, or
// holds more than maxKept verdicts, gives none.
func load(file string) map[plumbing.Hash]verdict {
	known := map[plumbing.Hash]verdict{}
	raw, ok := usercache.ReadCache(file)
	if !ok {
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
