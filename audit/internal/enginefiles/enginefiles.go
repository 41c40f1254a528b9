// Package enginefiles decides which files an engine folder has: the one
// answer that the coupling audit and the Expansion Drop's check share. A file
// under an engine folder counts when git tracks it, when it is not ignored,
// or when it is ignored but the go command would still use it: a file Go
// compiles (.go, .s, .c, ...), a go.mod, or a file a //go:embed pattern of a
// package at or above it names. Ignored files Go has no use for (editor
// backups, .DS_Store, build output) do not count. Symbolic links are
// followed, since Go compiles what they point at: a link to a file counts
// with its target's content, and a link to a folder inside the workspace is
// walked as if the folder were there. Folders named .git are never entered.
// What a walk found in each folder is kept in the user's cache between
// runs (see dirCache), so that an unchanged folder, above all an ignored
// one full of build output, is not read again.
package enginefiles

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"

	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/subpath"
)

// Tree is a workspace seen through git (when it is inside a repository):
// its index and its ignore rules.
type Tree struct {
	// Root is the repository's top folder, or the workspace itself when it
	// is not in a repository. Every Path is relative to it.
	Root string
	// Prefix is the workspace's folder inside Root, "." when they are one.
	Prefix string
	// Repo is the repository, nil when there is none.
	Repo *git.Repository
	// Index is the repository's index; nil when there is no repository.
	Index *index.Index
	// GitDir is the folder of this worktree's git files (.git, or
	// .git/worktrees/NAME for a linked worktree); CommonDir the folder shared
	// by every worktree of the repository (where info/exclude lives).
	GitDir, CommonDir string

	tracked     map[string]*index.Entry
	trackedDirs map[string]bool
	// foldCase is core.ignorecase: the ignore rules match without regard
	// to case, as git's do then (not those go-git reads for a global or
	// system core.excludesFile).
	foldCase bool
	configs  []gitConfig         // git's config files, the one that wins first
	sys      gitSystem           // where git keeps its system-wide files
	base     []gitignore.Pattern // core.excludesFile, info/exclude
	baseKey  [20]byte            // what base was read from (see rulesKey)
	dirs     *dirCache           // folders as earlier walks read them; nil for none

	mu    sync.Mutex
	embed map[string][]string    // folder (a Path) -> the //go:embed patterns of its Go files
	above map[string]bool        // folder -> whether it or one above it has any
	infos map[string]fs.FileInfo // Lstat of files, taken by the embed scan or an earlier walk
	// embedUnread is the folders of embed whose Go files could not all
	// be read (see Embedded).
	embedUnread map[string]bool
	// keepRead is set on a Tree more than one check walks: infos then
	// also holds what fstat said of the files a walk read.
	keepRead bool
	// onRead and readAll are set by SetReadHook, before the walks.
	onRead  ReadHook
	readAll bool

	noEmbed *BlobSet // blobs known to have no //go:embed line
	saves   []func() // the callers' caches, for Save (see Later)

	// content is set by OpenContent: no index entry is taken for a file's
	// content (Vouches is always false).
	content bool

	cacheTree map[string]index.TreeEntry // the index's cache tree by folder, once read

	attrCache attrCache // the attributes files, as EOLOf reads them
}

// NotRepositoryError says the workspace is not inside a git repository.
type NotRepositoryError struct{ Dir string }

func (e *NotRepositoryError) Error() string {
	return fmt.Sprintf("%s is not a git repository; run `git init` there and commit your work first", e.Dir)
}

// UserError marks the error as the user's to mend.
func (e *NotRepositoryError) UserError() bool { return true }

// RepositoryFormatError says the workspace's repository uses a part of
// git's format that the git library here cannot read: an extension such
// as worktreeConfig (which `git sparse-checkout` turns on) or objectFormat
// sha256.
type RepositoryFormatError struct {
	Dir       string
	Extension string // "" when the format version itself is the trouble
	Err       error
}

func (e *RepositoryFormatError) Error() string {
	what := "a repository format version"
	if e.Extension != "" {
		what = "git's " + e.Extension + " extension"
	}
	return fmt.Sprintf("the git repository of %s uses %s, which this tool cannot read (%v); check a plain clone of it (`git clone %s copy`), or turn the extension off (`git sparse-checkout disable` and `git config --unset extensions.worktreeConfig` for worktreeconfig)", e.Dir, what, e.Err, e.Dir)
}

