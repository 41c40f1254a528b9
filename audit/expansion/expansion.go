// Package expansion is the Expansion Drop's check: which files under a
// workspace's engine folders differ between a commit and the working tree.
// It diffs the commit's tree against the files on disk, restricted to the
// engine folders, with go-git: untracked files count, ignored ones do not
// (unless tracked), and an engine folder the commit did not have is all
// added. It never walks the rest of the repository.
package expansion

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
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
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Kind is how an engine file differs from the commit.
type Kind string

// The kinds of change.
const (
	Added   Kind = "added"
	Changed Kind = "changed"
	Removed Kind = "removed"
)

// Change is one engine file that differs from the commit.
type Change struct {
	Path string `json:"path"` // slash-separated, relative to the workspace
	Kind Kind   `json:"kind"`
}

func (c Change) String() string { return fmt.Sprintf("%s: %s", c.Kind, c.Path) }

// Result is the outcome of a check.
type Result struct {
	Revision string   `json:"revision"` // as given
	Commit   string   `json:"commit"`   // the full hash it resolved to
	Changes  []Change `json:"changes"`  // sorted by path
}

// NotRepositoryError says the workspace is not inside a git repository.
type NotRepositoryError struct{ Dir string }

func (e *NotRepositoryError) Error() string {
	return fmt.Sprintf("%s is not a git repository; run `git init` there and commit your work first", e.Dir)
}

