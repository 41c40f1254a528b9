package expansion

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/subpath"
)

// entry is a file (or submodule) in the commit's tree.
type entry struct {
	hash plumbing.Hash
	mode filemode.FileMode
}

// treeFiles lists the files and submodules of the tree under dir; a dir the
// tree does not have gives none, and a dir that is a file gives that file.
// The index's entries stand in for the tree when they make the same tree,
// hash for hash (see enginefiles.TrackedAt).
func treeFiles(t *enginefiles.Tree, tree *object.Tree, dir string) (map[string]entry, error) {
	files := map[string]entry{}
	sub := tree
	fromIndex := func(h plumbing.Hash) bool {
		es, ok := t.TrackedAt(dir, h)
		if !ok {
			return false
		}
		// Only ever the first to fill files: made at its size, not grown.
		files = make(map[string]entry, len(es))
		for _, e := range es {
			files[e.Name] = entry{hash: e.Hash, mode: e.Mode}
		}
		return true
	}
	if dir == "." && fromIndex(tree.Hash) {
		return files, nil
	}
	if dir != "." {
		e, err := tree.FindEntry(dir)
		if errors.Is(err, object.ErrDirectoryNotFound) || errors.Is(err, object.ErrEntryNotFound) {
			return files, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s at the commit: %w", dir, err)
		}
		if e.Mode != filemode.Dir {
			files[dir] = entry{hash: e.Hash, mode: e.Mode}
			return files, nil
		}
		if fromIndex(e.Hash) {
			return files, nil
		}
		t, err := tree.Tree(dir)
		if err != nil {
			return nil, fmt.Errorf("reading %s at the commit: %w", dir, err)
		}
		sub = t
	}
	w := object.NewTreeWalker(sub, true, nil)
	defer w.Close()
	for {
		name, e, err := w.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading %s at the commit: %w", dir, err)
		}
		if e.Mode == filemode.Dir {
			continue
		}
		full := name
		if dir != "." {
			full = dir + "/" + name
		}
		files[full] = entry{hash: e.Hash, mode: e.Mode}
	}
	return files, nil
}

// differ compares engine folders with one commit.
type differ struct {
	t        *enginefiles.Tree
	tree     *object.Tree
	fileMode bool // core.fileMode: the executable bit counts
}

