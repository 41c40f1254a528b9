package workspace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/systemic-game-design/course/internal/atomicfile"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/subpath"
)

// maxLinks is how many symbolic links one path may pass through, as the
// kernel allows.
const maxLinks = 40

// realPath is p (absolute) with every symbolic link on its way followed,
// dangling links included: the part of the path that does not exist is
// kept as written, after the links that lead to it. It is where a write to
// p would land.
func realPath(p string) (string, error) {
	done := string(filepath.Separator)
	rest := splitPath(p)
	links := 0
	for len(rest) > 0 {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		next := filepath.Join(done, c)
		fi, err := os.Lstat(next)
		if errors.Is(err, fs.ErrNotExist) {
			return filepath.Join(append([]string{next}, rest...)...), nil
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if !fi.IsDir() && hasName(rest) {
				return "", &notFolderError{path: next, mode: fi.Mode()}
			}
			done = next
			continue
		}
		if links++; links > maxLinks {
			return "", fmt.Errorf("more than %d symbolic links", maxLinks)
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			done = string(filepath.Separator)
		}
		rest = append(splitPath(target), rest...)
	}
	return done, nil
}

// hasName reports whether the path components rest name anything beyond
// the folder they start from.
func hasName(rest []string) bool {
	for _, c := range rest {
		if c != "" && c != "." {
			return true
		}
	}
	return false
}

// notFolderError says a path passes through something that is not a
// folder: a file named tests where the course keeps a folder, say.
type notFolderError struct {
	path string
	mode fs.FileMode
}

func (e *notFolderError) Error() string {
	return fmt.Sprintf("%s is %s, not a folder", e.path, regularfile.Describe(e.mode))
}

func splitPath(p string) []string { return strings.Split(filepath.ToSlash(p), "/") }

// shown is the path p (absolute, links followed or not) as the user knows
// it: under the workspace folder as given, when it is inside.
func (w *Workspace) shown(p string) string {
	for _, root := range []string{w.Real, w.Abs} {
		if subpath.In(root, p) {
			rel, _ := filepath.Rel(root, p)
			return filepath.Join(w.Dir, rel)
		}
	}
	return p
}

// Path is where the workspace file rel (a slash path inside it) really is,
// every symbolic link followed, dangling ones included. A path that leads
// out of the workspace is an *Error naming it: course reads and writes only
// inside the workspace.
func (w *Workspace) Path(rel string) (string, error) {
	shown := filepath.Join(w.Dir, filepath.FromSlash(rel))
	real, err := realPath(filepath.Join(w.Abs, filepath.FromSlash(rel)))
	var notFolder *notFolderError
	if errors.As(err, &notFolder) {
		return "", w.notFolder(notFolder, rel)
	}
	var pe *fs.PathError
	if errors.Is(err, fs.ErrPermission) && errors.As(err, &pe) {
		// A folder on the way may not be searched: no link is to blame.
		dir := w.shown(filepath.Dir(pe.Path))
		return "", &Error{Path: shown, Why: fmt.Sprintf("cannot be reached: the folder %s may not be searched (%v); mend its permissions (chmod u+rx %s)", dir, pe.Err, shellarg.Quote(dir))}
	}
	if err != nil {
		return "", &Error{Path: shown, Why: fmt.Sprintf("cannot be followed (%v); remove the symbolic link", err)}
	}
	if !subpath.In(w.Real, real) {
		return "", &Error{Path: shown, Why: fmt.Sprintf("leads out of the workspace through a symbolic link (to %s); course reads and writes only inside the workspace: remove the link, or make it point inside", real)}
	}
	return real, nil
}

// FolderPath is Path for a folder: what stands at rel, once followed, must
// be a folder or nothing. A file there (a file named tests, say) is an
// *Error that says to move it aside, not a folder that holds nothing.
func (w *Workspace) FolderPath(rel string) (string, error) {
	real, err := w.Path(rel)
	if err != nil {
		return "", err
	}
	if fi, err := os.Lstat(real); err == nil && !fi.IsDir() {
		return "", w.notFolder(&notFolderError{path: real, mode: fi.Mode()}, rel)
	}
	return real, nil
}

// notFolder is the *Error for e, met on the way to the workspace path rel.
func (w *Workspace) notFolder(e *notFolderError, rel string) error {
	at := w.shown(e.path)
	via := ""
	if at != filepath.Join(w.Dir, filepath.FromSlash(rel)) {
		via = fmt.Sprintf(" (on the way to %s)", filepath.FromSlash(rel))
	}
	return &Error{Path: at, Why: fmt.Sprintf("is %s where course needs a folder%s; move it aside (mv %s %s), and run the command again", regularfile.Describe(e.mode), via, shellarg.Quote(at), shellarg.Quote(asideName(at)))}
}

// ReadFile reads the workspace file rel: a regular file inside the
// workspace. A file that does not exist is an error satisfying
// errors.Is(err, fs.ErrNotExist); a link out of the workspace, a FIFO, a
// device or a folder, and a file that cannot be read are *Errors naming it.
func (w *Workspace) ReadFile(rel string) ([]byte, error) {
	return w.readAtMost(rel, regularfile.MaxSize, (*regularfile.TooLargeError).Why)
}

