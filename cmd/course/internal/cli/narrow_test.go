package cli

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
)

// narrowReport is a check's report whose lines are wider than 40 columns:
// a failure's output, other failures with their reasons, a skipped test.
func narrowReport() *checker.Report {
	return &checker.Report{
		Modules: []checker.Module{{
			Number: "01", Slug: "01-handles", Passed: 1, Failed: 3, Skipped: 1,
			Tests: []checker.Test{
				{Name: "Test_01_ids_stable_and_order_increases", Outcome: "fail"},
				{Name: "Test_01_summon_puts_the_minion_on_the_board", Outcome: "fail", Reason: "the board held 0 minions after Summon; want 1"},
				{Name: "Test_01_hand", Outcome: "timeout", Reason: "it ran past the time limit"},
				{Name: "Test_01_order", Outcome: "skip", Reason: "needs module 02's queue to run"},
				{Name: "Test_01_pass", Outcome: "pass"},
			},
			FirstFailure: &checker.Failure{Test: "Test_01_ids_stable_and_order_increases", Outcome: "fail",
				Output: "handles_test.go:12: the second minion's ID was 1, the first's was 2; IDs must increase in order of play"},
		}},
		Passed: 1, Failed: 3,
	}
}

// TestCheckWrapsBetweenWordsOnANarrowTerminal prints a check's report on
// a terminal of 40 columns: each line wraps between words, under its
// label, a test name too long for the room on a line of its own; through
// a pipe, or on a terminal of unknown width, the lines are as they were.
func TestCheckWrapsBetweenWordsOnANarrowTerminal(t *testing.T) {
	pipe := `module 01 handles: 1 passed, 3 failed, 1 skipped
  first failure: Test_01_ids_stable_and_order_increases (fail)
    handles_test.go:12: the second minion's ID was 1, the first's was 2; IDs must increase in order of play
  also failed: Test_01_summon_puts_the_minion_on_the_board (fail): the board held 0 minions after Summon; want 1
  also failed: Test_01_hand (timeout): it ran past the time limit
  skipped: Test_01_order: needs module 02's queue to run
1 passed, 3 failed
`
	narrow := `module 01 handles: 1 passed, 3 failed,
                   1 skipped
  first failure:
 Test_01_ids_stable_and_order_increases
                 (fail)
    handles_test.go:12: the second
    minion's ID was 1, the first's was
    2; IDs must increase in order of
    play
  also failed:
Test_01_summon_puts_the_minion_on_the_board
               (fail): the board held 0
               minions after Summon;
               want 1
  also failed: Test_01_hand (timeout):
               it ran past the time
               limit
  skipped: Test_01_order: needs module
           02's queue to run
1 passed, 3 failed
`
	for _, tc := range []struct {
		term Terminal
		want string
	}{
		{Terminal{}, pipe},
		{Terminal{IsTerminal: true}, pipe},
		{Terminal{IsTerminal: true, Width: 200}, pipe},
		{Terminal{IsTerminal: true, Width: 40}, narrow},
	} {
		for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI} {
			tc.term.Profile = profile
			env, out, _ := testEnv()
			env.Term = tc.term
			printCheck(env, narrowReport(), "")
			assert.Equal(t, tc.want, ansi.Strip(out.String()), "%+v", tc.term)
		}
	}
	assertWrappedWhole(t, pipe, narrow, 40)
}

// assertWrappedWhole says that narrow is plain's words wrapped for a
// terminal of width columns: the same words in the same order, every line
// short of the last column but one that is a single word too wide for it.
func assertWrappedWhole(t *testing.T, plain, narrow string, width int) {
	t.Helper()
	assert.Equal(t, strings.Fields(plain), strings.Fields(narrow), "the same words")
	for _, line := range strings.Split(strings.TrimRight(narrow, "\n"), "\n") {
		if ansi.StringWidth(line) >= width {
			assert.Len(t, strings.Fields(line), 1, "a line as wide as the screen is one word: %q", line)
		}
	}
}

// TestStartModuleWrapsBetweenWordsOnANarrowTerminal starts module 01 on a
// terminal of 40 columns: the harness functions it adds wrap under their
// names, and every other line between words.
func TestStartModuleWrapsBetweenWordsOnANarrowTerminal(t *testing.T) {
	t.Setenv(WarmCacheEnvVar, "0")
	ctx := context.Background()
	out := map[bool]string{}
	for _, narrow := range []bool{false, true} {
		env, stdout := embeddedEnv(t)
		ws := filepath.Join(t.TempDir(), "ws")
		require.NoError(t, RunInit(ctx, env, &InitOptions{Dir: ws, ModulePath: "example.com/x"}))
		if narrow {
			env.Term = Terminal{IsTerminal: true, Width: 40, Profile: termenv.ANSI}
		}
		stdout.Reset()
		require.NoError(t, RunStartModule(ctx, env, &StartModuleOptions{Module: "01", Workspace: ws}))
		out[narrow] = strings.ReplaceAll(ansi.Strip(stdout.String()), ws, "WS")
	}
	assert.Contains(t, out[false], "\n  func (g *Game) AddToHand(card string, player Player) ID\n", "through a pipe, one line")
	assert.Contains(t, out[true], "\n  func (g *Game) AddToHand(card string,\n       player Player) ID\n", "under the name")
	assertWrappedWhole(t, out[false], out[true], 40)
}
