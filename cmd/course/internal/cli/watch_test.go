package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuffer is a buffer two goroutines may use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// watchWorkspace is a workspace whose check fails at once, on a test of
// the learner's that does not parse, without building anything: watch
// then waits for a save.
func watchWorkspace(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module example.com/w\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "tests"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "tests", "mine_test.go"), []byte("package tests\n\nfunc Test_mine(\n"), 0o644))
	return ws
}

// waitFor polls until the output holds want.
func waitFor(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in the output:\n%s", want, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startWatch runs watch on ws until its second check, and returns once the
// first has run: its output, and its end.
func startWatch(t *testing.T, ws string) (*syncBuffer, <-chan error) {
	t.Helper()
	env, _, _ := testEnv()
	out := &syncBuffer{}
	env.Stdout = out
	done := make(chan error, 1)
	go func() {
		done <- RunWatch(context.Background(), env, &WatchOptions{Workspace: ws, Debounce: 150 * time.Millisecond, Timeout: time.Minute, runs: 2})
	}()
	waitFor(t, out, "waiting for a change")
	return out, done
}

// watchFixture makes a workspace of files (see checkFixture) and starts
// a watch on it that ends after runs checks (or with the test), its
// output in out and its end on done.
func watchFixture(t *testing.T, files map[string]string, debounce time.Duration, runs int) (string, *syncBuffer, <-chan error) {
	t.Helper()
	ws := checkFixture(t, files)
	env, _, _ := courseEnv(files)
	out := &syncBuffer{}
	env.Stdout = out
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() {
		done <- RunWatch(ctx, env, &WatchOptions{Workspace: ws, Debounce: debounce, Timeout: time.Minute, runs: runs})
	}()
	return ws, out, done
}

// saveStartsCheck saves an engine file of ws, as a learner would, and
// holds that the watch (started to end after its check n) ran check n
// for it, once.
func saveStartsCheck(t *testing.T, ws string, out fmt.Stringer, done <-chan error, n int) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "saved.go"), []byte("package engine\n"), 0o644))
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(time.Minute):
		t.Fatalf("no check %d after a save", n)
	}
	assert.Equal(t, 1, strings.Count(out.String(), fmt.Sprintf("course watch: check %d", n)))
}

// awaitSecondCheck waits for a watch started with startWatch to end after
// its second check (its runs), which what happened (a save, a file
// changed) is to have started, and holds that it ran that one once.
func awaitSecondCheck(t *testing.T, out fmt.Stringer, done <-chan error, after string) {
	t.Helper()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("no second check after " + after)
	}
	assert.Equal(t, 1, strings.Count(out.String(), "course watch: check 2"))
}

// A save of a Go file runs check again, once however many events the save
// makes; a change to a file check does not read does not.
func TestWatchRunsAgainAfterASave(t *testing.T) {
	ws := watchWorkspace(t)
	require.NoError(t, os.MkdirAll(filepath.Join(ws, ".course"), 0o755))
	out, done := startWatch(t, ws)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "notes.txt"), []byte("not Go"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course", "x.go"), nil, 0o644), "the tool's own folder is not watched")
	time.Sleep(400 * time.Millisecond)
	assert.NotContains(t, out.String(), "check 2", "a file check does not read runs nothing")

	// An editor's save: a new file written, then renamed over the old one.
	tmp := filepath.Join(ws, "engine", ".world.go.swp")
	require.NoError(t, os.WriteFile(tmp, []byte("package engine\n"), 0o644))
	require.NoError(t, os.Rename(tmp, filepath.Join(ws, "engine", "world.go")))
	awaitSecondCheck(t, out, done, "a save")
	assert.Equal(t, 2, strings.Count(out.String(), "waiting for a change"), "one block per run through a pipe")
}

// .course.json says which folders the audit and validate read, so a save
// of it runs check again, though other files whose names start with a dot
// (an editor's) do not.
func TestWatchRunsAgainWhenTheConfigChanges(t *testing.T) {
	ws := watchWorkspace(t)
	out, done := startWatch(t, ws)
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".notes"), []byte("an editor's"), 0o644))
	time.Sleep(400 * time.Millisecond)
	assert.NotContains(t, out.String(), "check 2", "a dot file check does not read runs nothing")

	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine","rules"]}`), 0o644))
	awaitSecondCheck(t, out, done, ".course.json changed")
}

