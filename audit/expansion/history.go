package expansion

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
)

// History is a workspace's commits as a drop's start is read against
// them: the record of where a drop started is the learner's file, but the
// commits that hold the drop's own files say where it cannot have started
// after. HEAD's first-parent line is read once, for every drop.
type History struct {
	repo   *git.Repository
	close  func() error
	head   *object.Commit
	prefix string // the workspace's folder inside the repository, "." for its root
	// line is HEAD's first-parent line, HEAD first (read by readLine);
	// at is each commit's place in it.
	line []lineCommit
	at   map[plumbing.Hash]int
	// names is the file names of each tests/ tree read, by its hash.
	names map[plumbing.Hash]map[string]bool
}

// lineCommit is a commit of the first-parent line: its hash, and the hash
// of the workspace's tests/ folder in its tree (zero for none), which is
// all a drop's files are looked for in.
type lineCommit struct {
	hash  plumbing.Hash
	tests plumbing.Hash
}

// OpenHistory is the history of the repository the workspace is in, from
// HEAD.
func OpenHistory(workspace string) (*History, error) {
	abs, err := filepath.Abs(workspace)
	if err != nil {
		return nil, fmt.Errorf("finding the workspace %s: %w", workspace, err)
	}
	repo, closeRepo, err := enginefiles.OpenRepositoryKept(abs, true)
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return nil, &NotRepositoryError{Dir: workspace}
	}
	if err != nil {
		return nil, fmt.Errorf("opening the git repository of %s: %w", workspace, err)
	}
	h := &History{repo: repo, close: closeRepo, prefix: "."}
	wt, err := repo.Worktree()
	if err != nil {
		h.Close()
		return nil, &NotRepositoryError{Dir: workspace}
	}
	if root, rerr := filepath.EvalSymlinks(wt.Filesystem.Root()); rerr == nil {
		if real, werr := filepath.EvalSymlinks(abs); werr == nil {
			if rel, err := filepath.Rel(root, real); err == nil {
				h.prefix = filepath.ToSlash(rel)
			}
		}
	}
	if h.head, err = resolve(repo, "HEAD"); err != nil {
		h.Close()
		return nil, err
	}
	return h, nil
}

// Close lets go of the repository's files, which the History keeps open
// for its walks.
func (h *History) Close() error { return h.close() }

// Head is HEAD's full hash.
func (h *History) Head() string { return h.head.Hash.String() }

// Appearance is where any of a drop's files first appears on HEAD's
// first-parent line.
type Appearance struct {
	// Commit is the oldest commit on HEAD's first-parent line whose tree
	// holds one of the files: a file removed and added again first
	// appears where it was first added.
	Commit string
	// Before is Commit's first parent: the latest commit the drop can
	// have started from. "" when Commit has none (the first commit, or
	// the edge of a shallow clone).
	Before string
	// File is the file found in Commit (a workspace slash path).
	File string
}

// FirstAppearance is where the files (slash paths in the workspace, in
// its tests/ folder) first appear on HEAD's first-parent line, or nil when
// no commit there holds any of them. The first parent is the line the
// workspace's own work took: a merge brings a side line's files in at the
// merge, which is where that line's work joins.
func (h *History) FirstAppearance(files []string) (*Appearance, error) {
	if err := h.readLine(); err != nil {
		return nil, err
	}
	for i := len(h.line) - 1; i >= 0; i-- {
		c := h.line[i]
		if c.tests.IsZero() {
			continue
		}
		names, err := h.testNames(c.tests)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			if dir, name := path.Split(f); dir == "tests/" && names[name] {
				app := &Appearance{Commit: c.hash.String(), File: f}
				if i+1 < len(h.line) {
					app.Before = h.line[i+1].hash.String()
				}
				return app, nil
			}
		}
	}
	return nil, nil
}

