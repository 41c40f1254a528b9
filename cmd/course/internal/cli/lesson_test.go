package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/muesli/termenv"
	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

const testLesson = "# Module 1: Handles and order of play\n\n## Predict\n\nWhat is an id?\n\n" +
	"<details>\n<summary>Discussion</summary>\n\nA number that is never reused.\n\n</details>\n\n" +
	"## Build\n\n| a | b |\n| --- | --- |\n| one | two |\n\n" +
	"<details>\n<summary>Hint 1: a nudge</summary>\n\nOne owner.\n\n</details>\n\n" +
	"<details>\n<summary>Hint 2: the concepts</summary>\n\nA table of entities.\n\n</details>\n\n" +
	"<details>\n<summary>Hint 3: pseudo-code</summary>\n\n```go\nfunc arrive() {}\n```\n\n</details>\n"

func lessonEnv(t *testing.T) (*Env, *bytes.Buffer) {
	t.Helper()
	env, out, _ := testEnv()
	env.Content.Course().(fstest.MapFS)["01-handles/lesson.md"] = &fstest.MapFile{Data: []byte(testLesson)}
	env.Content.Course().(fstest.MapFS)["01-handles/scenarios.md"] = &fstest.MapFile{Data: []byte("# Module 1 scenarios\n\n## test_01_a\n")}
	return env, out
}

func TestLessonThroughAPipeIsItsMarkdown(t *testing.T) {
	env, out := lessonEnv(t)
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "1"}))
	assert.Contains(t, out.String(), "## Build\n\n| a | b |")
	assert.NotContains(t, out.String(), "A number that is never reused", "discussions stay folded")
	assert.NotContains(t, out.String(), "One owner.", "hints stay folded")
	assert.Contains(t, out.String(), "`course hint 01 1`")

	env, out = lessonEnv(t)
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", Discussion: true}))
	assert.Contains(t, out.String(), "A number that is never reused")

	env, out = lessonEnv(t)
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", Scenarios: true}))
	assert.Equal(t, "# Module 1 scenarios\n\n## test_01_a\n", out.String())
}

func TestLessonOnATerminalIsRendered(t *testing.T) {
	env, out := lessonEnv(t)
	env.Term = Terminal{IsTerminal: true, Profile: termenv.ANSI, Width: 80, Height: 1000}
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", NoPager: true}))
	text := out.String()
	assert.Contains(t, text, "\x1b[", "colour on a colour terminal")
	plain := stripANSI(text)
	assert.NotContains(t, plain, "# Module 1", "the title is laid out, not shown as Markdown")
	assert.Contains(t, plain, "Module 1: Handles and order of play")
	assert.NotContains(t, plain, "| --- |", "tables are laid out, not shown as Markdown")
	assert.Regexp(t, `one\s+│\s+two`, plain, "tables are drawn")

	env, out = lessonEnv(t)
	env.Term = Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 80, Height: 1000}
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", NoPager: true}))
	assert.NotContains(t, out.String(), "\x1b[", "NO_COLOR and TERM=dumb give no colour")
	assert.Contains(t, out.String(), "Build")
}

func TestLessonGoesThroughThePager(t *testing.T) {
	dir := t.TempDir()
	paged := filepath.Join(dir, "paged")
	pager := filepath.Join(dir, "pager.sh")
	require.NoError(t, os.WriteFile(pager, []byte("#!/bin/sh\ncat > "+paged+"\n"), 0o755))
	t.Setenv("COURSE_PAGER", pager)

	env, out := lessonEnv(t)
	env.Term = Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 80, Height: 5}
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01"}))
	assert.Empty(t, out.String(), "the pager wrote the lesson, not course")
	got, err := os.ReadFile(paged)
	require.NoError(t, err, "a lesson taller than the screen goes to the pager")
	assert.Contains(t, string(got), "Build")

	require.NoError(t, os.Remove(paged))
	env, out = lessonEnv(t)
	env.Term = Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 80, Height: 5}
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", NoPager: true}))
	assert.NoFileExists(t, paged, "--no-pager writes straight out")
	assert.Contains(t, out.String(), "Build")
}

// A pager setting of no words (spaces alone) means none, as an empty one
// does: the text is written straight out. It used to end course with an
// index out of range.
func TestABlankPagerIsNone(t *testing.T) {
	for _, c := range []struct{ course, pager string }{{"   ", "less"}, {"\t", ""}, {"", "x"}, {" cat ", ""}} {
		t.Run(fmt.Sprintf("%q,%q", c.course, c.pager), func(t *testing.T) {
			t.Setenv("COURSE_PAGER", c.course)
			t.Setenv("PAGER", c.pager)
			env, out := lessonEnv(t)
			env.Term = Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 80, Height: 5}
			require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01"}))
			assert.Contains(t, out.String(), "Build")
		})
	}
	t.Run("PAGER of spaces", func(t *testing.T) {
		t.Setenv("COURSE_PAGER", "") // restored after the test
		require.NoError(t, os.Unsetenv("COURSE_PAGER"))
		t.Setenv("PAGER", "  ")
		words, ok := pagerCommand()
		assert.Equal(t, []string{"less"}, words, "passed over for less")
		assert.True(t, ok)
	})
	t.Run("words", func(t *testing.T) {
		t.Setenv("COURSE_PAGER", "  less  -R ")
		words, ok := pagerCommand()
		assert.Equal(t, []string{"less", "-R"}, words)
		assert.True(t, ok)
	})
}

