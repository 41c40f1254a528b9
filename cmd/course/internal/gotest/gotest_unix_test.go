//go:build unix

package gotest

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alive reports whether the process pid still runs (a zombie counts as gone).
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	f := strings.Fields(string(stat))
	return len(f) < 3 || f[2] != "Z"
}

func readPid(t *testing.T, file string) int {
	t.Helper()
	var raw []byte
	require.Eventually(t, func() bool {
		var err error
		raw, err = os.ReadFile(file)
		return err == nil && strings.HasSuffix(string(raw), "\n")
	}, 30*time.Second, 20*time.Millisecond)
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	require.NoError(t, err)
	return pid
}

const childTest = `package tests

import ("fmt"; "os"; "os/exec"; "testing")

func Test_01_child(t *testing.T) {
	cmd := exec.Command("sleep", "300")
	if err := cmd.Start(); err != nil { t.Fatal(err) }
	os.WriteFile(os.Getenv("PIDFILE"), []byte(fmt.Sprintln(cmd.Process.Pid)), 0o644)
	select {}
}
`

// A process a test started does not outlive the time limit, and the run
// does not wait for it.
func TestAChildDoesNotOutliveTheTimeout(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep program")
	}
	dir, p := module(t, childTest)
	p.Expected = []string{"Test_01_child"}
	pidFile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 3 * time.Second, Env: []string{"PIDFILE=" + pidFile}})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 60*time.Second)
	assert.Equal(t, map[string]Outcome{"Test_01_child": TimedOut}, outcomes(r))
	pid := readPid(t, pidFile)
	assert.Eventually(t, func() bool { return !alive(pid) }, 5*time.Second, 50*time.Millisecond, "the test's child %d still runs", pid)
}

// Cancelling a run (what an interrupt does) ends the test binary and what
// it started, and removes the build folder.
func TestCancelEndsEverythingAndCleansUp(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Skip("no sleep program")
	}
	dir, p := module(t, childTest)
	p.Expected = []string{"Test_01_child"}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	pidFile := filepath.Join(t.TempDir(), "pid")
	ctx, cancel := context.WithCancelCause(context.Background())
	go func() {
		readPid(t, pidFile)
		cancel(errors.New("interrupted"))
	}()
	_, err := Run(ctx, Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, Env: []string{"PIDFILE=" + pidFile}})
	var canceled *CanceledError
	require.ErrorAs(t, err, &canceled)
	assert.EqualError(t, canceled.Cause, "interrupted")
	pid := readPid(t, pidFile)
	assert.Eventually(t, func() bool { return !alive(pid) }, 5*time.Second, 50*time.Millisecond)
	left, _ := filepath.Glob(filepath.Join(tmp, "*"))
	assert.Empty(t, left, "temporary folders left behind")
}

// A build that waits for ever (a cgo #include of a FIFO, which the C
// compiler opens and waits on for a writer) is stopped at its time limit
// and told as the package's build failure, so that a class's check ends
// with every other workspace's row; before, the go command had no limit
// and the class's check never ended.
func TestABuildThatNeverEndsIsStoppedAtItsLimit(t *testing.T) {
	if _, err := exec.LookPath("mkfifo"); err != nil {
		t.Skip("no mkfifo program")
	}
	if out, err := exec.Command("go", "env", "CC").Output(); err != nil {
		t.Skip("no go command")
	} else if _, err := exec.LookPath(strings.Fields(string(out) + " cc")[0]); err != nil {
		t.Skip("no C compiler for cgo")
	}
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_x(t *testing.T) {}\n")
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "cgo.go"), []byte("package tests\n\n// #include \"fifo.h\"\nimport \"C\"\n"), 0o644))
	require.NoError(t, exec.Command("mkfifo", filepath.Join(p.Dir, "fifo.h")).Run())
	p.Expected = []string{"Test_01_x"}
	start := time.Now()
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute,
		BuildTimeout: 5 * time.Second, Env: []string{"CGO_ENABLED=1"}})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), 30*time.Second)
	assert.Equal(t, map[string]Outcome{"Test_01_x": NotRun}, outcomes(r))
	assert.Equal(t, "the build of ./tests was still running after 5s and was stopped: a compiler it ran waited on, or read without end, something that is not a regular file (a FIFO, or a device such as /dev/zero, that an assembly (.s) or cgo file #includes); look in ./tests and the packages it imports",
		r.BuildOutput["example.com/m/tests"])
}

// A build that never ends (an assembly or cgo #include of a FIFO, which
// the assembler or the C compiler waits on for a writer) is stopped at
// the build's time limit and is the package's build error, which says
// where to look: it held check, and a class's check, for ever.
func TestAnAssemblyBuildThatNeverEndsIsStopped(t *testing.T) {
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a"}
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "doc.go"), []byte("package tests\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, "wait.s"), []byte("#include \"pipe\"\n"), 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(p.Dir, "pipe"), 0o644))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	res, err := Run(ctx, Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute, BuildTimeout: 3 * time.Second})
	require.NoError(t, err, "the build was not stopped before the test's own minute")
	assert.Less(t, time.Since(start), 30*time.Second)
	assert.Equal(t, map[string]Outcome{"Test_01_a": NotRun}, outcomes(res))
	assert.Contains(t, res.BuildOutput["example.com/m/tests"], "the build of ./tests was still running after 3s and was stopped")
}

