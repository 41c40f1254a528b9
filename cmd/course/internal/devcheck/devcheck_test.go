package devcheck

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/modules"
)

const goodLesson = `# Module 1: Handles and order of play

Intro.

## Observe

Text.

## Predict

Q1.

<details>
<summary>Discussion</summary>

A1.

</details>

## Spec

` + "`g.Summon(...)` returns an id; `NewGame(opts)` starts a game. See `engine/` and `cards/test-filler.json`." + `

## Build

<details>
<summary>Hint 1: a nudge</summary>

n

</details>

<details>
<summary>Hint 2: the concepts</summary>

c

</details>

<details>
<summary>Hint 3: pseudo-code</summary>

p

</details>

<details>
<summary>How the real game differs</summary>

d

</details>

## Name it

Run ` + "`course check ~/my-engine`" + `.

` + "```sh\ncourse start-module 01 ~/my-engine --expansion\n```" + `

## Expansion Drop

Add ` + "`Bounce(id ID)`" + ` yourself.

## Stress it

s

## Further reading

r
`

// checks is a fixture test's body: one that can fail, as every course
// test must.
const checks = `if t.Name() == "" { t.Fatal("no name") }`

// fixture is a course repository with Module 1 only, whole and consistent.
func fixture(t *testing.T) string {
	t.Helper()
	return fixtureAt(t, t.TempDir())
}

// fixtureAt writes the fixture into the folder repo.
func fixtureAt(t *testing.T, repo string) string {
	t.Helper()
	write(t, repo, "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"}],
		"words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`)
	write(t, repo, "course/words.json", `{"words": [{"word": "ROCK", "role": "noun"}]}`)
	write(t, repo, "course/schema/card.schema.json", `{"type": "object", "required": ["name"]}`)
	write(t, repo, "course/schema/level.schema.json", `{"type": "object"}`)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1}`)
	write(t, repo, "engine/doc.go", "package engine\n")
	write(t, repo, "harness/game.go", "package harness\n\nfunc NewGame() {}\n")
	write(t, repo, "course/01-handles/lesson.md", goodLesson)
	write(t, repo, "course/01-handles/scenarios.md", "# Scenarios\n\n## test_01_summon_gives_an_id\n\nText.\n")
	write(t, repo, "course/01-handles/tests/01_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_summon_gives_an_id(t *testing.T) { "+checks+" }\n")
	write(t, repo, "course/01-handles/expansion/README.md", "# Drop\n\n## test_01x_play\n")
	write(t, repo, "course/01-handles/expansion/tests/01x_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01x_play(t *testing.T) { "+checks+" }\n")
	write(t, repo, "course/01-handles/expansion/solution.md", "# Solution\n")
	write(t, repo, "course/01-handles/expansion/solution.json", `{"funcs": ["harness/game.go:NewGame"]}`)
	return repo
}

func write(t *testing.T, repo, p, text string) {
	t.Helper()
	full := filepath.Join(repo, filepath.FromSlash(p))
	require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
	require.NoError(t, os.WriteFile(full, []byte(text), 0o644))
}

// commands knows course check and course start-module --expansion only.
func commands(words []string) error {
	if len(words) == 0 {
		return nil
	}
	switch words[0] {
	case "check", "start-module":
		for _, w := range words[1:] {
			if strings.HasPrefix(w, "--") && w != "--expansion" {
				return errors.New("no flag " + w)
			}
		}
		return nil
	}
	return errors.New("no command " + words[0])
}

// problemsOf runs the file checks and keeps the problems of Module 1 and the
// content, the part the fixture holds.
func problemsOf(t *testing.T, repo string) []string {
	t.Helper()
	rep, err := Check(context.Background(), Options{Repo: repo, Commands: commands})
	require.NoError(t, err)
	var out []string
	for _, p := range rep.Problems {
		if strings.HasPrefix(p.File, "course/") && !strings.HasPrefix(p.File, "course/01-handles") &&
			strings.Contains(p.What, "has no folder") {
			continue // the other modules, absent from the fixture
		}
		out = append(out, p.String())
	}
	return out
}

func TestAWholeModuleHasNoProblem(t *testing.T) {
	assert.Empty(t, problemsOf(t, fixture(t)))
}

func TestHeadingsAndTestsAreOneSet(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## test_01_only_a_heading\n\n## test_01_summon_gives_an_id\n\n```\n## test_01_in_a_code_block\n```\n\n~~~\n## test_01_in_a_tilde_block\n~~~\n")
	write(t, repo, "course/01-handles/tests/more_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_only_a_test(t *testing.T) { "+checks+" }\n\nfunc Test_02_misplaced(t *testing.T) { "+checks+" }\n")
	got := problemsOf(t, repo)
	assert.Contains(t, got, "course/01-handles/scenarios.md:5: scenario test_01_only_a_heading has no test; write func Test_01_only_a_heading in course/01-handles/tests")
	assert.Contains(t, got, "course/01-handles/scenarios.md:7: heading test_01_summon_gives_an_id appears 2 times; each scenario is one heading")
	assert.Contains(t, got, "course/01-handles/tests/more_test.go:5: test Test_01_only_a_test has no scenario; add a heading ## test_01_only_a_test to course/01-handles/scenarios.md")
	assert.Contains(t, got, "course/01-handles/tests/more_test.go:7: test Test_02_misplaced does not start Test_01_, so check cannot tell which module it belongs to; rename it Test_01_misplaced, or move it to the module it belongs to")
	assert.Len(t, got, 4, "a heading inside a code block, of backticks or of tildes, is not a scenario")
}

// A fence is indented by three spaces at most, as CommonMark has it: a
// heading between two lines of backticks indented four spaces is a
// heading (those lines are indented code), and no block is left open
// after them to hide the headings below.
func TestAHeadingBetweenIndentedBackticksIsAHeading(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\nText.\n\n    ```\n## test_01_between_indented_backticks\n    ```\n\n## test_01_after_them\n")
	assert.Equal(t, []string{
		"course/01-handles/scenarios.md:8: scenario test_01_between_indented_backticks has no test; write func Test_01_between_indented_backticks in course/01-handles/tests",
		"course/01-handles/scenarios.md:11: scenario test_01_after_them has no test; write func Test_01_after_them in course/01-handles/tests",
	}, problemsOf(t, repo))
}

// A heading that reads like a scenario's but is not one (a capital T, a
// third #) would leave its scenario without a test and nothing said.
func TestAHeadingThatAlmostNamesAScenario(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## Test_01_capital\n\n### test_01_level3\n\n```\n## Test_01_in_a_code_block\n```\n")
	got := problemsOf(t, repo)
	assert.Equal(t, []string{
		`course/01-handles/scenarios.md:5: "## Test_01_capital" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
		`course/01-handles/scenarios.md:7: "### test_01_level3" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
	}, got)
}

// A test whose heading is there but spelled otherwise (a capital letter, a
// Cyrillic о for an o, a no-break space or a full stop after it) is one
// problem at the heading, with the odd character spelled out and the
// spelling that mends it: before, a heading that read exactly right was
// told to be written as ## test_01_name, and the test had no scenario
// beside it.
func TestAHeadingSpelledOtherwiseIsItsTests(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## test_01_z\u043enes\n\n## test_01_names\u00a0\n\n## test_01_Board\n\n## test_01_order.\n\n## test_01_z\u043eo\n")
	write(t, repo, "course/01-handles/tests/more_test.go", "package tests\n\nimport \"testing\"\n\n"+
		"func Test_01_zones(t *testing.T) { "+checks+" }\n\nfunc Test_01_names(t *testing.T) { "+checks+" }\n\nfunc Test_01_board(t *testing.T) { "+checks+" }\n\nfunc Test_01_order(t *testing.T) { "+checks+" }\n\nfunc Test_01_other(t *testing.T) { "+checks+" }\n")
	got := problemsOf(t, repo)
	assert.ElementsMatch(t, []string{
		`course/01-handles/scenarios.md:5: heading "## test_01_z\u043enes" is test Test_01_zones's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## test_01_zones`,
		`course/01-handles/scenarios.md:7: heading "## test_01_names\u00a0" is test Test_01_names's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## test_01_names`,
		`course/01-handles/scenarios.md:9: heading "## test_01_Board" is test Test_01_board's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## test_01_board`,
		`course/01-handles/scenarios.md:11: heading "## test_01_order." is test Test_01_order's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## test_01_order`,
		`course/01-handles/scenarios.md:13: "## test_01_z\u043eo" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
		"course/01-handles/tests/more_test.go:13: test Test_01_other has no scenario; add a heading ## test_01_other to course/01-handles/scenarios.md",
	}, got)
}

// A scenario heading inside an HTML comment is no heading to the reader
// of the Markdown, and a test whose only heading was one passed: its
// scenario was nowhere to be read.
func TestAHeadingInAnHTMLComment(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n<!--\n## test_01_summon_gives_an_id\n\nText.\n-->\n")
	assert.Equal(t, []string{
		"course/01-handles/scenarios.md:4: heading ## test_01_summon_gives_an_id is inside an HTML comment (<!-- ... -->), which Markdown does not show, so test Test_01_summon_gives_an_id has no scenario; take the heading and its scenario out of the comment",
	}, problemsOf(t, repo))
}

// A setext heading (the name over a line of - or =) is a heading to the
// reader of the Markdown, but not one dev check read: a second heading
// for a test, written so, passed, and the reader saw the scenario twice.
func TestASetextScenarioHeading(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\ntest_01_summon_gives_an_id\n--------------------------\n\nText.\n\nA paragraph\n---\n\n- test_01_summon_gives_an_id\n---\n\n```\ntest_01_summon_gives_an_id\n---\n```\n")
	assert.Equal(t, []string{
		`course/01-handles/scenarios.md:5: "test_01_summon_gives_an_id" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
	}, problemsOf(t, repo))
}

