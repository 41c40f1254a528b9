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
	"bytes"
	"errors"
	"fmt"
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

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/config"
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
	base     []gitignore.Pattern // core.excludesFile, info/exclude
	baseKey  [20]byte            // what base was read from (see rulesKey)
	dirs     *dirCache           // folders as earlier walks read them; nil for none

	mu    sync.Mutex
	embed map[string][]string    // folder (a Path) -> the //go:embed patterns of its Go files
	above map[string]bool        // folder -> whether it or one above it has any
	infos map[string]fs.FileInfo // Lstat of files, taken by the embed scan or an earlier walk
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
		return &Tree{Root: absWS, Prefix: ".", embed: map[string][]string{}, above: map[string]bool{}, infos: map[string]fs.FileInfo{}}, nil
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
		return &Tree{Root: absWS, Prefix: ".", embed: map[string][]string{}, above: map[string]bool{}, infos: map[string]fs.FileInfo{}}, nil
	}
	t := &Tree{Root: wt.Filesystem.Root(), Repo: repo, embed: map[string][]string{}, above: map[string]bool{},
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
	t.configs = readConfigs(t.configFiles())
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
// reads and judges each file itself, and neither looks a verdict up nor
// keeps one under an index entry's hash. Git takes its index at its word
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

// Config is the value of a git config option (section.key, as "core.autocrlf")
// as git would read it for this repository: the repository's own config,
// then the user's (~/.gitconfig, then $XDG_CONFIG_HOME/git/config), then the
// system's. "" when unset.
func (t *Tree) Config(section, key string) string {
	v, _ := t.configValue(section, key)
	return v
}

// configValue is one option as git's config files give it, the one that
// wins first, and whether any sets it.
func (t *Tree) configValue(section, key string) (string, bool) {
	for _, c := range t.configs {
		if c.cfg == nil || !c.cfg.HasSection(section) {
			continue
		}
		if opts := c.cfg.Section(section).Options; opts.Has(key) {
			return opts.Get(key), true
		}
	}
	return "", false
}

// gitConfig is one of git's config files, as Open read it once for every
// option asked of it.
type gitConfig struct {
	path string
	raw  []byte         // nil when it cannot be read
	cfg  *config.Config // nil when it cannot be read or parsed
}

// readConfigs reads and parses git's config files.
func readConfigs(files []string) []gitConfig {
	out := make([]gitConfig, len(files))
	for i, file := range files {
		out[i].path = file
		raw, err := regularfile.ReadFile(file)
		if err != nil {
			continue
		}
		out[i].raw = raw
		cfg := config.New()
		if config.NewDecoder(bytes.NewReader(raw)).Decode(cfg) == nil {
			out[i].cfg = cfg
		}
	}
	return out
}

// configFiles is git's config files, the one that wins first.
func (t *Tree) configFiles() []string {
	var files []string
	if t.CommonDir != "" {
		files = append(files, filepath.Join(t.CommonDir, "config"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	files = append(files, filepath.Join(xdgConfigHome(), "git", "config"), "/etc/gitconfig")
	return files
}

func xdgConfigHome() string {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".config")
}

// basePatterns is the ignore rules that hold everywhere, lowest priority
// first: core.excludesFile (or git's default for it, the XDG
// ~/.config/git/ignore), then info/exclude of the repository's common
// folder, which a linked worktree shares with the main one. The .gitignore
// files are read on the way down.
func (t *Tree) basePatterns() ([]gitignore.Pattern, [20]byte) {
	var ps []gitignore.Pattern
	// The key covers every file the rules could come from.
	var key [20]byte
	for _, c := range t.configs {
		key = rulesKey(key, c.path, c.raw)
	}
	// core.excludesFile set empty names no file, the XDG default not
	// either; a relative one is the work tree's, where git runs.
	excludes, set := t.configValue("core", "excludesfile")
	if excludes = expandHome(excludes); excludes != "" && !filepath.IsAbs(excludes) {
		excludes = filepath.Join(t.Root, excludes)
	}
	if excludes != "" {
		raw, _ := regularfile.ReadFile(excludes)
		key = rulesKey(key, excludes, raw)
	}
	for _, file := range []string{filepath.Join(xdgConfigHome(), "git", "ignore"), filepath.Join(t.CommonDir, "info", "exclude")} {
		raw, _ := regularfile.ReadFile(file)
		key = rulesKey(key, file, raw)
	}
	// Read as every other ignore file is (not with go-git's loaders for
	// ~/.gitconfig's and /etc/gitconfig's, which would read the patterns
	// without git's character classes or core.ignorecase).
	switch {
	case !set:
		ps = append(ps, readPatterns(filepath.Join(xdgConfigHome(), "git", "ignore"), nil, t.foldCase)...)
	case excludes != "":
		ps = append(ps, readPatterns(excludes, nil, t.foldCase)...)
	}
	return append(ps, readPatterns(filepath.Join(t.CommonDir, "info", "exclude"), nil, t.foldCase)...), key
}

// expandHome is a path from git's configuration with a leading ~/ read as
// the user's home folder, as git reads it.
func expandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		home, _ := os.UserHomeDir()
		return filepath.Join(home, rest)
	}
	return p
}

// readPatterns reads one ignore file; a missing file has no patterns.
// fold makes them match without regard to case (core.ignorecase).
func readPatterns(file string, domain []string, fold bool) []gitignore.Pattern {
	ps, _ := readPatternsRaw(file, domain, fold)
	return ps
}

// readPatternsRaw is readPatterns with the file's text.
func readPatternsRaw(file string, domain []string, fold bool) ([]gitignore.Pattern, []byte) {
	raw, err := regularfile.ReadFile(file)
	if err != nil {
		return nil, nil
	}
	var ps []gitignore.Pattern
	// Read as git reads it: past a UTF-8 byte order mark at the start, one
	// CR taken off each line's end, a line cut at a NUL, no limit on its
	// length; a line of spaces alone, or a comment, is no rule (parse
	// trims the rest).
	text := string(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")))
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimSuffix(line, "\r")
		line, _, _ = strings.Cut(line, "\x00")
		if strings.HasPrefix(line, "#") || trimSpaces(line) == "" {
			continue
		}
		if fold {
			ps = append(ps, foldedPattern{parse(asciiLower(line), lowerAll(domain), true)})
			continue
		}
		ps = append(ps, parsePattern(line, domain))
	}
	return ps, raw
}

// gitBool is a config value as git reads a boolean: true, yes, on or a
// number other than 0.
func gitBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n != 0
}

