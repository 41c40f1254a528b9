package devcheck

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStubFunc(t *testing.T) {
	src := []byte("package h\n\nimport \"fmt\"\n\n// Play plays.\nfunc (g *Game) Play() int {\n\tfmt.Println()\n\treturn 1\n}\n\n// Keep stays.\nfunc Keep() {}\n")
	out, err := stubFunc(src, "Game.Play")
	require.NoError(t, err)
	// The body stays behind the panic, so fmt is still used and the file
	// builds as it did; nothing else moves.
	assert.Equal(t, "package h\n\nimport \"fmt\"\n\n// Play plays.\nfunc (g *Game) Play() int { panic(\"not implemented: Game.Play (taken away by course dev check)\");\n\tfmt.Println()\n\treturn 1\n}\n\n// Keep stays.\nfunc Keep() {}\n", string(out))
	_, err = stubFunc(src, "Game.Gone")
	assert.EqualError(t, err, "the file has no func Game.Gone")
	out, err = stubFunc(src, "Keep")
	require.NoError(t, err)
	assert.Contains(t, string(out), "func Keep() { panic(")
}

func TestSolutionManifests(t *testing.T) {
	repo := fixture(t)
	for _, tc := range []struct{ manifest, want string }{
		{`{"funcs": ["harness/game.go:NewGame"]}`, ""},
		{`{"none": "nothing to write"}`, ""},
		// A card the catalog gives the module itself, which start-module
		// copies into the workspace with the module's cards: the drop
		// would be done before it starts.
		{`{"files": ["cards/test-filler.json"]}`, `lists cards/test-filler.json, card "Test Filler", which course/catalog.json gives module 01, before drop 01x, so start-module copies it into the learner's workspace before the drop starts and the drop's test passes unwritten; give it module 01x in the catalog`},
		{`{}`, "give either what the solution adds (files, words, funcs) or none with the reason"},
		{`{"files": ["engine/doc.go"]}`, "the solution names engine/doc.go; a drop's solution changes no file under engine/"},
		{`{"files": ["cards/nope.json"]}`, "names cards/nope.json, which the repository does not have"},
		{`{"funcs": ["harness/game.go:Game.Nope"]}`, `funcs entry "harness/game.go:Game.Nope": the file has no func Game.Nope`},
		{`{"words": ["LAVA"]}`, "word LAVA is not in course/words.json"},
		{`{"file": ["cards/test-filler.json"]}`, "is not a solution manifest"},
		// A path that is not clean would slip past the engine rule, or have
		// the run without the solution delete a file outside its copy.
		{`{"files": ["./engine/doc.go"]}`, `names "./engine/doc.go", which is not a path inside the repository from its root`},
		{`{"files": ["cards/../engine/doc.go"]}`, `names "cards/../engine/doc.go", which is not a path inside the repository from its root`},
		{`{"files": ["../../../../../../../../../tmp/x.json"]}`, `names "../../../../../../../../../tmp/x.json", which is not a path inside the repository from its root`},
		{`{"files": ["/etc/hosts"]}`, `names "/etc/hosts", which is not a path inside the repository from its root`},
		{`{"funcs": ["harness/../engine/doc.go:Doc"]}`, `names "harness/../engine/doc.go", which is not a path inside the repository from its root`},
		{`{"files": ["cards"]}`, "names cards, which is not a regular file; list the files the solution adds one by one"},
		// Taken away, the drop's own test, or go.sum, makes the test fail
		// for another reason: it is gone, or nothing builds.
		{`{"files": ["course/01-handles/expansion/tests/01x_handles_test.go"]}`, "names course/01-handles/expansion/tests/01x_handles_test.go, which is no part of a solution: a drop's solution is a card file (cards/, a module's cards/), a level (levels/) or harness code (harness/, not a test), and without course/01-handles/expansion/tests/01x_handles_test.go the drop's test fails for another reason; list the files the solution adds"},
		{`{"files": ["course/01-handles/scenarios.md"]}`, "names course/01-handles/scenarios.md, which is no part of a solution"},
		{`{"funcs": ["course/01-handles/tests/01_handles_test.go:Test_01_summon_gives_an_id"]}`, "names course/01-handles/tests/01_handles_test.go, which is no part of a solution"},
	} {
		write(t, repo, "course/01-handles/expansion/solution.json", tc.manifest)
		got := strings.Join(problemsOf(t, repo), "\n")
		if tc.want == "" {
			assert.Empty(t, got, tc.manifest)
		} else {
			assert.Contains(t, got, "course/01-handles/expansion/solution.json: "+tc.want, tc.manifest)
		}
	}
	// A file outside the repository that the path reaches from the
	// repository and from any copy of it alike (a path climbs no higher
	// than /), which the run without the solution would have deleted.
	outside := filepath.Join(t.TempDir(), "keep.json")
	write(t, filepath.Dir(outside), "keep.json", "{}")
	climb := strings.Repeat("../", 64) + strings.TrimPrefix(filepath.ToSlash(outside), "/")
	write(t, repo, "course/01-handles/expansion/solution.json", `{"files": ["`+climb+`"]}`)
	assert.Contains(t, problemsOf(t, repo), "course/01-handles/expansion/solution.json: names \""+climb+"\", which is not a path inside the repository from its root; write it without ., .., a leading / or \\, e.g. cards/name.json")
	require.NoError(t, os.Remove(filepath.Join(repo, "course/01-handles/expansion/solution.json")))
	assert.Contains(t, problemsOf(t, repo), "course/01-handles/expansion/solution.json: is missing; list what the drop's solution adds (files, words, funcs) or why it needs none (none)")
}

