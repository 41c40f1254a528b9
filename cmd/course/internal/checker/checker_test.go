package checker

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

// fixture writes a minimal workspace: go.mod, .course.json and the files
// given (slash paths), and returns its folder.
func fixture(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	dir := t.TempDir()
	all := map[string]string{
		"go.mod":        "module example.com/ws\n\ngo 1.26\n",
		".course.json":  `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["content", "cards"]}`,
		"engine/doc.go": "// Package engine is empty.\npackage engine\n",
	}
	for k, v := range files {
		all[k] = v
	}
	for rel, content := range all {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return dir
}

const loudTest = `package tests

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
	t.Fatal("the last word")
}
`

// A test that prints 4 MB: check keeps a bounded tail, says it cut the
// rest, and takes no more than three times as long as go test -json.
func TestLoudOutputIsCutAndLinear(t *testing.T) {
	ws := fixture(t, map[string]string{"tests/01_loud_test.go": loudTest})
	o := Options{Workspace: ws, Timeout: time.Minute}
	check := func() (*Report, time.Duration) {
		start := time.Now()
		r, err := Run(context.Background(), o, nil)
		require.NoError(t, err)
		return r, time.Since(start)
	}
	goTest := func() time.Duration {
		start := time.Now()
		cmd := exec.Command("go", "test", "-json", "./tests")
		cmd.Dir = ws
		_ = cmd.Run()
		return time.Since(start)
	}
	goTest() // warm the build cache for both
	r, _ := check()
	require.Len(t, r.Modules, 1)
	f := r.Modules[0].FirstFailure
	require.NotNil(t, f)
	assert.Greater(t, f.Cut, int64(3<<20))
	assert.Contains(t, f.Output, "bytes of output before this were cut")
	assert.Contains(t, f.Output, "the last word")
	assert.Less(t, len(f.Output), 70<<10)

	_, c1 := check()
	_, c2 := check()
	g := min(goTest(), goTest())
	c := min(c1, c2)
	t.Logf("check %v, go test -json %v", c, g)
	assert.Less(t, c, 3*g+500*time.Millisecond, "check %v against go test -json %v", c, g)
}

func TestLearnersTestsRunUnderYourTests(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_handles_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_02_not_started_here(t *testing.T) {}\n",
		"tests/mine_test.go":       "package tests\n\nimport \"testing\"\n\nfunc TestStress(t *testing.T) { t.Error(\"too slow\") }\nfunc TestMine(t *testing.T) {}\nfunc Testify(t *testing.T) {}\n",
	})
	r, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute, Module: "01"}, nil)
	require.NoError(t, err)
	require.Len(t, r.Modules, 1)
	assert.Equal(t, 1, r.Modules[0].Passed)
	require.NotNil(t, r.YourTests)
	assert.Equal(t, 1, r.YourTests.Passed)
	assert.Equal(t, 1, r.YourTests.Failed)
	assert.Equal(t, "TestStress", r.YourTests.FirstFailure.Test)
	assert.False(t, r.OK)
	var sb strings.Builder
	r.WriteText(&sb)
	assert.Contains(t, sb.String(), "\nyour tests: 1 passed, 1 failed\n  first failure: TestStress (fail)\n")
	assert.Contains(t, sb.String(), "too slow")
}

func TestProgressComesLiveWithTheModule(t *testing.T) {
	ws := fixture(t, map[string]string{
		"tests/01_a_test.go": "package tests\n\nimport \"testing\"\n\nfunc Test_01_a(t *testing.T) {}\nfunc Test_01_b(t *testing.T) { panic(\"not implemented: B\") }\nfunc Test_01_c(t *testing.T) {}\n",
	})
	var seen []Progress
	_, err := Run(context.Background(), Options{Workspace: ws, Timeout: time.Minute}, func(p Progress) { seen = append(seen, p) })
	require.NoError(t, err)
	var tests []Progress
	for _, p := range seen {
		if p.Phase == "test" {
			tests = append(tests, p)
		}
	}
	require.NotEmpty(t, tests)
	assert.Equal(t, "01", tests[0].Module)
	assert.Equal(t, 3, tests[len(tests)-1].Done)
	assert.Equal(t, 3, tests[len(tests)-1].Total)
}
