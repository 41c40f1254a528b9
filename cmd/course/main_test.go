package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/cmd/course/internal/cli"
	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
	"github.com/systemic-game-design/course/cmd/course/internal/sandbox"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/internal/testws"
)

// TestMain lets the scripts run `course` in this test binary.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"course": func() { os.Exit(cli.Main(os.Args[1:], cli.DefaultEnv())) },
	})
}

// TestScripts runs testdata/script/*.txtar end to end: real workspaces, the
// go command, and git repositories made with go-git (no git program needed).
func TestScripts(t *testing.T) {
	if testing.Short() {
		t.Skip("the scripts build and test Go workspaces")
	}
	goEnv := map[string]string{}
	for _, k := range []string{"GOMODCACHE", "GOCACHE", "GOROOT"} {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Skipf("no go command: %v", err)
		}
		goEnv[k] = strings.TrimSpace(string(out))
	}
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			for k, v := range goEnv {
				env.Setenv(k, v)
			}
			// The workspace must build from the module cache alone.
			env.Setenv("GOPROXY", "off")
			env.Setenv("GOFLAGS", "-mod=mod")
			env.Setenv("GOTOOLCHAIN", "local")
			env.Setenv(cli.ContentEnvVar, "")
			// No background compiling after each init: the scripts'
			// own go test runs compile what they need.
			env.Setenv(cli.WarmCacheEnvVar, "0")
			// The folder testscript put the course program in, for scripts
			// that set PATH to nothing else.
			if bin, _, _ := strings.Cut(env.Getenv("PATH"), string(os.PathListSeparator)); bin != "" {
				env.Setenv("COURSEBIN", bin)
			}
			scriptEnvs.Store(env.WorkDir, env.Vars)
			return nil
		},
		// [root]: the scripts run as root, who may write where the
		// folder's permissions say no (CI does).
		// [landlock]: check can confine the tests here; [scoped]: and
		// keep them from signalling course (Landlock's ABI 6); [offline]:
		// and keep them off the network; [memlimit]: check bounds the
		// tests' memory.
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "memlimit":
				return memlimit.For("") != 0, nil
			case "root":
				return os.Geteuid() == 0, nil
			case "landlock":
				return sandbox.Available() == nil, nil
			case "scoped":
				return sandbox.Scoped(), nil
			case "offline":
				return sandbox.Offline(), nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":       cmdExits,
			"gitcommit":   cmdGitCommit,
			"gittag":      cmdGitTag,
			"copycontent": cmdCopyContent,
			"greenmodule": cmdGreenModule,
			"addnoun":     cmdAddNoun,
			"signalled":   cmdSignalled,
			"headpipe":    cmdHeadPipe,
			"watchsave":   cmdWatchSave,
			"schema":      cmdSchema,
		},
	})
}

// cmdExits runs a program and checks its exit status: `exits 2 course check
// nowhere`. Status 2 must come with exactly one line on stderr.
func cmdExits(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exits STATUS PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exits: %q is not a status", args[0])
	}
	err = ts.Exec(args[1], args[2:]...)
	got := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
	} else if err != nil {
		ts.Fatalf("exits: %v", err)
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
	if want == 2 {
		stderr := ts.ReadFile("stderr")
		if strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, "\n") {
			ts.Fatalf("status 2 must print exactly one line on stderr, got %q", stderr)
		}
	}
}

// cmdSchema checks the last command's stdout against its output schema,
// course/schema/output/NAME.schema.json, with schemaVersion its first field:
// `schema status`.
func cmdSchema(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: schema NAME")
	}
	name := args[0] + ".schema.json"
	raw, err := fs.ReadFile(course.Files, "schema/output/"+name)
	ts.Check(err)
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	ts.Check(err)
	c := jsonschema.NewCompiler()
	ts.Check(c.AddResource(name, doc))
	schema, err := c.Compile(name)
	ts.Check(err)
	out := ts.ReadFile("stdout")
	if !strings.HasPrefix(out, "{\n  \"schemaVersion\": 1,") {
		ts.Fatalf("schemaVersion is not the first field of %s", out)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	ts.Check(err)
	if err := schema.Validate(inst); err != nil {
		ts.Fatalf("stdout does not follow %s: %v", name, err)
	}
}

