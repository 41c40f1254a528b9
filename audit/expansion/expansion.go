// Package expansion is the Expansion Drop's check: which files under a
// workspace's engine folders differ between a commit and the working tree.
// It diffs the commit's tree against the files on disk, restricted to the
// engine folders (those .course.json names at the commit and those it names
// now), with go-git. Which files an engine folder has is package
// enginefiles' answer, the same the coupling audit uses: untracked files
// count, ignored ones count only when Go would build or embed them, links
// are followed. A file counts as unchanged only when its content is the
// commit's: the index's stat data is trusted only when all of it (size,
// modification and change times, inode) still holds, and anything else is
// hashed. It never walks the rest of the repository. The commit's files
// come from the index instead of the tree objects when the index's entries
// make that very tree, by a hash of them computed here (the cache tree
// only says where to look: see enginefiles.TrackedAt).
package expansion

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/jsonobject"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/subpath"
)

// Kind is how an engine file differs from the commit.
type Kind string

// The kinds of change.
const (
	Added   Kind = "added"
	Changed Kind = "changed"
	Removed Kind = "removed"
)

// Change is one engine file that differs from the commit, or one setting
// of how the engine runs (see GoMod): go.mod's go, toolchain or godebug
// directive, or a test file's //go:debug line.
type Change struct {
	Path string `json:"path"` // slash-separated, relative to the workspace
	Kind Kind   `json:"kind"` // of the file, or of the setting
	// Directive is the setting's directive (DirectiveGo, DirectiveToolchain,
	// DirectiveGodebug, DirectiveGoDebug), "" for an engine file.
	Directive string `json:"directive,omitempty"`
	Key       string `json:"key,omitempty"` // a godebug setting's name
	Was       string `json:"was,omitempty"` // the setting's value at the commit, "" when added
	Now       string `json:"now,omitempty"` // its value now, "" when removed
}

func (c Change) String() string {
	if c.Directive != "" {
		return c.describeSetting()
	}
	return fmt.Sprintf("%s: %s", c.Kind, c.Path)
}

// Result is the outcome of a check.
type Result struct {
	Revision   string   `json:"revision"`   // as given
	Commit     string   `json:"commit"`     // the full hash it resolved to
	EngineDirs []string `json:"engineDirs"` // the folders compared: at the commit and now
	// Changes is the engine files' changes sorted by path, then the
	// settings' (see GoMod) by file and setting.
	Changes []Change `json:"changes"`
}

// NotRepositoryError says the workspace is not inside a git repository.
type NotRepositoryError = enginefiles.NotRepositoryError

// RevisionError says a revision cannot be used: malformed, unknown or
// ambiguous.
type RevisionError struct {
	Revision string
	Why      string
}

func (e *RevisionError) Error() string {
	return fmt.Sprintf("revision %q %s", e.Revision, e.Why)
}

// UserError marks the error as the user's to mend.
func (e *RevisionError) UserError() bool { return true }