const testHarness = "# The harness contract\n\n## Part I\n\n### M1: Handles\n\nNewGame.\n\n#### Zones\n\nHand, deck.\n\n" +
	"```sh\n# a comment in code is no heading\ngo test ./tests\n~~~\n# nor one after tildes in a block of backticks\n```\n\n" +
	"### M12: Combat\n\nAttack.\n\n## Test files\n\nNames.\n"

// --drop prints the module's Expansion Drop, and --harness its part of the
// harness contract, its subsections with it and nothing of the next part;
// a module with no part there is told where to look.
func TestLessonPrintsTheDropAndTheHarnessPart(t *testing.T) {
	env, out := lessonEnv(t)
	err := RunLesson(context.Background(), env, &LessonOptions{Module: "01", Harness: true})
	assert.Equal(t, 2, Status(err))
	assert.True(t, IsUserError(err), "a course copy without the contract is its author's to mend")
	assert.EqualError(t, err, "course: this course has no harness contract (course/harness.md); run `course lesson 01` for what module 01 asks")

	course := env.Content.Course().(fstest.MapFS)
	course["01-handles/expansion/README.md"] = &fstest.MapFile{Data: []byte("# Module 1 Expansion Drop: a card\n")}
	course["harness.md"] = &fstest.MapFile{Data: []byte(testHarness)}
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "01", Drop: true}))
	assert.Equal(t, "# Module 1 Expansion Drop: a card\n", out.String())

	out.Reset()
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "1", Harness: true}))
	assert.Equal(t, "### M1: Handles\n\nNewGame.\n\n#### Zones\n\nHand, deck.\n\n"+
		"```sh\n# a comment in code is no heading\ngo test ./tests\n~~~\n# nor one after tildes in a block of backticks\n```\n\n", out.String(), "the code block with its comment is M1's")
	out.Reset()
	require.NoError(t, RunLesson(context.Background(), env, &LessonOptions{Module: "12", Harness: true}))
	assert.Equal(t, "### M12: Combat\n\nAttack.\n\n", out.String(), "M12, not M1 and what follows")

	err = RunLesson(context.Background(), env, &LessonOptions{Module: "02", Harness: true})
	assert.Equal(t, 2, Status(err))
	assert.EqualError(t, err, "course: the harness contract has no part for module 02; run `course lesson 02` for what the module asks")
	err = RunLesson(context.Background(), env, &LessonOptions{Module: "02", Drop: true})
	assert.Equal(t, 2, Status(err))
	assert.Contains(t, Message(err), "module 02 has no expansion/README.md")
}

func TestLessonOfAModuleWithoutOne(t *testing.T) {
	env, _ := lessonEnv(t)
	err := RunLesson(context.Background(), env, &LessonOptions{Module: "07"})
	require.Error(t, err)
	assert.Equal(t, 2, Status(err))
	assert.True(t, IsUserError(err))
	assert.Contains(t, Message(err), "module 07 has no lesson.md")
	assert.Equal(t, 2, Status(RunLesson(context.Background(), env, &LessonOptions{Module: "99"})))
}

func TestHintK(t *testing.T) {
	env, out := lessonEnv(t)
	t.Chdir(t.TempDir()) // no workspace here: nothing is remembered
	require.NoError(t, RunHint(context.Background(), env, &HintOptions{Module: "01", K: 2}))
	assert.Contains(t, out.String(), "## Hint 2: the concepts\n\nA table of entities.\n")
	assert.NotContains(t, out.String(), "One owner.")
	assert.Contains(t, out.String(), "`course hint 01 3`")

	err := RunHint(context.Background(), env, &HintOptions{Module: "01", K: 4})
	require.Error(t, err)
	assert.Equal(t, 2, Status(err))
	assert.Contains(t, err.Error(), "module 01 has 3 hints")

	err = RunHint(context.Background(), env, &HintOptions{Module: "01"})
	require.Error(t, err, "the next hint needs a workspace to remember what was shown")
	assert.Contains(t, err.Error(), "not inside a course workspace; run course init DIR or cd into one")
}

func TestHintNextIsRememberedPerWorkspace(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	sub := filepath.Join(ws, "engine")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	t.Chdir(sub) // found by walking up

	var shown []string
	for range 4 {
		env, out := lessonEnv(t)
		require.NoError(t, RunHint(context.Background(), env, &HintOptions{Module: "01"}))
		first, _, _ := strings.Cut(out.String(), "\n")
		shown = append(shown, first)
	}
	assert.Equal(t, []string{"## Hint 1: a nudge", "## Hint 2: the concepts", "## Hint 3: pseudo-code",
		"You have been shown hint 3 of module 01, the last; `course hint 01 K` shows hint K again, 1 to 3."}, shown)
	raw, err := os.ReadFile(filepath.Join(ws, ".course", "state.json"))
	require.NoError(t, err)
	assert.JSONEq(t, `{"hints": {"01": 3}}`, string(raw))
}