// readLine reads HEAD's first-parent line, once: up to the first commit,
// or the edge of a shallow clone.
func (h *History) readLine() error {
	if h.line != nil {
		return nil
	}
	at := map[plumbing.Hash]int{}
	var line []lineCommit
	for c := h.head; ; {
		tree, err := c.Tree()
		if err != nil {
			return fmt.Errorf("reading the tree of commit %s: %w", c.Hash, err)
		}
		lc := lineCommit{hash: c.Hash}
		if e, err := tree.FindEntry(path.Join(h.prefix, "tests")); err == nil && !e.Mode.IsFile() {
			lc.tests = e.Hash
		}
		at[c.Hash] = len(line)
		line = append(line, lc)
		if c.NumParents() == 0 {
			break
		}
		parent, err := c.Parent(0)
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			break // the edge of a shallow clone: nothing older to read
		}
		if err != nil {
			return fmt.Errorf("reading the parent of commit %s: %w", c.Hash, err)
		}
		c = parent
	}
	h.line, h.at = line, at
	return nil
}

// testNames is the names in the tests/ tree of hash, read once.
func (h *History) testNames(hash plumbing.Hash) (map[string]bool, error) {
	if names, ok := h.names[hash]; ok {
		return names, nil
	}
	tree, err := h.repo.TreeObject(hash)
	if err != nil {
		return nil, fmt.Errorf("reading the tests/ tree %s: %w", hash, err)
	}
	names := make(map[string]bool, len(tree.Entries))
	for _, e := range tree.Entries {
		names[e.Name] = true
	}
	if h.names == nil {
		h.names = map[plumbing.Hash]map[string]bool{}
	}
	h.names[hash] = names
	return names, nil
}

// Root is the first commit on HEAD's first-parent line (as far as a
// shallow clone holds it): with the workspace's folder, what tells one
// learner's repository from another's.
func (h *History) Root() (string, error) {
	if err := h.readLine(); err != nil {
		return "", err
	}
	return h.line[len(h.line)-1].hash.String(), nil
}

// Commit is the full hash of the commit rev names, and whether it is HEAD
// or one of HEAD's ancestors (through any parent); "" and false when rev
// names no commit this repository holds.
func (h *History) Commit(rev string) (hash string, inHistory bool, err error) {
	c, err := resolve(h.repo, rev)
	var unknown *RevisionError
	if errors.As(err, &unknown) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	if err := h.readLine(); err != nil {
		return "", false, err
	}
	if _, on := h.at[c.Hash]; on {
		return c.Hash.String(), true, nil
	}
	in, err := isAncestor(c, h.head)
	return c.Hash.String(), in, err
}

// Before reports whether commit a is a proper ancestor of commit b (full
// hashes of commits the repository holds).
func (h *History) Before(a, b string) (bool, error) {
	if a == b {
		return false, nil
	}
	if err := h.readLine(); err != nil {
		return false, err
	}
	ia, aOn := h.at[plumbing.NewHash(a)]
	ib, bOn := h.at[plumbing.NewHash(b)]
	if aOn && bOn {
		return ia > ib, nil // the line runs from HEAD back
	}
	ca, err := h.repo.CommitObject(plumbing.NewHash(a))
	if err != nil {
		return false, fmt.Errorf("reading commit %s: %w", a, err)
	}
	cb, err := h.repo.CommitObject(plumbing.NewHash(b))
	if err != nil {
		return false, fmt.Errorf("reading commit %s: %w", b, err)
	}
	return isAncestor(ca, cb)
}

// isAncestor reports whether a is b or one of its ancestors. A commit
// missing beyond a shallow clone's edge ends that line, as git log's.
func isAncestor(a, b *object.Commit) (bool, error) {
	if a.Hash == b.Hash {
		return true, nil
	}
	found := false
	iter := object.NewCommitPreorderIter(b, nil, nil)
	err := iter.ForEach(func(c *object.Commit) error {
		if c.Hash == a.Hash {
			found = true
			return storer.ErrStop
		}
		return nil
	})
	if err != nil && !errors.Is(err, plumbing.ErrObjectNotFound) {
		return false, fmt.Errorf("reading the history of commit %s: %w", b.Hash, err)
	}
	return found, nil
}