// Among the scenarios every # or ## heading is a test's: one written as
// prose ("## Deck order"), or as "## test 01 ..." with spaces, is a
// scenario with no test, and passed. An introduction before the first
// scenario may have sections; a ### inside a scenario is a part of it.
func TestAHeadingAmongTheScenariosThatIsNone(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## The pieces\n\nText.\n\n## test_01_summon_gives_an_id\n\n### Notes\n\n## Deck order\n\nText.\n\n## test 01 zones in hand\n\n# Afterword\n")
	write(t, repo, "course/01-handles/expansion/README.md", "# Drop\n\n## test_01x_play\n\n## The constraint\n")
	assert.Equal(t, []string{
		`course/01-handles/scenarios.md:11: heading "## Deck order" stands among the scenarios but is none, so it is a scenario with no test; write it ## test_01_name with its test, or make it text of the scenario above`,
		`course/01-handles/scenarios.md:15: "## test 01 zones in hand" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
		`course/01-handles/scenarios.md:17: heading "# Afterword" stands among the scenarios but is none, so it is a scenario with no test; write it ## test_01_name with its test, or make it text of the scenario above`,
	}, problemsOf(t, repo))
}

func TestAMissingFileOfTheModule(t *testing.T) {
	repo := fixture(t)
	require.NoError(t, os.Remove(filepath.Join(repo, "course/01-handles/expansion/solution.md")))
	require.NoError(t, os.RemoveAll(filepath.Join(repo, "course/01-handles/expansion/tests")))
	got := problemsOf(t, repo)
	assert.Contains(t, got, "course/01-handles/expansion/solution.md: is missing; every module has a lesson, scenarios, tests and an Expansion Drop")
	assert.Contains(t, got, "course/01-handles/expansion/tests: has no tests; write one func Test_01x_name per heading of course/01-handles/expansion/README.md")
}

func TestLessonSectionsAndHints(t *testing.T) {
	repo := fixture(t)
	swapped := strings.Replace(goodLesson, "## Spec", "## Specification", 1)
	swapped = strings.Replace(swapped, "<summary>Hint 3: pseudo-code</summary>", "<summary>Hint 4: pseudo-code</summary>", 1)
	swapped = strings.Replace(swapped, "# Module 1: Handles and order of play", "# Module 1: Handles", 1)
	write(t, repo, "course/01-handles/lesson.md", swapped)
	got := problemsOf(t, repo)
	require.Len(t, got, 3, got)
	assert.Contains(t, got[0], `lesson.md:1: the first line is "# Module 1: Handles"; it must be "# Module 1: Handles and order of play"`)
	assert.Contains(t, got[1], "lesson.md:20: the sections are Observe, Predict, Specification, Build")
	assert.Contains(t, got[2], "Build has hints 1, 2, 4; it has three")
}

// A hint inside an HTML comment is commented out, and the lesson has one
// hint fewer than it needs: it counted, and the lesson passed.
func TestAHintInAnHTMLCommentIsNone(t *testing.T) {
	repo := fixture(t)
	text := strings.Replace(goodLesson, "<details>\n<summary>Hint 3: pseudo-code</summary>\n\np\n\n</details>", "<!--\n<details>\n<summary>Hint 3: pseudo-code</summary>\n\np\n\n</details>\n-->", 1)
	require.NotEqual(t, goodLesson, text)
	write(t, repo, "course/01-handles/lesson.md", text)
	got := problemsOf(t, repo)
	require.Len(t, got, 1, got)
	assert.Contains(t, got[0], "Build has hints 1, 2; it has three")
}

// A section whose heading is inside an HTML comment is commented out: the
// lesson does not show it, and it counted as one of the lesson's sections.
func TestASectionInAnHTMLCommentIsNone(t *testing.T) {
	repo := fixture(t)
	text := strings.Replace(goodLesson, "## Stress it\n\ns\n", "<!--\n## Stress it\n\ns\n-->\n", 1)
	require.NotEqual(t, goodLesson, text)
	write(t, repo, "course/01-handles/lesson.md", text)
	got := problemsOf(t, repo)
	require.Len(t, got, 1, got)
	assert.Contains(t, got[0], "the sections are Observe, Predict, Spec, Build, Name it, Expansion Drop, Further reading; a lesson has, in this order:")
}

func TestLessonsNameWhatExists(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nRun `course chek ~/ws`, `course check --jsn`, read `engine/gone.go`, make `engine/yours/`, call `g.Vanish()`; `rand.New(src)` and `assert.Equal(t, a, b)` are not the harness's.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	got := problemsOf(t, repo)
	line := strings.Count(text, "\n")
	for _, want := range []string{
		"`course chek ~/ws`: no command chek",
		"`course check --jsn`: no flag --jsn",
		"names engine/gone.go, which the repository does not have; fix the path",
		"names Vanish, which neither the harness contract nor the reference has; rename it or drop the mention",
	} {
		assert.Contains(t, got, "course/01-handles/lesson.md:"+strconv.Itoa(line)+": "+want)
	}
	assert.Len(t, got, 4, got)
}

// A code span may close on the next line of its paragraph. Read a line at
// a time, the backtick that closed it opened a span, and the spans after
// it on that line were never checked: a lesson naming a command, a
// function or a path that does not exist passed.
func TestACodeSpanOverALineBreak(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nRun (`course\ncheck --jsn ~/ws`) and `course chek`, call `g.Vanish()`, read\n`engine/gone.go`; (`go test\n./tests/... -run Test_01_nothing`).\n\nA ` alone, then\n\n`course check ~/ws` and `g.Vanish()` in a paragraph of their own.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	got := problemsOf(t, repo)
	line := strings.Count(goodLesson, "\n") + 2
	at := func(n int, what string) string {
		return "course/01-handles/lesson.md:" + strconv.Itoa(line+n) + ": " + what
	}
	assert.ElementsMatch(t, []string{
		at(0, "`course check --jsn ~/ws`: no flag --jsn"),
		at(1, "`course chek`: no command chek"),
		at(1, "names Vanish, which neither the harness contract nor the reference has; rename it or drop the mention"),
		at(2, "names engine/gone.go, which the repository does not have; fix the path"),
		at(2, `go test -run "Test_01_nothing" matches no test of module 01, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it runs nothing; fix the pattern`),
		at(7, "names Vanish, which neither the harness contract nor the reference has; rename it or drop the mention"),
	}, got)
}

// A path written from ./ or with a line after it names its file all the
// same: both passed unchecked.
func TestLessonsNamePathsFromDotAndWithALine(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nRead `./engine/gone.go`, `harness/gone.go:12`, `harness/game.go:3:1`, `./harness/game.go` and `./tests/gone_test.go`.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	line := "course/01-handles/lesson.md:" + strconv.Itoa(strings.Count(text, "\n")) + ": "
	assert.Equal(t, []string{
		line + "names ./engine/gone.go, which the repository does not have; fix the path",
		line + "names harness/gone.go:12, which the repository does not have; fix the path",
		line + "names ./tests/gone_test.go, which no module's start-module copies into a workspace; fix the name",
	}, problemsOf(t, repo))
}

// Each course command a shell line runs is checked, not only the first:
// one after && or a pipe ran unchecked.
func TestEveryCourseCommandOfALineIsChecked(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\n```\ncourse check ~/ws && course chek ~/ws\ncourse check ~/ws | course check --jsn # a comment && course chek\ncourse check ~/ws > out.txt; echo done\n```\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	got := problemsOf(t, repo)
	line := strings.Count(text, "\n") - 3
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(line) + ": `course chek ~/ws`: no command chek",
		"course/01-handles/lesson.md:" + strconv.Itoa(line+1) + ": `course check --jsn`: no flag --jsn",
	}, got)
}