// foldedPattern is a pattern read with core.ignorecase set: parsed in
// lower case, it is matched against the path in lower case (see ignored).
type foldedPattern struct{ gitignore.Pattern }

func lowerAll(parts []string) []string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = asciiLower(p)
	}
	return out
}

// asciiLower is s with A to Z in lower case and nothing else changed: git
// folds case byte by byte, in ASCII alone, so "Ä" and "ä" stay apart.
func asciiLower(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func ignored(ps []gitignore.Pattern, parts []string, isDir bool) bool {
	var lower []string
	for i := len(ps) - 1; i >= 0; i-- {
		path := parts
		if _, ok := ps[i].(foldedPattern); ok {
			if lower == nil {
				lower = lowerAll(parts)
			}
			path = lower
		}
		switch ps[i].Match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		case gitignore.NoMatch:
			// an earlier pattern may still decide
		}
	}
	return false
}

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
		if haveStamp {
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
	if !t.embedsAbove(dir, entries) {
		return false
	}
	rel := name
	for d := dir; ; {
		var es []fs.DirEntry
		if d == dir {
			es = entries
		}
		for _, pat := range t.embedPatterns(d, es) {
			if embedMatches(pat, rel) {
				return true
			}
		}
		if d == t.Prefix || d == "." {
			return false
		}
		rel = path.Base(d) + "/" + rel
		d = path.Dir(d)
	}
}

// ReadHook is given a file a walk read, by its Path, with what fstat said
// of it (a regular file; links are not followed). It is called from the
// walk's workers, several at once (each with a Content of its own), before
// the walk visits the file. c is the walk's to reuse once the hook
// returns: keep no part of it.
type ReadHook func(p string, c *Content)