// UserError marks the error as the user's to mend.
func (e *NotRepositoryError) UserError() bool { return true }

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
// (reflog @{...}, paths after ':', ranges, ^{type}) go-git would read
// differently from git, so it is refused rather than misread.
var revisionSyntax = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_./+-]*((\^[0-9]*)|(~[0-9]*))*$`)

var hexPrefix = regexp.MustCompile(`^[0-9a-fA-F]{4,40}$`)

// Check compares the engine folders (slash paths relative to workspace) at
// revision with the working tree.
func Check(workspace, revision string, engineDirs []string) (*Result, error) {
	absWS, err := filepath.Abs(workspace)
	if err != nil {
		return nil, fmt.Errorf("finding the workspace %s: %w", workspace, err)
	}
	repo, err := git.PlainOpenWithOptions(absWS, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return nil, &NotRepositoryError{Dir: workspace}
	}
	if err != nil {
		return nil, fmt.Errorf("opening the git repository of %s: %w", workspace, err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		return nil, &NotRepositoryError{Dir: workspace}
	}
	root := wt.Filesystem.Root()
	prefix, err := relInside(root, absWS)
	if err != nil {
		return nil, err
	}
	commit, err := resolve(repo, revision)
	if err != nil {
		return nil, err
	}
	tree, err := commit.Tree()
	if err != nil {
		return nil, fmt.Errorf("reading the tree of %s: %w", commit.Hash, err)
	}
	idx, err := repo.Storer.Index()
	if err != nil {
		return nil, fmt.Errorf("reading the git index: %w", err)
	}
	d := &differ{root: root, prefix: prefix, tracked: map[string]*index.Entry{}, trackedDirs: map[string]bool{}}
	if st, err := os.Stat(filepath.Join(root, ".git", "index")); err == nil {
		d.indexTime = st.ModTime()
	}
	var dirs []string
	for _, dir := range engineDirs {
		dirs = append(dirs, path.Join(prefix, path.Clean(dir)))
	}
	for _, e := range idx.Entries {
		if under(e.Name, dirs) {
			d.tracked[e.Name] = e
			for p := path.Dir(e.Name); p != "." && !d.trackedDirs[p]; p = path.Dir(p) {
				d.trackedDirs[p] = true
			}
		}
	}
	d.ignore = basePatterns(repo, root)
	res := &Result{Revision: revision, Commit: commit.Hash.String(), Changes: []Change{}}
	for _, dir := range dirs {
		want, err := treeFiles(tree, dir)
		if err != nil {
			return nil, err
		}
		changes, err := d.diffDir(dir, want)
		if err != nil {
			return nil, err
		}
		res.Changes = append(res.Changes, changes...)
	}
	for i := range res.Changes {
		rel := strings.TrimPrefix(res.Changes[i].Path, prefix+"/")
		if prefix == "." {
			rel = res.Changes[i].Path
		}
		res.Changes[i].Path = rel
	}
	sort.Slice(res.Changes, func(i, j int) bool { return res.Changes[i].Path < res.Changes[j].Path })
	return res, nil
}

// relInside is the workspace's folder inside the repository, "." for its
// root.
func relInside(root, ws string) (string, error) {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return "", fmt.Errorf("finding the repository root %s: %w", root, err)
	}
	realWS, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return "", fmt.Errorf("finding the workspace %s: %w", ws, err)
	}
	rel, err := filepath.Rel(realRoot, realWS)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("the workspace %s is not inside the repository %s", ws, root)
	}
	return filepath.ToSlash(rel), nil
}

func under(p string, dirs []string) bool {
	for _, d := range dirs {
		if d == "." || p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// resolve reads a revision the way git would, refusing what go-git would
// read differently.
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
	name := rev
	if i := strings.IndexAny(rev, "^~"); i >= 0 {
		name = rev[:i]
	}
	if hexPrefix.MatchString(name) && len(name) < 40 {
		if _, err := repo.Reference(plumbing.NewBranchReferenceName(name), true); err != nil {
			if _, err := repo.Reference(plumbing.NewTagReferenceName(name), true); err != nil {
				n, err := commitsWithPrefix(repo, strings.ToLower(name))
				if err != nil {
					return nil, err
				}
				if n > 1 {
					return nil, &RevisionError{rev, fmt.Sprintf("is ambiguous: %d commits start with %s; give more digits of the hash", n, name)}
				}
			}
		}
	}
	h, err := repo.ResolveRevision(plumbing.Revision(rev))
	if err != nil {
		return nil, &RevisionError{rev, "is not a commit in this repository; check `git log --oneline` for the one you meant"}
	}
	c, err := repo.CommitObject(*h)
	if err != nil {
		return nil, &RevisionError{rev, "is not a commit in this repository; check `git log --oneline` for the one you meant"}
	}
	return c, nil
}

// commitsWithPrefix counts the commits (and tags of commits) whose hash
// starts with prefix.
func commitsWithPrefix(repo *git.Repository, prefix string) (int, error) {
	type prefixer interface {
		HashesWithPrefix(prefix []byte) ([]plumbing.Hash, error)
	}
	p, ok := repo.Storer.(prefixer)
	if !ok {
		return 0, nil
	}
	even := prefix[:len(prefix)&^1]
	b, err := hex.DecodeString(even)
	if err != nil {
		return 0, nil
	}
	hashes, err := p.HashesWithPrefix(b)
	if err != nil {
		return 0, fmt.Errorf("looking up hashes starting with %s: %w", prefix, err)
	}
	n := 0
	for _, h := range hashes {
		if !strings.HasPrefix(h.String(), prefix) {
			continue
		}
		if _, err := repo.CommitObject(h); err == nil {
			n++
		} else if t, err := repo.TagObject(h); err == nil {
			if _, err := t.Commit(); err == nil {
				n++
			}
		}
	}
	return n, nil
}

// entry is a file in the commit's tree.
type entry struct {
	hash plumbing.Hash
	mode filemode.FileMode
}

// treeFiles lists the files of the tree under dir; a dir the tree does not
// have gives none.
func treeFiles(tree *object.Tree, dir string) (map[string]entry, error) {
	files := map[string]entry{}
	sub := tree
	if dir != "." {
		t, err := tree.Tree(dir)
		if errors.Is(err, object.ErrDirectoryNotFound) || errors.Is(err, object.ErrEntryNotFound) {
			return files, nil
		}
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
		if e.Mode == filemode.Dir || e.Mode == filemode.Submodule {
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

// differ walks the working tree of engine folders.
type differ struct {
	root        string
	prefix      string
	tracked     map[string]*index.Entry
	trackedDirs map[string]bool
	ignore      []gitignore.Pattern
	indexTime   time.Time // when the index was written; zero if unknown
}

// basePatterns is the ignore rules that hold everywhere: the global and
// system excludes files and .git/info/exclude. The .gitignore files are read
// on the way down.
func basePatterns(repo *git.Repository, root string) []gitignore.Pattern {
	var ps []gitignore.Pattern
	if cfg, err := repo.ConfigScoped(config.SystemScope); err == nil && cfg.Raw != nil {
		if f := cfg.Raw.Section("core").Options.Get("excludesfile"); f != "" {
			if strings.HasPrefix(f, "~/") {
				if home, err := os.UserHomeDir(); err == nil {
					f = filepath.Join(home, f[2:])
				}
			}
			ps = append(ps, readPatterns(f, nil)...)
		}
	}
	ps = append(ps, readPatterns(filepath.Join(root, ".git", "info", "exclude"), nil)...)
	return ps
}

// readPatterns reads one ignore file; a missing file has no patterns.
func readPatterns(file string, domain []string) []gitignore.Pattern {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, domain))
	}
	return ps
}

func (d *differ) ignored(ps []gitignore.Pattern, parts []string, isDir bool) bool {
	for i := len(ps) - 1; i >= 0; i-- {
		switch ps[i].Match(parts, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		}
	}
	return false
}

// diffDir compares one engine folder (a slash path from the repository
// root) with the commit's files under it.
func (d *differ) diffDir(dir string, want map[string]entry) ([]Change, error) {
	var changes []Change
	ps := append([]gitignore.Pattern(nil), d.ignore...)
	// The .gitignore files of the folders above the engine folder.
	parts := []string{}
	if dir != "." {
		parts = strings.Split(dir, "/")
	}
	ps = append(ps, readPatterns(filepath.Join(d.root, ".gitignore"), nil)...)
	for i := 1; i <= len(parts); i++ {
		ps = append(ps, readPatterns(filepath.Join(d.root, filepath.FromSlash(path.Join(parts[:i]...)), ".gitignore"), parts[:i])...)
	}
	seen := map[string]bool{}
	base := filepath.Join(d.root, filepath.FromSlash(dir))
	if st, err := os.Stat(base); err == nil && st.IsDir() {
		var walk func(rel string, parts []string, ps []gitignore.Pattern, onlyTracked bool) error
		walk = func(rel string, parts []string, ps []gitignore.Pattern, onlyTracked bool) error {
			abs := filepath.Join(d.root, filepath.FromSlash(rel))
			entries, err := os.ReadDir(abs)
			if err != nil {
				return fmt.Errorf("reading %s: %w", rel, err)
			}
			for _, e := range entries {
				if e.Name() == ".gitignore" {
					ps = append(ps, readPatterns(filepath.Join(abs, ".gitignore"), parts)...)
					break
				}
			}
			for _, e := range entries {
				name := e.Name()
				p := rel + "/" + name
				if rel == "." {
					p = name
				}
				sub := append(parts[:len(parts):len(parts)], name)
				if e.IsDir() {
					if name == ".git" {
						continue
					}
					skip := onlyTracked || d.ignored(ps, sub, true)
					if skip && !d.trackedDirs[p] {
						continue
					}
					if err := walk(p, sub, ps, skip); err != nil {
						return err
					}
					continue
				}
				ie, isTracked := d.tracked[p]
				if !isTracked && (onlyTracked || d.ignored(ps, sub, false)) {
					continue
				}
				seen[p] = true
				w, inTree := want[p]
				if !inTree {
					changes = append(changes, Change{Path: p, Kind: Added})
					continue
				}
				same, err := d.same(p, e, w, ie)
				if err != nil {
					return err
				}
				if !same {
					changes = append(changes, Change{Path: p, Kind: Changed})
				}
			}
			return nil
		}
		ignoredDir := dir != "." && d.ignored(ps, parts, true)
		if !ignoredDir || d.trackedDirs[dir] {
			if err := walk(dir, parts, ps, ignoredDir); err != nil {
				return nil, err
			}
		}
	}
	for p := range want {
		if !seen[p] {
			changes = append(changes, Change{Path: p, Kind: Removed})
		}
	}
	return changes, nil
}

// same reports whether the file at p has the content and mode the commit
// has. When the index vouches for the file (its stat data unchanged since the
// index was written, and the index's hash the commit's), the file is not
// read.
func (d *differ) same(p string, de fs.DirEntry, w entry, ie *index.Entry) (bool, error) {
	info, err := de.Info()
	if err != nil {
		return false, fmt.Errorf("reading %s: %w", p, err)
	}
	abs := filepath.Join(d.root, filepath.FromSlash(p))
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
	if mode != w.mode {
		return false, nil
	}
	if ie != nil && ie.Hash == w.hash && ie.Mode == w.mode && mode != filemode.Symlink &&
		int64(ie.Size) == info.Size() && ie.ModifiedAt.Equal(info.ModTime()) &&
		info.ModTime().Before(d.indexTime) {
		return true, nil
	}
	var content []byte
	if mode == filemode.Symlink {
		target, err := os.Readlink(abs)
		if err != nil {
			return false, fmt.Errorf("reading the link %s: %w", p, err)
		}
		content = []byte(target)
	} else {
		content, err = os.ReadFile(abs)
		if err != nil {
			return false, fmt.Errorf("reading %s: %w", p, err)
		}
	}
	return blobHash(content) == w.hash, nil
}

// blobHash is git's object id of a blob with this content.
func blobHash(content []byte) plumbing.Hash {
	h := sha1.New()
	h.Write([]byte("blob " + strconv.Itoa(len(content)) + "\x00"))
	h.Write(content)
	var out plumbing.Hash
	copy(out[:], h.Sum(nil))
	return out
}