// A lesson's card path is found among the modules' own cards in a
// repository whose path would read as a pattern ("[p]" matches only "p"):
// that path is a folder, not a glob.
func TestACardIsFoundInARepositoryNamedLikeAPattern(t *testing.T) {
	repo := fixtureAt(t, filepath.Join(t.TempDir(), "re[p]o"))
	card := filepath.Join(repo, "course", "01-handles", "cards", "test-filler.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(card), 0o755))
	require.NoError(t, os.Rename(filepath.Join(repo, "cards", "test-filler.json"), card))
	assert.Empty(t, problemsOf(t, repo))
}

func TestCatalogCardsAndLexiconAgree(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filler", "type": "minion", "cost": 2, "attack": 1, "health": 1}`)
	write(t, repo, "cards/stray.json", `{"name": "Stray Card", "type": "minion"}`)
	write(t, repo, "cards/nameless.json", `{"type": "minion"}`)
	write(t, repo, "course/words.json", `{"words": [{"word": "ROCK", "role": "property"}, {"word": "LAVA", "role": "noun"}]}`)
	got := problemsOf(t, repo)
	for _, want := range []string{
		`cards/test-filler.json: cost is 2 but the catalog says 1 for "Test Filler"; make them agree`,
		`cards/stray.json: holds "Stray Card", so its name must be stray-card.json`,
		`cards/stray.json: card "Stray Card" is not in course/catalog.json; add it with the module that introduces it`,
		`course/words.json: ROCK has role "property", the catalog "noun"; make them agree`,
		`course/catalog.json: has no word LAVA, which course/words.json has; add it with the module that introduces it`,
	} {
		assert.Contains(t, got, want)
	}
	assert.Contains(t, got, "cards/nameless.json: missing property 'name'; add the missing field")
}

// A mistyped name inside a card file is one problem at the file, not three
// that each send the author to rename or add something.
func TestAMistypedCardNameIsOneProblemAtItsFile(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filer", "type": "minion", "cost": 1, "attack": 1, "health": 1}`)
	assert.Equal(t, []string{`cards/test-filler.json: holds "Test Filer" at /name, where the catalog has "Test Filler" for this file; correct the name, or, if the card is new, rename the file and add it to the catalog`}, problemsOf(t, repo))
}

// The catalog's module of a card or a word must be a module of the course,
// or a module's drop.
func TestTheCatalogNamesModulesThatExist(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "99"}],
		"words": [{"word": "ROCK", "role": "noun", "module": "01x"}, {"word": "LAVA", "role": "noun", "module": "42x"}]}`)
	write(t, repo, "course/words.json", `{"words": [{"word": "ROCK", "role": "noun"}, {"word": "LAVA", "role": "noun"}]}`)
	assert.Equal(t, []string{
		`course/catalog.json: card "Test Filler" comes with module 99, which is not a module of modules/modules.go; give the number of the module that introduces it (NNx for its drop)`,
		`course/catalog.json: word LAVA comes with module 42x, which is not a module of modules/modules.go; give the number of the module that introduces it (NNx for its drop)`,
	}, problemsOf(t, repo))
}

// The repository's card files, catalog and lexicon are held to the
// loaders' text rules, in the loaders' words: a byte order mark, a byte
// that is not UTF-8, a key given twice (in the catalog and lexicon, also
// in another case, which their readers take for the same field).
func TestContentTextAReaderWouldMisreadIsAProblem(t *testing.T) {
	for _, c := range []struct{ name, file, text, want string }{
		{"a card file's byte order mark", "cards/test-filler.json", "\xEF\xBB\xBF" + `{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1}`,
			`cards/test-filler.json: starts with a byte order mark (EF BB BF); save the file as UTF-8 without one`},
		{"a card file's byte that is not UTF-8", "cards/test-filler.json", `{"name": "Test Fill` + "\xE9" + `r", "type": "minion", "cost": 1, "attack": 1, "health": 1}`,
			`cards/test-filler.json: at /name: byte 0xE9 at offset 19 (line 1, column 20) is not UTF-8, which a JSON reader would turn into U+FFFD without a word; save the file as UTF-8`},
		{"a catalog's list again in another case", "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"}],
 "words": [{"word": "ROCK", "role": "noun", "module": "06"}], "Words": []}`,
			`course/catalog.json: keys "words" and "Words", one field to a JSON reader that matches keys without regard to case, appear in the top-level object (line 2, column 2 and line 2, column 63), and a JSON reader keeps only the last; keep one of them`},
		{"a lexicon's key given twice", "course/words.json", `{"words": [{"word": "ROCK", "role": "noun", "role": "property"}]}`,
			`course/words.json: at /words/0: key "role" appears twice in this object (line 1, column 29 and line 1, column 45), and a JSON reader keeps only the last; keep one of them`},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo := fixture(t)
			write(t, repo, c.file, c.text)
			assert.Contains(t, problemsOf(t, repo), c.want)
		})
	}
}

func TestAGridCardSummonsOnlyGridMinions(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/catalog.json", `{"cards": [
		{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"},
		{"name": "Test Seeder", "type": "minion", "noun": "ROCK", "module": "01"},
		{"name": "Test Grower", "type": "minion", "noun": "ROCK", "module": "01"},
		{"name": "Test Sapling", "type": "minion", "noun": "ROCK", "module": "01"},
		{"name": "Test Hedge", "type": "minion", "module": "01"}],
		"words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`)
	summons := func(name, noun, token string) string {
		return `{"name": "` + name + `", "type": "minion", "noun": "` + noun + `", "clauses": [{"kind": "trigger", "trigger": "deathrattle"}, {"kind": "effect", "effect": "summon", "card": "` + token + `"}]}`
	}
	write(t, repo, "cards/test-seeder.json", summons("Test Seeder", "ROCK", "Test Filler"))
	write(t, repo, "cards/test-grower.json", summons("Test Grower", "ROCK", "Test Sapling"))
	write(t, repo, "cards/test-sapling.json", `{"name": "Test Sapling", "type": "minion", "noun": "ROCK"}`)
	write(t, repo, "cards/test-hedge.json", summons("Test Hedge", "", "Test Filler"))
	got := problemsOf(t, repo)
	assert.Equal(t, []string{`cards/test-seeder.json: card "Test Seeder" stands on the grid as ROCK but summons "Test Filler", which has no noun, so on a SpellGrid level the token would be in play and on no tile; give "Test Filler" a noun`}, got)
}

func TestAModuleFolderOutsideTheList(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/14-trading/lesson.md", "# Module 14: Trading\n")
	assert.Contains(t, problemsOf(t, repo), "course/14-trading: is not a row of modules/modules.go; add it there (number, slug, part, title, harness functions)")
}

func TestNotTheRepository(t *testing.T) {
	_, err := Check(context.Background(), Options{Repo: t.TempDir()})
	var repoErr *RepoError
	require.ErrorAs(t, err, &repoErr)
}

// A course test that passes against the template's stubs, or fails on
// something other than a stub, is found by running it in a new workspace.
func TestRedAgainstTheTemplate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a workspace")
	}
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/01_handles_test.go", `package tests

import (
	"testing"

	"example.com/devcheck/harness"
)

func Test_01_summon_gives_an_id(t *testing.T) { harness.NewGame(harness.GameOpts{}) }

func Test_01_passes_on_stubs(t *testing.T) {}

func Test_01_fails_elsewhere(t *testing.T) { t.Fatal("wrong reason") }
`)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## test_01_passes_on_stubs\n\n## test_01_fails_elsewhere\n")
	start := func(ws string, m modules.Module) error {
		if m.Number != "01" {
			return nil
		}
		raw, err := os.ReadFile(filepath.Join(repo, "course/01-handles/tests/01_handles_test.go"))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(ws, "tests", "01_handles_test.go"), raw, 0o644)
	}
	c := &checker{opts: Options{Repo: repo, Start: start}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
	require.NoError(t, c.red(context.Background()))
	var got []string
	for _, p := range c.rep.Problems {
		got = append(got, p.String())
	}
	assert.ElementsMatch(t, []string{
		"course/01-handles/tests/01_handles_test.go:11: Test_01_passes_on_stubs passes against the template's stubs; a course test must fail until the learner builds the rule",
		"course/01-handles/tests/01_handles_test.go:13: Test_01_fails_elsewhere fails against the template's stubs, but not on a stub: 01_handles_test.go:13: wrong reason",
	}, got)
}

func modulesByNumber(t *testing.T, n string) modules.Module {
	t.Helper()
	m, err := modules.Lookup(n)
	require.NoError(t, err)
	return m
}

func TestTestStemIsTheNameWithoutItsModule(t *testing.T) {
	for name, want := range map[string]string{
		"Test01_names": "names", "Test_1_names": "names", "Test_02x_names": "names",
		"TestNames": "Names", "Test_01_xray": "xray", "Test_01_": "what_it_states",
	} {
		assert.Equal(t, want, testStem(name), name)
	}
}

// A card file the schema refuses is told as the loaders tell it: the place
// in the file, what is wrong there and the mend, not the schema library's
// chain of failures cut at 160 characters.
func TestACardTheSchemaRefusesIsToldAtItsPlace(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/schema/card.schema.json", `{"type": "object", "required": ["name"],
		"properties": {"type": {"enum": ["minion", "spell"]}}}`)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filler", "type": "minon", "cost": 1, "attack": 1, "health": 1}`)
	got := problemsOf(t, repo)
	require.Len(t, got, 1)
	assert.Regexp(t, `^cards/test-filler.json: at /type: .*'minion'.*; use one of the values the schema allows there$`, got[0])
}

