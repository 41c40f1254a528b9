package audit

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// GoFile is one Go file of a folder, as the audit read it.
type GoFile struct {
	Path string // as findings report it: slash-separated, from the workspace
	Src  []byte
}

// Package is the findings that the Go files of one folder give read
// together, which none gives read alone (File): a '+' chain of one file
// that joins a constant another file of its package declares (a.go:
// const p = "RO"; b.go: p + "CK"), placed as File places a chain's hit,
// in path order. files are all the folder's Go files, whatever their
// build constraints (the audit reads every one); those of one package
// clause are a package, so a folder's external test package (package
// engine_test) is one of its own. A name declared by two files
// (a_linux.go and a_windows.go) is read as each declares it. A constant
// of an imported package is not known. A folder whose files cannot join
// one another's constants (the quick scan of foldingFiles finds no name
// beside a '+' that another file may declare) is not parsed.
func (r *Rules) Package(files []GoFile) []Finding {
	scans, need := foldingFiles(files)
	if need == nil {
		return nil
	}
	return r.fold(files, scans, need)
}

// fold is the findings in the chains of the files need marks, each file's
// package (the files of its package clause that scans has) type-checked
// together.
func (r *Rules) fold(files []GoFile, scans []*foldScan, need []bool) []Finding {
	fset := token.NewFileSet()
	type parsed struct {
		f    *ast.File
		scan *foldScan
		need bool
	}
	packages := map[string][]parsed{}
	var order []string
	for i, gf := range files {
		if scans[i] == nil {
			continue
		}
		f, err := parser.ParseFile(fset, gf.Path, gf.Src, parser.SkipObjectResolution)
		if err != nil {
			continue // read as text by File, as one file
		}
		name := f.Name.Name
		if packages[name] == nil {
			order = append(order, name)
		}
		packages[name] = append(packages[name], parsed{f, scans[i], need[i]})
	}
	var out []Finding
	seen := map[Finding]bool{}
	for _, name := range order {
		pkg := packages[name]
		asts := make([]*ast.File, len(pkg))
		scanned := make([]*foldScan, len(pkg))
		for i, p := range pkg {
			asts[i], scanned[i] = p.f, p.scan
		}
		for _, files := range declarationOrders(asts, scanned) {
			consts := &constants{fset: fset, files: files}
			for _, p := range pkg {
				if !p.need {
					continue
				}
				inChain := map[*ast.BinaryExpr]bool{}
				var hits []Hit
				ast.Inspect(p.f, func(n ast.Node) bool {
					if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.ADD && !inChain[b] {
						hits = r.chainHits(hits, b, inChain, consts)
					}
					return true
				})
				for _, f := range r.findings(fset, fset.File(p.f.Pos()).Name(), hits) {
					if !seen[f] {
						seen[f] = true
						out = append(out, f)
					}
				}
			}
		}
	}
	sortFindings(out)
	return out
}

// foldingFiles scans each of files (nil for one with a NUL byte, which
// File reads as text; an empty scan for one with neither a '+' nor a
// const) and says which may join a constant another file of the folder
// declares: one with, beside a '+', a name another file declares (as a
// string, or converted by string), or a name it declares itself whose
// value may come from another file's constant (b.go: const q = p; q +
// "CK"). need is nil when none may. A name beside a '+' that the file
// alone settles is File's to find.
func foldingFiles(files []GoFile) (scans []*foldScan, need []bool) {
	if len(files) < 2 {
		return nil, nil
	}
	// First the files that declare constants, then, if they declare any,
	// those with a '+' that names one of them.
	scans = make([]*foldScan, len(files))
	scanned := make([]bool, len(files))
	var specs []constSpec
	declaredBy := map[string]int{} // how many files declare each name
	for i, f := range files {
		if bytes.IndexByte(f.Src, 0) >= 0 {
			continue
		}
		scans[i] = &foldScan{}
		if bytes.Contains(f.Src, []byte(constKeyword)) {
			*scans[i], scanned[i] = scanFold(f.Src), true
			specs = append(specs, scans[i].specs...)
			for n := range scans[i].own() {
				declaredBy[n]++
			}
		}
	}
	if len(declaredBy) == 0 {
		return nil, nil
	}
	stringy := stringyNames(specs)
	some := false
	need = make([]bool, len(files))
	for i, s := range scans {
		if s == nil || !hasBinaryPlus(files[i].Src) {
			continue
		}
		if !scanned[i] {
			if !namesAny(files[i].Src, declaredBy, stringy) {
				continue // names no constant of the folder it could join
			}
			*s = scanFold(files[i].Src)
		}
		own := s.own()
		foreign := func(n string) bool { return declaredBy[n] > 1 || declaredBy[n] == 1 && !own[n] }
		fromOthers := s.dependOn(foreign)
		for _, n := range s.converts {
			need[i] = need[i] || foreign(n) || fromOthers[n]
		}
		for _, n := range s.operands {
			need[i] = need[i] || foreign(n) && stringy[n] || fromOthers[n]
		}
		some = some || need[i]
	}
	if !some {
		return nil, nil
	}
	return scans, need
}

