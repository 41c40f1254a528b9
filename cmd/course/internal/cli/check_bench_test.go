package cli

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

// benchWorkspace is a fresh workspace made from the template with Module 1
// started: every test panics in a stub (RED).
func benchWorkspace(b *testing.B) string {
	b.Helper()
	dir := filepath.Join(b.TempDir(), "ws")
	if _, err := scaffold.Init(dir, "example.com/my-engine"); err != nil {
		b.Fatal(err)
	}
	benchStart(b, dir, false)
	return dir
}

// benchStart starts Module 1 (or its drop) in the workspace.
func benchStart(b *testing.B, dir string, expansion bool) {
	b.Helper()
	cat, err := data.LoadCatalog(course.Files)
	if err != nil {
		b.Fatal(err)
	}
	m, _ := modules.Lookup("01")
	ws, err := workspace.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := scaffold.StartModule(scaffold.StartOptions{Course: course.Files, Cards: cards.Files, Catalog: cat,
		Module: m, Workspace: ws, ModulePath: "example.com/my-engine", Expansion: expansion}); err != nil {
		b.Fatal(err)
	}
}

// greenWorkspace is a workspace made as benchWorkspace, with Module 1's
// tests and its Expansion Drop's test pointed at the reference harness of
// this repository (a replace directive): every test passes (GREEN).
func greenWorkspace(b *testing.B, repo string) string {
	b.Helper()
	dir := benchWorkspace(b)
	benchStart(b, dir, true)
	files, _ := filepath.Glob(filepath.Join(dir, "tests", "*_test.go"))
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		out, err := scaffold.RewriteHarnessImport(f, src, scaffold.HarnessImport)
		if err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(f, out, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	gomod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		b.Fatal(err)
	}
	gomod = append(gomod, []byte("\nrequire github.com/systemic-game-design/course v0.0.0\n\nreplace github.com/systemic-game-design/course => "+repo+"\n")...)
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), gomod, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		b.Fatal(err)
	}
	tidy := exec.Command("go", "mod", "tidy")
	tidy.Dir = dir
	tidy.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	if out, err := tidy.CombinedOutput(); err != nil {
		b.Fatalf("go mod tidy: %v\n%s", err, out)
	}
	return dir
}

// repositoryRoot is this repository's folder, where the reference harness
// makes every module's tests pass (GREEN).
func repositoryRoot(b *testing.B) string {
	b.Helper()
	dir, err := filepath.Abs("../../../..")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "course", "catalog.json")); err != nil {
		b.Skip("not inside the course repository")
	}
	return dir
}

// BenchmarkCheck compares course check with one plain `go test -json` of
// the same tests (-count=1, so go test's result cache does not answer for
// it): RED is a fresh workspace with Module 1 started, whose four tests all
// panic in stubs; GREEN is such a workspace with the drop started too, its
// tests run against the reference harness; REPOSITORY is Module 1 of this
// repository (two packages: the tests and the drop's); LOUD is a workspace
// test that prints 4 MB. check-no-sandbox is check with the test binaries
// unconfined (--no-sandbox), beside it to show what confining them costs.
func BenchmarkCheck(b *testing.B) {
	if _, err := exec.LookPath("go"); err != nil {
		b.Skip("no go command")
	}
	red := benchWorkspace(b)
	loud := benchWorkspace(b)
	if err := os.WriteFile(filepath.Join(loud, "tests", "01_loud_test.go"), []byte(benchLoudTest), 0o644); err != nil {
		b.Fatal(err)
	}
	repo := repositoryRoot(b)
	green := greenWorkspace(b, repo)
	cases := []struct {
		name, dir, module string
		pkgs              []string
	}{
		{"red", red, "", []string{"./tests"}},
		{"green", green, "", []string{"./tests"}},
		{"repository", repo, "01", []string{"./course/01-handles/..."}},
		{"loud", loud, "", []string{"./tests"}},
	}
	content, err := data.Embedded()
	if err != nil {
		b.Fatal(err)
	}
	env := &Env{Stdout: io.Discard, Stderr: io.Discard, Content: content}
	for _, c := range cases {
		goTest := func() {
			cmd := exec.Command("go", append([]string{"test", "-json", "-count=1"}, c.pkgs...)...)
			cmd.Dir = c.dir
			out, err := cmd.Output()
			if err != nil && !strings.Contains(string(out), `"Action":"fail"`) {
				b.Fatalf("go test -json: %v\n%s", err, out)
			}
		}
		goTest() // the build cache warm for both
		b.Run(c.name+"/check", func(b *testing.B) {
			for b.Loop() {
				err := RunCheck(context.Background(), env, &CheckOptions{Workspace: c.dir, Module: c.module, Timeout: time.Minute})
				if s := Status(err); s == StatusCannot {
					b.Fatal(err)
				}
			}
		})
		// the same check with its test binaries unconfined: what the
		// sandbox costs
		b.Run(c.name+"/check-no-sandbox", func(b *testing.B) {
			for b.Loop() {
				err := RunCheck(context.Background(), env, &CheckOptions{Workspace: c.dir, Module: c.module, Timeout: time.Minute, NoSandbox: true})
				if s := Status(err); s == StatusCannot {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/go-test-json", func(b *testing.B) {
			for b.Loop() {
				goTest()
			}
		})
	}
}

const benchLoudTest = `package tests

import (
	"fmt"
	"strings"
	"testing"
)

func Test_01_loud(t *testing.T) {
	line := strings.Repeat("x", 99)
	for i := 0; i < 40000; i++ {
		fmt.Println(line)
	}
}
`