// What the course's own loaders refuse, every course command built from the
// repository refuses at start: dev check says so, at the file, even where
// its own reading of the content finds nothing amiss.
func TestContentTheLoadersRefuseIsAProblem(t *testing.T) {
	const filler = `{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"}`
	for _, c := range []struct{ name, file, text, want, catalog string }{
		{"a card listed twice in the catalog", "course/catalog.json",
			`{"cards": [` + filler + `, ` + filler + `], "words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`,
			`course/catalog.json: at cards[1].name: "Test Filler" is listed twice; keep one entry`, ""},
		{"a catalog card with no type", "course/catalog.json",
			`{"cards": [{"name": "Test Filler", "cost": 1, "attack": 1, "health": 1, "module": "01"}], "words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`,
			`course/catalog.json: at cards[0].type: missing; write "minion" or "spell"`, ""},
		{"a word twice in the lexicon", "course/words.json",
			`{"words": [{"word": "ROCK", "role": "noun"}, {"word": "ROCK", "role": "noun"}]}`,
			`course/words.json: lexicon word "ROCK" appears twice; keep one line for it`, ""},
		{"a card's noun the lexicon lacks", "cards/test-filler.json",
			`{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "noun": "LAVA"}`,
			`cards/test-filler.json: at /noun: LAVA is not a noun of course/words.json; use a noun of the lexicon, or add the word to course/words.json with role noun`,
			// The catalog gives the card the same noun, as it must.
			`{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "noun": "LAVA", "module": "01"}], "words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			repo := fixture(t)
			write(t, repo, c.file, c.text)
			if c.catalog != "" {
				write(t, repo, "course/catalog.json", c.catalog)
			}
			assert.Equal(t, []string{c.want}, problemsOf(t, repo))
		})
	}
}

// A module's folder under another number is named, with the rename that
// mends it, not taken for a missing module that dev new-module would make
// again beside the author's work.
func TestAMisnumberedModuleFolder(t *testing.T) {
	for _, name := range []string{"1-handles", "001-handles", "02-handles"} {
		t.Run(name, func(t *testing.T) {
			repo := fixture(t)
			require.NoError(t, os.Rename(filepath.Join(repo, "course", "01-handles"), filepath.Join(repo, "course", name)))
			assert.Equal(t, []string{
				"course/01-handles: module 01 has no folder, and course/" + name + " looks like it under another number; rename it course/01-handles",
			}, problemsOf(t, repo))
		})
	}
}

// A file where a module's folder belongs is one problem that says so, not
// each of the module's files missing.
func TestAModuleFolderThatIsAFile(t *testing.T) {
	repo := fixture(t)
	require.NoError(t, os.RemoveAll(filepath.Join(repo, "course", "01-handles")))
	write(t, repo, "course/01-handles", "notes\n")
	got := problemsOf(t, repo)
	assert.Equal(t, []string{"course/01-handles: is a file, not module 01's folder; move it aside and make the folder with `course dev new-module 01 handles`"}, got)
}

// A workspace test file a lesson names is one start-module copies: a
// module's or a drop's test file, or a file of the template's tests/.
func TestLessonsNameTestFilesStartModuleCopies(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "templates/go/tests/doc.go.tmpl", "package tests\n")
	text := goodLesson + "\nOpen `tests/01_handles_test.go`, `tests/01x_handles_test.go`, `tests/doc.go` and `tests/`; not `tests/01_handle_test.go`.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	line := strconv.Itoa(strings.Count(text, "\n"))
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + line + ": names tests/01_handle_test.go, which no module's start-module copies into a workspace; fix the name",
	}, problemsOf(t, repo))
}

// A card file whose number Go's reader will not take into an int (1.0, a
// cost of 1e400) is valid JSON: dev check says what the loaders say of it.
func TestACardNumberNoIntTakesIsToldAtItsPlace(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filler", "type": "minion", "cost": 1.0, "attack": 1, "health": 1, "text": "", "clauses": []}`)
	got := problemsOf(t, repo)
	require.NotEmpty(t, got)
	assert.Equal(t, "cards/test-filler.json: at /cost: 1.0 is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number; write it as 1", got[0])
}

// A test a lesson names, in prose, a code span or a command line of a
// block, is one the course has: a renamed test, or a slip in its name,
// left the learner looking for a test that is not there.
func TestLessonsNameTestsThatExist(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nSee `Test_01_summon_gives_an_id`, test_01_summon_gives_an_id and `Test_01x_play`; not `Test_01_summon_gives_an_idd`,\n" +
		"test_01x_plays or Test_99_nowhere.\n\n```sh\ngo test ./tests -run Test_01_summon_gives_id\n```\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	write(t, repo, "course/01-handles/scenarios.md", "# Scenarios\n\nOne heading per test, `## test_01_name`.\n\n## test_01_summon_gives_an_id\n\nLike test_01_sumon_gives_an_id.\n")
	got := problemsOf(t, repo)
	line := strings.Count(goodLesson, "\n") + 2
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(line) + ": names test Test_01_summon_gives_an_idd, but course/01-handles/tests has no func Test_01_summon_gives_an_idd; fix the name or drop the mention",
		"course/01-handles/lesson.md:" + strconv.Itoa(line+1) + ": names test test_01x_plays, but course/01-handles/expansion/tests has no func Test_01x_plays; fix the name or drop the mention",
		"course/01-handles/lesson.md:" + strconv.Itoa(line+1) + ": names test Test_99_nowhere, but the course has no module 99; fix the name or drop the mention",
		"course/01-handles/lesson.md:" + strconv.Itoa(line+4) + `: go test -run "Test_01_summon_gives_id" matches no test of module 01, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it runs nothing; fix the pattern`,
		"course/01-handles/scenarios.md:7: names test test_01_sumon_gives_an_id, but course/01-handles/tests has no func Test_01_sumon_gives_an_id; fix the name or drop the mention",
	}, got, "the heading of a scenario is sync's, and named once; one shown in a code span is an example")
}

// dev check run in a module's folder checks the course repository it is
// in, as git finds its repository; outside any it names the folder and
// says that none above it is one either.
func TestFindRepoFromAFolderInside(t *testing.T) {
	repo := fixture(t)
	for _, start := range []string{repo, filepath.Join(repo, "course", "01-handles", "tests")} {
		got, err := FindRepo(start)
		require.NoError(t, err)
		assert.Equal(t, repo, got)
	}
	outside := t.TempDir()
	_, err := FindRepo(outside)
	var repoErr *RepoError
	require.ErrorAs(t, err, &repoErr)
	assert.EqualError(t, err, outside+" is not in the course repository (neither it nor a folder above it has course/catalog.json); run course dev check in a checkout of it, or name the checkout")
}

