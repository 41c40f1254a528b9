package enginefiles

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"

	"github.com/systemic-game-design/course/internal/regularfile"
)

// OpenRepository opens the git repository at path (or, with detect, the
// nearest one above it) as git.PlainOpenWithOptions does with the
// repository's common folder enabled, except that every file of it is read
// through regularFS: a FIFO where git keeps HEAD, the index, a ref or the
// .git file of a linked checkout is a *regularfile.NotRegularError at once.
// The library's own open would wait on it for a writer that never comes,
// and one learner's workspace would hang a whole class's check.
func OpenRepository(path string, detect bool) (*git.Repository, error) {
	repo, _, err := openRepository(path, detect, filesystem.Options{})
	return repo, err
}

// OpenRepositoryKept is OpenRepository keeping each packfile open once
// read, for a walk of many commits: the library otherwise opens the pack
// again for every object. close lets them go.
func OpenRepositoryKept(path string, detect bool) (repo *git.Repository, close func() error, err error) {
	return openRepository(path, detect, filesystem.Options{KeepDescriptors: true})
}

func openRepository(path string, detect bool, opts filesystem.Options) (*git.Repository, func() error, error) {
	none := func() error { return nil }
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, none, err
	}
	wt, dotPath, err := findDotGit(abs, detect)
	if err != nil {
		return nil, none, err
	}
	dot := regularFS{osfs.New(dotPath)}
	repoFS := billy.Filesystem(dot)
	common, err := commonDir(dot)
	if err != nil {
		return nil, none, err
	}
	if common != nil {
		repoFS = dotgit.NewRepositoryFilesystem(dot, common)
	}
	// The library takes a HEAD it cannot read for one that is not there,
	// and the repository for none: a HEAD that is not a file is named.
	if st, err := dot.Stat("HEAD"); err == nil && !st.Mode().IsRegular() {
		return nil, none, &regularfile.NotRegularError{Path: filepath.Join(dotPath, "HEAD"), Mode: st.Mode()}
	}
	storage := filesystem.NewStorageWithOptions(repoFS, cache.NewObjectLRUDefault(), opts)
	repo, err := git.Open(verifiedStorage{Storage: storage, verified: &sync.Map{}}, regularFS{osfs.New(wt)})
	if err != nil {
		storage.Close()
		return nil, none, err
	}
	return repo, storage.Close, nil
}

// verifiedStorage is the repository's object store, refusing an object
// whose content does not hash to the name it is asked by. go-git takes
// the file a loose object's name leads to (or a pack's index) on its
// word, and the object files are the learner's to write: the tree of a
// drop's start commit, written over with the tree of the changed engine,
// passed the drop's engine for unchanged, where git itself would say the
// object is corrupt. A verified object is not hashed again.
type verifiedStorage struct {
	*filesystem.Storage
	verified *sync.Map // plumbing.Hash to struct{}
}

// CorruptObjectError says an object of the repository is not what its
// name says it is.
type CorruptObjectError struct {
	Hash plumbing.Hash
	Got  plumbing.Hash
}

func (e *CorruptObjectError) Error() string {
	return fmt.Sprintf("the git object %s holds content whose hash is %s: the repository is corrupt or was tampered with (git fsck names what is wrong; a fresh clone mends it)", e.Hash, e.Got)
}

// UserError marks the error as the user's to mend.
func (e *CorruptObjectError) UserError() bool { return true }

func (s verifiedStorage) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	obj, err := s.Storage.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	if _, ok := s.verified.Load(h); ok {
		return obj, nil
	}
	r, err := obj.Reader()
	if err != nil {
		return nil, err
	}
	got, err := objectHash(obj.Type(), obj.Size(), func(w io.Writer) error {
		_, err := io.Copy(w, r)
		return err
	})
	r.Close()
	if err != nil {
		return nil, err
	}
	if got != h {
		return nil, &CorruptObjectError{Hash: h, Got: got}
	}
	s.verified.Store(h, struct{}{})
	return obj, nil
}

// findDotGit is the worktree's folder and its git folder: .git itself, or
// the folder a .git file names ("gitdir: ...", a linked checkout or a
// submodule).
func findDotGit(path string, detect bool) (wt, dot string, err error) {
	if st, err := os.Stat(path); err == nil && !st.IsDir() && detect {
		path = filepath.Dir(path)
	}
	for {
		p := filepath.Join(path, git.GitDirName)
		st, err := os.Stat(p)
		switch {
		case err == nil && st.IsDir():
			return path, p, nil
		case err == nil:
			raw, err := regularfile.ReadFile(p)
			if err != nil {
				return "", "", err
			}
			line, _, _ := strings.Cut(string(raw), "\n")
			gitdir, ok := strings.CutPrefix(line, "gitdir: ")
			if !ok {
				return "", "", fmt.Errorf("%s has no gitdir: prefix", p)
			}
			gitdir = strings.TrimSpace(gitdir)
			if !filepath.IsAbs(gitdir) {
				gitdir = filepath.Join(path, gitdir)
			}
			return path, gitdir, nil
		case !os.IsNotExist(err):
			return "", "", err
		}
		parent := filepath.Dir(path)
		if !detect || parent == path {
			return "", "", git.ErrRepositoryNotExists
		}
		path = parent
	}
}

// commonDir is the folder a linked checkout's commondir file names, nil
// when there is none, as go-git's own open reads it.
func commonDir(dot billy.Filesystem) (billy.Filesystem, error) {
	f, err := dot.Open("commondir")
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(f)
	f.Close()
	if err != nil || len(raw) == 0 {
		return nil, err
	}
	p := strings.TrimSpace(string(raw))
	if !filepath.IsAbs(p) {
		p = filepath.Join(dot.Root(), p)
	}
	if _, err := os.Stat(p); err != nil {
		if os.IsNotExist(err) {
			return nil, git.ErrRepositoryIncomplete
		}
		return nil, err
	}
	return regularFS{osfs.New(p)}, nil
}

// regularFS opens files without waiting (O_NONBLOCK where there is such a
// thing) and refuses one that is not a regular file.
type regularFS struct{ billy.Filesystem }

func (r regularFS) Open(name string) (billy.File, error) {
	return r.OpenFile(name, os.O_RDONLY, 0)
}

func (r regularFS) OpenFile(name string, flag int, perm os.FileMode) (billy.File, error) {
	f, err := r.Filesystem.OpenFile(name, flag|nonBlock, perm)
	if err != nil {
		return nil, err
	}
	// The file billy hands back hides its Stat, so the path is asked: a
	// FIFO put there between the two is read without waiting all the same,
	// as an empty file.
	if st, err := r.Filesystem.Stat(name); err == nil && !st.Mode().IsRegular() {
		f.Close()
		return nil, &regularfile.NotRegularError{Path: r.Join(r.Root(), name), Mode: st.Mode()}
	}
	return f, nil
}

func (r regularFS) Chroot(p string) (billy.Filesystem, error) {
	fs, err := r.Filesystem.Chroot(p)
	if err != nil {
		return nil, err
	}
	return regularFS{fs}, nil
}