// A go.work says which modules the go command takes from folders, an
// import of which the audit refuses, so a save of it runs check again.
func TestWatchRunsAgainWhenGoWorkChanges(t *testing.T) {
	ws := watchWorkspace(t)
	out, done := startWatch(t, ws)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "go.work"), []byte("go 1.26\n\nuse .\n"), 0o644))
	awaitSecondCheck(t, out, done, "go.work changed")
}

// A .gitignore says which files of the engine folders the audit reads, so
// a save of one runs check again, though other dot files do not.
func TestWatchRunsAgainWhenAGitignoreChanges(t *testing.T) {
	ws := watchWorkspace(t)
	out, done := startWatch(t, ws)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", ".gitignore"), []byte("*_gen.go\n"), 0o644))
	awaitSecondCheck(t, out, done, "engine/.gitignore changed")
}

// A save while a check runs (here one stuck in an endless test) stops it
// and starts the next at once, well before its time limit.
func TestASaveStopsARunningCheck(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) { select {} }\n",
	}
	ws := checkFixture(t, files)
	// On an 80-column terminal the line that says so wraps between words.
	for i, tc := range []struct {
		term Terminal
		said string
	}{
		{Terminal{}, "course watch: a file changed while check 1 ran; it stopped, and the next starts now\n"},
		{Terminal{IsTerminal: true, Width: 80}, "course watch: a file changed while check 1 ran; it stopped, and the next starts\n              now\n"},
	} {
		env, _, _ := courseEnv(files)
		env.Term = tc.term
		out := &syncBuffer{}
		env.Stdout = out
		done := make(chan error, 1)
		start := time.Now()
		go func() {
			done <- RunWatch(context.Background(), env, &WatchOptions{Workspace: ws, Debounce: 100 * time.Millisecond, Timeout: 10 * time.Minute, runs: 1})
		}()
		waitFor(t, out, "course watch: check 1 at")
		time.Sleep(500 * time.Millisecond) // the check is building or running its stuck test
		require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "saved.go"), []byte(fmt.Sprintf("package engine\n\n// save %d\n", i)), 0o644))
		select {
		case err := <-done:
			require.NoError(t, err)
		case <-time.After(time.Minute):
			t.Fatal("the save did not stop the running check")
		}
		assert.Less(t, time.Since(start), time.Minute)
		assert.Contains(t, out.String(), tc.said)
		assert.NotContains(t, out.String(), "ran out of time")
	}
}

// A test that writes a watched file into the workspace (the engine's
// last board as JSON, say) ran check again after every run, for ever: the
// watch answered the run's own write. A change counts only when the
// watched files differ from what they were when the last run began, so
// the first write runs check once more, and the same write again nothing.
func TestTheChecksOwnWritesDoNotRunItAgainForEver(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport (\"os\"; \"testing\")\n\nfunc Test_01_a(t *testing.T) { os.WriteFile(\"last_board.json\", []byte(\"[]\"), 0o644) }\n",
	}
	ws, out, done := watchFixture(t, files, 200*time.Millisecond, 3)
	waitFor(t, out, "course watch: check 2 at")
	require.FileExists(t, filepath.Join(ws, "tests", "last_board.json"))
	for strings.Count(out.String(), "waiting for a change") < 2 {
		time.Sleep(20 * time.Millisecond)
	}
	time.Sleep(3 * time.Second)
	assert.NotContains(t, out.String(), "check 3", "the check's own write, the same again, ran it again")

	// A save of the learner's still does.
	saveStartsCheck(t, ws, out, done, 3)
}

