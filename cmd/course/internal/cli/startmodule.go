package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/modules"
)

// StartModuleOptions are the arguments of course start-module.
type StartModuleOptions struct {
	Module    string
	Workspace string
	Force     bool
	Expansion bool
	JSON      bool
}

func newStartModuleCmd(env *Env) *cobra.Command {
	opts := &StartModuleOptions{}
	cmd := &cobra.Command{
		Use:   "start-module NN WORKSPACE",
		Short: "Copy a module's tests and cards into the workspace",
		Long: `start-module copies module NN's tests into WORKSPACE/tests/ and the card files
the module brings into WORKSPACE/cards/, rewriting the tests' harness import to
the workspace's module path (from its go.mod). It then prints the harness
functions the module adds, in Go spelling.

It never overwrites a file you changed: a file that is already there and
identical is left alone; a different one is refused (status 2, the file
named) unless --force, which first keeps the old file beside it. Every
earlier version is kept: the first as NAME.orig, the next as NAME.orig.1,
then NAME.orig.2, and so on; nothing kept before is replaced. A file that
cannot be read, or that is not a regular file (a FIFO, a folder), stops the
command instead. Running it twice changes nothing.

It writes only inside the workspace: a tests/ or cards/ folder, or a file in
them, that is a symbolic link leading out of the workspace (dangling or not)
is refused with status 2, naming the path.

The Expansion Drop's test is not copied with the module: once your module is
done and committed, copy it with --expansion.`,
		Example: `  course start-module 01 ~/my-engine
  course start-module 01 ~/my-engine --expansion   # the Expansion Drop's test
  course start-module 01 ~/my-engine --force       # replace changed copies, keeping NAME.orig, NAME.orig.1, ...`,
		Args: args("NN", "WORKSPACE"),
		ValidArgsFunction: func(cmd *cobra.Command, a []string, _ string) ([]string, cobra.ShellCompDirective) {
			if len(a) == 0 {
				var out []string
				for _, m := range modules.All() {
					out = append(out, m.Number+"\t"+m.Title)
				}
				return out, cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveFilterDirs
		},
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Module, opts.Workspace = a[0], a[1]
			return RunStartModule(env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Force, "force", false, "replace files that differ from the course's, keeping each old one as NAME.orig (NAME.orig.1, ... when one is kept already)")
	cmd.Flags().BoolVar(&opts.Expansion, "expansion", false, "copy the module's Expansion Drop test instead (its card, if it has one, is yours to write)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	return cmd
}

// RunStartModule copies the module into the workspace.
func RunStartModule(env *Env, opts *StartModuleOptions) error {
	m, err := modules.Lookup(opts.Module)
	if err != nil {
		return err
	}
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	modPath := ws.ModulePath
	if modPath == "" {
		if _, err := workspace.ModulePath(ws.Dir); err != nil {
			return err
		}
	}
	content, err := env.content()
	if err != nil {
		return err
	}
	results, err := scaffold.StartModule(scaffold.StartOptions{
		Course: content.Course(), Cards: content.Cards(), Catalog: content.Catalog(), Module: m,
		Workspace: ws, ModulePath: modPath, Expansion: opts.Expansion, Force: opts.Force,
	})
	if err != nil {
		return err
	}
	if opts.JSON {
		return writeJSON(env.Stdout, struct {
			Module    string                `json:"module"`
			Expansion bool                  `json:"expansion"`
			Files     []scaffold.FileResult `json:"files"`
			Harness   []string              `json:"harness"`
		}{m.Number, opts.Expansion, results, append([]string{}, m.Harness...)})
	}
	what := "module"
	if opts.Expansion {
		what = "Expansion Drop of module"
	}
	fmt.Fprintf(env.Stdout, "start-module: %s %s %s (%s)\n", what, m.Number, m.Name(), m.Title)
	for _, r := range results {
		line := fmt.Sprintf("  %-9s %s", r.Action, r.Path)
		if r.Action == scaffold.Replaced {
			line += " (the old one is " + r.Kept + ")"
		}
		fmt.Fprintln(env.Stdout, line)
	}
	if opts.Expansion {
		fmt.Fprintf(env.Stdout, "implement the drop in harness/ and content/ only, then: course expansion-check %s HEAD\n", opts.Workspace)
		return nil
	}
	if len(m.Harness) > 0 {
		fmt.Fprintf(env.Stdout, "harness functions module %s adds (harness/, Go):\n", m.Number)
		for _, h := range m.Harness {
			fmt.Fprintf(env.Stdout, "  %s\n", h)
		}
	}
	if m.Note != "" {
		fmt.Fprintf(env.Stdout, "note: %s\n", m.Note)
	}
	fmt.Fprintf(env.Stdout, "next: go test ./tests/... in the workspace (RED until you build them), then course check %s\n", opts.Workspace)
	return nil
}