// A test that can fail only by a panic passes against the reference
// whatever the reference does, and fails against the stubs because they
// panic: GREEN and RED both hold, and it states nothing. A test that calls
// an assert or require function, fails through t (or a subtest's t), or
// hands t to a helper can fail.
func TestATestThatAssertsNothing(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/more_test.go", `package tests

import (
	"testing"

	is "github.com/stretchr/testify/assert"
)

func Test_01_calls_only(t *testing.T) { _ = len("harness call") }

func Test_01_blank(_ *testing.T) {}

func Test_01_asserts(t *testing.T) { is.Equal(t, 1, len("a")) }

func Test_01_fails_through_t(t *testing.T) {
	if len("a") != 1 {
		t.Errorf("length")
	}
}

func Test_01_subtest(t *testing.T) {
	t.Run("s", func(st *testing.T) {
		if len("a") != 1 {
			st.Fatal("length")
		}
	})
}

func Test_01_helper(t *testing.T) { check(t) }

func check(t *testing.T) { t.Helper() }
`)
	var heads strings.Builder
	for _, n := range []string{"summon_gives_an_id", "calls_only", "blank", "asserts", "fails_through_t", "subtest", "helper"} {
		heads.WriteString("## test_01_" + n + "\n\n")
	}
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n"+heads.String())
	assert.Equal(t, []string{
		"course/01-handles/tests/more_test.go:9: test Test_01_calls_only asserts nothing (no assert or require call, no t.Error or t.Fatal, no helper handed t), so it passes whatever the reference does; check what its scenario states",
		"course/01-handles/tests/more_test.go:11: test Test_01_blank asserts nothing (no assert or require call, no t.Error or t.Fatal, no helper handed t), so it passes whatever the reference does; check what its scenario states",
	}, problemsOf(t, repo))
}

// A Go file of a module's folder outside tests/ and expansion/tests/ (a
// test one folder too deep, or beside the drop's README) is never copied
// into a workspace, and no other check looked at it.
func TestAGoFileOutsideTheTestFolders(t *testing.T) {
	repo := fixture(t)
	test := "package more\n\nimport \"testing\"\n\nfunc Test_01_stray(t *testing.T) { t.Fatal(\"x\") }\n"
	write(t, repo, "course/01-handles/tests/more/stray_test.go", test)
	write(t, repo, "course/01-handles/expansion/stray_test.go", test)
	write(t, repo, "course/01-handles/tests/helpers.go", "package tests\n")
	const where = "is a Go file outside course/01-handles/tests and course/01-handles/expansion/tests, so start-module never copies it into a workspace; move it into the first for the module's tests or the second for the drop's"
	assert.Equal(t, []string{
		"course/01-handles/expansion/stray_test.go: " + where,
		"course/01-handles/tests/more/stray_test.go: " + where,
	}, problemsOf(t, repo))
}

// Every contract function's stub in the workspace template panics with its
// own name and module. The RED run cannot tell otherwise: every course test
// calls a constructor first and sees its panic, while a learner's check
// would name the wrong function to build, or none.
func TestTemplateStubsAreStubs(t *testing.T) {
	repo := fixture(t)
	stubs, err := filepath.Glob("../../../../templates/go/harness/*.go.tmpl")
	require.NoError(t, err)
	require.NotEmpty(t, stubs)
	for _, p := range stubs {
		raw, err := os.ReadFile(p)
		require.NoError(t, err)
		write(t, repo, "templates/go/harness/"+filepath.Base(p), string(raw))
	}
	assert.Empty(t, problemsOf(t, repo), "the repository's own stubs")

	game, err := os.ReadFile(filepath.Join(repo, "templates/go/harness/game.go.tmpl"))
	require.NoError(t, err)
	text := string(game)
	for _, edit := range [][2]string{
		{`notImplemented("Game.AddToHand", "01")`, `notImplemented("Game.Summon", "01")`},
		{`notImplemented("Game.AddToDeck", "01")`, `notImplemented("Game.AddToDeck", "02")`},
		{`	notImplemented("Game.ZoneOf", "01")
	return ""`, `	return "hand"`},
	} {
		require.Contains(t, text, edit[0])
		text = strings.Replace(text, edit[0], edit[1], 1)
	}
	text = regexp.MustCompile(`(?s)// Board is.*?\n}\n`).ReplaceAllString(text, "")
	write(t, repo, "templates/go/harness/game.go.tmpl", text)
	line := func(decl string) string {
		return strconv.Itoa(strings.Count(text[:strings.Index(text, decl)], "\n") + 1)
	}
	assert.Equal(t, []string{
		"templates/go/harness: has no stub for Game.Board (Module 01), which modules/modules.go lists; add one that calls notImplemented(\"Game.Board\", \"01\")",
		"templates/go/harness/game.go.tmpl:" + line("func (g *Game) AddToHand") + ": Game.AddToHand is not a stub: its body must start notImplemented(\"Game.AddToHand\", \"01\"), so that a learner's check names the function to build and its module",
		"templates/go/harness/game.go.tmpl:" + line("func (g *Game) AddToDeck") + ": Game.AddToDeck is not a stub: its body must start notImplemented(\"Game.AddToDeck\", \"01\"), so that a learner's check names the function to build and its module",
		"templates/go/harness/game.go.tmpl:" + line("func (g *Game) ZoneOf") + ": Game.ZoneOf is not a stub: its body must start notImplemented(\"Game.ZoneOf\", \"01\"), so that a learner's check names the function to build and its module",
	}, problemsOf(t, repo))
}

// Two modules' test folders (or a module's and its drop's) that declare
// one package-level name each build in the repository, where each folder
// is a package, but not in a workspace, where start-module copies them
// into one.
func TestTestFoldersShareOnePackageInAWorkspace(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/helpers.go", "package tests\n\nfunc deck() []string { return nil }\n\nvar m01cards, hand = 1, 2\n\nfunc init() {}\n\ntype board struct{}\n\nfunc (board) size() int { return 0 }\n")
	write(t, repo, "course/01-handles/expansion/tests/helpers.go", "package tests\n\nfunc init() {}\n\nvar _ = 1\n\nvar hand = 3\n\ntype m01xboard struct{}\n\nfunc (m01xboard) size() int { return 0 }\n")
	write(t, repo, "course/02-queue/tests/helpers.go", "package tests\n\nfunc deck() []string { return nil }\n")
	var got []string
	for _, p := range problemsOf(t, repo) {
		if strings.Contains(p, "declares") {
			got = append(got, p)
		}
	}
	assert.Equal(t, []string{
		"course/01-handles/expansion/tests/helpers.go:7: declares hand, as course/01-handles/tests/helpers.go:5 does; a workspace holds every module's tests in one package, where the two do not compile: give it the module's prefix (m01hand)",
		"course/02-queue/tests/helpers.go:3: declares deck, as course/01-handles/tests/helpers.go:3 does; a workspace holds every module's tests in one package, where the two do not compile: give it the module's prefix (m02deck)",
	}, got, "init, _ and methods may repeat")
}

// A card kept in a module's own cards/ folder belongs to that module in
// the catalog: start-module looks for any other module's card (a drop's
// included) in the repository's cards/, and refuses to start without it.
func TestAModulesOwnCardIsItsModulesInTheCatalog(t *testing.T) {
	repo := fixture(t)
	bell := `{"name": "Test Bell", "type": "minion", "cost": 1, "attack": 0, "health": 2}`
	write(t, repo, "course/01-handles/cards/test-bell.json", bell)
	catalog := func(module string) {
		write(t, repo, "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"},
			{"name": "Test Bell", "type": "minion", "cost": 1, "attack": 0, "health": 2, "module": "`+module+`"}],
			"words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`)
	}
	catalog("01")
	assert.Empty(t, problemsOf(t, repo))
	for _, module := range []string{"02", "01x"} {
		catalog(module)
		assert.Equal(t, []string{
			`course/01-handles/cards/test-bell.json: is module 01's own card, but the catalog gives "Test Bell" module ` + module + `, and start-module looks for another module's card in cards/, where it is not, so that module does not start; give it module 01 in course/catalog.json, or move the file to cards/`,
		}, problemsOf(t, repo))
	}
}

// A call the lesson makes through the harness package (harness.NewBaba(...))
// is the harness's too: its name was not checked, as if it were another
// package's, like rand.New.
func TestLessonsNameHarnessPackageCallsThatExist(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nStart with `harness.NewGame()`, not `harness.NewGamme(opts)`; `rand.New(src)` is not the harness's.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(strings.Count(text, "\n")) + ": names NewGamme, which neither the harness contract nor the reference has; rename it or drop the mention",
	}, problemsOf(t, repo))
}

// A scenario heading indented by up to three spaces is a heading in
// Markdown, and one with no test was not seen at all: neither a scenario
// nor a slip. Four spaces make a code block, which is no heading.
func TestAnIndentedScenarioHeading(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n   ## test_01_ghost\n\n  ## test_01_zones\n\n    ## test_01_in_code\n")
	write(t, repo, "course/01-handles/tests/more_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_zones(t *testing.T) { "+checks+" }\n")
	assert.Equal(t, []string{
		`course/01-handles/scenarios.md:5: "   ## test_01_ghost" reads like a scenario heading but is not one, so it has no test; write it as ## test_01_name at the start of its line, two #s and test_ in lower case`,
		`course/01-handles/scenarios.md:7: heading "  ## test_01_zones" is test Test_01_zones's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## test_01_zones`,
	}, problemsOf(t, repo))
}

// A card file and its catalog entry are one card in type, text and noun
// too, not only in cost, attack and health: a text or noun that differed
// passed dev check, while the course's own go test refused it.
func TestACardsTypeTextAndNounAreTheCatalogs(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "cards/test-filler.json", `{"name": "Test Filler", "type": "spell", "cost": 1, "attack": 1, "health": 1, "text": "Deal 5 damage.", "noun": "FILLER"}`)
	assert.Equal(t, []string{
		`cards/test-filler.json: type is "spell" but the catalog says "minion" for "Test Filler"; make them agree`,
		`cards/test-filler.json: text is "Deal 5 damage." but the catalog says "" for "Test Filler"; make them agree`,
		`cards/test-filler.json: noun is "FILLER" but the catalog says "" for "Test Filler"; make them agree`,
	}, problemsOf(t, repo))
}