// cmdGitCommit stages everything in a repository (as git add -A) and
// commits it: `gitcommit DIR MESSAGE`.
func cmdGitCommit(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gitcommit DIR MESSAGE")
	}
	repo, err := git.PlainOpen(ts.MkAbs(args[0]))
	ts.Check(err)
	wt, err := repo.Worktree()
	ts.Check(err)
	ts.Check(wt.AddWithOptions(&git.AddOptions{All: true}))
	_, err = wt.Commit(args[1], &git.CommitOptions{
		Author: &object.Signature{Name: "Learner", Email: "learner@example.com", When: time.Now()},
	})
	ts.Check(err)
}

// cmdGitTag tags HEAD: `gittag DIR NAME`.
func cmdGitTag(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: gittag DIR NAME")
	}
	repo, err := git.PlainOpen(filepath.Clean(ts.MkAbs(args[0])))
	ts.Check(err)
	head, err := repo.Head()
	ts.Check(err)
	_, err = repo.CreateTag(args[1], head.Hash(), nil)
	ts.Check(err)
}

// cmdCopyContent writes the content built into course to DIR/course and
// DIR/cards, as a COURSE_CONTENT checkout has it: `copycontent DIR`.
func cmdCopyContent(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: copycontent DIR")
	}
	for sub, fsys := range map[string]fs.FS{"course": course.Files, "cards": cards.Files} {
		root := filepath.Join(ts.MkAbs(args[0]), sub)
		ts.Check(fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			target := filepath.Join(root, filepath.FromSlash(p))
			if d.IsDir() {
				return os.MkdirAll(target, 0o755)
			}
			raw, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			return os.WriteFile(target, raw, 0o644)
		}))
	}
}

// cmdGreenModule writes into the workspace DIR the files that make module
// NN's tests pass (see testws.Green), importing DIR's own module path:
// `greenmodule NN DIR`. A drop starts only from a module whose tests pass.
func cmdGreenModule(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: greenmodule NN DIR")
	}
	dir := ts.MkAbs(args[1])
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	ts.Check(err)
	files, err := testws.GreenFiles(args[0], modfile.ModulePath(mod))
	ts.Check(err)
	ts.Check(testws.WriteFiles(dir, files))
}

// cmdAddNoun adds a noun to a content checkout's words.json and catalog:
// `addnoun DIR WORD MODULE`.
func cmdAddNoun(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: addnoun DIR WORD MODULE")
	}
	edit := func(file string, entry map[string]any) {
		path := filepath.Join(ts.MkAbs(args[0]), "course", file)
		raw, err := os.ReadFile(path)
		ts.Check(err)
		var doc map[string]any
		ts.Check(json.Unmarshal(raw, &doc))
		words, _ := doc["words"].([]any)
		doc["words"] = append(words, entry)
		raw, err = json.MarshalIndent(doc, "", "  ")
		ts.Check(err)
		ts.Check(os.WriteFile(path, raw, 0o644))
	}
	edit("words.json", map[string]any{"word": args[1], "role": "noun"})
	edit("catalog.json", map[string]any{"word": args[1], "role": "noun", "module": args[2]})
}

// scriptEnvs is each script's environment as Setup made it, by work folder.
var scriptEnvs sync.Map

