package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/cmd/course/internal/cli"
	"github.com/systemic-game-design/course/course"
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
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"exits":       cmdExits,
			"gitcommit":   cmdGitCommit,
			"gittag":      cmdGitTag,
			"copycontent": cmdCopyContent,
			"addnoun":     cmdAddNoun,
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