// A test that writes a watched file with something new each run (the
// time, a count) stopped every run, so watch restarted for ever and never
// showed a result. After the file's change alone has stopped three runs in
// a row, it is taken for the tests' own write: the next run runs on, its
// result is shown, and watch waits; a save of the learner's still starts
// the next check.
func TestATestsChangingWriteDoesNotRestartTheWatchForEver(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": `package tests

import ("fmt"; "os"; "testing"; "time")

func Test_01_a(t *testing.T) {
	os.WriteFile("last_board.json", []byte(fmt.Sprint(time.Now().UnixNano())), 0o644)
	time.Sleep(2 * time.Second)
}
`,
	}
	ws, out, done := watchFixture(t, files, 100*time.Millisecond, 5)
	deadline := time.Now().Add(2 * time.Minute)
	for !strings.Contains(out.String(), "waiting for a change") {
		if time.Now().After(deadline) {
			t.Fatalf("no check ran to its end:\n%s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	text := out.String()
	assert.Contains(t, text, "course watch: tests/last_board.json changed while each of the last 3 checks ran; a test seems to write it")
	assert.Contains(t, text, "tests/last_board.json changed while check 4 ran, as a test writes it, and the check ran on")
	assert.Equal(t, 1, strings.Count(text, "waiting for a change"))
	time.Sleep(time.Second)
	assert.NotContains(t, out.String(), "check 5", "the test's write ran check again")

	// A save of the learner's still does.
	saveStartsCheck(t, ws, out, done, 5)
}

func TestWatchRefusesATimeoutOutOfRange(t *testing.T) {
	env, _, _ := testEnv()
	err := RunWatch(context.Background(), env, &WatchOptions{Workspace: watchWorkspace(t), Timeout: 48 * time.Hour})
	assert.Equal(t, 2, Status(err))
	assert.Contains(t, err.Error(), "--timeout 48h0m0s is out of range")
}

// Every argument is judged before the first run: a slip is status 2, not
// a default taken in its place or a complaint after every save.
func TestWatchRefusesBadArgumentsAtOnce(t *testing.T) {
	ws := watchWorkspace(t)
	for _, tc := range []struct {
		opts WatchOptions
		want string
	}{
		{WatchOptions{Workspace: ws, Timeout: 0}, "--timeout 0s is out of range"},
		{WatchOptions{Workspace: ws, Timeout: time.Minute, Debounce: -time.Second}, "--debounce -1s is below zero"},
		{WatchOptions{Workspace: ws, Timeout: time.Minute, Module: "99"}, `course watch: there is no module "99"`},
	} {
		env, _, _ := testEnv()
		err := RunWatch(context.Background(), env, &tc.opts)
		assert.Equal(t, 2, Status(err), tc.want)
		assert.ErrorContains(t, err, tc.want)
	}
}

// An error that no save can mend is said once, as check says it, with
// check's status, and the watch ends: it went on, saying it again after
// every save.
func TestWatchRefusesAtOnceWhatNoSaveMends(t *testing.T) {
	files := map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n",
	}
	started := checkFixture(t, files)
	bare := checkFixture(t, nil)
	for _, tc := range []struct {
		name, ws, module, goCmd, want string
	}{
		{"a module not started", started, "05", "", "module 05 is not started in"},
		{"no module started", bare, "", "", "no module is started in"},
		{"no go command", started, "", filepath.Join(t.TempDir(), "go"), "is not on PATH"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.goCmd != "" {
				t.Setenv("GO", tc.goCmd)
			}
			env, _, _ := courseEnv(files)
			checkErr := RunCheck(context.Background(), env, &CheckOptions{Workspace: tc.ws, Module: tc.module, Timeout: time.Minute})
			require.ErrorContains(t, checkErr, tc.want)

			env, _, _ = courseEnv(files)
			out := &syncBuffer{}
			env.Stdout = out
			done := make(chan error, 1)
			go func() {
				done <- RunWatch(context.Background(), env, &WatchOptions{Workspace: tc.ws, Module: tc.module, Debounce: 50 * time.Millisecond, Timeout: time.Minute, runs: 2})
			}()
			select {
			case err := <-done:
				assert.Equal(t, Status(checkErr), Status(err))
				assert.Equal(t, Message(checkErr), Message(err))
				assert.NotContains(t, out.String(), "waiting for a change")
			case <-time.After(30 * time.Second):
				t.Fatalf("the watch went on:\n%s", out.String())
			}
		})
	}
}

// An error a save can mend (here a .course.json that does not parse) is
// said, and the watch waits for the save, then checks again.
func TestWatchWaitsForTheMendOfABadConfig(t *testing.T) {
	ws := watchWorkspace(t)
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":`), 0o644))
	out, done := startWatch(t, ws)
	assert.Contains(t, out.String(), ".course.json")
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("no second check after .course.json was mended")
	}
	assert.Contains(t, out.String(), "course watch: check 2 at ")
	assert.Contains(t, out.String(), "tests/mine_test.go")
}