// SetReadHook gives hook every Go file the walks read (to find //go:embed
// lines), so that a check that reads the files anyway can do its work on
// them there, spread over the walk's workers, instead of reading them
// again. With readAll, a walk reads every regular file it finds instead of
// only stat'ing it (an open and an fstat tell what an Lstat does), for a
// check that will read them all. Call it before the walks.
func (t *Tree) SetReadHook(readAll bool, hook ReadHook) {
	t.onRead, t.readAll = hook, readAll
}

// KeepStats makes the walks keep what fstat said of each file they read,
// as they keep what they lstat'ed, so that a later walk of the same files
// (another check of the same command; see package session) stats none of
// them. A Tree walked once has no use for it. Call it before the walks.
func (t *Tree) KeepStats() {
	t.keepRead = true
	// A Tree that several checks walk is walked over most of what git
	// tracks (the commands' checks read the engine, harness and content
	// folders): the stat data of each file walked are kept, and the map
	// made at that size at once, not grown a few thousand files at a
	// time.
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.infos) == 0 && t.Index != nil {
		t.infos = make(map[string]fs.FileInfo, len(t.Index.Entries))
	}
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

// readBuffers are the buffers the walks read files into: the files are
// handed to a ReadHook and not kept, so a few buffers serve thousands of
// files. Each starts with room for most source files (see
// regularfile.ReadInto, which reads first and stats after when given
// room), and grows to the largest file it is handed, up to maxKeptBuffer.
var readBuffers = sync.Pool{New: func() any { return &readBuffer{buf: make([]byte, 0, initialBuffer)} }}

// readBuffer is a pooled buffer, and the Content handed over with it, so
// that a pooled read allocates nothing for either.
type readBuffer struct {
	buf []byte
	c   Content
}

// initialBuffer is a new read buffer's room.
const initialBuffer = 16 << 10

// maxKeptBuffer is the largest buffer kept for the next read: a rare large
// file is read into room of its own, which is not held on to.
const maxKeptBuffer = 1 << 20

// keepBuffer makes the room src was read into buf's for the next read,
// unless it is larger than maxKeptBuffer.
func keepBuffer(buf *[]byte, src []byte) {
	if cap(src) <= maxKeptBuffer {
		*buf = src[:0]
	}
}

// ReadPooled reads the regular file name (see regularfile.Read) into one
// of readBuffers and hands its content to use, which must keep no part of
// c: the buffer, and c, go back to the pool when use returns.
func ReadPooled(name string, use func(c *Content)) error {
	rb := readBuffers.Get().(*readBuffer)
	defer readBuffers.Put(rb)
	src, info, err := regularfile.ReadInto(name, rb.buf)
	if err != nil {
		return err
	}
	keepBuffer(&rb.buf, src)
	rb.c = Content{Src: src, Info: info}
	defer func() { rb.c = Content{} }() // holds nothing for the pool
	use(&rb.c)
	return nil
}

// needsEmbedScan reports whether a folder has Go files and a file whose
// name Go has no use for, which only the Go files' //go:embed patterns can
// make count if it is ignored.
func needsEmbedScan(entries []fs.DirEntry) bool {
	goFiles, other := false, false
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		n := e.Name()
		goFiles = goFiles || strings.HasSuffix(n, ".go")
		other = other || !GoUses(n) && n != ".gitignore"
	}
	return goFiles && other
}

// infoOf is the Lstat the embed scan or an earlier walk took of a file,
// nil if none.
func (t *Tree) infoOf(p string) fs.FileInfo {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.infos[p]
}

// embedsAbove reports whether any Go file in dir or a folder above it (up
// to the workspace) has a //go:embed pattern.
func (t *Tree) embedsAbove(dir string, entries []fs.DirEntry) bool {
	t.mu.Lock()
	v, ok := t.above[dir]
	t.mu.Unlock()
	if ok {
		return v
	}
	v = len(t.embedPatterns(dir, entries)) > 0
	if !v && dir != t.Prefix && dir != "." {
		v = t.embedsAbove(path.Dir(dir), nil)
	}
	t.mu.Lock()
	t.above[dir] = v
	t.mu.Unlock()
	return v
}