// cmdSignalled starts course, waits until the file PIDFILE (set for it)
// holds the pid of a process a test started, sends SIGNAL, and checks that
// course ends with STATUS, one line on stderr, the test's process gone and
// no temporary folder left in TMPDIR: `signalled INT 130 course check ws`.
// PIDFILE is in the script's $PIDDIR, or else $WORK: a check's tests write
// beneath their own workspace alone where Landlock confines them.
func cmdSignalled(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 3 {
		ts.Fatalf("usage: signalled INT|TERM STATUS PROGRAM [ARGS...]")
	}
	sig := map[string]syscall.Signal{"INT": syscall.SIGINT, "TERM": syscall.SIGTERM}[args[0]]
	if sig == 0 {
		ts.Fatalf("signalled: unknown signal %q", args[0])
	}
	want, err := strconv.Atoi(args[1])
	ts.Check(err)
	vars, _ := scriptEnvs.Load(ts.Getenv("WORK"))
	work := ts.Getenv("WORK")
	pidDir := work
	if d := ts.Getenv("PIDDIR"); d != "" {
		pidDir = d
	}
	pidFile, tmp := filepath.Join(pidDir, "child.pid"), filepath.Join(work, "tmp-signalled")
	ts.Check(os.MkdirAll(tmp, 0o755))
	// A pid left by an earlier run would send the signal before course is
	// ready for it.
	if err := os.Remove(pidFile); err != nil && !errors.Is(err, fs.ErrNotExist) {
		ts.Fatalf("signalled: %v", err)
	}
	prog, err := exec.LookPath(filepath.Join(ts.Getenv("COURSEBIN"), args[2]))
	ts.Check(err)
	cmd := exec.Command(prog, args[3:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(append([]string(nil), vars.([]string)...), "PIDFILE="+pidFile, "TMPDIR="+tmp)
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = ts.Stdout(), &stderr
	ts.Check(cmd.Start())
	deadline := time.Now().Add(2 * time.Minute)
	var child int
	for child == 0 {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			ts.Fatalf("signalled: no pid in %s after 2 minutes; stderr: %s", pidFile, stderr.String())
		}
		if raw, err := os.ReadFile(pidFile); err == nil && strings.HasSuffix(string(raw), "\n") {
			child, _ = strconv.Atoi(strings.TrimSpace(string(raw)))
		}
		time.Sleep(20 * time.Millisecond)
	}
	ts.Check(cmd.Process.Signal(sig))
	err = cmd.Wait()
	got := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
	}
	ts.Logf("stderr: %s", stderr.String())
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
	if strings.Count(stderr.String(), "\n") != 1 || strings.Contains(stderr.String(), "please report") {
		ts.Fatalf("want one plain line on stderr, got %q", stderr.String())
	}
	for i := 0; ; i++ {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
		if err != nil || strings.Contains(string(stat), ") Z ") {
			break
		}
		if i == 100 {
			ts.Fatalf("the test's process %d outlived course", child)
		}
		time.Sleep(50 * time.Millisecond)
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "*"))
	if len(left) > 0 {
		ts.Fatalf("left in TMPDIR: %v", left)
	}
}

// cmdHeadPipe runs a program into a pipe whose reader goes away after the
// first line, as `course check | head -1` does: `headpipe STATUS PROGRAM
// [ARGS...]`. The line goes to the script's stdout, and the program must
// end with STATUS, saying nothing on stderr; when LEFTPID names a file,
// the process whose id it holds must be gone.
func cmdHeadPipe(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: headpipe STATUS PROGRAM [ARGS...]")
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	vars, _ := scriptEnvs.Load(ts.Getenv("WORK"))
	prog, err := exec.LookPath(filepath.Join(ts.Getenv("COURSEBIN"), args[1]))
	ts.Check(err)
	cmd := exec.Command(prog, args[2:]...)
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = append(append([]string(nil), vars.([]string)...), "LEFTPID="+ts.Getenv("LEFTPID"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, in, err := os.Pipe()
	ts.Check(err)
	// The smallest pipe there is, so that what the program writes after
	// its first line, beyond a few kilobytes, finds the reader gone.
	ts.Check(shrinkPipe(out))
	cmd.Stdout = in
	ts.Check(cmd.Start())
	ts.Check(in.Close())
	line, _ := bufio.NewReader(out).ReadString('\n')
	fmt.Fprint(ts.Stdout(), line)
	ts.Check(out.Close())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		ts.Fatalf("headpipe: %s still ran 2 minutes after its reader went away", args[1])
	}
	got := 0
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		got = exitErr.ExitCode()
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			ts.Fatalf("headpipe: %s was killed by %v, with nothing it started stopped", args[1], ws.Signal())
		}
	}
	if got != want {
		ts.Fatalf("headpipe: exit status %d, want %d; stderr: %s", got, want, stderr.String())
	}
	if stderr.Len() > 0 {
		ts.Fatalf("headpipe: want nothing on stderr, got %q", stderr.String())
	}
	if file := ts.Getenv("LEFTPID"); file != "" {
		raw, err := os.ReadFile(file)
		ts.Check(err)
		stat, err := os.ReadFile("/proc/" + strings.TrimSpace(string(raw)) + "/stat")
		if err == nil && !strings.Contains(string(stat), ") Z ") {
			ts.Fatalf("headpipe: process %s, which the test left behind, still runs", strings.TrimSpace(string(raw)))
		}
	}
}

