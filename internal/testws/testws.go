// Package testws makes the small workspaces tests run the tools on: a
// temporary folder holding a go.mod, a .course.json and the files a test
// gives, so that each test states only what matters to it.
package testws

import (
	"bytes"
	"crypto/sha1"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// Config is the .course.json of a workspace made by course init.
const Config = `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["content", "cards"]}`

// ModulePath is the module path of the workspaces New makes.
const ModulePath = "example.com/ws"

// Write puts files (slash paths to contents) under dir, making folders as
// needed.
func Write(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	if err := WriteFiles(dir, files); err != nil {
		t.Fatal(err)
	}
}

// WriteFiles is Write for a caller with no testing.TB (a testscript
// command): it says what went wrong instead.
func WriteFiles(dir string, files map[string]string) error {
	for rel, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// New is a learner's workspace in a new temporary folder: go.mod (module
// ModulePath), .course.json (Config) and an empty engine package, then the
// files given, which may replace any of those.
func New(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	Write(t, dir, map[string]string{
		"go.mod":        "module " + ModulePath + "\n\ngo 1.26\n",
		".course.json":  Config,
		"engine/doc.go": "// Package engine is empty.\npackage engine\n",
	})
	Write(t, dir, files)
	return dir
}

// Git runs the git program in dir, with a fixed author and committer and
// no system-wide config, and returns what it printed, trimmed. A test
// without git installed is skipped; git failing fails it.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("the git program is not installed")
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=Learner", "GIT_AUTHOR_EMAIL=l@example.com",
		"GIT_COMMITTER_NAME=Learner", "GIT_COMMITTER_EMAIL=l@example.com", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Committed is a git repository in a new temporary folder holding the
// files given (and nothing else), all committed: a workspace whose index
// vouches for every file.
func Committed(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	Write(t, dir, files)
	Git(t, dir, "init", "-q")
	Git(t, dir, "add", ".")
	Git(t, dir, "commit", "-q", "-m", "the files given")
	return dir
}

// Within calls f and gives what it returns, or fails the test, saying
// waited, if f has not returned after d: for code that must refuse at once what it could wait
// on for ever (a FIFO with no writer, say). A call that never returns is
// left running; the test has failed by then. f runs in a goroutine of its
// own, so it must not call t.FailNow (require); assert is fine.
func Within[T any](t testing.TB, d time.Duration, waited string, f func() T) T {
	t.Helper()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-time.After(d):
		t.Fatal(waited)
		panic("unreachable") // t.Fatal does not return
	}
}

// WriteIndex writes idx as the index of the repository whose git folder is
// gitDir, with cache as its cache tree (git's TREE extension: each folder
// with the number of entries under it, -1 for none known, its number of
// subfolders listed after it, and the hash of its tree; the top folder's
// Path is ""), and a checksum that holds: an index as a learner can forge
// it, with any tree's hash written for any folder. go-git's encoder writes
// the entries, but no extension.
func WriteIndex(t testing.TB, gitDir string, idx *index.Index, cache []index.TreeEntry) {
	t.Helper()
	var buf bytes.Buffer
	if err := index.NewEncoder(&buf).Encode(idx); err != nil {
		t.Fatal(err)
	}
	raw := buf.Bytes()[:buf.Len()-sha1.Size] // the encoder's checksum, of the entries alone
	var ext bytes.Buffer
	for _, e := range cache {
		fmt.Fprintf(&ext, "%s\x00%d %d\n", e.Path, e.Entries, e.Trees)
		if e.Entries >= 0 {
			ext.Write(e.Hash[:])
		}
	}
	raw = append(raw, "TREE"...)
	raw = binary.BigEndian.AppendUint32(raw, uint32(ext.Len()))
	raw = append(raw, ext.Bytes()...)
	sum := sha1.Sum(raw)
	if err := os.WriteFile(filepath.Join(gitDir, "index"), append(raw, sum[:]...), 0o644); err != nil {
		t.Fatal(err)
	}
}
