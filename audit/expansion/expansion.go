// Package expansion is the Expansion Drop's check: which files under a
// workspace's engine folders differ between a commit and the working tree.
// It diffs the commit's tree against the files on disk, restricted to the
// engine folders (those .course.json names at the commit and those it names
// now), with go-git. Which files an engine folder has is package
// enginefiles' answer, the same the coupling audit uses: untracked files
// count, ignored ones count only when Go would build or embed them, links
// are followed. A file counts as unchanged only when its content is the
// commit's, or what a checkout of the commit writes there (line ends, the
// ident attribute's $Id$): the index's stat data is trusted only when all
// of it (size, modification and change times, inode) still holds, and
// anything else is hashed. It never walks the rest of the repository. The
// commit's files come from the index instead of the tree objects when the
// index's entries make that very tree, by a hash of them computed here
// (the cache tree only says where to look: see enginefiles.TrackedAt).
package expansion

import (
	"encoding/json"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/jsonobject"
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
// that writes another) must not pass for unchanged. For the same reason
// it takes no bytes that git's commit direction alone reads as the blob
// (CRLF where a checkout writes LF, another $Id: ... $): a file must hold
// the blob or what a checkout of it writes, but for CRLF in Go source
// that no //go:embed names, which the compiler reads as LF.
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