// A card a course text hands to a harness call is one the catalog lists:
// a renamed or misspelt card is one the learner's engine cannot find. A
// name Assemble made is its base card's.
func TestLessonsNameCardsThatExist(t *testing.T) {
	repo := fixture(t)
	text := goodLesson + "\nCall `g.Summon(\"Test Filler\", 0)` and `g.Summon(\"Test Filler (Assembled) (Assembled)\", 1)`, not `s.Add(\"Test Filer\", 1)`.\n\n" +
		"```go\nn, _ := g.Assemble(\"Test Filler\", \"Test Nobody\", harness.Top)\n```\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	line := strings.Count(goodLesson, "\n") + 2
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(line) + `: names card "Test Filer", which course/catalog.json does not list; fix the name, or add the card`,
		"course/01-handles/lesson.md:" + strconv.Itoa(line+3) + `: names card "Test Nobody", which course/catalog.json does not list; fix the name, or add the card`,
	}, problemsOf(t, repo))
}

// A course test that calls t.Skip on its own t is found without running
// it, whether or not the skip would happen on this machine; a Skip on a
// t a function literal declares (a subtest's, a property check's) is that
// function's, not the test's.
func TestATestThatSkips(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/more_test.go", `package tests

import (
	"runtime"
	"testing"
)

func Test_01_skips_elsewhere(t *testing.T) {
	if runtime.GOOS == "plan9" {
		t.Skipf("not on %s", runtime.GOOS)
	}
	`+checks+`
}

func Test_01_inner_skip(t *testing.T) {
	t.Run("s", func(t *testing.T) {
		t.Skip("inner")
	})
	`+checks+`
}
`)
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## test_01_skips_elsewhere\n\n## test_01_inner_skip\n")
	assert.Equal(t, []string{
		"course/01-handles/tests/more_test.go:8: test Test_01_skips_elsewhere calls t.Skipf, and a skipped test checks nothing for the learner who meets the skip; remove the skip, every course test runs everywhere",
	}, problemsOf(t, repo))
}

// A course test file the go command leaves out on some learner's system,
// by its name or a //go:build line, passes GREEN on the machine that runs
// dev check while learners elsewhere never run its tests.
func TestATestFileLeftOutOfSomeBuilds(t *testing.T) {
	repo := fixture(t)
	test := func(name string) string {
		return "package tests\n\nimport \"testing\"\n\nfunc " + name + "(t *testing.T) { " + checks + " }\n"
	}
	write(t, repo, "course/01-handles/tests/more_linux_test.go", test("Test_01_on_linux"))
	write(t, repo, "course/01-handles/tests/race_test.go", "//go:build race\n\n"+test("Test_01_under_race"))
	write(t, repo, "course/01-handles/tests/everywhere_test.go", "//go:build go1.21\n\n"+test("Test_01_everywhere"))
	write(t, repo, "course/01-handles/scenarios.md", "# S\n\n## test_01_summon_gives_an_id\n\n## test_01_on_linux\n\n## test_01_under_race\n\n## test_01_everywhere\n")
	const why = " (its name ends in a system or architecture, or it has a //go:build line), so learners there never run its tests; rename it, or drop the constraint"
	assert.Equal(t, []string{
		"course/01-handles/tests/more_linux_test.go: is left out of the build on darwin/arm64" + why,
		"course/01-handles/tests/race_test.go: is left out of the build on linux/amd64" + why,
	}, problemsOf(t, repo))
}

// A module's test folder of another package name builds in the
// repository, where it is a package of its own, but not in a workspace,
// whose tests/ is package tests.
func TestATestFileOfAnotherPackage(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/01_handles_test.go", "package handles\n\nimport \"testing\"\n\nfunc Test_01_summon_gives_an_id(t *testing.T) { "+checks+" }\n")
	assert.Equal(t, []string{
		"course/01-handles/tests/01_handles_test.go:1: is package handles; a course test file is package tests, the package of a workspace's tests/, where start-module copies it",
	}, problemsOf(t, repo))
}

// A course test may import the harness, the standard library and what the
// workspace template's go.mod requires: an import of the reference engine,
// or of a module the template does not require, built in the repository
// and in no learner's workspace.
func TestATestImportsWhatAWorkspaceHas(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "templates/go/go.mod.tmpl", "module example.com/my-engine\n\ngo 1.26\n\nrequire github.com/stretchr/testify v1.12.1\n")
	write(t, repo, "course/01-handles/tests/01_handles_test.go", `package tests

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"

	"github.com/systemic-game-design/course/engine/game"
	"github.com/systemic-game-design/course/harness"
)

