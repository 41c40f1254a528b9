package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/templates"
)

// InitOptions are the arguments of course init.
type InitOptions struct {
	Dir        string
	ModulePath string
}

func newInitCmd(env *Env) *cobra.Command {
	opts := &InitOptions{}
	cmd := &cobra.Command{
		Use:   "init DIR",
		Short: "Make a new workspace from the template, under git",
		Long: `init makes a learner workspace in DIR: a Go module with the harness stubbed
(every function panics "not implemented" until its module), empty engine/ and
content/ folders, cards/, tests/, a README and .course.json. It runs git init
and makes a first commit (no git program needed). DIR must not exist, or be
empty.`,
		Example: `  course init ~/my-engine
  course init ~/my-engine --module-path github.com/me/my-engine`,
		Args: args("DIR"),
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Dir = a[0]
			return RunInit(env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.ModulePath, "module-path", templates.DefaultModulePath, "the workspace's Go module path")
	return cmd
}

// RunInit makes the workspace.
func RunInit(env *Env, opts *InitOptions) error {
	hash, err := scaffold.Init(opts.Dir, opts.ModulePath)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "init: workspace %s (module %s), first commit %s\n", opts.Dir, opts.ModulePath, hash[:7])
	fmt.Fprintf(env.Stdout, "next: course start-module 00 %s\n", opts.Dir)
	return nil
}
