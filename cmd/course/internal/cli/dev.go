package cli

import (
	"github.com/spf13/cobra"
)

// newDevCmd is the course authors' group: dev check and dev new-module.
//
// parsed is newRoot's: set, the subcommands only parse.
func newDevCmd(env *Env, parsed *any) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "dev",
		Short: "For course authors: prove the course consistent, add a module",
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
	cmd.AddCommand(newDevCheckCmd(env, parseOnly[DevCheckOptions](parsed)), newDevNewModuleCmd(env, parseOnly[DevNewModuleOptions](parsed)))
	return cmd
}