// embedPatterns is the //go:embed patterns of the Go files in a folder
// (whose entries the caller may have read already). The files are read by
// a few workers at once.
func (t *Tree) embedPatterns(dir string, entries []fs.DirEntry) []string {
	t.mu.Lock()
	pats, ok := t.embed[dir]
	t.mu.Unlock()
	if ok {
		return pats
	}
	abs := filepath.Join(t.Root, filepath.FromSlash(dir))
	if entries == nil {
		entries, _ = readDir(abs)
	}
	var goFiles, paths []string
	var links []bool
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".go") {
			goFiles = append(goFiles, filepath.Join(abs, e.Name()))
			paths = append(paths, join(dir, e.Name()))
			links = append(links, e.Type()&fs.ModeSymlink != 0)
		}
	}
	// With no verdicts kept from earlier runs, every file is read: open
	// and fstat, with no Lstat before.
	known := t.noEmbed != nil && t.noEmbed.Kept() && t.TrustsIndex()
	found := make([][]string, len(goFiles))
	Each(len(goFiles), 4, func(i int) {
		// A tracked file the index vouches for is known by its hash: if
		// that blob has no //go:embed, it is not read.
		e := t.tracked[paths[i]]
		if e != nil && known {
			if info, err := os.Lstat(goFiles[i]); err == nil {
				t.mu.Lock()
				t.infos[paths[i]] = info
				t.mu.Unlock()
				if t.Vouches(e, info) && t.noEmbed.Has(e.Hash) {
					return
				}
			}
		}
		// Anything but a regular file (an error here) is left to the walk,
		// which reports it; the check that reads it refuses it.
		_ = ReadPooled(goFiles[i], func(c *Content) {
			if !links[i] {
				t.mu.Lock()
				if t.infos[paths[i]] == nil {
					t.infos[paths[i]] = c.Info
				}
				t.mu.Unlock()
				if t.onRead != nil {
					t.onRead(paths[i], c)
				}
			}
			if bytes.Contains(c.Src, []byte("go:embed")) {
				found[i] = EmbedPatterns(c.Src)
			}
			// Kept under the hash of what was read, never the index
			// entry's, which a forged index could make another blob's
			// (see BlobSet); the hook's checks may have hashed it already.
			if len(found[i]) == 0 && t.noEmbed != nil && t.noEmbed.Persists() {
				t.noEmbed.Add(c.Hash())
			}
		})
	})
	for _, f := range found {
		pats = append(pats, f...)
	}
	if pats == nil {
		pats = []string{}
	}
	t.mu.Lock()
	t.embed[dir] = pats
	t.mu.Unlock()
	return pats
}

// EmbedPatterns is the patterns of every //go:embed line of a Go source.
func EmbedPatterns(src []byte) []string {
	var out []string
	// Every line, however long: the go command reads lines of any length,
	// so a directive after a line a scanner gave up on still embeds.
	for line := range bytes.Lines(src) {
		after, ok := bytes.CutPrefix(bytes.TrimSpace(line), []byte("//go:embed"))
		if !ok || len(after) > 0 && after[0] != ' ' && after[0] != '\t' {
			continue
		}
		rest := strings.TrimSpace(string(after))
		for rest != "" {
			pat, r, ok := cutWord(rest, "\"`")
			if !ok {
				break
			}
			out = append(out, pat)
			rest = strings.TrimSpace(r)
		}
	}
	return out
}

// cutWord cuts the first word off s: a Go string literal if s starts with
// one of quotes (false if it does not end), otherwise up to the first
// space or tab. //go:embed lines and attributes files both quote a name
// that holds spaces so.
func cutWord(s, quotes string) (word, rest string, ok bool) {
	if s != "" && strings.IndexByte(quotes, s[0]) >= 0 {
		q, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", s, false
		}
		word, _ = strconv.Unquote(q)
		return word, s[len(q):], true
	}
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		i = len(s)
	}
	return s[:i], s[i:], true
}

// embedMatches reports whether an embed pattern takes in the file at rel
// (a slash path from the package's folder): the pattern names the file, or
// a folder above it.
func embedMatches(pat, rel string) bool {
	pat = strings.TrimPrefix(pat, "all:")
	for p := rel; p != "."; p = path.Dir(p) {
		if ok, _ := path.Match(pat, p); ok {
			return true
		}
	}
	return false
}

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