// A started module whose test files are all gone from tests/ is said, and
// the watch waits: putting them back (from git, or with start-module)
// is a save, and the check runs again.
func TestWatchWaitsForLostTestFilesToComeBack(t *testing.T) {
	ws := watchWorkspace(t)
	require.NoError(t, os.Remove(filepath.Join(ws, "tests", "mine_test.go")))
	require.NoError(t, os.MkdirAll(filepath.Join(ws, ".course"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course", "state.json"), []byte(`{"modules": {"01": "2026-01-02T03:04:05Z"}}`), 0o644))
	out, done := startWatch(t, ws)
	assert.Contains(t, out.String(), "tests/ holds none of module 01's test files")
	require.NoError(t, os.WriteFile(filepath.Join(ws, "tests", "01_handles_test.go"), []byte("package tests\n"), 0o644))
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("no second check after the test file came back:\n%s", out.String())
	}
	assert.Contains(t, out.String(), "course watch: check 2 at ")
}

// A workspace moved or deleted while watched ends the watch with status 2:
// no save can mend it.
func TestWatchEndsWhenTheWorkspaceIsGone(t *testing.T) {
	ws := watchWorkspace(t)
	env, _, _ := testEnv()
	out := &syncBuffer{}
	env.Stdout = out
	done := make(chan error, 1)
	go func() {
		done <- RunWatch(context.Background(), env, &WatchOptions{Workspace: ws, Debounce: 50 * time.Millisecond, Timeout: time.Minute})
	}()
	waitFor(t, out, "waiting for a change")
	require.NoError(t, os.Remove(filepath.Join(ws, ".course.json")))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "go.mod"), []byte("module example.com/gone\n"), 0o644))
	select {
	case err := <-done:
		assert.Equal(t, 2, Status(err))
		assert.ErrorContains(t, err, "has no .course.json any more")
	case <-time.After(2 * time.Minute):
		t.Fatal("the watch went on after its workspace was gone")
	}
}

func TestWatchEndsWithTheSignal(t *testing.T) {
	ws := watchWorkspace(t)
	require.NoError(t, os.MkdirAll(filepath.Join(ws, ".course"), 0o755))
	env, _, _ := testEnv()
	out := &syncBuffer{}
	env.Stdout = out
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- RunWatch(ctx, env, &WatchOptions{Workspace: ws, Debounce: 100 * time.Millisecond, Timeout: time.Minute})
	}()
	waitFor(t, out, "waiting for a change")
	cancel(&SignalError{Signal: syscall.SIGINT})
	err := <-done
	assert.Equal(t, 130, Status(err))
}

func TestWatchOutsideAWorkspace(t *testing.T) {
	t.Chdir(t.TempDir())
	env, _, _ := testEnv()
	err := RunWatch(context.Background(), env, &WatchOptions{})
	assert.Equal(t, 2, Status(err))
	assert.Contains(t, err.Error(), "not inside a course workspace")
}

func TestWatchAndStatusFlags(t *testing.T) {
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*WatchOptions) error) *cobra.Command { return newWatchCmd(env, runF) }, []flagCase[WatchOptions]{
		{args: []string{"ws", "--module", "03", "--debounce", "1s", "--timeout", "5s"}, want: WatchOptions{Workspace: "ws", Module: "03", Debounce: time.Second, Timeout: 5 * time.Second}},
		{args: nil, want: WatchOptions{Debounce: 300 * time.Millisecond, Timeout: time.Minute}},
		{args: []string{"a", "b"}, err: "takes at most 1 argument(s), [WORKSPACE], and got 2"},
	})
	flagTable(t, func(runF func(*StatusOptions) error) *cobra.Command { return newStatusCmd(env, runF) }, []flagCase[StatusOptions]{
		{args: []string{"--fresh", "--json"}, want: StatusOptions{Fresh: true, JSON: true}},
		{args: []string{"ws"}, want: StatusOptions{Workspace: "ws"}},
		{args: []string{"a", "b"}, err: "takes at most 1 argument(s), [WORKSPACE], and got 2"},
	})
}

// newWatchedTree watches a workspace as RunWatch does.
func newWatchedTree(t *testing.T, ws string) *watchedTree {
	t.Helper()
	fw, err := fsnotify.NewWatcher()
	require.NoError(t, err)
	t.Cleanup(func() { _ = fw.Close() })
	tree := &watchedTree{w: fw, root: ws, dirs: map[string]bool{}}
	_, err = tree.add(ws)
	require.NoError(t, err)
	return tree
}

