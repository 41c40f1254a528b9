package expansion

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const startGoMod = `module example.com/ws

go 1.24

require github.com/stretchr/testify v1.12.1
`

// settingLines is the setting changes of a result, as String writes them.
func settingLines(res *Result) []string {
	var out []string
	for _, c := range res.Changes {
		if c.Directive != "" {
			out = append(out, c.String())
		}
	}
	return out
}

// go.mod's go, toolchain and godebug directives and a test file's
// //go:debug lines are each compared with the commit's, by name, with
// their values then and now; no engine file has changed.
func TestSettingsOfHowTheEngineRunsAreCompared(t *testing.T) {
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod+"\ngodebug (\n\tasynctimerchan=1\n\thttp2client=0\n)\n")
	f.write("tests/mine_test.go", "//go:debug randseednop=0\n\npackage tests\n")
	start := f.commit("start").String()

	f.write("go.mod", `module example.com/ws

go 1.21

toolchain go1.26.8

require github.com/stretchr/testify v1.12.1

godebug (
	asynctimerchan=0
	panicnil=1
)
`)
	f.write("tests/mine_test.go", "// A comment first.\n//go:debug randseednop=1\n//go:debug  panicnil=1\n\npackage tests\n\n//go:debug after=1\n")
	f.write("tests/helper.go", "//go:debug ignored=1\n\npackage tests\n")
	res, err := Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`go.mod: "go 1.24" is now "go 1.21"`,
		`go.mod: "toolchain go1.26.8" added`,
		`go.mod: "godebug asynctimerchan=1" is now "godebug asynctimerchan=0"`,
		`go.mod: "godebug http2client=0" removed`,
		`go.mod: "godebug panicnil=1" added`,
		`tests/mine_test.go: "//go:debug panicnil=1" added`,
		`tests/mine_test.go: "//go:debug randseednop=0" is now "//go:debug randseednop=1"`,
	}, settingLines(res))
	assert.Len(t, res.Changes, 7, "no engine file changed")

	mends := map[string]string{}
	for _, c := range res.Changes {
		mends[c.String()] = c.Mend(start)
	}
	short := start[:7]
	assert.Equal(t, "run `go mod edit -go=1.24` to put its go line back as it was at "+short+" (or `git checkout "+short+" -- go.mod`, which takes back its requires too)",
		mends[`go.mod: "go 1.24" is now "go 1.21"`])
	assert.True(t, strings.HasPrefix(mends[`go.mod: "toolchain go1.26.8" added`], "run `go mod edit -toolchain=none`"))
	assert.True(t, strings.HasPrefix(mends[`go.mod: "godebug panicnil=1" added`], "run `go mod edit -dropgodebug=panicnil`"))
	assert.True(t, strings.HasPrefix(mends[`go.mod: "godebug http2client=0" removed`], "run `go mod edit -godebug=http2client=0`"))
	assert.Equal(t, `remove the line "//go:debug panicnil=1" from tests/mine_test.go`, mends[`tests/mine_test.go: "//go:debug panicnil=1" added`])

	// Committed, the drop's span between the two commits says the same.
	end := f.commit("end").String()
	res, err = Between(f.dir, start, end, []string{"engine"})
	require.NoError(t, err)
	assert.Len(t, settingLines(res), 7)
}

// A drop needs its go.mod to say more at times: a require, an exclude, a
// replace are not how the engine runs, and a go.mod laid out otherwise
// with the same directives has changed nothing.
func TestGoModsOtherLinesAreTheDrops(t *testing.T) {
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod+"\ngodebug panicnil=0\n")
	f.commit("start")
	f.write("go.mod", `// The drop's module.
module example.com/ws

godebug (
	panicnil=0
)

go 1.24

require (
	github.com/stretchr/testify v1.12.1
	pgregory.net/rapid v1.3.0
)

exclude golang.org/x/text v0.3.0

replace example.com/other => ./other
`)
	f.write("tests/mine_test.go", "package tests\n")
	assert.Empty(t, f.check("HEAD"))
}