// A drop whose test passes with its listed solution taken away is found: the
// test does not need what the manifest says is the solution.
func TestADropMustNeedItsSolution(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	repo := fixture(t)
	write(t, repo, "go.mod", "module example.com/r\n\ngo 1.26\n")
	write(t, repo, "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01x"}]}`)
	write(t, repo, "cards/extra.json", `{"name": "Extra"}`)
	write(t, repo, "go.sum", "")
	write(t, repo, "course/01-handles/expansion/tests/01x_handles_test.go", `package tests

import (
	"os"
	"testing"
)

func Test_01x_play(t *testing.T) {
	if _, err := os.Stat("../../../../cards/test-filler.json"); err != nil {
		t.Fatal("the drop's card is missing")
	}
}
`)
	run := func(manifest string) []Problem {
		write(t, repo, "course/01-handles/expansion/solution.json", manifest)
		c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
		s := c.solution(modulesByNumber(t, "01"))
		require.NotNil(t, s, c.rep.Problems)
		require.NoError(t, c.withoutSolutions(context.Background(), map[string]*Solution{"01": s}))
		return c.rep.Problems
	}
	assert.Empty(t, run(`{"files": ["cards/test-filler.json"]}`))
	got := run(`{"files": ["cards/extra.json"]}`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0].What, "drop 01x's test passes without the solution it lists")
	// Without go.sum, go test would not run at all: the test "fails",
	// and said nothing of the solution.
	write(t, repo, "course/01-handles/expansion/solution.json", `{"files": ["go.sum"]}`)
	c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
	assert.Nil(t, c.solution(modulesByNumber(t, "01")))
	require.Len(t, c.rep.Problems, 1)
	assert.Contains(t, c.rep.Problems[0].What, "names go.sum, which is no part of a solution")
	_, err := os.Stat(filepath.Join(repo, "cards/extra.json"))
	assert.NoError(t, err, "the repository itself is never changed")
}

// The drops run side by side, each in a copy of its own: a drop's taken
// solution is gone from its own run only, and the problems come in module
// order however the runs end.
func TestDropsWithoutTheirSolutionsRunApart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	repo := fixture(t)
	write(t, repo, "go.mod", "module example.com/r\n\ngo 1.26\n")
	drops := map[string]*Solution{}
	for _, n := range []string{"01", "02", "03", "04"} {
		m := modulesByNumber(t, n)
		write(t, repo, "cards/card-"+n+".json", `{"name": "Card `+n+`"}`)
		// Each drop's test needs every card but its own: only another
		// drop's run, in the same copy, could take one away.
		var needs strings.Builder
		for _, other := range []string{"01", "02", "03", "04"} {
			if other != n {
				fmt.Fprintf(&needs, "\tif _, err := os.Stat(\"../../../../cards/card-%s.json\"); err != nil {\n\t\tt.Fatal(\"card %s is missing\")\n\t}\n", other, other)
			}
		}
		write(t, repo, "course/"+m.ExpansionTestsDir()+"/"+n+"x_test.go", "package tests\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\nfunc "+m.ExpansionTestPrefix()+"needs(t *testing.T) {\n"+needs.String()+"}\n")
		drops[n] = &Solution{Files: []string{"cards/card-" + n + ".json"}}
	}
	c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
	require.NoError(t, c.withoutSolutions(context.Background(), drops))
	var files []string
	for _, p := range c.rep.Problems {
		assert.Contains(t, p.What, "passes without the solution it lists")
		files = append(files, p.File)
	}
	assert.Equal(t, []string{
		"course/01-handles/expansion/solution.json", "course/02-queue/expansion/solution.json",
		"course/03-death-step/expansion/solution.json", "course/04-auras/expansion/solution.json",
	}, files, "every drop's test passes without its own card, in module order")
}

// A drop's manifest names only functions its file declares, read from the
// file as the other rules read it.
func TestASolutionNamesAFuncItsFileHas(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "harness/game.go", "package harness\n\nfunc NewGame() {}\n\ntype Game struct{}\n\nfunc (g *Game) Play(id int) {}\n")
	write(t, repo, "course/01-handles/expansion/solution.json", `{"funcs": ["harness/game.go:Game.Play", "harness/game.go:Game.Gone"]}`)
	assert.Equal(t, []string{
		`course/01-handles/expansion/solution.json: funcs entry "harness/game.go:Game.Gone": the file has no func Game.Gone`,
	}, problemsOf(t, repo))
}

// dropRepo is a fixture whose harness has a function the drop's test calls
// (Play), one it never calls but another harness function does (helper),
// and a file of its own (extra.go) the test uses.
func dropRepo(t *testing.T) string {
	t.Helper()
	repo := fixture(t)
	write(t, repo, "go.mod", "module example.com/r\n\ngo 1.26\n")
	write(t, repo, "go.sum", "")
	write(t, repo, "harness/game.go", `package harness

