package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// CouplingAuditOptions are the arguments of course coupling-audit.
type CouplingAuditOptions struct {
	Workspace string
	JSON      bool
}

func newCouplingAuditCmd(env *Env, runF func(*CouplingAuditOptions) error) *cobra.Command {
	opts := &CouplingAuditOptions{}
	cmd := &cobra.Command{
		Use:   "coupling-audit [WORKSPACE]",
		Short: "Check the Zero-Coupling Law: no card or noun names in the engine folders",
		Long: `coupling-audit searches the engine folders (engineDirs in .course.json) for
the name of any card of the course catalog and any grid word whose role is
noun, in every spelling: "Test Filler", TestFiller, testFiller, TEST_FILLER,
test-filler, testfiller. A one-word name counts only as a whole token: key
and KEY count, sortKey and keyed do not. Go files are read as Go
(identifiers, string literals, comments); other files as text.

It prints "coupling-audit: ok", or one line per finding:
  engine/world.go:12:6: engine names "Test Filler" (as TestFiller)`,
		Example: `  course coupling-audit ~/my-engine
  course coupling-audit . --json`,
		Args:              argsWithWorkspace(),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			ws, err := workspaceArg(a)
			if err != nil {
				return err
			}
			opts.Workspace = ws
			if runF != nil {
				return runF(opts)
			}
			return RunCouplingAudit(env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print one JSON document (course/schema/output/coupling-audit.schema.json)")
	return cmd
}

func dirsOnly(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// auditWorkspace runs the audit on an open workspace.
func auditWorkspace(env *Env, ws *workspace.Workspace) (*audit.Report, error) {
	content, err := env.content()
	if err != nil {
		return nil, err
	}
	m, err := audit.Catalog(content.Course())
	if err != nil {
		return nil, err
	}
	return audit.Dirs(ws.Dir, ws.Config.EngineDirs, m)
}

// couplingAuditDocument is coupling-audit's --json document
// (course/schema/output/coupling-audit.schema.json): the object check --json
// carries as its audit, with the schema's version first.
type couplingAuditDocument struct {
	SchemaVersion int `json:"schemaVersion"`
	checker.AuditReport
}

// RunCouplingAudit audits the workspace's engine folders.
func RunCouplingAudit(env *Env, opts *CouplingAuditOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	r, err := auditWorkspace(env, ws)
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, couplingAuditDocument{SchemaVersion: 1,
			AuditReport: checker.AuditReport{OK: len(r.Findings) == 0, Report: r}}); err != nil {
			return err
		}
	} else {
		printAudit(env, r)
	}
	if len(r.Findings) > 0 {
		return &FindingError{Summary: fmt.Sprintf("%d finding(s)", len(r.Findings))}
	}
	return nil
}

// printAudit writes coupling-audit's lines: each finding with its place in
// the failure colour, or "ok" in the passing one.
func printAudit(env *Env, r *audit.Report) {
	st := env.Term.styles()
	if len(r.Findings) == 0 {
		fmt.Fprintf(env.Stdout, "coupling-audit: %s\n", st.pass.Render("ok"))
		return
	}
	for _, f := range r.Findings {
		fmt.Fprintln(env.Stdout, stylePrefix(st.fail, f.String(), fmt.Sprintf("%s:%d:%d", f.Path, f.Line, f.Column)))
	}
}