// GlobIn says when it cannot read the folder, instead of finding nothing
// in it: a tests/ that check may not read (an unpacked hand-in whose
// folders lost their x bit) was told "start the module again", which
// mends nothing. A folder that is not there holds nothing.
func TestGlobInSaysWhenItCannotReadTheFolder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a_test.go"), nil, 0o644))
	got, err := GlobIn(dir, "*_test.go")
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "a_test.go")}, got)

	got, err = GlobIn(filepath.Join(dir, "gone"), "*_test.go")
	require.NoError(t, err)
	assert.Empty(t, got)

	_, err = GlobIn(filepath.Join(dir, "a_test.go"), "*_test.go")
	assert.Error(t, err, "a file, read as a folder")

	if os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		require.NoError(t, os.Mkdir(locked, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(locked, "b_test.go"), nil, 0o644))
		require.NoError(t, os.Chmod(locked, 0))
		defer os.Chmod(locked, 0o755)
		_, err = GlobIn(locked, "*_test.go")
		assert.ErrorIs(t, err, fs.ErrPermission)
	}
}

// A compiler or linker the system ends (its out-of-memory killer, most
// often) is no compile error of the learner's, and neither is a go command
// ended so: check said the tests did not compile, a RED verdict the code
// never earned. The tools are ended here through -toolexec, as the kernel
// would, once each is past the go command's question of its version.
func TestABuildToolEndedByASignalIsAnEnvironmentError(t *testing.T) {
	// The package is new to the build cache, so the tools run.
	unique := strconv.Quote(t.TempDir())
	dir, p := module(t, "package tests\n\nimport \"testing\"\n\nconst unique = "+unique+"\n\nfunc Test_01_a(t *testing.T) {}\n")
	p.Expected = []string{"Test_01_a"}
	for _, tool := range []string{"compile", "link"} {
		script := filepath.Join(t.TempDir(), tool) // the go command names the tool by it
		require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\ncase \"$*\" in *-V=full*) exec \"$@\";; esac\ncase \"$1\" in */"+tool+") kill -9 $$;; esac\nexec \"$@\"\n"), 0o755))
		_, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute,
			Env: []string{"GOFLAGS=-toolexec=" + script}})

		var envErr *EnvironmentError
		require.ErrorAs(t, err, &envErr, tool)
		assert.Contains(t, envErr.Why, "a tool of the go command's build was ended by a signal (", tool)
		assert.Contains(t, envErr.Why, ": signal: killed)", tool)
		assert.Equal(t, memoryMend, envErr.Mend)
	}

	goScript := filepath.Join(t.TempDir(), "go")
	require.NoError(t, os.WriteFile(goScript, []byte("#!/bin/sh\nkill -9 $$\n"), 0o755))
	t.Setenv("GO", goScript)
	_, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	var envErr *EnvironmentError
	require.ErrorAs(t, err, &envErr)
	assert.Equal(t, "the go command was ended by a signal (signal: killed) while it built the tests of ./tests", envErr.Why)
	assert.Equal(t, memoryMend, envErr.Mend)
}

// notUTF8Folder makes a folder whose name holds a byte that is not UTF-8,
// where the file system takes one.
func notUTF8Folder(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "x\xff")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Skipf("this file system takes no such name: %v", err)
	}
	return dir
}

// The overlay cannot name a path that is not UTF-8 (JSON has no spelling
// for such a byte): a module in such a folder is no build of the files on
// disk, where the learner's test file would run in place of the course's
// copy and no TestMain of check's would confirm a pass, but an error that
// names the folder; the tests' folder in such a TMPDIR is no build error
// of the tests, but an error that says to point TMPDIR elsewhere.
func TestAPathTheOverlayCannotNameIsAnEnvironmentError(t *testing.T) {
	const learners = "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\n"
	const course = "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) { t.Fatal(\"not yet\") }\n"
	for _, verify := range []bool{false, true} {
		dir, p := module(t, learners)
		moved := filepath.Join(notUTF8Folder(t), "m")
		require.NoError(t, os.Rename(dir, moved))
		p.Dir, p.Expected, p.Verify = filepath.Join(moved, "tests"), []string{"Test_01_a"}, verify
		p.Replace = map[string][]byte{filepath.Join(p.Dir, "x_test.go"): []byte(course)}
		res, err := Run(context.Background(), Options{Module: moved, Packages: []Package{p}, Timeout: time.Minute})
		var envErr *EnvironmentError
		require.ErrorAs(t, err, &envErr, "verify %v: %+v", verify, res)
		assert.Nil(t, res)
		assert.Equal(t, `the path `+strconv.Quote(p.Dir)+` holds a byte that is not UTF-8, which the go command's -overlay file cannot name, so the tests of example.com/m/tests cannot be built as check builds them; rename the folder, or move it, so that its path has none, and try again`, err.Error())
	}

	dir, p := module(t, course)
	tmp := notUTF8Folder(t)
	t.Setenv("TMPDIR", tmp)
	p.Expected, p.Verify = []string{"Test_01_a"}, true
	res, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	var envErr *EnvironmentError
	require.ErrorAs(t, err, &envErr, "%+v", res)
	assert.Contains(t, envErr.Why, `the temporary folder `+strings.TrimSuffix(strconv.Quote(tmp), `"`)+`/course-check-`)
	assert.Equal(t, "point TMPDIR (TMP on Windows) at a folder whose path is all UTF-8, and try again", envErr.Mend)
}