// A go.mod that does not parse now is an error that names it and says how
// to find the line; one that did not parse at the commit gives nothing to
// hold go.mod to, and no change of it is reported.
func TestAGoModThatDoesNotParse(t *testing.T) {
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod)
	f.commit("start")
	f.write("go.mod", "module example.com/ws\n\ngo 1.24 1.25\n")
	_, err := Check(f.dir, "HEAD", []string{"engine"})
	var gmErr *GoModError
	require.ErrorAs(t, err, &gmErr)
	assert.Contains(t, err.Error(), "go.mod does not parse (go.mod:3:")
	assert.Contains(t, err.Error(), "`go mod edit -fmt` names the line")

	f.commit("broken")
	f.write("go.mod", "module example.com/ws\n\ngo 1.21\n")
	assert.Empty(t, f.check("HEAD"))
}

// A //go:debug line sets nothing in a test file the build here leaves
// out, by its build constraints or its name, so none is reported; the
// same line in a file the build takes (a tag GOFLAGS adds included) is.
func TestAGoDebugLineInAFileTheBuildLeavesOutChangesNothing(t *testing.T) {
	other := "windows"
	if runtime.GOOS == "windows" {
		other = "linux"
	}
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod)
	f.commit("start")

	f.write("tests/ignored_test.go", "//go:build ignore\n\n//go:debug panicnil=1\n\npackage tests\n")
	f.write("tests/elsewhere_"+other+"_test.go", "//go:debug panicnil=1\n\npackage tests\n")
	f.write("tests/tagged_test.go", "//go:build slow\n\n//go:debug asynctimerchan=1\n\npackage tests\n")
	t.Setenv("GOFLAGS", "")
	res, err := Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Empty(t, settingLines(res))

	t.Setenv("GOFLAGS", "-mod=mod -tags=fast,slow")
	res, err = Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []string{`tests/tagged_test.go: "//go:debug asynctimerchan=1" added`}, settingLines(res))

	f.write("tests/ignored_test.go", "//go:debug panicnil=1\n\npackage tests\n")
	res, err = Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []string{
		`tests/ignored_test.go: "//go:debug panicnil=1" added`,
		`tests/tagged_test.go: "//go:debug asynctimerchan=1" added`,
	}, settingLines(res))
}

// GOFLAGS set with `go env -w` adds its tags to check's build as GOFLAGS
// in the environment does, so a //go:debug line in a file one of them
// builds is reported; the environment's GOFLAGS, when set, wins.
func TestAGoDebugLineInAFileATagOfTheGoEnvFileBuildsCounts(t *testing.T) {
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod)
	f.commit("start")
	f.write("tests/tagged_test.go", "//go:build slow\n\n//go:debug asynctimerchan=1\n\npackage tests\n")
	env := filepath.Join(t.TempDir(), "env")
	require.NoError(t, os.WriteFile(env, []byte("GOFLAGS=-mod=mod '-tags=fast slow'\n"), 0o644))
	t.Setenv("GOENV", env)
	t.Setenv("GOFLAGS", "")
	res, err := Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Equal(t, []string{`tests/tagged_test.go: "//go:debug asynctimerchan=1" added`}, settingLines(res))

	t.Setenv("GOFLAGS", "-mod=mod")
	res, err = Check(f.dir, "HEAD", []string{"engine"})
	require.NoError(t, err)
	assert.Empty(t, settingLines(res))
}

// A shell set up to cross-compile (GOOS of another system) changes
// nothing: check builds the tests for the system it runs on, so a test
// file named for the other system is still left out. The go/build package
// reads GOOS as the program starts, so the check runs in a process of its
// own started with it.
func TestAGoDebugLineForTheSystemAShellCrossCompilesForChangesNothing(t *testing.T) {
	const helperEnv = "EXPANSION_CROSS_GOOS_HELPER"
	other := "windows"
	if runtime.GOOS == "windows" {
		other = "linux"
	}
	if dir := os.Getenv(helperEnv); dir != "" {
		res, err := Check(dir, "HEAD", []string{"engine"})
		require.NoError(t, err)
		assert.Empty(t, settingLines(res))
		return
	}
	f := newFixture(t)
	f.write("engine/engine.go", "package engine\n")
	f.write("go.mod", startGoMod)
	f.commit("start")
	f.write("tests/elsewhere_"+other+"_test.go", "//go:debug panicnil=1\n\npackage tests\n")
	cmd := exec.Command(os.Args[0], "-test.run=^TestAGoDebugLineForTheSystemAShellCrossCompilesForChangesNothing$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+f.dir, "GOOS="+other, "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	assert.NoError(t, err, "%s", out)
}