// namesAny reports whether src, which declares no constant, holds (as
// bytes, a superset of as a name) a name of declared that it could join:
// a string constant, or any constant where it may convert by string.
func namesAny(src []byte, declared map[string]int, stringy map[string]bool) bool {
	convert := mayConvert(src)
	for n := range declared {
		if (convert || stringy[n]) && bytes.Contains(src, []byte(n)) {
			return true
		}
	}
	return false
}

// declarationOrders is the orders to type-check one package's files in:
// as they are, and, for each file that declares a name another file
// declares too (build constraints let each be the one built), with that
// file first, so that its declaration is the one the checker keeps.
func declarationOrders(files []*ast.File, scans []*foldScan) [][]*ast.File {
	orders := [][]*ast.File{files}
	count := map[string]int{}
	for _, s := range scans {
		seen := map[string]bool{}
		for _, n := range s.declared {
			if !seen[n] {
				seen[n] = true
				count[n]++
			}
		}
	}
	for i, s := range scans {
		for _, n := range s.declared {
			if count[n] > 1 && i > 0 {
				order := append([]*ast.File{files[i]}, files[:i]...)
				orders = append(orders, append(order, files[i+1:]...))
				break
			}
		}
	}
	return orders
}

// constKeyword is what a file that declares a constant holds.
const constKeyword = "const"

// mayJoin reports whether the Go file src may take part in a folder's
// '+' chains other than by the types and variables it declares: it holds
// a const or a binary '+'. The scan of one that does not is empty.
func mayJoin(src []byte) bool {
	return hasBinaryPlus(src) || bytes.Contains(src, []byte(constKeyword))
}

// folderFile is a Go file of an engine folder as DirsOf knows it: its
// blob hash, where to read it from, and its bytes once read (kept only
// where mayJoin: lazy says they are to be read again if its folder is
// type-checked).
type folderFile struct {
	GoFile
	hash          plumbing.Hash
	abs, repoPath string
	size          int64
}

// folderFiles is the Go files of each folder, by the folder's slash path.
type folderFiles map[string][]*folderFile

func (m folderFiles) add(f *folderFile) {
	dir := path.Dir(f.Path)
	m[dir] = append(m[dir], f)
}

// split parts the Go files m spares (their own verdicts kept): those
// that stay unread, of a folder whose digest, with the Go files of it
// already read (read), verdicts keeps clean; and those to read after
// all, for Package, in path order.
func (m folderFiles) split(read folderFiles, verdicts *enginefiles.BlobSet) (unread, toRead []*folderFile) {
	for _, dir := range slices.Sorted(maps.Keys(m)) {
		if verdicts.Has(folderDigest(slices.Concat(m[dir], read[dir]))) {
			unread = append(unread, m[dir]...)
		} else {
			toRead = append(toRead, m[dir]...)
		}
	}
	return unread, toRead
}

// folderDigest is what the verdict on a folder's Go files read together
// is kept under: their names and blob hashes, so that it holds for those
// files alone, and a change to any of them (or one more, or one fewer) is
// a folder not yet judged. An index entry's hash serves as well as one of
// the bytes read: the verdicts on each file's own bytes, kept under what
// was read, vouch for the files themselves.
func folderDigest(files []*folderFile) plumbing.Hash {
	type entry struct {
		name string
		hash plumbing.Hash
	}
	entries := make([]entry, len(files))
	size := 0
	for i, f := range files {
		entries[i] = entry{path.Base(f.Path), f.hash}
		size += len(entries[i].name) + 1 + len(f.hash)
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	b := make([]byte, 0, size)
	for _, e := range entries {
		b = append(append(append(b, e.name...), 0), e.hash[:]...)
	}
	return enginefiles.BlobHash(b)
}

// audit is Package's findings in each folder, several folders at once,
// but one whose Go files verdicts already keeps clean (when lookUp: a
// Tree that takes nothing on trust looks no verdict up, see
// enginefiles.OpenContent); a folder it finds nothing in is kept clean in
// verdicts, if they persist.
func (m folderFiles) audit(r *Rules, verdicts *enginefiles.BlobSet, lookUp bool) []Finding {
	dirs := slices.Sorted(maps.Keys(m))
	found := make([][]Finding, len(dirs))
	enginefiles.Each(len(dirs), runtime.GOMAXPROCS(0), func(i int) {
		files := m[dirs[i]]
		digest := folderDigest(files)
		if lookUp && verdicts != nil && verdicts.Has(digest) {
			return
		}
		slices.SortFunc(files, func(a, b *folderFile) int { return strings.Compare(a.Path, b.Path) })
		sources := make([]GoFile, len(files))
		for k, f := range files {
			sources[k] = f.GoFile
		}
		// A file whose bytes were not kept has an empty scan, as its
		// bytes would give: they are read again only for type-checking.
		scans, need := foldingFiles(sources)
		judged := true
		if need != nil {
			for k, f := range files {
				if sources[k].Src == nil {
					src, err := regularfile.ReadFile(f.abs)
					judged = judged && err == nil && enginefiles.BlobHash(src) == f.hash
					sources[k].Src = src
				}
			}
			found[i] = r.fold(sources, scans, need)
		}
		if len(found[i]) == 0 && judged && verdicts != nil && verdicts.Persists() {
			verdicts.Add(digest)
		}
	})
	return slices.Concat(found...)
}