// cmdWatchSave runs `course watch WS` as a person would: once its first
// check is done, it saves FILE (appending a line, as an editor's save
// changes it), waits for the second check, presses Ctrl-C, and checks that
// watch ends with status 130 and one plain line. The watch's output is the
// command's stdout: `watchsave WS FILE`.
func cmdWatchSave(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: watchsave WS FILE")
	}
	vars, _ := scriptEnvs.Load(ts.Getenv("WORK"))
	prog, err := exec.LookPath(filepath.Join(ts.Getenv("COURSEBIN"), "course"))
	ts.Check(err)
	cmd := exec.Command(prog, "watch", args[0], "--debounce", "100ms")
	cmd.Dir = ts.MkAbs(".")
	cmd.Env = vars.([]string)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	ts.Check(err)
	ts.Check(cmd.Start())
	lines := make(chan string)
	go func() {
		defer close(lines)
		buf := make([]byte, 0, 4096)
		chunk := make([]byte, 4096)
		for {
			n, err := out.Read(chunk)
			buf = append(buf, chunk[:n]...)
			for {
				i := strings.IndexByte(string(buf), '\n')
				if i < 0 {
					break
				}
				lines <- string(buf[:i])
				buf = buf[i+1:]
			}
			if err != nil {
				return
			}
		}
	}()
	var seen strings.Builder
	waitFor := func(want string) {
		deadline := time.After(2 * time.Minute)
		for {
			select {
			case ln, ok := <-lines:
				if !ok {
					ts.Fatalf("watch ended before %q; it printed:\n%s%s", want, seen.String(), stderr.String())
				}
				seen.WriteString(ln + "\n")
				if strings.Contains(ln, want) {
					return
				}
			case <-deadline:
				_ = cmd.Process.Kill()
				ts.Fatalf("no %q from watch in 2 minutes; it printed:\n%s", want, seen.String())
			}
		}
	}
	waitFor("waiting for a change")
	f, err := os.OpenFile(ts.MkAbs(args[1]), os.O_APPEND|os.O_WRONLY, 0)
	ts.Check(err)
	_, err = f.WriteString("\n")
	ts.Check(err)
	ts.Check(f.Close())
	waitFor("course watch: check 2")
	waitFor("waiting for a change")
	ts.Check(cmd.Process.Signal(os.Interrupt))
	for ln := range lines {
		seen.WriteString(ln + "\n")
	}
	err = cmd.Wait()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 130 {
		ts.Fatalf("watch ended with %v, want exit status 130", err)
	}
	if strings.Count(stderr.String(), "\n") != 1 || strings.Contains(stderr.String(), "please report") {
		ts.Fatalf("want one plain line on stderr, got %q", stderr.String())
	}
	fmt.Fprint(ts.Stdout(), seen.String())
}