// changes reports whether the watch sees a change within the wait.
func changes(t *testing.T, tree *watchedTree, wait time.Duration) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	return tree.waitForChange(ctx, 50*time.Millisecond) == nil
}

// A folder's files send no events of their own when the folder is moved
// in or away, so the folder's event is the change.
func TestWatchSeesAFolderMovedInOrAway(t *testing.T) {
	ws := watchWorkspace(t)
	elsewhere := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(elsewhere, "grid", "deep"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(elsewhere, "grid", "deep", "rules.go"), []byte("package deep\n"), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(elsewhere, "notes"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(elsewhere, "notes", "todo.txt"), []byte("later"), 0o644))
	tree := newWatchedTree(t, ws)

	require.NoError(t, os.Rename(filepath.Join(elsewhere, "notes"), filepath.Join(ws, "notes")))
	assert.False(t, changes(t, tree, 500*time.Millisecond), "a folder with nothing check reads")

	require.NoError(t, os.Rename(filepath.Join(elsewhere, "grid"), filepath.Join(ws, "engine", "grid")))
	assert.True(t, changes(t, tree, 5*time.Second), "a folder of Go files moved in")
	assert.True(t, tree.dirs[filepath.Join(ws, "engine", "grid", "deep")], "and watched from then on, folders under it too")

	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "grid", "deep", "rules.go"), []byte("package deep\n\nvar X int\n"), 0o644))
	assert.True(t, changes(t, tree, 5*time.Second), "a save in the new folder")

	require.NoError(t, os.Rename(filepath.Join(ws, "engine", "grid"), filepath.Join(elsewhere, "grid")))
	assert.True(t, changes(t, tree, 5*time.Second), "a watched folder moved away")
	assert.False(t, tree.dirs[filepath.Join(ws, "engine", "grid", "deep")], "and forgotten")

	require.NoError(t, os.Rename(filepath.Join(elsewhere, "grid"), filepath.Join(ws, "engine", "grid")))
	require.True(t, changes(t, tree, 5*time.Second))
	require.NoError(t, os.RemoveAll(filepath.Join(ws, "engine", "grid")))
	assert.True(t, changes(t, tree, 5*time.Second), "a watched folder removed")
}

// A dot folder made while watching is not watched, as at the start.
func TestWatchLeavesANewDotFolderAlone(t *testing.T) {
	ws := watchWorkspace(t)
	tree := newWatchedTree(t, ws)
	require.NoError(t, os.MkdirAll(filepath.Join(ws, ".cache", "go"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".cache", "go", "x.go"), []byte("package x\n"), 0o644))
	assert.False(t, changes(t, tree, 500*time.Millisecond))
	assert.False(t, tree.dirs[filepath.Join(ws, ".cache")])
	assert.False(t, tree.dirs[filepath.Join(ws, ".cache", "go")])
}

// Events past the kernel's queue are lost (a burst of thousands of files,
// a watch suspended with Ctrl-Z meanwhile): the watch goes on, watching
// the folders made meanwhile, where it ended with status 2.
func TestWatchGoesOnAfterItsQueueOverflows(t *testing.T) {
	raw, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events")
	if err != nil {
		t.Skip("no inotify queue to fill here")
	}
	queue, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || queue > 1<<17 {
		t.Skipf("an inotify queue of %q events takes too long to fill", raw)
	}
	ws := watchWorkspace(t)
	tree := newWatchedTree(t, ws)
	// Nothing reads the events yet: each rename is two of them, past the
	// kernel's queue and the 4096 fsnotify reads ahead.
	a, b := filepath.Join(ws, "engine", "a.txt"), filepath.Join(ws, "engine", "b.txt")
	require.NoError(t, os.WriteFile(a, nil, 0o644))
	for range queue/2 + 4096 {
		require.NoError(t, os.Rename(a, b))
		a, b = b, a
	}
	require.NoError(t, os.MkdirAll(filepath.Join(ws, "engine", "grid"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "grid", "rules.go"), []byte("package grid\n"), 0o644))
	assert.True(t, changes(t, tree, 10*time.Second), "the overflow counts as a change")
	assert.True(t, tree.dirs[filepath.Join(ws, "engine", "grid")], "a folder made while the events were lost is watched")
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "grid", "rules.go"), []byte("package grid\n\nvar X int\n"), 0o644))
	assert.True(t, changes(t, tree, 5*time.Second), "a save in it")
}