func Test_01_summon_gives_an_id(t *testing.T) {
	assert.NotNil(t, harness.NewGame)
	fmt.Println(game.New, rapid.Check)
}
`)
	assert.Equal(t, []string{
		"course/01-handles/tests/01_handles_test.go:8: imports pgregory.net/rapid, which templates/go/go.mod.tmpl does not require, so a learner's workspace does not build it; add the module there (and its lines to go.sum.tmpl), or drop the import",
		"course/01-handles/tests/01_handles_test.go:10: imports github.com/systemic-game-design/course/engine/game, which a learner's workspace does not have; a course test imports the harness (github.com/systemic-game-design/course/harness), the standard library and what templates/go/go.mod.tmpl requires",
	}, problemsOf(t, repo))
}

// GREEN runs every test under course/, the course's own among them (the
// catalog against the card files, a lesson's test against the module's,
// the harness contract against the stubs): one of those that fails is a
// problem at its line, where before only the modules' tests were looked
// at and dev check said the course was consistent.
func TestGreenReportsTheCoursesOwnTests(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	repo := fixture(t)
	write(t, repo, "go.mod", "module github.com/systemic-game-design/course\n\ngo 1.26\n")
	write(t, repo, "course/course_test.go", "package course\n\nimport \"testing\"\n\nfunc TestHolds(t *testing.T) {}\n\nfunc TestCatalogAgrees(t *testing.T) {\n\tt.Fatal(\"cards/x.json: text differs\")\n}\n")
	write(t, repo, "course/data/data_test.go", "package data\n\nimport \"testing\"\n\nfunc TestLoads(t *testing.T) {\n\tt.Run(\"sub\", func(t *testing.T) { t.Error(\"no\") })\n}\n")
	// A package that fails with no test failing is told too: a test that
	// ended the binary, a TestMain's exit status, an init's panic.
	write(t, repo, "course/exits/exits_test.go", "package exits\n\nimport (\"os\"; \"testing\")\n\nfunc TestFine(t *testing.T) {}\n\nfunc TestLeaves(t *testing.T) { os.Exit(3) }\n")
	write(t, repo, "course/mainexit/main_test.go", "package mainexit\n\nimport (\"os\"; \"testing\")\n\nfunc TestMain(m *testing.M) { m.Run(); os.Exit(1) }\n\nfunc TestFine(t *testing.T) {}\n")
	write(t, repo, "course/initpanic/init_test.go", "package initpanic\n\nimport \"testing\"\n\nvar _ = func() int { panic(\"the init gave up\") }()\n\nfunc TestFine(t *testing.T) {}\n")
	c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{}}
	require.NoError(t, c.green(context.Background()))
	var got []string
	for _, p := range c.rep.Problems {
		got = append(got, p.String())
	}
	assert.ElementsMatch(t, []string{
		"course/course_test.go:7: TestCatalogAgrees fails against the reference (go test ./course -run '^TestCatalogAgrees$' shows why): course_test.go:8: cards/x.json: text differs",
		"course/data/data_test.go:5: TestLoads fails against the reference (go test ./course/data -run '^TestLoads$' shows why): data_test.go:6: no",
		"course/exits/exits_test.go:7: TestLeaves fails against the reference (go test ./course/exits -run '^TestLeaves$' shows why): no output",
		"course/mainexit: go test ./course/mainexit fails against the reference with no test failing: it printed nothing but FAIL",
		"course/initpanic: go test ./course/initpanic fails against the reference with no test failing: panic: the init gave up",
	}, got)
}

// A failing testify assertion is told by its message, the test's own
// words, or else its error, not by the bare file:line testify starts with.
func TestFailureWhy(t *testing.T) {
	out := "=== RUN   TestX\n    x_test.go:9: \n        \tError Trace:\t/r/x_test.go:9\n        \tError:      \tNot equal: \n        \t            \texpected: 1\n        \tTest:       \tTestX\n        \tMessages:   \tGame.ClearLog: harness.md and the reference disagree\n--- FAIL: TestX (0.00s)\n"
	assert.Equal(t, "Game.ClearLog: harness.md and the reference disagree", failureWhy(out))
	assert.Equal(t, "Not equal:", failureWhy(strings.Replace(out, "Messages:   \tGame.ClearLog: harness.md and the reference disagree\n", "", 1)))
	assert.Equal(t, "x_test.go:9: plain words", failureWhy("=== RUN   TestX\n    x_test.go:9: plain words\n--- FAIL: TestX (0.00s)\n"))
}

// laterCardsFixture is a course whose catalog has a card of Module 1
// (Test Filler), one of Module 2 (Test Ghoul) and one of Module 1's drop
// (Test Trap), each with its card file.
func laterCardsFixture(t *testing.T) string {
	t.Helper()
	repo := fixture(t)
	write(t, repo, "course/catalog.json", `{"cards": [{"name": "Test Filler", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01"},
		{"name": "Test Ghoul", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "02"},
		{"name": "Test Trap", "type": "minion", "cost": 1, "attack": 1, "health": 1, "module": "01x"}],
		"words": [{"word": "ROCK", "role": "noun", "module": "06"}]}`)
	write(t, repo, "cards/test-ghoul.json", `{"name": "Test Ghoul", "type": "minion", "cost": 1, "attack": 1, "health": 1}`)
	write(t, repo, "cards/test-trap.json", `{"name": "Test Trap", "type": "minion", "cost": 1, "attack": 1, "health": 1}`)
	return repo
}

// A course test that uses a card the catalog introduces in a later module,
// or in the module's own drop, is one a learner runs before start-module
// has copied that card's file, and before their engine knows the card;
// it passed every check, since the repository has every card. The drop's
// own test may use the drop's card, and Module 0's sketch cards of any
// module, as its lesson gives them.
func TestATestUsesOnlyCardsItsModuleHasMet(t *testing.T) {
	repo := laterCardsFixture(t)
	write(t, repo, "course/01-handles/tests/01_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01_summon_gives_an_id(t *testing.T) {\n"+
		"\tcards := []string{\"Test Filler\", \"Test Ghoul\"}\n\tif len(cards) == 0 || \"Test Trap (Assembled)\" == \"\" { t.Fatal(\"no cards\") }\n}\n")
	write(t, repo, "course/01-handles/expansion/tests/01x_handles_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_01x_play(t *testing.T) {\n"+
		"\tif \"Test Trap\" == \"Test Ghoul\" { t.Fatal(\"one card\") }\n}\n")
	write(t, repo, "course/00-setup/tests/00_setup_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_00_sketch(t *testing.T) { if \"Test Ghoul\" == \"\" { t.Fatal(\"x\") } }\n")
	var got []string
	for _, p := range problemsOf(t, repo) {
		if !strings.HasPrefix(p, "course/00-setup/") || strings.Contains(p, "card") {
			got = append(got, p)
		}
	}
	assert.Equal(t, []string{
		`course/01-handles/expansion/tests/01x_handles_test.go:6: uses card "Test Ghoul", which course/catalog.json introduces in module 02, after Expansion Drop 01x, so a learner there has not met it and their workspace may lack its card file; use a card Expansion Drop 01x or an earlier one introduces, or give "Test Ghoul" module 01 in the catalog`,
		`course/01-handles/tests/01_handles_test.go:6: uses card "Test Ghoul", which course/catalog.json introduces in module 02, after module 01, so a learner there has not met it and their workspace may lack its card file; use a card module 01 or an earlier one introduces, or give "Test Ghoul" module 01 in the catalog`,
		`course/01-handles/tests/01_handles_test.go:7: uses card "Test Trap", which course/catalog.json introduces in Expansion Drop 01x, after module 01, so a learner there has not met it and their workspace may lack its card file; use a card module 01 or an earlier one introduces, or give "Test Trap" module 01 in the catalog`,
	}, got)
}

// A harness name a lesson gives bare, on a value or a type (`g.Summon`,
// `Game.Summon`), or called on the type (`Game.Summon(...)`), is checked as
// a call on a value was: a renamed method left such mentions behind
// unseen. A name on a type is one of its methods or fields, or of the
// engine's type of that name (Game.Sequence); on a value,
// whose type the text does not say, one some harness or engine type
// has (a snapshot's field); on another package or type (errors.As,
// Unity's Object.Destroy, rapid's T.Repeat), not the harness's at all.
func TestLessonsNameHarnessMembersThatExist(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "harness/game.go", "package harness\n\nfunc NewGame() {}\n\ntype Game struct{ g int }\n\nfunc (g *Game) Summon(card string) {}\n\n"+
		"type GameSnapshot struct{ Entities []int }\n\ntype CardDef = card.Def\n")
	write(t, repo, "engine/game/game.go", "package game\n\ntype Game struct{ queue []int }\n\nfunc (g *Game) Sequence() {}\n")
	text := goodLesson + "\nFine: `Game.Sequence`, `Game.Summon`, `g.Summon`, `Game.Summon(card)`, `s.Entities`, `CardDef.Entities`, `errors.As`, `Object.Destroy`, `T.Repeat`; add `Game.Bounce(id ID)`.\n" +
		"Wrong: `Game.Sumon`, `g.Sumon`, `Game.Entities`, `Game.Sumon(card, 0)`, `CardDef.Nothing`.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	line := strconv.Itoa(strings.Count(text, "\n"))
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + line + ": names Game.Sumon, but neither the harness's Game nor an engine type of that name has a method or field Sumon; rename it or drop the mention",
		"course/01-handles/lesson.md:" + line + ": names g.Sumon, which neither the harness contract nor the reference has; rename it or drop the mention",
		"course/01-handles/lesson.md:" + line + ": names Game.Entities, but neither the harness's Game nor an engine type of that name has a method or field Entities; rename it or drop the mention",
		"course/01-handles/lesson.md:" + line + ": names Game.Sumon, but neither the harness's Game nor an engine type of that name has a method or field Sumon; rename it or drop the mention",
		"course/01-handles/lesson.md:" + line + ": names CardDef.Nothing, which neither the harness contract nor the reference has; rename it or drop the mention",
	}, problemsOf(t, repo))
}

// A go test -run pattern is read as go test reads it, an unanchored
// regexp split at | and / outside brackets, and must run some test a
// learner at the module has: one naming a prefix of several tests, or a
// regexp, was taken for a test of that name, which no module has.
func TestAGoTestRunPatternIsARegexp(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/00-setup/tests/00_setup_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_00_sketch(t *testing.T) { "+checks+" }\n")
	write(t, repo, "course/02-queue/tests/02_queue_test.go", "package tests\n\nimport \"testing\"\n\nfunc Test_02_later(t *testing.T) { "+checks+" }\n")
	text := goodLesson + "\nRun `go test ./tests -run Test_01_summon` or `go test -run=Test_01x_pl ./tests`, then `go test ./tests -run Test_00_`.\n\n" +
		"```sh\n$ go test ./tests -run '^Test_01x?_'\ngo test ./tests -run 'Test_01_summon_gives_an_id/a sub test'\ngo test ./tests -run \"Test_99_gone|Test_01x\" -v\n" +
		"go test ./tests -run Test_02_later && go test ./tests -run 'Test_01_(open'\ngo test ./tests -test.run '[/]Test_01'\n" +
		"go test ./tests -skip Test_01_summon -run Test_01 && go test ./tests --skip=Test_01_summon_gives_an_idd\n```\n\n" +
		"```text\n    To reproduce, specify -run=\"TestNothing\" -rapid.seed=1\n```\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	line := strings.Count(goodLesson, "\n") + 8
	var got []string
	for _, p := range problemsOf(t, repo) {
		if !strings.HasPrefix(p, "course/00-setup/") && !strings.HasPrefix(p, "course/02-queue/") {
			got = append(got, p)
		}
	}
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(line) + `: go test -run "Test_02_later" matches no test of module 01, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it runs nothing; fix the pattern`,
		"course/01-handles/lesson.md:" + strconv.Itoa(line) + `: go test -run "Test_01_(open" is no pattern go test takes (its part "Test_01_(open": error parsing regexp: missing closing ): ` + "`Test_01_(open`" + `); fix the regexp`,
		"course/01-handles/lesson.md:" + strconv.Itoa(line+1) + `: go test -run "[/]Test_01" matches no test of module 01, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it runs nothing; fix the pattern`,
		"course/01-handles/lesson.md:" + strconv.Itoa(line+2) + `: go test -skip "Test_01_summon_gives_an_idd" matches no test of module 01, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it skips nothing; fix the pattern`,
	}, got)
}

