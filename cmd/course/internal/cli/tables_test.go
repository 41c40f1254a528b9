package cli

import (
	"strings"
	"testing"

	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A table of code wider than the screen is shown whole, each cell broken
// at its spaces: its code spans are plain text there, since laid out as
// code a span was cut inside a name and the last lines of the row's other
// cells were dropped.
func TestAWideTableOfCodeIsShownWhole(t *testing.T) {
	md := "The functions:\n\n" +
		"| Go | what it does |\n| --- | --- |\n" +
		"| `NewGame(opts GameOpts) *Game` | starts a game; `GameOpts{Decks: [2][]string{...}}` gives the decks as card names, top card first |\n" +
		"| `(g *Game) Summon(card string, player Player) ID` | makes the card and puts it at the right end of `player`'s board |\n" +
		"| `a \\| b` | a bar in a cell |\n"
	for _, profile := range []termenv.Profile{termenv.Ascii, termenv.ANSI256} {
		for _, width := range []int{72, 80} {
			out, err := renderOn(Terminal{IsTerminal: true, Profile: profile, Width: width, Height: 1000}, md)
			require.NoError(t, err)
			plain := stripANSI(out)
			left, right := tableColumns(t, plain)
			assert.Equal(t, "NewGame(opts GameOpts) *Game (g *Game) Summon(card string, player Player) ID a | b", left, "at %d columns, %v", width, profile)
			assert.Equal(t, "starts a game; GameOpts{Decks: [2][]string{...}} gives the decks as card names, top card first makes the card and puts it at the right end of player's board a bar in a cell", right, "at %d columns, %v", width, profile)
			assert.NotContains(t, plain, `\`, "no escape is shown")
			for _, l := range strings.Split(plain, "\n") {
				assert.LessOrEqual(t, len([]rune(l)), width, "%q", l)
			}
		}
	}
}

func TestPlainCodeInWideTablesOnly(t *testing.T) {
	narrow := "| Go | what |\n| --- | --- |\n| `NewSketch() *Sketch` | an empty board |\n"
	assert.Equal(t, narrow, plainCodeInWideTables(narrow, 80), "a table that fits keeps its code")

	wide := "| Go | what |\n| --- | --- |\n| `(s *Sketch) Add(card string, health int)` | a minion of that card joins on the right, with `health` Health left |\n"
	got := plainCodeInWideTables(wide, 80)
	assert.Equal(t, "| Go | what |\n| --- | --- |\n| \\(s \\*Sketch\\) Add\\(card string, health int\\) | a minion of that card joins on the right, with health Health left |\n", got)
	assert.Equal(t, wide, plainCodeInWideTables(wide, 200))

	fenced := "```\n" + wide + "```\n"
	assert.Equal(t, fenced, plainCodeInWideTables(fenced, 40), "a code block is not a table")

	text := "`(s *Sketch) Add(card string, health int)` and a long line that is not a table at all, with `code` in it\n"
	assert.Equal(t, text, plainCodeInWideTables(text, 40))
}

func TestTableCells(t *testing.T) {
	assert.Equal(t, []string{" a ", " `b \\| c` ", " d"}, tableCells("| a | `b \\| c` | d"))
	assert.Equal(t, []string{" a ", " b "}, tableCells("| a | b |"))
	assert.Equal(t, "x", codeSpanText(" x "))
	assert.Equal(t, "  ", codeSpanText("  "))
	assert.Equal(t, " x", codeSpanText(" x"))
}

// tableColumns is the text of the two columns of the one table in a
// layout, below its rule, each column's lines joined with a space.
func tableColumns(t *testing.T, plain string) (left, right string) {
	t.Helper()
	lines := strings.Split(plain, "\n")
	rule := -1
	for i, l := range lines {
		if strings.Contains(l, "---|---") || strings.Contains(l, "─┼─") {
			rule = i
			break
		}
	}
	require.GreaterOrEqual(t, rule, 0, "no table in %q", plain)
	at := strings.IndexAny(strings.ReplaceAll(lines[rule], "─", "-"), "|┼")
	var l, r []string
	for _, line := range lines[rule+1:] {
		runes := []rune(line)
		if strings.TrimSpace(line) == "" || len(runes) <= at {
			break
		}
		l = append(l, strings.TrimSpace(string(runes[:at])))
		r = append(r, strings.TrimSpace(string(runes[at+1:])))
	}
	return strings.Join(strings.Fields(strings.Join(l, " ")), " "), strings.Join(strings.Fields(strings.Join(r, " ")), " ")
}