func (e *RepositoryFormatError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend.
func (e *RepositoryFormatError) UserError() bool { return true }

// DamagedIndexError says the repository's index file cannot be read.
type DamagedIndexError struct {
	Dir string
	Err error
}

func (e *DamagedIndexError) Error() string {
	return fmt.Sprintf("the git index of %s cannot be read (%v), so it is damaged; build it again from the last commit with `git read-tree HEAD` in %s (your files are left as they are), then `git status`", e.Dir, e.Err, e.Dir)
}

func (e *DamagedIndexError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend.
func (e *DamagedIndexError) UserError() bool { return true }

// SubmoduleError says an engine folder holds a git submodule that Go
// builds as part of the workspace's module (it has files and no go.mod of
// its own), while the walk reads a submodule as one entry, its commit.
type SubmoduleError struct{ Path string }

func (e *SubmoduleError) Error() string {
	return fmt.Sprintf("%[1]s is a git submodule without a go.mod, so Go builds its files into your module, but the checks read a submodule's commit, not its files; make them the workspace's own (`git rm --cached %[1]s`, remove %[1]s/.git, `git add %[1]s`), or give the submodule a go.mod of its own", e.Path)
}

// UserError marks the error as the user's to mend.
func (e *SubmoduleError) UserError() bool { return true }

// builtAsOurs refuses the submodule checked out at abs when Go would build
// its files as the workspace's: one with files and no go.mod. A submodule
// that is not checked out has no files to build.
func builtAsOurs(abs, p string) error {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return nil // not checked out
	}
	hasFiles := false
	for _, e := range entries {
		switch {
		case e.Name() == "go.mod" && e.Type().IsRegular():
			return nil
		case e.Name() != ".git":
			hasFiles = true
		}
	}
	if hasFiles {
		return &SubmoduleError{Path: p}
	}
	return nil
}

// Open reads the git view of the workspace at ws. A workspace outside any
// repository gives a NotRepositoryError only when needRepo is set; otherwise
// a Tree with no index and no ignore rules, where every file counts. Save
// it when its walks are done.
func Open(ws string, needRepo bool) (*Tree, error) {
	absWS, err := filepath.Abs(ws)
	if err != nil {
		return nil, fmt.Errorf("finding the workspace %s: %w", ws, err)
	}
	repo, err := OpenRepository(absWS, true)
	if errors.Is(err, git.ErrRepositoryNotExists) {
		if needRepo {
			return nil, &NotRepositoryError{Dir: ws}
		}
		return &Tree{Root: absWS, Prefix: ".", embed: map[string][]string{}, embedUnread: map[string]bool{}, above: map[string]bool{}, infos: map[string]fs.FileInfo{}}, nil
	}
	var extension string
	switch {
	case errors.Is(err, git.ErrUnknownExtension):
		_, extension, _ = strings.Cut(err.Error(), ": ")
		fallthrough
	case errors.Is(err, git.ErrUnsupportedRepositoryFormatVersion), errors.Is(err, git.ErrUnsupportedExtensionRepositoryFormatVersion):
		return nil, &RepositoryFormatError{Dir: ws, Extension: extension, Err: err}
	case err != nil:
		return nil, fmt.Errorf("opening the git repository of %s: %w", ws, err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		if needRepo {
			return nil, &NotRepositoryError{Dir: ws}
		}
		return &Tree{Root: absWS, Prefix: ".", embed: map[string][]string{}, embedUnread: map[string]bool{}, above: map[string]bool{}, infos: map[string]fs.FileInfo{}}, nil
	}
	t := &Tree{Root: wt.Filesystem.Root(), Repo: repo, embed: map[string][]string{}, embedUnread: map[string]bool{}, above: map[string]bool{},
		trackedDirs: map[string]bool{}}
	if t.Prefix, err = relInside(t.Root, absWS); err != nil {
		return nil, err
	}
	t.GitDir, t.CommonDir = gitDirs(t.Root)
	var sum [20]byte
	if t.Index, sum, err = readIndex(t.GitDir); err != nil {
		if errors.Is(err, fs.ErrPermission) {
			// Whole, but not this user's to read (an instructor's
			// account checking a class): read-tree would not mend it.
			return nil, fmt.Errorf("reading the git index of %s: %w", ws, err)
		}
		if t.Index, err = repo.Storer.Index(); err != nil {
			return nil, &DamagedIndexError{Dir: ws, Err: err}
		}
	}
	t.tracked = make(map[string]*index.Entry, len(t.Index.Entries))
	lastDir := ""
	for _, e := range t.Index.Entries {
		if e.Stage != index.Merged && t.tracked[e.Name] != nil {
			continue
		}
		t.tracked[e.Name] = e
		// The index is sorted by name, so the files of a folder come
		// together: its folders are marked at its first file.
		dir := parentOf(e.Name)
		if dir == lastDir {
			continue
		}
		lastDir = dir
		for p := dir; p != "." && !t.trackedDirs[p]; p = parentOf(p) {
			t.trackedDirs[p] = true
		}
	}
	t.sys = findGitSystem()
	t.configs = readConfigs(t.sys, t.configFiles())
	t.foldCase = gitBool(t.Config("core", "ignorecase"))
	t.base, t.baseKey = t.basePatterns()
	t.dirs = openDirCache(t.Root, sum)
	t.infos = map[string]fs.FileInfo{}
	t.noEmbed = OpenBlobSet("no-go-embed-v1")
	return t, nil
}

// rootSlash is root and a slash, if filepath.Join(root, p) is that and p
// for every clean relative slash path p: on a system whose separator is
// the slash, for a clean absolute root other than "/". Otherwise "".
func rootSlash(root string) string {
	if filepath.Separator != '/' || !filepath.IsAbs(root) || root == "/" || filepath.Clean(root) != root {
		return ""
	}
	return root + "/"
}

// OpenContent is Open for a verdict that must stand on the files' own
// bytes: the Tree's Vouches is always false, so every check through it
// reads and judges each file itself, lists each folder itself, and neither
// looks a verdict up (a file's or a folder's) nor keeps one under an index
// entry's hash: the user's cache is no more the instructor's word than the
// index is, since whoever can write there (a test run unconfined, say) can
// forge a record in it. Git takes its index at its word
// for a file whose stat data all still hold, and so does Open; but the
// index is the learner's file, and an entry can keep one blob's hash with
// the stat data of a file that holds another (a one-off clean filter, or
// the stat fields written in by hand). The instructor's check opens the
// workspace this way; it runs the tests after, which cost far more than
// the reads.
func OpenContent(ws string, needRepo bool) (*Tree, error) {
	t, err := Open(ws, needRepo)
	if err != nil {
		return nil, err
	}
	t.content = true
	return t, nil
}

// Vouches reports whether git's index entry e (nil for none) still
// describes the file whose stat data is info, so that e's hash may be
// taken for the file's content without reading it: every stat field as
// recorded, and the file older than the index (see vouches). Never on a
// Tree opened with OpenContent, nor on one without an index.
func (t *Tree) Vouches(e *index.Entry, info fs.FileInfo) bool {
	return e != nil && info != nil && !t.content && t.Index != nil && vouches(e, info, t.Index.ModTime)
}

// TrustsIndex reports whether Vouches may ever be true: false on a Tree
// opened with OpenContent, whose checks then read every file (and need
// not stat one first to ask).
func (t *Tree) TrustsIndex() bool { return !t.content && t.Index != nil }

// ReadsContent reports whether the Tree was opened with OpenContent: its
// checks judge each file by its bytes, not by what git would make of them.
func (t *Tree) ReadsContent() bool { return t.content }

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
	rel, ok := subpath.Rel(realRoot, realWS)
	if !ok {
		return "", fmt.Errorf("the workspace %s is not inside the repository %s", ws, root)
	}
	return filepath.ToSlash(rel), nil
}

// gitDirs finds the worktree's git folder and the repository's common one.
// In a linked worktree .git is a file, "gitdir: PATH", and PATH/commondir
// names the main repository's .git.
func gitDirs(root string) (gitDir, commonDir string) {
	gitDir = filepath.Join(root, ".git")
	if raw, err := regularfile.ReadFile(gitDir); err == nil {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(string(raw)), "gitdir:"); ok {
			gitDir = strings.TrimSpace(rest)
			if !filepath.IsAbs(gitDir) {
				gitDir = filepath.Join(root, gitDir)
			}
		}
	}
	commonDir = gitDir
	if raw, err := regularfile.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
		commonDir = strings.TrimSpace(string(raw))
		if !filepath.IsAbs(commonDir) {
			commonDir = filepath.Join(gitDir, commonDir)
		}
	}
	return gitDir, commonDir
}

