package cli

import "github.com/spf13/cobra"

// adoptCompletionCmd makes cobra's completion command answer as the
// course's own commands do. cobra adds it when the program runs; left as it
// is, `course completion bashh` prints help and exits 0, as if it had
// written a script, and `course completion bash extra` is worded as a fault
// of the tool. Here it is added at once and given the course's argument
// checks, so a mistyped shell is a usage error (status 2) that names the
// shells.
func adoptCompletionCmd(root *cobra.Command) {
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
		}
	}
}
