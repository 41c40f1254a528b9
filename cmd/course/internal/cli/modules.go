package cli

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/charmbracelet/lipgloss"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/modules"
)

// ModulesOptions are the arguments of course modules.
type ModulesOptions struct {
	JSON bool
}

func newModulesCmd(env *Env, runF func(*ModulesOptions) error) *cobra.Command {
	opts := &ModulesOptions{}
	cmd := &cobra.Command{
		Use:   "modules",
		Short: "List the modules: number, slug, part, title, whether ready",
		Long: `modules lists the course's modules in order. A module is available when the
course has its tests; start-module refuses the others.

Inside a workspace (found from the current folder, as go finds go.mod) it
also says which modules you have started and which are done: a module is
done, as status counts it, when the last check or status passed every one
of its tests and of its Expansion Drop's, with the engine unchanged by the
drop.

On a terminal too narrow for the table, each module takes lines of its own:
its number and title, then its slug, part and status, wrapped between words.
Through a pipe the table is printed whole, one module a line.`,
		Example: `  course modules
  course modules --json`,
		Args: args(),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return RunModules(env, opts)
		},
	}
	jsonFlag(cmd, &opts.JSON, "modules")
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
	// Started and Done are said inside a workspace only.
	Started *bool `json:"started,omitempty"`
	Done    *bool `json:"done,omitempty"`
}

// ModulesReport is what course modules --json prints.
type ModulesReport struct {
	SchemaVersion int          `json:"schemaVersion"`
	Workspace     string       `json:"workspace,omitempty"`
	Modules       []ModuleInfo `json:"modules"`
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
	// Outside a workspace there is nothing to mark, and the course
	// repository itself starts no module.
	var ws string
	var progress map[string]moduleProgress
	if dir, _ := findWorkspace(""); dir != "" {
		if w, err := workspace.Open(dir); err == nil && w.Kind != workspace.Repository {
			ws, progress = dir, workspaceProgress(w)
		}
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
		if progress != nil {
			p := progress[m.Number]
			started, done := p.started, p.done
			infos[len(infos)-1].Started, infos[len(infos)-1].Done = &started, &done
		}
	}
	if opts.JSON {
		return writeJSON(env.Stdout, ModulesReport{SchemaVersion: 1, Workspace: ws, Modules: infos})
	}
	return printModules(env, ws, infos)
}

// moduleStatus is a module's STATUS column.
func moduleStatus(m ModuleInfo) string {
	switch {
	case !m.Available:
		return "not available yet"
	case m.HasExpansion:
		return "available, with its Expansion Drop"
	}
	return "available"
}

// printModules writes the list for a person: a table, one module a row,
// through a pipe (scripts read it) and on a terminal with room for it; on
// a narrower terminal, where each row would break mid-word at the edge,
// each module in lines of its own (modulesByLine). ws is the workspace,
// "" outside one, where Started and Done are not said.
func printModules(env *Env, ws string, infos []ModuleInfo) error {
	st := env.Term.styles()
	var table strings.Builder
	w := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	header := "NN\tSLUG\tPART\tTITLE\tSTATUS"
	if ws != "" {
		header = "NN\tSLUG\tPART\tTITLE\tSTATUS\tYOU"
	}
	fmt.Fprintln(w, header)
	for _, m := range infos {
		if ws == "" {
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", m.Number, m.Slug, m.Part, m.Title, moduleStatus(m))
			continue
		}
		// The coloured column is the last, so its escapes do not upset the
		// alignment.
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", m.Number, m.Slug, m.Part, m.Title, moduleStatus(m), youColumn(st, m, "-"))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if ws != "" {
		env.sayf("", "in the workspace %s", termsafe.String(ws))
		fmt.Fprintln(env.Stdout)
	}
	// Room for the table is room short of the last column, as hang
	// leaves a line.
	if t := env.Term; !t.IsTerminal || t.Width <= 0 || lipgloss.Width(table.String()) <= t.Width-1 {
		_, err := io.WriteString(env.Stdout, table.String())
		return err
	}
	modulesByLine(env, ws, infos)
	return nil
}

// youColumn is how far the learner is with module m: done, started, or
// notStarted.
func youColumn(st styles, m ModuleInfo, notStarted string) string {
	switch {
	case *m.Done:
		return st.pass.Render("done")
	case *m.Started:
		return st.warn.Render("started")
	}
	return notStarted
}

// modulesByLine is the list on a terminal too narrow for its table: a
// module's number and title on one line, then its slug, part and status
// (and inside a workspace how far the learner is) under the title, each
// line wrapped between words under its indent as hang wraps it.
func modulesByLine(env *Env, ws string, infos []ModuleInfo) {
	st := env.Term.styles()
	const indent = "    "
	for _, m := range infos {
		env.sayf(fmt.Sprintf("%-*s", len(indent), m.Number), "%s", m.Title)
		about := fmt.Sprintf("%s, part %s: %s", m.Slug, m.Part, moduleStatus(m))
		if ws != "" {
			about += "; " + youColumn(st, m, "not started")
		}
		env.sayf(indent, "%s", about)
	}
}
