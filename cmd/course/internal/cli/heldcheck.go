package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/subpath"
)

// checkResults is the workspace's check result: the cached one when the
// workspace's files, its drop records and the course content are as they
// were, else a new run of check, which it caches.
func checkResults(ctx context.Context, env *Env, ws *workspace.Workspace, fresh bool) (*checker.Report, *time.Time, bool, error) {
	cached, key, err := holdingCheck(env, ws)
	if err != nil {
		return nil, nil, false, err
	}
	if !fresh {
		if rep := cached.report(); rep != nil {
			at := cached.At
			return rep, &at, true, nil
		}
	}
	rep, err := checker.Run(ctx, CheckerOptions(env, ws.Abs, "", DefaultTimeout, false),
		func(p checker.Progress) { env.progressf("%s", progressLine(p)) })
	env.progressDone()
	if err != nil {
		return nil, nil, false, err
	}
	now := time.Now()
	// A cache that cannot be written (a workspace this user may only read,
	// as an instructor may another's) is only slower.
	_ = cacheCheck(ctx, ws, key, now, rep)
	return rep, &now, false, nil
}

// holdingCheck is the workspace's last check when it still holds (nothing
// its key covers has changed since), else nil, and the key as it stands.
func holdingCheck(env *Env, ws *workspace.Workspace) (*CachedCheck, string, error) {
	key, err := cacheKey(env, ws)
	if err != nil {
		return nil, "", err
	}
	if cached, _ := loadCachedCheck(ws); cached != nil && cached.Content == key {
		return cached, key, nil
	}
	return nil, key, nil
}

// cacheKey says what a check's result depends on: the course content, every
// file of the workspace, and the drops' recorded commits.
func cacheKey(env *Env, ws *workspace.Workspace) (string, error) {
	content, err := env.content()
	if err != nil {
		return "", err
	}
	digest, err := content.Digest()
	if err != nil {
		return "", err
	}
	print, err := workspaceFingerprint(ws.Abs)
	if err != nil {
		return "", err
	}
	records, err := dropsKey(ws)
	if err != nil {
		return "", err
	}
	drops := sha256.Sum256(records)
	return digest + "/" + print + "/" + hex.EncodeToString(drops[:8]), nil
}

// cacheCheck keeps a check's result in the workspace's state.
func cacheCheck(ctx context.Context, ws *workspace.Workspace, key string, at time.Time, rep *checker.Report) error {
	raw, err := json.Marshal(rep)
	if err != nil {
		return err
	}
	c := &CachedCheck{At: at, Content: key, Report: raw}
	for _, m := range rep.Modules {
		if m.Number != "" {
			c.Modules = append(c.Modules, CachedModule{Number: m.Number, Passed: m.Passed, Failed: m.Failed})
		}
	}
	return saveCachedCheck(ctx, ws, c)
}

// workspaceFingerprint is a digest of every file of the workspace but git's
// and the tool's own (.git, .course): the same digest means the tests would
// see the same workspace. Contents are hashed, so an edit that keeps a
// file's size and time is seen; so is what a symbolic link inside the
// workspace leads to, which the build reads through it even in .git or
// .course (a link out of it, which check refuses, is its target's name).
func workspaceFingerprint(ws string) (string, error) {
	h := sha256.New()
	real, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return "", fmt.Errorf("reading the workspace %s: %w", ws, err)
	}
	fp := &fingerprint{h: h, root: real, seen: map[string]bool{real: true}}
	if err := fp.tree(real, ""); err != nil {
		return "", fmt.Errorf("reading the workspace %s: %w", ws, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// fingerprint hashes a workspace's tree. seen holds the real paths of the
// folders hashed already: each is hashed once, however many links lead to
// it, so that links cannot make the work grow beyond the tree's size.
type fingerprint struct {
	h    io.Writer
	root string
	seen map[string]bool
}

// tree hashes the tree at dir, each name under prefix.
func (fp *fingerprint) tree(dir, prefix string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return gone(err, p != dir || prefix != "")
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.Join(prefix, rel)
		if d.IsDir() && prefix == "" && (rel == ".git" || rel == ".course") {
			return filepath.SkipDir
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return gone(err, true)
			}
			fmt.Fprintf(fp.h, "L %s %s\x00", rel, target)
			return fp.linked(p, rel)
		case d.Type().IsRegular():
			return gone(fingerprintFile(fp.h, p, rel), true)
		}
		return nil
	})
}

// gone is err, but nil when it says that what the walk met went before it
// was read (an editor's backup of a save, a temporary file of the learner's
// program): it is not part of the tree, and no reason to fail. The
// workspace's own folder going is an error still.
func gone(err error, inside bool) error {
	if inside && errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// linked hashes what the link at p leads to, if it stays inside the
// workspace: a file's content, a folder's tree (once). A dangling link is
// its target's name alone.
func (fp *fingerprint) linked(p, rel string) error {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil
	}
	if !subpath.In(fp.root, real) {
		return nil
	}
	info, err := os.Stat(real)
	switch {
	case err != nil:
		return nil
	case info.Mode().IsRegular():
		return fingerprintFile(fp.h, real, rel)
	case info.IsDir() && !fp.seen[real]:
		fp.seen[real] = true
		return fp.tree(real, rel)
	}
	return nil
}

func fingerprintFile(h io.Writer, p, rel string) error {
	f, err := os.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	fmt.Fprintf(h, "F %s\x00", rel)
	_, err = io.Copy(h, f)
	return err
}

// one status checks with: only a check with it is status's result.
const DefaultTimeout = time.Minute

// rememberCheck keeps the check result of the learner workspace dir (as
// given, not as the report names it, which quotes some names; found when
// check found it from the current folder, so the next step names none) for status and
// modules under key (the workspace's cacheKey from before the run) when
// keep is true and key is not "", and returns the next step it leads to
// ("" for the course repository, or when the workspace cannot be read).
func rememberCheck(ctx context.Context, env *Env, dir string, found bool, report *checker.Report, key string, keep bool) string {
	ws, err := workspace.Open(dir)
	if err != nil || ws.Kind == workspace.Repository {
		return ""
	}
	if keep && key != "" {
		_ = cacheCheck(ctx, ws, key, time.Now(), report) // a cache that cannot be written is only slower
	}
	rep := &StatusReport{SchemaVersion: 1, Workspace: ws.Abs, Modules: []ModuleStatus{}}
	if !found {
		rep.ws = wsArg(shellarg.Quote(dir))
	}
	fillStatus(env, rep, workspaceProgress(ws), report)
	return rep.Next
}
