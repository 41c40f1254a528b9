// Package session opens a workspace once for every check one command makes
// of it. coupling-audit runs the audit and the listed-folders rule,
// expansion-check the rule and the diff; each would otherwise read the git
// index, load the cached folder listings and stat (on a first run, read)
// every Go file of the engine folders for itself. Through one Session the
// index is read once, a file one check stat'ed is not stat'ed again by the
// next, and a Go file the audit read is not read again by the rule.
package session

import (
	"sync"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/audit/goimports"
	"github.com/systemic-game-design/course/audit/internal/enginefiles"
)

// Session is one workspace's git view, for the checks of one command, run
// one after another.
type Session struct {
	dir  string
	tree *enginefiles.Tree

	importsOnce sync.Once
	imports     *goimports.Reader
}

// Open opens the workspace at dir. A workspace outside any git repository
// opens too: every file counts there, and Changes says it is not one.
func Open(dir string) (*Session, error) {
	return open(dir, enginefiles.Open)
}

// OpenContent is Open for a verdict that must stand on the files' own
// bytes (course check's): git's index is taken for no file's content (see
// enginefiles.OpenContent), so the audit and the listed-folders rule read
// and judge every file, and Changes is expansion.CheckContent. What they
// keep for later runs is kept under hashes of what they read.
func OpenContent(dir string) (*Session, error) {
	return open(dir, enginefiles.OpenContent)
}

func open(dir string, openTree func(string, bool) (*enginefiles.Tree, error)) (*Session, error) {
	t, err := openTree(dir, false)
	if err != nil {
		return nil, err
	}
	t.KeepStats()
	return &Session{dir: dir, tree: t}, nil
}

// Imports is the reader of what the workspace's Go files import, as the
// go command would build them here (see goimports), in the build context
// of check's build (goimports.Here: GOFLAGS's tags included); it is saved
// with the Session.
func (s *Session) Imports() *goimports.Reader {
	s.importsOnce.Do(func() {
		s.imports = goimports.New(s.tree, goimports.Here())
		s.tree.Later(s.imports.Save)
	})
	return s.imports
}

// Save writes what the checks learnt for the next command (the folder
// records, the audit's clean verdicts, what Go files import), each cache
// once and all at once. Call it when the command's checks are done.
func (s *Session) Save() { s.tree.Save() }

// Audit is audit.Dirs on the workspace. The Go files it reads are handed
// to Imports, so that CheckListed after it reads none of them again: on a
// first run, when the audit reads every engine file, run the audit first.
func (s *Session) Audit(dirs []string, r *audit.Rules) (*audit.Report, error) {
	return audit.DirsOf(s.tree, s.dir, dirs, r, s.Imports().Note)
}

// Changes is expansion.Check on the workspace: what changed in the engine
// folders since revision.
func (s *Session) Changes(revision string, engineDirs []string) (*expansion.Result, error) {
	return expansion.CheckOf(s.tree, s.dir, revision, engineDirs)
}