// WorkspacePath turns a Path (from the repository root) into a path from
// the workspace.
func (t *Tree) WorkspacePath(p string) string {
	if t.Prefix == "." {
		return p
	}
	return strings.TrimPrefix(p, t.Prefix+"/")
}

// RepoPath turns a workspace-relative slash path into a Path.
func (t *Tree) RepoPath(p string) string {
	return path.Join(t.Prefix, path.Clean(p))
}

// TrackedUnder is how many entries the index holds under the folder dir (a
// Path; "." for every one): what a check of the folder makes room for.
func (t *Tree) TrackedUnder(dir string) int {
	if t.Index == nil {
		return 0
	}
	es := t.Index.Entries
	if dir == "." {
		return len(es)
	}
	// The index is sorted by name, and '0' is the byte after '/'.
	lo := sort.Search(len(es), func(i int) bool { return es[i].Name >= dir+"/" })
	hi := sort.Search(len(es), func(i int) bool { return es[i].Name >= dir+"0" })
	return hi - lo
}

// Entry is git's index entry for the Path p, nil if p is untracked.
func (t *Tree) Entry(p string) *index.Entry { return t.tracked[p] }

// Outermost is the folders (clean slash paths, each once) that no other of
// them holds, sorted: a walk of those covers them all, each file once.
func Outermost(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		inner := false
		for _, o := range dirs {
			if o != d && (o == "." || strings.HasPrefix(d, o+"/")) {
				inner = true
			}
		}
		if !inner {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}
