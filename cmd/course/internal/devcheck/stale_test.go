package devcheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/modules"
)

// The repository's modules list reads as the one built into the program.
func TestTheRepositorysModulesListReads(t *testing.T) {
	src, err := os.ReadFile("../../../../modules/modules.go")
	require.NoError(t, err)
	list, ok := listedModules(src)
	require.True(t, ok, "modules.go's list is read as literals")
	assert.Equal(t, modules.All(), list)
}

// A course program built before a row was added to modules/modules.go (an
// installed course, run in a checkout that has moved on) checks its own
// list: it named the new module's folder "not a row of modules/modules.go"
// while the row was there. It now refuses to run, saying how to mend it.
func TestACourseProgramWithAnotherModulesList(t *testing.T) {
	src, err := os.ReadFile("../../../../modules/modules.go")
	require.NoError(t, err)
	repo := fixture(t)
	write(t, repo, "modules/modules.go", string(src))
	_, err = Check(context.Background(), Options{Repo: repo, Commands: commands})
	require.NoError(t, err, "the same list")

	text := string(src)
	end := strings.Index(text, "\n}\n\n// All is every module")
	require.Positive(t, end)
	write(t, repo, "modules/modules.go", text[:end]+"\n\t{Number: \"14\", Slug: \"14-trading\", Part: \"I\", Title: \"Trading\"},"+text[end:])
	_, err = Check(context.Background(), Options{Repo: repo, Commands: commands})
	var stale *StaleError
	require.ErrorAs(t, err, &stale)
	assert.EqualError(t, err, filepath.Join(repo, "modules", "modules.go")+": it lists module 14 (14-trading), which this course program does not have; this course program was built from another modules list, so run the checkout's own (go run ./cmd/course dev ...), or install it again")

	write(t, repo, "modules/modules.go", strings.Replace(text, `Title: "Combat"`, `Title: "Combat and taunt"`, 1))
	_, err = Check(context.Background(), Options{Repo: repo, Commands: commands})
	assert.ErrorContains(t, err, "its module 12 (12-combat) has another title than this course program's;")
}

// The modules list holds together: numbers of two digits one after
// another, each slug its own number and a name, each module a title.
func TestTheModulesListHoldsTogether(t *testing.T) {
	assert.Empty(t, rowProblems(modules.All()), "the course's own list")
	assert.Equal(t, []string{
		`module 02: the slug "03-queue" is not 02-name (lower-case words joined by -); write it with the module's own number`,
		`module 03: the title is empty; give the title its lesson's first line has`,
		`module 05 follows module 03; number the modules one after another, in course order`,
		`module 06: the slug "06-Rules" is not 06-name (lower-case words joined by -); write it with the module's own number`,
		`module "7": the number is not two digits; write it as 00 to 99`,
	}, rowProblems([]modules.Module{
		{Number: "01", Slug: "01-handles", Title: "Handles"},
		{Number: "02", Slug: "03-queue", Title: "The Queue"},
		{Number: "03", Slug: "03-death-step", Title: " "},
		{Number: "05", Slug: "05-cards", Title: "Cards"},
		{Number: "06", Slug: "06-Rules", Title: "Rules"},
		{Number: "7", Slug: "7-x", Title: "X"},
	}))
}

// The RED run makes its workspace from the template built into the
// program: one built before a stub changed ran the course's tests against
// the old stubs while the file checks read the checkout's. It refuses to
// run instead, naming the first file that differs.
func TestACourseProgramWithAnotherTemplate(t *testing.T) {
	require.NoError(t, SameTemplate("../../../.."), "the checkout's own template")
	repo := t.TempDir()
	require.NoError(t, os.CopyFS(filepath.Join(repo, "templates", "go"), os.DirFS("../../../../templates/go")))
	require.NoError(t, SameTemplate(repo))

	game := filepath.Join(repo, "templates", "go", "harness", "game.go.tmpl")
	require.NoError(t, os.WriteFile(game, []byte("package harness\n"), 0o644))
	err := SameTemplate(repo)
	var stale *StaleError
	require.ErrorAs(t, err, &stale)
	assert.EqualError(t, err, game+": the file is not this course program's; this course program was built from another workspace template, so run the checkout's own (go run ./cmd/course dev ...), or install it again")

	require.NoError(t, os.Remove(game))
	assert.ErrorContains(t, SameTemplate(repo), "this course program's template has the file, and the checkout's does not")
	own, err := os.ReadFile("../../../../templates/go/harness/game.go.tmpl")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(game, own, 0o644))
	extra := filepath.Join(repo, "templates", "go", "harness", "trade.go.tmpl")
	require.NoError(t, os.WriteFile(extra, []byte("package harness\n"), 0o644))
	assert.EqualError(t, SameTemplate(repo), extra+": the checkout's template has the file, and this course program's does not; this course program was built from another workspace template, so run the checkout's own (go run ./cmd/course dev ...), or install it again")
}

// dev check refuses another template only when it would run the tests:
// the file checks read the checkout's own.
func TestCheckRefusesAnotherTemplateForTheTestsOnly(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "templates/go/harness/game.go.tmpl", "package harness\n")
	_, err := Check(context.Background(), Options{Repo: repo, Commands: commands})
	require.NoError(t, err)
	_, err = Check(context.Background(), Options{Repo: repo, Commands: commands, Tests: true})
	var stale *StaleError
	require.ErrorAs(t, err, &stale)
}
