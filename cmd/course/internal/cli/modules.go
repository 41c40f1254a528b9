package cli

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/modules"
)

// ModulesOptions are the arguments of course modules.
type ModulesOptions struct {
	JSON bool
}

func newModulesCmd(env *Env) *cobra.Command {
	opts := &ModulesOptions{}
	cmd := &cobra.Command{
		Use:   "modules",
		Short: "List every module: number, slug, part, title, and whether it is ready",
		Long: `modules lists the course's modules in order. A module is available when the
course has its tests; start-module refuses the others.`,
		Example: `  course modules
  course modules --json`,
		Args: args(),
		RunE: func(cmd *cobra.Command, _ []string) error { return RunModules(env, opts) },
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document")
	return cmd
}

// ModuleInfo is one module as course modules --json lists it.
type ModuleInfo struct {
	Number       string   `json:"number"`
	Slug         string   `json:"slug"`
	Part         string   `json:"part"`
	Title        string   `json:"title"`
	Available    bool     `json:"available"`
	HasExpansion bool     `json:"hasExpansion"`
	Harness      []string `json:"harness"`
	Cards        []string `json:"cards"`
	DropCards    []string `json:"expansionCards"`
	Tests        string   `json:"tests"`
	Expansion    string   `json:"expansionTests"`
}

// RunModules prints the list.
func RunModules(env *Env, opts *ModulesOptions) error {
	content, err := env.content()
	if err != nil {
		return err
	}
	cat, courseFS := content.Catalog(), content.Course()
	names := func(cs []data.CatalogCard) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, c.Name)
		}
		return out
	}
	var infos []ModuleInfo
	for _, m := range modules.All() {
		infos = append(infos, ModuleInfo{
			Number: m.Number, Slug: m.Slug, Part: m.Part, Title: m.Title,
			Available: modules.Available(courseFS, m), HasExpansion: modules.HasExpansion(courseFS, m),
			Harness: append([]string{}, m.Harness...),
			Cards:   names(modules.CardsOf(cat, m)), DropCards: names(modules.DropCardsOf(cat, m)),
			Tests: "course/" + m.TestsDir(), Expansion: "course/" + m.ExpansionTestsDir(),
		})
	}
	if opts.JSON {
		return writeJSON(env.Stdout, infos)
	}
	w := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NN\tSLUG\tPART\tTITLE\tSTATUS")
	for _, m := range infos {
		status := "available"
		switch {
		case !m.Available:
			status = "not available yet"
		case m.HasExpansion:
			status = "available, with its Expansion Drop"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", m.Number, m.Slug, m.Part, m.Title, status)
	}
	return w.Flush()
}
