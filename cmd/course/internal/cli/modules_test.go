package cli

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// someModules are modules as the list shows them, the widest title, slug,
// part and status of the course's among them, and inside a workspace one
// done, one started and the rest not.
func someModules(inWorkspace bool) []ModuleInfo {
	infos := []ModuleInfo{
		{Number: "00", Slug: "00-setup", Part: "0", Title: "Set-up: the workspace and the Zero-Coupling Law", Available: true, HasExpansion: true},
		{Number: "01", Slug: "01-handles", Part: "I", Title: "Handles and order of play", Available: true, HasExpansion: true},
		{Number: "02", Slug: "02-queue", Part: "I", Title: "The Queue", Available: true},
		{Number: "05", Slug: "05-cards-as-data", Part: "I", Title: "Cards as data"},
		{Number: "13", Slug: "13-invariants", Part: "I-III", Title: "Invariants", Available: true, HasExpansion: true},
	}
	if inWorkspace {
		for i := range infos {
			started, done := i < 2, i == 0
			infos[i].Started, infos[i].Done = &started, &done
		}
	}
	return infos
}

// modulesOutput is what course modules prints of infos on term, inside
// the workspace ws ("" for none).
func modulesOutput(t *testing.T, term Terminal, ws string, infos []ModuleInfo) string {
	t.Helper()
	var out bytes.Buffer
	env := &Env{Stdout: &out, Stderr: &bytes.Buffer{}, Term: term}
	require.NoError(t, printModules(env, ws, infos))
	return out.String()
}

// TestModulesFitTheTerminal: on a terminal narrower than the table each
// module takes lines of its own, no line reaching the last column, so
// that none breaks mid-word at the edge; with room for the table, the
// table.
func TestModulesFitTheTerminal(t *testing.T) {
	for _, ws := range []string{"", "~/my-engine"} {
		for _, width := range []int{40, 60, 80, 100, 120} {
			name := fmt.Sprintf("outside_%d", width)
			if ws != "" {
				name = fmt.Sprintf("workspace_%d", width)
			}
			t.Run(name, func(t *testing.T) {
				infos := someModules(ws != "")
				for _, profile := range []termenv.Profile{termenv.ANSI, termenv.Ascii} {
					out := modulesOutput(t, Terminal{IsTerminal: true, Width: width, Profile: profile}, ws, infos)
					for i, line := range strings.Split(out, "\n") {
						assert.Less(t, ansi.StringWidth(line), width, "line %d: %q", i+1, line)
					}
					words := map[string]bool{}
					for _, w := range strings.Fields(ansi.Strip(out)) {
						words[strings.TrimRight(w, ",:;")] = true
					}
					for _, m := range infos {
						for _, w := range strings.Fields(m.Slug + " " + m.Title + " " + moduleStatus(m)) {
							assert.True(t, words[strings.TrimRight(w, ",:;")], "%q, of module %s, whole", w, m.Number)
						}
					}
					if profile == termenv.Ascii {
						golden.RequireEqual(t, []byte(out))
					}
				}
			})
		}
	}
}

// TestModulesKeepTheTableThroughAPipe: through a pipe, or on a terminal
// of unknown width, the list is the table, one module a line, however
// wide, as scripts read it.
func TestModulesKeepTheTableThroughAPipe(t *testing.T) {
	outside := `NN  SLUG              PART   TITLE                                            STATUS
00  00-setup          0      Set-up: the workspace and the Zero-Coupling Law  available, with its Expansion Drop
01  01-handles        I      Handles and order of play                        available, with its Expansion Drop
02  02-queue          I      The Queue                                        available
05  05-cards-as-data  I      Cards as data                                    not available yet
13  13-invariants     I-III  Invariants                                       available, with its Expansion Drop
`
	inside := `in the workspace ~/my-engine

NN  SLUG              PART   TITLE                                            STATUS                              YOU
00  00-setup          0      Set-up: the workspace and the Zero-Coupling Law  available, with its Expansion Drop  done
01  01-handles        I      Handles and order of play                        available, with its Expansion Drop  started
02  02-queue          I      The Queue                                        available                           -
05  05-cards-as-data  I      Cards as data                                    not available yet                   -
13  13-invariants     I-III  Invariants                                       available, with its Expansion Drop  -
`
	for _, term := range []Terminal{{}, {IsTerminal: true, Profile: termenv.Ascii}} {
		assert.Equal(t, outside, modulesOutput(t, term, "", someModules(false)))
		assert.Equal(t, inside, modulesOutput(t, term, "~/my-engine", someModules(true)))
	}
}

// TestModulesCommandFitsAnEightyColumnTerminal: the command reads the
// terminal's width: the course's own list on 80 columns has no line
// that reaches the last.
func TestModulesCommandFitsAnEightyColumnTerminal(t *testing.T) {
	t.Chdir(t.TempDir())
	env, out := embeddedEnv(t)
	env.Term = Terminal{IsTerminal: true, Width: 80}
	require.Equal(t, 0, Main([]string{"modules"}, env))
	require.Contains(t, out.String(), "01  Handles and order of play\n")
	for i, line := range strings.Split(out.String(), "\n") {
		assert.Less(t, ansi.StringWidth(line), 80, "line %d: %q", i+1, line)
	}
}
