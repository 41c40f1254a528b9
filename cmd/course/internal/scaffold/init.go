// Package scaffold writes into a learner's workspace: init makes a new one
// from the template, StartModule copies a module's tests and cards into it,
// rewriting the harness import to the workspace's module path. It decides
// every file before writing any, never overwrites a file the learner changed
// without keeping it (NAME.orig, NAME.orig.1, ...), and writes only through
// the workspace package, inside the workspace.
package scaffold

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
	"golang.org/x/mod/module"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/templates"
)

var modulePathSyntax = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._~-]*(/[A-Za-z0-9._~-]+)*$`)

// ModulePathError is a module path the go command would not take.
type ModulePathError struct {
	ModulePath string
	Why        error // the go command's reason, when the syntax alone is not at fault
}

func (e *ModulePathError) Error() string {
	why := ""
	if e.Why != nil {
		why = fmt.Sprintf(" (%v)", e.Why)
	}
	return fmt.Sprintf("--module-path %q is not a Go module path%s; give one like example.com/my-engine", e.ModulePath, why)
}

// UserError marks the error as the user's to mend.
func (e *ModulePathError) UserError() bool { return true }

// Init makes a new workspace in dir from the template, with modulePath in
// its go.mod, puts it under git and commits it. dir must not exist, or be
// an empty folder. It returns the first commit's hash.
func Init(dir, modulePath string) (string, error) {
	if !modulePathSyntax.MatchString(modulePath) || strings.Contains(modulePath, "..") {
		return "", &ModulePathError{ModulePath: modulePath}
	}
	// The go command's own rules too (a trailing dot, a name Windows
	// reserves such as aux or COM1): every command after init reads
	// go.mod's module path by them, and would refuse the workspace.
	if err := module.CheckImportPath(modulePath); err != nil {
		var invalid *module.InvalidPathError
		if errors.As(err, &invalid) {
			err = invalid.Err // the message quotes the path already
		}
		return "", &ModulePathError{ModulePath: modulePath, Why: err}
	}
	if err := workspace.CheckBuildable(dir, "give a folder whose path has none"); err != nil {
		return "", err
	}
	if entries, err := os.ReadDir(dir); err == nil {
		if len(entries) > 0 {
			return "", &workspace.Error{Path: dir, Why: "exists and is not empty; give a new folder, or an empty one"}
		}
	} else if st, statErr := os.Stat(dir); statErr == nil && !st.IsDir() {
		return "", &workspace.Error{Path: dir, Why: "is a file; give a new folder"}
	} else if statErr == nil {
		// A folder whose list may not be read (write and search only)
		// may hold files: the template's would replace the learner's
		// go.mod or README.md there.
		why := err
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			why = pathErr.Err // the message names the folder already
		}
		return "", &workspace.Error{Path: dir, Why: fmt.Sprintf("exists, and what it holds cannot be listed (%v), so it may not be empty; give a new folder, or mend its permissions (chmod u+r %s)", why, shellarg.Quote(dir))}
	}
	made := firstMissing(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		var pathErr *fs.PathError
		if errors.Is(err, syscall.ENOTDIR) && errors.As(err, &pathErr) {
			// MkdirAll names the file that stands where a folder must.
			return "", &workspace.Error{Path: pathErr.Path, Why: fmt.Sprintf("is a file, where %s needs a folder; give a path through folders only", dir)}
		}
		if errors.Is(err, fs.ErrExist) && errors.As(err, &pathErr) {
			// A link whose target does not exist: MkdirAll makes no
			// folder through it, and names the link.
			if target, lerr := os.Readlink(pathErr.Path); lerr == nil {
				return "", &workspace.Error{Path: pathErr.Path, Why: fmt.Sprintf("is a symbolic link to %s, which does not exist; make the folder it leads to, or give a path without the link", target)}
			}
		}
		return "", fmt.Errorf("making the workspace folder: %w", err)
	}
	var wrote []string
	hash, err := fill(dir, modulePath, &wrote)
	if err != nil {
		// A workspace half made (no room left for the template, no
		// commit) is no workspace, and a folder init refuses as not
		// empty: what init wrote goes, so that the same command runs
		// again once the cause is mended.
		unmake(wrote, dir, made)
		if mend := workspace.WriteMend(err, dir); mend != "" {
			return "", &workspace.Error{Path: dir, Why: fmt.Sprintf("could not be made (%v), and what init wrote there is removed; %s", err, mend)}
		}
		return "", fmt.Errorf("%w; what init wrote in %s is removed", err, dir)
	}
	return hash, nil
}

// writeTemplateFile writes one of the template's files: createFile, a
// variable so that a test can make a write fail midway.
var writeTemplateFile = createFile

// createFile writes data to a new file name: one there already is not
// this init's (another init in the same folder at once), and is neither
// written nor, when this init fails, removed.
func createFile(name string, data []byte, perm fs.FileMode) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	return errors.Join(err, f.Close())
}

// fill writes the template into dir, an empty folder, with modulePath in
// its go.mod, and makes the first commit. It adds to *wrote each path it
// made, in order: the files and folders, and .git.
func fill(dir, modulePath string, wrote *[]string) (string, error) {
	err := fs.WalkDir(templates.Files, templates.Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, templates.Root), "/")
		if rel == "" {
			return nil
		}
		target := filepath.Join(dir, filepath.FromSlash(templates.TargetName(rel)))
		if d.IsDir() {
			err := os.Mkdir(target, 0o755)
			if err == nil {
				*wrote = append(*wrote, target)
			} else if st, serr := os.Stat(target); errors.Is(err, fs.ErrExist) && serr == nil && st.IsDir() {
				err = nil // another init's, or the learner's: not removed
			}
			return err
		}
		content, err := fs.ReadFile(templates.Files, p)
		if err != nil {
			return err
		}
		if rel == "go.mod.tmpl" {
			content = []byte(strings.Replace(string(content), "module "+templates.DefaultModulePath, "module "+modulePath, 1))
		}
		err = writeTemplateFile(target, content, 0o644)
		if _, serr := os.Lstat(target); !errors.Is(err, fs.ErrExist) && serr == nil {
			*wrote = append(*wrote, target) // made, if not whole
		}
		return err
	})
	if err != nil {
		return "", fmt.Errorf("writing the workspace from its template: %w", err)
	}
	gitDir := filepath.Join(dir, ".git")
	_, err = os.Lstat(gitDir)
	gitBefore := err == nil
	hash, err := commitAll(dir, "Start the workspace from the course template")
	if !gitBefore && !errors.Is(err, git.ErrRepositoryAlreadyExists) {
		*wrote = append(*wrote, gitDir)
	}
	return hash, err
}

// firstMissing is the outermost folder on the way to dir (dir included)
// that does not exist, which MkdirAll makes; "" when dir exists.
func firstMissing(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	top := ""
	for p := abs; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			return top
		}
		top = p
		if filepath.Dir(p) == p {
			return top
		}
	}
}

// unmake removes what a failed Init wrote (wrote, see fill), nothing
// else: a file the learner, or another init at once, put in dir stays,
// and so does a folder that holds one. Then the folders Init made on the
// way to dir, up to made (see firstMissing), each only if it is empty.
func unmake(wrote []string, dir, made string) {
	for i := len(wrote) - 1; i >= 0; i-- {
		if filepath.Base(wrote[i]) == ".git" {
			_ = os.RemoveAll(wrote[i])
		} else {
			_ = os.Remove(wrote[i]) // a folder only when empty
		}
	}
	if made == "" {
		return
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	for p := abs; os.Remove(p) == nil && p != made; p = filepath.Dir(p) {
	}
}

// commitAll puts dir under git (branch main) and commits every file.
func commitAll(dir, message string) (string, error) {
	repo, err := git.PlainInitWithOptions(dir, &git.PlainInitOptions{
		InitOptions: git.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName("main")},
	})
	if err != nil {
		return "", fmt.Errorf("making the git repository: %w", err)
	}
	wt, err := repo.Worktree()
	if err != nil {
		return "", fmt.Errorf("opening the git work tree: %w", err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		return "", fmt.Errorf("adding the template's files to git: %w", err)
	}
	h, err := wt.Commit(message, &git.CommitOptions{Author: author(repo)})
	if err != nil {
		return "", fmt.Errorf("making the first commit: %w", err)
	}
	return h.String(), nil
}

// author is the user's git identity if they have one, else a stand-in they
// can amend.
func author(repo *git.Repository) *object.Signature {
	sig := &object.Signature{Name: "Course Learner", Email: "learner@example.com", When: time.Now()}
	if cfg, err := repo.ConfigScoped(config.SystemScope); err == nil {
		if cfg.User.Name != "" {
			sig.Name = cfg.User.Name
		}
		if cfg.User.Email != "" {
			sig.Email = cfg.User.Email
		}
	}
	return sig
}
