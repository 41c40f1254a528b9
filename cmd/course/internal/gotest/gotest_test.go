package gotest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseGroupsSubtestsUnderTheirTest(t *testing.T) {
	stream := `{"Action":"run","Package":"p","Test":"Test_01_a"}
{"Action":"output","Package":"p","Test":"Test_01_a","Output":"=== RUN   Test_01_a\n"}
{"Action":"run","Package":"p","Test":"Test_01_a/sub"}
{"Action":"output","Package":"p","Test":"Test_01_a/sub","Output":"    boom\n"}
{"Action":"fail","Package":"p","Test":"Test_01_a/sub"}
{"Action":"fail","Package":"p","Test":"Test_01_a"}
{"Action":"pass","Package":"p","Test":"Test_01_b"}
{"Action":"build-output","ImportPath":"q","Output":"q/x.go:1: bad\n"}
not json
{"Action":"fail","Package":"p"}
`
	s, err := parse(strings.NewReader(stream))
	require.NoError(t, err)
	assert.Equal(t, []string{"Test_01_a", "Test_01_b"}, s.order["p"])
	assert.Equal(t, Fail, s.tests["p"]["Test_01_a"].Outcome)
	assert.Contains(t, s.tests["p"]["Test_01_a"].Output, "boom")
	assert.Equal(t, Pass, s.tests["p"]["Test_01_b"].Outcome)
	assert.Equal(t, "q/x.go:1: bad\n", s.build["q"])
}

// module writes a small Go module with one test package and returns it.
func module(t *testing.T, test string) (string, Package) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644))
	pkg := filepath.Join(dir, "tests")
	require.NoError(t, os.Mkdir(pkg, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(pkg, "x_test.go"), []byte(test), 0o644))
	return dir, Package{Dir: pkg, ImportPath: "example.com/m/tests"}
}

func outcomes(r *Result) map[string]Outcome {
	out := map[string]Outcome{}
	for _, t := range r.Tests {
		out[t.Name] = t.Outcome
	}
	return out
}

func TestAPanicDoesNotHideTheTestsAfterIt(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) { panic("not implemented: A") }
func Test_01_b(t *testing.T) {}
func Test_01_c(t *testing.T) { panic("not implemented: C") }
func Test_01_d(t *testing.T) { t.Fatal("wrong") }
func TestOther(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_b", "Test_01_c", "Test_01_d"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Run: "^Test_01_", Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": Fail, "Test_01_b": Pass, "Test_01_c": Fail, "Test_01_d": Fail}, outcomes(r))
	assert.False(t, r.TimedOut)
}

func TestAnEndlessLoopIsATimeout(t *testing.T) {
	dir, p := module(t, `package tests

import "testing"

func Test_01_a(t *testing.T) {}
func Test_01_loop(t *testing.T) { for {} }
func Test_01_z(t *testing.T) {}
`)
	p.Expected = []string{"Test_01_a", "Test_01_loop", "Test_01_z"}
	start := time.Now()
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: 2 * time.Second})
	require.NoError(t, err)
	assert.Less(t, time.Since(start), time.Minute)
	assert.True(t, r.TimedOut)
	got := outcomes(r)
	assert.Equal(t, Pass, got["Test_01_a"])
	assert.Equal(t, TimedOut, got["Test_01_loop"])
	assert.Equal(t, NotRun, got["Test_01_z"])
}

func TestABuildFailureIsReported(t *testing.T) {
	dir, p := module(t, "package tests\n\nfunc Test_01_a(t *testing.T) { undefined() }\n")
	p.Expected = []string{"Test_01_a"}
	r, err := Run(context.Background(), Options{Module: dir, Packages: []Package{p}, Timeout: time.Minute})
	require.NoError(t, err)
	assert.Equal(t, map[string]Outcome{"Test_01_a": NotRun}, outcomes(r))
	assert.Contains(t, r.BuildOutput[p.ImportPath], "undefined")
}
