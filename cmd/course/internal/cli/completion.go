package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// helpWidth is the terminal width every command's help is written for.
const helpWidth = 80

// adoptCompletionCmd makes cobra's completion command answer as the
// course's own commands do. cobra adds it when the program runs; left as it
// is, `course completion bashh` prints help and exits 0, as if it had
// written a script, and `course completion bash extra` is worded as a fault
// of the tool. Here it is added at once and given the course's argument
// checks, so a mistyped shell is a usage error (status 2) that names the
// shells. In a tree that only parses (parseOnly), a shell's command writes
// no script.
func adoptCompletionCmd(root *cobra.Command, parseOnly bool) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		c.Args = unknownSubcommand
		c.SuggestionsMinimumDistance = 2
		c.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
		for _, shell := range c.Commands() {
			shell.Args = args()
			shell.Long = foldLines(shell.Long, helpWidth)
			if parseOnly {
				shell.Run = nil
				shell.RunE = func(*cobra.Command, []string) error { return nil }
			}
		}
	}
}

// foldLines breaks each line of s wider than width at its last space that
// fits, the rest going on a line of its own with the same indent: cobra's
// own help for the completion scripts has lines a few columns too wide.
func foldLines(s string, width int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		indent := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		for len(line) > width {
			cut := strings.LastIndexByte(line[:width+1], ' ')
			if cut <= len(indent) {
				// a word wider than the line: it stands alone on its own
				next := strings.IndexByte(line[len(indent):], ' ')
				if next <= 0 {
					break
				}
				cut = len(indent) + next
			}
			out = append(out, line[:cut])
			line = indent + line[cut+1:]
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
