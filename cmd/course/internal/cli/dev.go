package cli

import (
	"strings"

	"github.com/spf13/cobra"
)

// newDevCmd is the course authors' group: dev check and dev new-module.
func newDevCmd(env *Env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "Commands for course authors: prove the course consistent, scaffold a module",
		Long: `dev holds the commands a course author runs in a checkout of the course
repository: dev check proves the modules, scenarios, tests, lessons, catalog
and reference consistent; dev new-module scaffolds a module for dev check
to guide.`,
		Example: `  course dev check
  course dev new-module 14 trading --title "Trading"`,
		Args:                       unknownSubcommand,
		SuggestionsMinimumDistance: 2,
		RunE:                       func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newDevCheckCmd(env, nil), newDevNewModuleCmd(env, nil))
	return cmd
}

// unknownSubcommand refuses a word after a group of commands that names
// none of them, with the nearest names (or all of them).
func unknownSubcommand(cmd *cobra.Command, a []string) error {
	if len(a) == 0 {
		return nil
	}
	near := cmd.SuggestionsFor(a[0])
	if len(near) == 0 {
		for _, c := range cmd.Commands() {
			if c.IsAvailableCommand() {
				near = append(near, c.Name())
			}
		}
		return usagef("%s has no command %q; its commands are %s", cmd.CommandPath(), a[0], strings.Join(near, ", "))
	}
	return usagef("%s has no command %q; did you mean %s?", cmd.CommandPath(), a[0], strings.Join(near, " or "))
}
