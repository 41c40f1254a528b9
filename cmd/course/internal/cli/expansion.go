package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// ExpansionCheckOptions are the arguments of course expansion-check.
type ExpansionCheckOptions struct {
	Workspace string
	Commit    string
	JSON      bool
}

func newExpansionCheckCmd(env *Env) *cobra.Command {
	opts := &ExpansionCheckOptions{}
	cmd := &cobra.Command{
		Use:   "expansion-check WORKSPACE COMMIT",
		Short: "Check an Expansion Drop: no engine file differs from COMMIT",
		Long: `expansion-check compares the files under the engine folders (engineDirs in
.course.json) at COMMIT with the working tree, untracked files included and
ignored ones not. COMMIT is HEAD, HEAD~N, HEAD^, a branch, a tag or a (short)
hash; reflog (@{...}) and path (:) forms are refused.

It prints "expansion-check: ok", or each engine file that was added, changed
or removed since COMMIT.`,
		Example: `  git -C ~/my-engine commit -am "module 1 done"
  course expansion-check ~/my-engine HEAD
  course expansion-check ~/my-engine v1 --json`,
		Args: args("WORKSPACE", "COMMIT"),
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Workspace, opts.Commit = a[0], a[1]
			return RunExpansionCheck(env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	return cmd
}

// RunExpansionCheck compares the engine folders with the commit.
func RunExpansionCheck(env *Env, opts *ExpansionCheckOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	res, err := expansion.Check(ws.Dir, opts.Commit, ws.Config.EngineDirs)
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, struct {
			OK bool `json:"ok"`
			*expansion.Result
		}{len(res.Changes) == 0, res}); err != nil {
			return err
		}
	} else if len(res.Changes) == 0 {
		fmt.Fprintln(env.Stdout, "expansion-check: ok")
	} else {
		for _, c := range res.Changes {
			fmt.Fprintf(env.Stdout, "%s %s since %s\n", c.Path, c.Kind, opts.Commit)
		}
		fmt.Fprintf(env.Stdout, "expansion-check: %d engine file(s) differ from %s (%s); the drop must leave the engine folders as they were\n", len(res.Changes), opts.Commit, res.Commit[:7])
	}
	if len(res.Changes) > 0 {
		return &FindingError{Summary: fmt.Sprintf("%d engine file(s) differ", len(res.Changes))}
	}
	return nil
}