// A workspace moved away and put back (a copy, a fresh clone) is watched
// again where it stands: the watch followed the folders that moved, and
// saw no save in the new ones.
func TestWatchFollowsAWorkspacePutBackInPlace(t *testing.T) {
	ws := watchWorkspace(t)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "world.go"), []byte("package engine\n"), 0o644))
	tree := newWatchedTree(t, ws)
	old := ws + ".old"
	require.NoError(t, os.Rename(ws, old))
	require.NoError(t, os.CopyFS(ws, os.DirFS(old)))
	assert.True(t, changes(t, tree, 5*time.Second), "the workspace moved")

	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "world.go"), []byte("package engine\n\nvar X int\n"), 0o644))
	assert.True(t, changes(t, tree, 5*time.Second), "a save in the workspace put back")
	assert.True(t, tree.dirs[filepath.Join(ws, "engine")])

	require.NoError(t, os.WriteFile(filepath.Join(old, "engine", "world.go"), []byte("package engine\n\nvar Y int\n"), 0o644))
	assert.False(t, changes(t, tree, 500*time.Millisecond), "a save in the folder moved away, which is no longer the workspace")
}

// A workspace given through a symbolic link (~/engine, a link to where the
// code is; or found from the current folder, entered through one) is
// watched as its folder: the walks did not follow the link, so no folder
// was watched and no save ran check again.
func TestWatchAWorkspaceGivenThroughALink(t *testing.T) {
	ws := watchWorkspace(t)
	link := filepath.Join(t.TempDir(), "engine-link")
	require.NoError(t, os.Symlink(ws, link))
	out, done := startWatch(t, link)
	require.NoError(t, os.WriteFile(filepath.Join(ws, "engine", "world.go"), []byte("package engine\n"), 0o644))
	awaitSecondCheck(t, out, done, "a save")
}

// The system's limit on folders watched at once (ENOSPC from inotify)
// says which limit and how to raise it, as the user's to mend, where "no
// space left on device" read as a full disk and asked for a report.
func TestWatchSaysWhichLimitItReached(t *testing.T) {
	ws := watchWorkspace(t)
	fw, err := fsnotify.NewWatcher()
	require.NoError(t, err)
	t.Cleanup(func() { _ = fw.Close() })
	tree := &watchedTree{w: fw, root: ws, dirs: map[string]bool{}, watch: func(p string) error {
		if p == filepath.Join(ws, "tests") {
			return syscall.ENOSPC
		}
		return fw.Add(p)
	}}
	_, err = tree.add(ws)
	assert.Equal(t, StatusCannot, Status(err))
	msg := MessageOf("course watch", err)
	assert.Contains(t, msg, "course watch: watching "+filepath.Join(ws, "tests")+": the system's limit on folders watched at once is reached")
	assert.Contains(t, msg, "sudo sysctl fs.inotify.max_user_watches=")
	assert.NotContains(t, msg, "report it")
}

// A watcher the system will not make (inotify's instances used up by other
// watchers, or the open files) is the user's limit to raise, named, not a
// fault of course's: it said "too many open files" and asked for a report.
func TestWatchSaysWhenNoWatcherCanBeMade(t *testing.T) {
	ws := watchWorkspace(t)
	defer func(f func() (*fsnotify.Watcher, error)) { newWatcher = f }(newWatcher)
	newWatcher = func() (*fsnotify.Watcher, error) { return nil, syscall.EMFILE }
	err := RunWatch(context.Background(), &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}}, &WatchOptions{Workspace: ws, Timeout: DefaultTimeout})
	assert.Equal(t, StatusCannot, Status(err))
	msg := MessageOf("course watch", err)
	assert.Contains(t, msg, "course watch: watching files: the system's limit on file watchers, or on open files, is reached (too many open files)")
	if runtime.GOOS == "linux" {
		assert.Contains(t, msg, "sudo sysctl fs.inotify.max_user_instances=")
	}
	assert.NotContains(t, msg, "report it")
}