func TestHintStateIsNotWrittenThroughALink(t *testing.T) {
	ws := t.TempDir()
	outside := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(ws, ".course")))
	t.Chdir(ws)
	env, _ := lessonEnv(t)
	err := RunHint(context.Background(), env, &HintOptions{Module: "01"})
	require.Error(t, err)
	assert.Equal(t, 2, Status(err))
	assert.True(t, IsUserError(err))
	entries, _ := os.ReadDir(outside)
	assert.Empty(t, entries, "nothing written outside the workspace")
}

func TestLessonAndHintFlags(t *testing.T) {
	env, _, _ := testEnv()
	flagTable(t, func(runF func(*LessonOptions) error) *cobra.Command { return newLessonCmd(env, runF) }, []flagCase[LessonOptions]{
		{args: []string{"03"}, want: LessonOptions{Module: "03"}},
		{args: []string{"03", "--scenarios", "--no-pager"}, want: LessonOptions{Module: "03", Scenarios: true, NoPager: true}},
		{args: []string{"3", "--discussion"}, want: LessonOptions{Module: "3", Discussion: true}},
		{args: []string{"03", "--drop"}, want: LessonOptions{Module: "03", Drop: true}},
		{args: []string{"03", "--harness"}, want: LessonOptions{Module: "03", Harness: true}},
		{args: []string{"03", "--drop", "--scenarios"}, err: "course lesson: --scenarios and --drop each print a text of their own; give one of them"},
		{args: []string{"03", "--harness", "--discussion"}, err: "course lesson: --discussion opens the lesson's discussions, and --harness prints another text; give one of them"},
		{args: nil, err: "takes 1 argument(s), NN"},
		{args: []string{"03", "--pager"}, err: "unknown flag: --pager"},
	})
	flagTable(t, func(runF func(*HintOptions) error) *cobra.Command { return newHintCmd(env, runF) }, []flagCase[HintOptions]{
		{args: []string{"01"}, want: HintOptions{Module: "01"}},
		{args: []string{"01", "2"}, want: HintOptions{Module: "01", K: 2}},
		{args: []string{"01", "zero"}, err: `K is a hint's number, 1, 2 or 3, not "zero"`},
		{args: []string{"01", "0"}, err: `not "0"`},
		{args: []string{"01", "+1"}, err: `not "+1"`},
		{args: []string{"01", "02"}, want: HintOptions{Module: "01", K: 2}},
		{args: []string{"01", "1", "2"}, err: "takes NN and an optional K, and got 3"},
	})
}

func stripANSI(s string) string {
	return ansiEscape.ReplaceAllString(s, "")
}

var ansiEscape = regexp.MustCompile(`\x1b\[[0-9;?]*[a-zA-Z]`)

// On a screen narrower than the lesson's lines, a list item is wrapped as
// one paragraph, as it would be written on one line: glamour alone keeps
// each source line apart, leaving a short line after every long one.
func TestAListItemWrapsAsOneParagraphOnANarrowScreen(t *testing.T) {
	term := Terminal{IsTerminal: true, Profile: termenv.Ascii, Width: 40, Height: 1000}
	render := func(md string) string {
		t.Helper()
		out, err := renderOn(term, md)
		require.NoError(t, err)
		return out
	}
	written := "Build:\n\n- Ids, zones and order of play are not about\n  any card: they belong in `engine/`.\n- Test Filler is content, not machinery, so\n  its definition goes under `content/`.\n"
	oneLine := "Build:\n\n- Ids, zones and order of play are not about any card: they belong in `engine/`.\n- Test Filler is content, not machinery, so its definition goes under `content/`.\n"
	assert.Equal(t, render(oneLine), render(written))
	assert.NotContains(t, render(written), "not about\n", "a line of the source is not a line on the screen")
}

// Ctrl-C while hint waits for the state's lock (a watch in another
// terminal caching its check) ends it with the signal's status, where it
// said it was stopped and ended with 0.
func TestHintStoppedWhileWaitingForTheLock(t *testing.T) {
	ws := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(ws, ".course.json"), []byte(`{"track":"go","engineDirs":["engine"]}`), 0o644))
	t.Chdir(ws)
	w, err := workspace.Open(ws)
	require.NoError(t, err)
	held, err := workspace.LockState(context.Background(), w)
	require.NoError(t, err)
	defer func() { _ = held.Unlock() }()
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&SignalError{Signal: os.Interrupt})
	env, out := lessonEnv(t)
	err = RunHint(ctx, env, &HintOptions{Module: "01"})
	assert.Equal(t, 130, Status(err))
	assert.Contains(t, out.String(), "## Hint 1: a nudge")
}