import "strings"

func NewGame() {}

type Game struct{}

// Play is the drop's solution.
func (g *Game) Play() string { return strings.ToUpper("played") }

// helper is not the drop's: the test never calls it, but Shout does.
func helper() string { return "helper" }

// Shout calls helper, so that deleting helper would break the build.
func Shout() string { return helper() }
`)
	write(t, repo, "harness/extra.go", "package harness\n\n// Extra is the drop's too.\nfunc Extra() int { return 1 }\n")
	write(t, repo, "course/01-handles/expansion/tests/01x_handles_test.go", `package tests

import (
	"testing"

	"example.com/r/harness"
)

func Test_01x_play(t *testing.T) {
	g := &harness.Game{}
	if g.Play() != "PLAYED" {
		t.Fatal("not played")
	}
	if harness.Extra() != 1 {
		t.Fatal("no extra")
	}
}
`)
	return repo
}

// runDrop checks the drop of Module 1 without the solution manifest lists.
func runDrop(t *testing.T, repo, manifest string) []string {
	t.Helper()
	write(t, repo, "course/01-handles/expansion/solution.json", manifest)
	c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
	s := c.solution(modulesByNumber(t, "01"))
	require.NotNil(t, s, c.rep.Problems)
	require.NoError(t, c.withoutSolutions(context.Background(), map[string]*Solution{"01": s}))
	var out []string
	for _, p := range c.rep.Problems {
		out = append(out, p.String())
	}
	return out
}

// A drop's test must run and fail without its solution: a function taken
// away is stubbed out, so a test that calls it fails, and one listed that
// the test never calls is found, even where deleting it broke the build.
func TestADropsTestMustFailNotItsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	repo := dropRepo(t)
	assert.Empty(t, runDrop(t, repo, `{"funcs": ["harness/game.go:Game.Play"]}`),
		"the test calls Play: stubbed out, the test runs and fails")
	assert.Equal(t, []string{
		"course/01-handles/expansion/solution.json: drop 01x's test passes without the solution it lists; the test must need the solution (or the manifest must list all of it): Test_01x_play ran and passed",
	}, runDrop(t, repo, `{"funcs": ["harness/game.go:helper"]}`),
		"the test never calls helper; deleted, helper broke Shout's build, and the drop passed")
	// A harness file listed whole takes the test's Extra with it: the
	// build breaks, and the entry is named with its mend.
	got := runDrop(t, repo, `{"funcs": ["harness/game.go:Game.Play"], "files": ["harness/extra.go"]}`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "course/01-handles/expansion/solution.json: drop 01x's test never ran without the solution it lists: taking away files entry harness/extra.go breaks the build (")
	assert.Contains(t, got[0], "undefined: harness.Extra")
	assert.Contains(t, got[0], "list the functions the drop adds to harness/extra.go under funcs (FILE:NAME), which dev check stubs out to panic with their signatures kept, not the file")
	assert.NotContains(t, got[0], "Game.Play", "Play alone leaves the build whole")
	// A package that fails before the drop's test runs proves nothing
	// either.
	write(t, repo, "course/01-handles/expansion/tests/init_test.go", "package tests\n\nimport \"example.com/r/harness\"\n\nvar _ = harness.Shout()\n\nfunc init() {\n\tif harness.Shout() != \"helper\" {\n\t\tpanic(\"no helper\")\n\t}\n}\n")
	got = runDrop(t, repo, `{"funcs": ["harness/game.go:helper"]}`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "course/01-handles/expansion/solution.json: drop 01x's package fails without the solution it lists, but none of its tests (Test_01x_*) does (")
	assert.Contains(t, got[0], "(panic: not implemented: helper (taken away by course dev check))")
}