// readAtMost is ReadFile for a file of at most limit bytes; a larger one
// is an *Error whose Why is tooLarge's.
func (w *Workspace) readAtMost(rel string, limit int64, tooLarge func(*regularfile.TooLargeError) string) ([]byte, error) {
	real, err := w.Path(rel)
	if err != nil {
		return nil, err
	}
	shown := filepath.Join(w.Dir, filepath.FromSlash(rel))
	raw, _, err := regularfile.ReadAtMost(real, limit)
	var notRegular *regularfile.NotRegularError
	var large *regularfile.TooLargeError
	switch {
	case err == nil:
		return raw, nil
	case errors.As(err, &large):
		// Its own message says how to mend it; chmod would not.
		return nil, &Error{Path: shown, Why: tooLarge(large)}
	case errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("%s: %w", shown, fs.ErrNotExist)
	case errors.As(err, &notRegular):
		return nil, &Error{Path: shown, Why: fmt.Sprintf("is not a regular file (%s); course reads only regular files there: remove it, or put a file in its place", regularfile.Describe(notRegular.Mode))}
	default:
		return nil, &Error{Path: shown, Why: fmt.Sprintf("cannot be read (%v); make it readable (chmod u+r), or remove it", unwrapPath(err))}
	}
}

// WriteFile writes the workspace file rel, making its folders: a path that
// leads out of the workspace, or where something other than a regular file
// stands, is an *Error naming it. A symbolic link there is such a thing:
// the write would land on the link's target, another file of the
// learner's, so the link is refused, not followed (links on the way, to
// folders, are followed). The file is written whole or not at all (a
// temporary file renamed into place).
func (w *Workspace) WriteFile(rel string, data []byte) error {
	real, err := w.writePath(rel)
	if err != nil {
		return err
	}
	shown := filepath.Join(w.Dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		in := filepath.Dir(shown)
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			in = w.shown(filepath.Dir(pe.Path)) // where the folder could not be made
		}
		return &Error{Path: shown, Why: fmt.Sprintf("cannot be written: its folder cannot be made (%v); %s", unwrapPath(err), writeMend(err, in))}
	}
	return writeAtomic(real, data, shown)
}

// writeMend is how to mend err, the system's refusal to write a file in
// the folder dir (as the user knows it): the message is the user's only
// guide, and "permission denied" alone says neither where nor what to do.
func writeMend(err error, dir string) string {
	if mend := WriteMend(err, dir); mend != "" {
		return mend
	}
	return "mend what the system says, and run the command again"
}

// WriteMend is how to mend err when it is the system's refusal to write in
// the folder dir (no permission, no room, a read-only file system), "" when
// it is none of those.
func WriteMend(err error, dir string) string {
	switch {
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return "make room on its disk, and run the command again"
	case errors.Is(err, syscall.EROFS):
		return "its file system is mounted read-only: use a folder on one you may write to"
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("mend the permissions of the folder %s (ls -ld shows them), and run the command again", shellarg.Quote(dir))
	}
	return ""
}

// CheckWrite is the refusal WriteFile would give rel before writing
// anything (a path that leads out of the workspace, something other than
// a regular file there, a dangling link included), or nil: a command that
// writes several files asks it of each before it writes the first, so that
// such a refusal changes nothing.
func (w *Workspace) CheckWrite(rel string) error {
	_, err := w.writePath(rel)
	return err
}

// writePath is where WriteFile writes rel (see entryPath), or its refusal
// of what stands there.
func (w *Workspace) writePath(rel string) (string, error) {
	real, err := w.entryPath(rel)
	if err != nil {
		return "", err
	}
	if st, err := os.Lstat(real); err == nil && !st.Mode().IsRegular() {
		return "", &Error{Path: filepath.Join(w.Dir, filepath.FromSlash(rel)), Why: fmt.Sprintf("is not a regular file (%s); remove it, and run the command again", regularfile.Describe(st.Mode()))}
	}
	return real, nil
}

// Rename moves the workspace file from to the name to, both inside the
// workspace; to must not exist. A symbolic link at from is moved itself,
// not the file it leads to.
func (w *Workspace) Rename(from, to string) error {
	realFrom, err := w.entryPath(from)
	if err != nil {
		return err
	}
	realTo, err := w.entryPath(to)
	if err != nil {
		return err
	}
	if _, err := os.Lstat(realTo); err == nil {
		return &Error{Path: filepath.Join(w.Dir, filepath.FromSlash(to)), Why: "already exists; move it away, and run the command again"}
	}
	if err := os.Rename(realFrom, realTo); err != nil {
		shown := filepath.Join(w.Dir, filepath.FromSlash(from))
		return &Error{Path: shown, Why: fmt.Sprintf("cannot be renamed (%v); %s", unwrapPath(err), writeMend(err, filepath.Dir(shown)))}
	}
	return nil
}

// entryPath is where the entry rel names really is: the links of the
// folders on its way followed, as Path follows them, and its last part
// not, so that what stands there (a link included) is what is written or
// moved.
func (w *Workspace) entryPath(rel string) (string, error) {
	dir, base := path.Split(path.Clean(rel))
	if base == "" || base == "." || base == ".." {
		return "", &Error{Path: filepath.Join(w.Dir, filepath.FromSlash(rel)), Why: "is not a file's path"}
	}
	realDir, err := w.Path(strings.TrimSuffix(dir, "/"))
	if err != nil {
		return "", err
	}
	return filepath.Join(realDir, base), nil
}

// Exists reports whether something (a file, a folder, a link) stands at
// the workspace path rel.
func (w *Workspace) Exists(rel string) bool {
	_, err := os.Lstat(filepath.Join(w.Abs, filepath.FromSlash(rel)))
	return err == nil
}

// writeAtomic writes data in place of real whole or not at all (see
// atomicfile), naming the file as shown.
func writeAtomic(real string, data []byte, shown string) error {
	if err := atomicfile.Write(real, data, 0o644); err != nil {
		return &Error{Path: shown, Why: fmt.Sprintf("cannot be written (%v); %s", unwrapPath(err), writeMend(err, filepath.Dir(shown)))}
	}
	return nil
}

// unwrapPath is the reason of a *fs.PathError, or of a rename's
// *os.LinkError, without its paths, which the message names already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