// revisionSyntax is what the check accepts: a name (branch, tag, HEAD, a hash
// or its prefix), then any number of ^, ^N, ~ and ~N. Everything else
// (reflog @{...}, paths after ':', ranges, ^{type}) is refused rather than
// misread.
var revisionSyntax = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_./+-]*((\^[0-9]*)|(~[0-9]*))*$`)

var hexPrefix = regexp.MustCompile(`^[0-9a-fA-F]{4,40}$`)

// Check compares the engine folders at revision with the working tree.
// engineDirs is the folders .course.json names now (slash paths relative
// to workspace); the folders its version at the commit names are compared
// too, so that pointing engineDirs elsewhere hides nothing.
func Check(workspace, revision string, engineDirs []string) (*Result, error) {
	t, err := enginefiles.Open(workspace, true)
	if err != nil {
		return nil, err
	}
	defer t.Save()
	return CheckOf(t, workspace, revision, engineDirs)
}

// CheckContent is Check reading every engine file, whatever git's index
// says of it: where a verdict is recorded for good (a drop's start and
// end), a file whose bytes differ from its blob while the index vouches
// for it (a clean filter that stores one content and a smudge filter
// that writes another) must not pass for unchanged.
func CheckContent(workspace, revision string, engineDirs []string) (*Result, error) {
	t, err := enginefiles.OpenContent(workspace, true)
	if err != nil {
		return nil, err
	}
	defer t.Save()
	return CheckOf(t, workspace, revision, engineDirs)
}

// CheckOf is Check through a git view of the workspace already open (see
// package session), which a check before it may have walked: what that
// walk stat'ed is not stat'ed again. Through a view that trusts no index
// entry (enginefiles.OpenContent) it is CheckContent.
func CheckOf(t *enginefiles.Tree, workspace, revision string, engineDirs []string) (*Result, error) {
	if t.Repo == nil {
		return nil, &NotRepositoryError{Dir: workspace}
	}
	commit, tree, err := commitTree(t.Repo, revision)
	if err != nil {
		return nil, err
	}
	dirs := union(engineDirs, dirsAt(tree, t.Prefix))
	d := &differ{t: t, tree: tree}
	d.fileMode = fileModeCounts(t)
	res := &Result{Revision: revision, Commit: commit, EngineDirs: dirs, Changes: []Change{}}
	seen := map[string]bool{}
	for _, dir := range dirs {
		changes, err := d.diffDir(t.RepoPath(dir))
		if err != nil {
			return nil, err
		}
		for _, c := range changes {
			if !seen[c.Path] {
				seen[c.Path] = true
				res.Changes = append(res.Changes, c)
			}
		}
	}
	for i := range res.Changes {
		res.Changes[i].Path = t.WorkspacePath(res.Changes[i].Path)
	}
	sort.Slice(res.Changes, func(i, j int) bool { return res.Changes[i].Path < res.Changes[j].Path })
	before, goMod := treeRunSettings(tree, t.Prefix)
	now, err := diskRunSettings(workspace)
	if err != nil {
		return nil, err
	}
	res.Changes = append(res.Changes, settingChanges(before, now, goMod)...)
	return res, nil
}

// Between compares the engine folders at two commits, as committed: the
// files from's tree has under them against to's (engineDirs, and the
// folders .course.json names at either commit). A change is a file's
// content, or its mode where core.fileMode counts it. The Result's Commit
// is from's.
func Between(workspace, from, to string, engineDirs []string) (*Result, error) {
	t, err := enginefiles.Open(workspace, true)
	if err != nil {
		return nil, err
	}
	if t.Repo == nil {
		return nil, &NotRepositoryError{Dir: workspace}
	}
	var trees [2]*object.Tree
	var hashes [2]string
	for i, rev := range []string{from, to} {
		var err error
		if hashes[i], trees[i], err = commitTree(t.Repo, rev); err != nil {
			return nil, err
		}
	}
	fileMode := fileModeCounts(t)
	dirs := union(engineDirs, dirsAt(trees[0], t.Prefix), dirsAt(trees[1], t.Prefix))
	res := &Result{Revision: from, Commit: hashes[0], EngineDirs: dirs, Changes: []Change{}}
	seen := map[string]bool{}
	for _, dir := range dirs {
		before, err := linkedTreeFiles(t, trees[0], t.RepoPath(dir))
		if err != nil {
			return nil, err
		}
		after, err := linkedTreeFiles(t, trees[1], t.RepoPath(dir))
		if err != nil {
			return nil, err
		}
		add := func(p string, k Kind) {
			if !seen[p] {
				seen[p] = true
				res.Changes = append(res.Changes, Change{Path: t.WorkspacePath(p), Kind: k})
			}
		}
		for p, a := range after {
			b, ok := before[p]
			switch {
			case !ok:
				add(p, Added)
			case b.hash != a.hash, b.mode != a.mode && (fileMode || !plainModes(a.mode, b.mode)):
				add(p, Changed)
			}
		}
		for p := range before {
			if _, ok := after[p]; !ok {
				add(p, Removed)
			}
		}
	}
	sort.Slice(res.Changes, func(i, j int) bool { return res.Changes[i].Path < res.Changes[j].Path })
	before, goModBefore := treeRunSettings(trees[0], t.Prefix)
	after, goModAfter := treeRunSettings(trees[1], t.Prefix)
	res.Changes = append(res.Changes, settingChanges(before, after, goModBefore && goModAfter)...)
	return res, nil
}

// fileModeCounts reports whether the executable bit is part of a file, as
// core.fileMode (true unless set false) says.
func fileModeCounts(t *enginefiles.Tree) bool {
	return !strings.EqualFold(t.Config("core", "filemode"), "false")
}

// commitTree is the full hash of the commit a revision names, and its tree.
func commitTree(repo *git.Repository, rev string) (string, *object.Tree, error) {
	commit, err := resolve(repo, rev)
	if err != nil {
		return "", nil, err
	}
	tree, err := commit.Tree()
	if err != nil {
		return "", nil, fmt.Errorf("reading the tree of %s: %w", commit.Hash, err)
	}
	return commit.Hash.String(), tree, nil
}

// linkedTreeFiles is treeFiles with its links followed (followLinks).
func linkedTreeFiles(t *enginefiles.Tree, tree *object.Tree, dir string) (map[string]entry, error) {
	files, err := treeFiles(t, tree, dir)
	if err == nil {
		err = followLinks(t.Repo, tree, files)
	}
	return files, err
}

// followLinks makes each symbolic link among files stand for what it
// points at in the same commit, as the working-tree check reads links: a
// link to a file is that file's content, a link to a folder is its files,
// each under the link's path; a link to a link is followed on (8 at most).
// A link out of the repository, or to nothing, stays a link (its target
// text is then what counts).
func followLinks(repo *git.Repository, tree *object.Tree, files map[string]entry) error {
	var links []string
	for p, e := range files {
		if e.mode == filemode.Symlink {
			links = append(links, p)
		}
	}
	for _, p := range links {
		at, e := p, files[p]
		for hop := 0; hop < 8 && e.mode == filemode.Symlink; hop++ {
			target, err := linkTarget(repo, e.hash)
			if err != nil {
				return err
			}
			to := path.Clean(path.Join(path.Dir(at), target))
			if path.IsAbs(target) || to == ".." || strings.HasPrefix(to, "../") {
				break
			}
			te, err := tree.FindEntry(to)
			if err != nil {
				break // to nothing
			}
			at, e = to, entry{hash: te.Hash, mode: te.Mode}
		}
		if e.mode != filemode.Dir {
			files[p] = e
			continue
		}
		delete(files, p)
		sub, err := tree.Tree(at)
		if err != nil {
			return fmt.Errorf("reading %s at the commit: %w", at, err)
		}
		w := object.NewTreeWalker(sub, true, nil)
		for {
			name, se, err := w.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				w.Close()
				return fmt.Errorf("reading %s at the commit: %w", at, err)
			}
			if se.Mode != filemode.Dir {
				files[p+"/"+name] = entry{hash: se.Hash, mode: se.Mode}
			}
		}
		w.Close()
	}
	return nil
}

// linkTarget is what a symbolic link's blob says it points at.
func linkTarget(repo *git.Repository, h plumbing.Hash) (string, error) {
	blob, err := repo.BlobObject(h)
	if err != nil {
		return "", fmt.Errorf("reading a link's target %s: %w", h, err)
	}
	r, err := blob.Reader()
	if err != nil {
		return "", fmt.Errorf("reading a link's target %s: %w", h, err)
	}
	defer r.Close()
	raw, err := io.ReadAll(io.LimitReader(r, 4096))
	return string(raw), err
}

// plainModes reports whether both modes are a regular file's, executable
// or not: the same file where core.fileMode is false.
func plainModes(a, b filemode.FileMode) bool { return plainMode(a) && plainMode(b) }

// plainMode reports whether m is a regular file's, executable or not.
func plainMode(m filemode.FileMode) bool { return m == filemode.Regular || m == filemode.Executable }

// union is the engine folders of both lists, cleaned, each once, with
// folders inside another left out (the outer one covers them).
func union(lists ...[]string) []string {
	var all []string
	have := map[string]bool{}
	for _, l := range lists {
		for _, d := range l {
			c := path.Clean(filepath.ToSlash(d))
			if !have[c] {
				have[c] = true
				all = append(all, c)
			}
		}
	}
	return enginefiles.Outermost(all)
}

// dirsAt is the engine folders the workspace's .course.json names at the
// commit; none when the commit has no readable one. Folders that would
// leave the workspace are left out.
func dirsAt(tree *object.Tree, prefix string) []string {
	f, err := tree.File(path.Join(prefix, ".course.json"))
	if err != nil {
		return nil
	}
	raw, err := f.Contents()
	if err != nil {
		return nil
	}
	// Every key that Go's JSON reader would take for engineDirs counts:
	// it matches keys without regard to case, and takes the last of two.
	var engineDirs []string
	for k, v := range jsonobject.Members([]byte(raw)) {
		var dirs []string
		if strings.EqualFold(k, "engineDirs") && json.Unmarshal(v, &dirs) == nil {
			engineDirs = append(engineDirs, dirs...)
		}
	}
	var out []string
	for _, d := range engineDirs {
		c := path.Clean(filepath.ToSlash(d))
		if d == "" || path.IsAbs(c) || c == ".." || strings.HasPrefix(c, "../") {
			continue
		}
		out = append(out, c)
	}
	return out
}

// unknownRevision is the refusal of a revision that names no commit the
// repository holds. In a shallow clone (git clone --depth, which an
// instructor may gather a class with) the commit may well exist and be cut
// off by .git/shallow: git log shows nothing older either, so the mend is
// to fetch the history.
func unknownRevision(repo *git.Repository, rev string) *RevisionError {
	if cut, err := repo.Storer.Shallow(); err == nil && len(cut) > 0 {
		return &RevisionError{rev, "is not a commit this repository holds: it is a shallow clone (.git/shallow), which leaves older commits out; fetch them with `git fetch --unshallow`, or clone without --depth"}
	}
	return &RevisionError{rev, "is not a commit in this repository; check `git log --oneline` for the one you meant"}
}

// resolve reads a revision the way git does. The name before any ^ and ~
// is, in git's order: a full hash of an existing object; HEAD or a ref
// (refs/NAME, refs/tags/NAME, refs/heads/NAME, refs/remotes/NAME,
// refs/remotes/NAME/HEAD), so a branch or tag whose name looks like a hash
// is that branch or tag; then a unique prefix of a commit's hash.
func resolve(repo *git.Repository, rev string) (*object.Commit, error) {
	switch {
	case rev == "":
		return nil, &RevisionError{rev, "is empty; give a commit such as HEAD, HEAD~1, a tag or a hash"}
	case strings.Contains(rev, "@{"):
		return nil, &RevisionError{rev, "uses @{...}, which this check does not read; give a commit such as HEAD~1, a tag or a hash"}
	case strings.Contains(rev, ":"):
		return nil, &RevisionError{rev, "names a path (':'); give a commit only, such as HEAD or a hash"}
	case strings.Contains(rev, ".."):
		return nil, &RevisionError{rev, "is a range; give one commit, such as HEAD or a hash"}
	case !revisionSyntax.MatchString(rev):
		return nil, &RevisionError{rev, "is not a revision this check reads; give HEAD, HEAD~N, HEAD^, a branch, a tag or a hash"}
	}
	name, ops := rev, ""
	if i := strings.IndexAny(rev, "^~"); i >= 0 {
		name, ops = rev[:i], rev[i:]
	}
	// Worked out only for a refusal: it reads .git/shallow.
	unknown := func() error { return unknownRevision(repo, rev) }
	c, err := resolveName(repo, rev, name)
	if err != nil {
		return nil, err
	}
	if c == nil {
		// A repository with no commit at all (git init, nothing
		// committed) has nothing to look up in git log: the mend is the
		// first commit.
		if _, herr := repo.Head(); errors.Is(herr, plumbing.ErrReferenceNotFound) {
			return nil, &RevisionError{rev, "is not a commit: the repository has no commits yet; commit your work first (git add -A && git commit)"}
		}
		return nil, unknown()
	}
	for ops != "" {
		op := ops[0]
		ops = ops[1:]
		j := 0
		for j < len(ops) && ops[j] >= '0' && ops[j] <= '9' {
			j++
		}
		n := 1
		if j > 0 {
			n, err = strconv.Atoi(ops[:j])
			if err != nil {
				return nil, &RevisionError{rev, "has a number too large to be a count of commits"}
			}
		}
		ops = ops[j:]
		switch {
		case op == '^' && n == 0:
		case op == '^':
			if n > c.NumParents() {
				return nil, unknown()
			}
			if c, err = c.Parent(n - 1); err != nil {
				return nil, unknown()
			}
		default: // ~n: the first parent, n times
			for range n {
				if c.NumParents() == 0 {
					return nil, unknown()
				}
				if c, err = c.Parent(0); err != nil {
					return nil, unknown()
				}
			}
		}
	}
	return c, nil
}

// resolveName finds the commit a revision's name (what stands before ^ and
// ~) stands for; nil when there is none.
func resolveName(repo *git.Repository, rev, name string) (*object.Commit, error) {
	// A full hash is that object or nothing, as git reads it: a branch of
	// the same name (one that history rewritten since could add) is not
	// taken in its place.
	if len(name) == 40 && hexPrefix.MatchString(name) {
		return peel(repo, plumbing.NewHash(name)), nil
	}
	candidates := []plumbing.ReferenceName{plumbing.ReferenceName(name)}
	if name != "HEAD" {
		candidates = []plumbing.ReferenceName{
			plumbing.ReferenceName("refs/" + name),
			plumbing.NewTagReferenceName(name),
			plumbing.NewBranchReferenceName(name),
			plumbing.ReferenceName("refs/remotes/" + name),
			plumbing.ReferenceName("refs/remotes/" + name + "/HEAD"),
		}
		if strings.HasPrefix(name, "refs/") {
			candidates = append([]plumbing.ReferenceName{plumbing.ReferenceName(name)}, candidates...)
		}
	}
	for _, rn := range candidates {
		ref, err := repo.Reference(rn, true)
		if err != nil {
			continue
		}
		if c := peel(repo, ref.Hash()); c != nil {
			return c, nil
		}
		return nil, &RevisionError{rev, "names a ref that does not point at a commit; give a commit"}
	}
	if !hexPrefix.MatchString(name) {
		return nil, nil
	}
	hashes, err := commitsWithPrefix(repo, strings.ToLower(name))
	if err != nil {
		return nil, err
	}
	switch {
	case len(hashes) > 1:
		return nil, &RevisionError{rev, fmt.Sprintf("is ambiguous: %d commits start with %s; give more digits of the hash", len(hashes), name)}
	case len(hashes) == 1:
		return peel(repo, hashes[0]), nil
	}
	return nil, nil
}

// peel is the commit a hash names, directly or through annotated tags; nil
// when it names no commit.
func peel(repo *git.Repository, h plumbing.Hash) *object.Commit {
	for range 10 {
		if c, err := repo.CommitObject(h); err == nil {
			return c
		}
		t, err := repo.TagObject(h)
		if err != nil {
			return nil
		}
		h = t.Target
	}
	return nil
}

// commitsWithPrefix is the commits (and tags of commits) whose hash starts
// with prefix.
func commitsWithPrefix(repo *git.Repository, prefix string) ([]plumbing.Hash, error) {
	type prefixer interface {
		HashesWithPrefix(prefix []byte) ([]plumbing.Hash, error)
	}
	p, ok := repo.Storer.(prefixer)
	if !ok {
		return nil, nil
	}
	even := prefix[:len(prefix)&^1]
	b, err := hex.DecodeString(even)
	if err != nil {
		return nil, nil
	}
	hashes, err := p.HashesWithPrefix(b)
	if err != nil {
		return nil, fmt.Errorf("looking up hashes starting with %s: %w", prefix, err)
	}
	var out []plumbing.Hash
	for _, h := range hashes {
		if strings.HasPrefix(h.String(), prefix) && peel(repo, h) != nil {
			out = append(out, h)
		}
	}
	return out, nil
}

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
	return d.sameFile(f.Abs, real, f.Path, w.hash)
}

// sameFile reports whether the file at abs (the Path p, named in errors as
// what) has the content of the blob h. Anything but a regular file there
// (a FIFO, a device) is not what the commit has, and is not read.
func (d *differ) sameFile(abs, p, what string, h plumbing.Hash) (bool, error) {
	content, _, err := regularfile.Read(abs)
	var nr *regularfile.NotRegularError
	if errors.As(err, &nr) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", what, err)
	}
	return d.sameContent(p, content, h), nil
}

// sameContent reports whether content, the file at the Path p, is the
// blob, as git would read it: with its CRLF line ends as LF only where
// git turns them so for that file.
func (d *differ) sameContent(p string, content []byte, h plumbing.Hash) bool {
	if enginefiles.BlobHash(content) == h {
		return true
	}
	if lf := d.t.LFContent(p, content); len(lf) != len(content) {
		return enginefiles.BlobHash(lf) == h
	}
	return false
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
	return d.sameFile(real, filepath.ToSlash(rel), rel+", the target of "+f.Path, then.hash)
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