// diffDir compares one engine folder (a path from the repository root)
// with the commit's files under it.
func (d *differ) diffDir(dir string) ([]Change, error) {
	want, err := treeFiles(d.t, d.tree, dir)
	if err != nil {
		return nil, err
	}
	var changes []Change
	seen := map[string]bool{}
	type linked struct {
		enginefiles.LinkedDir
		seen map[string]bool // real paths found under it
	}
	var links []*linked
	var current *linked
	err = d.t.Walk(dir, enginefiles.Visitor{
		Dir: func(l enginefiles.LinkedDir) error {
			current = &linked{LinkedDir: l, seen: map[string]bool{}}
			links = append(links, current)
			return nil
		},
		File: func(f enginefiles.File) error {
			seen[f.Path] = true
			w, inTree := want[f.Path]
			if !inTree && f.Real != f.Path {
				// A file reached through a linked folder: its content at
				// the commit is the target's.
				for _, l := range links {
					if strings.HasPrefix(f.Path, l.Path+"/") && strings.HasPrefix(f.Real, l.Real+"/") {
						l.seen[f.Real] = true
					}
				}
				w, inTree = d.blobAt(f.Real)
			}
			if !inTree {
				changes = append(changes, Change{Path: f.Path, Kind: Added})
				return nil
			}
			same, err := d.same(f, w)
			if err != nil {
				return err
			}
			if !same {
				changes = append(changes, Change{Path: f.Path, Kind: Changed})
			}
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	for p := range want {
		if seen[p] {
			continue
		}
		// The engine folder itself a link at the commit and now: the walk
		// went through it, so the link is not removed, but a link pointed
		// elsewhere is a change.
		if w := want[p]; p == dir && w.mode == filemode.Symlink && len(links) > 0 && links[0].Path == dir {
			now, err := os.Readlink(filepath.Join(d.t.Root, filepath.FromSlash(dir)))
			then, terr := linkTarget(d.t.Repo, w.hash)
			if err == nil && terr == nil && filepath.ToSlash(now) == then {
				continue
			}
			changes = append(changes, Change{Path: p, Kind: Changed})
			continue
		}
		changes = append(changes, Change{Path: p, Kind: Removed})
	}
	// A linked folder that was a link at the commit too: the files its
	// target had then and has no more are removed.
	for _, l := range links {
		if w, ok := want[l.Path]; !ok || w.mode != filemode.Symlink {
			if l.Path != dir {
				continue
			}
		}
		then, err := treeFiles(d.t, d.tree, l.Real)
		if err != nil {
			return nil, err
		}
		for real := range then {
			if !l.seen[real] {
				changes = append(changes, Change{Path: l.Path + strings.TrimPrefix(real, l.Real), Kind: Removed})
			}
		}
	}
	return changes, nil
}

// blobAt is the commit's entry for a file, if it has one.
func (d *differ) blobAt(p string) (entry, bool) {
	e, err := d.tree.FindEntry(p)
	if err != nil || e.Mode == filemode.Dir {
		return entry{}, false
	}
	return entry{hash: e.Hash, mode: e.Mode}, true
}

// same reports whether the file has the content and mode the commit has.
// The file is not read only when git's index vouches for it: the index's
// hash is the commit's and all its stat data still holds (see stat.go).
func (d *differ) same(f enginefiles.File, w entry) (bool, error) {
	info := f.Info
	if f.Submodule || w.mode == filemode.Submodule {
		if !f.Submodule || w.mode != filemode.Submodule {
			return false, nil
		}
		return submoduleAt(f.Abs) == w.hash, nil
	}
	var mode filemode.FileMode
	switch {
	case info.Mode()&fs.ModeSymlink != 0:
		mode = filemode.Symlink
	case info.Mode().IsRegular() && info.Mode()&0o111 != 0:
		mode = filemode.Executable
	case info.Mode().IsRegular():
		mode = filemode.Regular
	default:
		return false, nil
	}
	if !d.fileMode && plainModes(mode, w.mode) {
		mode = w.mode
	}
	if mode != w.mode {
		return false, nil
	}
	if mode == filemode.Symlink {
		target, err := os.Readlink(f.Abs)
		if err != nil {
			return false, fmt.Errorf("reading the link %s: %w", f.Path, err)
		}
		if enginefiles.BlobHash([]byte(filepath.ToSlash(target))) != w.hash {
			return false, nil
		}
		return d.sameTarget(f)
	}
	if ie := f.Entry; ie != nil && ie.Hash == w.hash && d.t.Vouches(ie, info) {
		return true, nil
	}
	real := f.Real
	if real == "" {
		real = f.Path
	}
	return d.sameFile(f.Abs, real, f.Path, f.Path, w.hash)
}

// sameFile reports whether the file at abs (the Path p, named in errors as
// what, and built by the go command as the Path as) has the content of
// the blob h. Anything but a regular file there (a FIFO, a device) is not
// what the commit has, and is not read.
func (d *differ) sameFile(abs, p, what, as string, h plumbing.Hash) (bool, error) {
	content, _, err := regularfile.Read(abs)
	var nr *regularfile.NotRegularError
	if errors.As(err, &nr) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", what, err)
	}
	return d.sameContent(p, what, as, content, h)
}

// sameContent reports whether content, the file at the Path p (as, to the
// go command), stands for the blob h. Its own bytes always do, and so do
// the bytes a checkout of the blob writes here (Conversion.Checkout: line
// ends, $Id$). Beyond those, git's commit direction reads bytes no
// checkout writes as the blob (CRLF where a checkout writes LF, any
// $Id: ... $), which only a Tree that trusts git's index takes, as git
// does: a check of the bytes (ReadsContent) takes that only for CRLF in a
// Go source file that no //go:embed names, which the compiler reads as it
// reads LF (a CR is white space, a raw string drops it, a line comment's
// is cut off), while an embedded file's CR bytes, or another $Id$ in a
// string literal, are what the program gets.
func (d *differ) sameContent(p, what, as string, content []byte, h plumbing.Hash) (bool, error) {
	if enginefiles.BlobHash(content) == h {
		return true, nil
	}
	conv := d.t.ConversionOf(p)
	if conv.None() {
		return false, nil
	}
	// What a commit of these bytes would store: when that is the blob,
	// the blob is known without reading it.
	var blob []byte
	if clean := conv.Clean(content); enginefiles.BlobHash(clean) == h {
		if !d.t.ReadsContent() {
			return true, nil
		}
		blob = clean
	} else if conv.Ident() || conv.WritesCRLF() {
		var err error
		if blob, err = d.blob(what, h); blob == nil || err != nil {
			return false, err
		}
	} else {
		return false, nil // a checkout writes the blob's own bytes
	}
	checkout := conv.Checkout(blob, h)
	if bytes.Equal(checkout, content) {
		return true, nil
	}
	if !d.t.ReadsContent() || !conv.CleansCRLF(content) || !d.goSource(p) || !d.goSource(as) {
		return false, nil
	}
	lf := bytes.ReplaceAll(content, []byte("\r\n"), []byte("\n"))
	return bytes.Equal(lf, bytes.ReplaceAll(blob, []byte("\r\n"), []byte("\n"))) ||
		bytes.Equal(lf, bytes.ReplaceAll(checkout, []byte("\r\n"), []byte("\n"))), nil
}

// goSource reports whether the go command reads the file at the Path p
// as Go source alone: a .go file that no //go:embed pattern names.
func (d *differ) goSource(p string) bool {
	return strings.HasSuffix(p, ".go") && !d.t.Embedded(p)
}

// blob is the content of the blob h, the commit's for the file what; nil
// for one larger than any file the checks read, which no file on disk
// can stand for.
func (d *differ) blob(what string, h plumbing.Hash) ([]byte, error) {
	raw, err := readBlob(d.t.Repo, h)
	switch {
	case errors.Is(err, plumbing.ErrObjectNotFound):
		return nil, fmt.Errorf("reading %s as the commit has it (git object %s): %w; the repository lacks that object (a partial or damaged clone): `git fsck` names what is missing, and a full clone mends it", what, h, err)
	case err != nil:
		return nil, fmt.Errorf("reading %s as the commit has it (git object %s): %w", what, h, err)
	}
	return raw, nil
}

// readBlob is the content of the blob h; nil for one over
// regularfile.MaxSize.
func readBlob(repo *git.Repository, h plumbing.Hash) ([]byte, error) {
	b, err := repo.BlobObject(h)
	if err != nil || b.Size > regularfile.MaxSize {
		return nil, err
	}
	r, err := b.Reader()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// sameTarget reports whether the file an unchanged link points at, inside
// the workspace, has the content it had at the commit. A link to a folder
// is walked on its own; a link out of the workspace has no target to
// compare.
func (d *differ) sameTarget(f enginefiles.File) (bool, error) {
	st, err := os.Stat(f.Abs)
	if err != nil || st.IsDir() {
		return true, nil
	}
	real, err := filepath.EvalSymlinks(f.Abs)
	if err != nil {
		return true, nil
	}
	root, err := filepath.EvalSymlinks(d.t.Root)
	if err != nil {
		return true, nil
	}
	rel, ok := subpath.Rel(root, real)
	if !ok {
		return true, nil
	}
	then, ok := d.blobAt(filepath.ToSlash(rel))
	if !ok {
		return false, nil
	}
	return d.sameFile(real, filepath.ToSlash(rel), rel+", the target of "+f.Path, f.Path, then.hash)
}

// submoduleAt is the commit a submodule's checkout is at; zero when it
// cannot be read.
func submoduleAt(dir string) plumbing.Hash {
	r, err := enginefiles.OpenRepository(dir, false)
	if err != nil {
		return plumbing.ZeroHash
	}
	head, err := r.Head()
	if err != nil {
		return plumbing.ZeroHash
	}
	return head.Hash()
}