// A course test that calls a harness function a later module adds passes
// GREEN (the reference has it) and RED (its stub panics "not
// implemented" like any other), while a learner at the test's module has
// only that stub and cannot pass the test; so with a function the
// module lists but its drop writes (Game.Play). A method is known by the
// type the file gives its receiver; a call on anything else is not judged.
func TestATestCallsOnlyHarnessItsModuleHasAdded(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/01_handles_test.go", `package tests

import (
	"testing"

	h "github.com/systemic-game-design/course/harness"
)

func Test_01_summon_gives_an_id(t *testing.T) {
	g := h.NewGame(h.GameOpts{})
	g.Summon("Test Filler", 0)
	g.Cast("Whirlwind", 0)
	s := h.NewSketch()
	s.Cast("Whirlwind")
	t.Log(other.Cast("x"), other.Destroy(1))
	m01check(t, g)
}

func m01check(t *testing.T, game *h.Game) {
	var b *h.Baba
	b.Step(0)
	if h.NewBaba(h.LevelDef{}) == nil || h.NewGame(h.GameOpts{}).Cost(1) > 0 {
		t.Fatal(game.OrderOfPlay(1))
	}
	func(x *h.Game) { x.Destroy(1) }(game)
	game.Play(1)
}
`)
	write(t, repo, "course/01-handles/expansion/tests/01x_handles_test.go", "package tests\n\nimport (\n\t\"testing\"\n\n\t\"github.com/systemic-game-design/course/harness\"\n)\n\n"+
		"func Test_01x_play(t *testing.T) {\n\tg := harness.NewGame(harness.GameOpts{})\n\tg.Play(g.AddToHand(\"Test Filler\", 0))\n\tif g.Health(1) == 0 { t.Fatal(\"no hero\") }\n}\n")
	write(t, repo, "course/01-handles/expansion/solution.json", `{"funcs": ["harness/game.go:Game.Play"]}`)
	write(t, repo, "harness/game.go", "package harness\n\nfunc NewGame() {}\n\ntype Game struct{}\n\nfunc (g *Game) Play(id int) {}\n")
	assert.Equal(t, []string{
		"course/01-handles/expansion/tests/01x_handles_test.go:12: calls Game.Health, which module 02 adds to the harness, after Expansion Drop 01x, so a learner there has only its stub, which panics, and cannot pass the test; call only what Expansion Drop 01x or an earlier one adds, or move the test to module 02",
		"course/01-handles/tests/01_handles_test.go:12: calls Game.Cast, which module 02 adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to module 02",
		"course/01-handles/tests/01_handles_test.go:21: calls Baba.Step, which module 09 adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to module 09",
		"course/01-handles/tests/01_handles_test.go:22: calls NewBaba, which module 06 adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to module 06",
		"course/01-handles/tests/01_handles_test.go:22: calls Game.Cost, which module 05 adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to module 05",
		"course/01-handles/tests/01_handles_test.go:25: calls Game.Destroy, which module 03 adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to module 03",
		"course/01-handles/tests/01_handles_test.go:26: calls Game.Play, which Expansion Drop 01x adds to the harness, after module 01, so a learner there has only its stub, which panics, and cannot pass the test; call only what module 01 or an earlier one adds, or move the test to Expansion Drop 01x",
	}, problemsOf(t, repo))
}

// A lesson, scenario or drop text that hands the harness a card a later
// module introduces shows the learner a call their workspace cannot make
// yet: no card file, no rules for it. The module's own drop's card is
// one its texts speak of; Module 0's sketch takes the cards its lesson
// gives.
func TestATextCallsTheHarnessOnlyWithCardsItsModuleHasMet(t *testing.T) {
	repo := laterCardsFixture(t)
	text := goodLesson + "\nCall `g.Summon(\"Test Trap\", 0)`, then `g.Summon(\"Test Ghoul (Assembled)\", 1)`.\n"
	write(t, repo, "course/01-handles/lesson.md", text)
	write(t, repo, "course/00-setup/scenarios.md", "# S\n\n`s.Add(\"Test Ghoul\", 1)`\n")
	var got []string
	for _, p := range problemsOf(t, repo) {
		if !strings.HasPrefix(p, "course/00-setup/") || strings.Contains(p, "card") {
			got = append(got, p)
		}
	}
	assert.Equal(t, []string{
		"course/01-handles/lesson.md:" + strconv.Itoa(strings.Count(text, "\n")) + `: calls the harness with card "Test Ghoul", which course/catalog.json introduces in module 02, after module 01 and its drop, so a learner here has neither its card file nor its rules; use a card module 01 or an earlier one introduces, or give "Test Ghoul" module 01 in the catalog`,
	}, got)
}

// A constructor a module's contract line adds is known to dev check from
// that line alone: a test of an earlier module that calls a method of the
// type it makes, which a later module adds, is told, whether the value is
// kept in a variable or called on at once.
func TestAConstructorTheContractAddsIsKnown(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/01-handles/tests/01_handles_test.go", `package tests

import (
	"testing"

	h "github.com/systemic-game-design/course/harness"
)

func Test_01_summon_gives_an_id(t *testing.T) {
	tb := h.NewTable(4)
	tb.Deal()
	if h.NewTable(2).Seats() == 0 {
		t.Fatal("no seats")
	}
}
`)
	c := &checker{opts: Options{Repo: repo}, course: os.DirFS(filepath.Join(repo, "course")), rep: &Report{Problems: []Problem{}}}
	c.harnessContract = contractOf([]modules.Module{
		{Number: "01", Slug: "01-handles", Harness: []string{"func NewTable(seats int) *Table // a new constructor", "func (t *Table) Seats() int"}},
		{Number: "02", Slug: "02-deal", Harness: []string{"func (t *Table) Deal()"}},
	})
	c.laterHarness(modulesByNumber(t, "01"))
	var got []string
	for _, p := range c.rep.Problems {
		got = append(got, p.Where()+": "+p.What[:strings.Index(p.What, ",")])
	}
	assert.Equal(t, []string{"course/01-handles/tests/01_handles_test.go:11: calls Table.Deal"}, got)
}

func TestParseContractLine(t *testing.T) {
	for line, want := range map[string]contractFunc{
		"func NewGame(opts GameOpts) *Game":                                          {name: "NewGame", constructs: "Game"},
		"func NewSpellGrid(level LevelDef, cards []CardDef) *SpellGrid":              {name: "NewSpellGrid", constructs: "SpellGrid"},
		"func CheckZones(s GameSnapshot) error":                                      {name: "CheckZones"},
		"func (g *Game) Summon(card string, player Player) ID":                       {recv: "Game", name: "Summon", constructs: ""},
		"func (g *Game) Play(handID ID) // leave it a stub until the Expansion Drop": {recv: "Game", name: "Play"},
	} {
		got, ok := parseContractLine(line)
		assert.True(t, ok, line)
		assert.Equal(t, want, got, line)
	}
	_, ok := parseContractLine("type Game struct{}")
	assert.False(t, ok, "a type is no contract function")
}

// A folder dev new-module was writing a module in when it was stopped is
// named, with its mends; a folder of another name that starts so is not
// dev new-module's, and is left to its author.
func TestAModuleFolderLeftAsideIsAProblem(t *testing.T) {
	repo := fixture(t)
	write(t, repo, "course/.new-14-trading-2718281/14-trading/lesson.md", "# Module 14: Trading\n")
	write(t, repo, "course/.new-notes/todo.md", "an author's own\n")
	assert.Equal(t, []string{
		"course/.new-14-trading-2718281: is a folder course dev new-module was writing module 14 in when it was stopped, so the module never reached course/14-trading; remove the folder (after moving out anything of yours), or run `course dev new-module 14 trading` again, which removes it when it holds only its own unfinished work",
	}, problemsOf(t, repo))
}

func TestAsideSlug(t *testing.T) {
	for name, want := range map[string]string{".new-14-trading-123": "14-trading", ".new-14-trading-posts-9": "14-trading-posts"} {
		got, ok := AsideSlug(name)
		assert.True(t, ok, name)
		assert.Equal(t, want, got, name)
	}
	for _, name := range []string{".new-14-trading-", ".new-14-trading-x1", ".new-trading-12", "14-trading-12", ".new-"} {
		_, ok := AsideSlug(name)
		assert.False(t, ok, name)
	}
}

// dev check runs the tests with the go command $GO names, as check does,
// so that `make test GO=...` tests the course with that Go throughout.
func TestDevCheckRunsTheGoThatGONames(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a program there is found by its extension")
	}
	mygo := filepath.Join(t.TempDir(), "go1.99")
	require.NoError(t, os.WriteFile(mygo, []byte("#!/bin/sh\n"), 0o755))
	t.Setenv("GO", mygo)
	assert.Equal(t, mygo, goCommand(context.Background(), t.TempDir(), t.TempDir(), "version").Path)
}
