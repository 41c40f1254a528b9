package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/session"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/coursetests"
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
		Short: "Check the Zero-Coupling Law: no card or noun in the engine",
		Long: `coupling-audit reads every file of the engine folders (engineDirs in
.course.json) and reports each place one names a card or a grid noun of the
course catalog.

A card counts in every spelling, anywhere in an engine file: identifiers,
string literals (import paths too), comments and files that are not Go (read
without their NUL bytes, so that neither a NUL nor UTF-16 hides one). "Baron
Rivendare" is found as BaronRivendare, baronRivendare, BARON_RIVENDARE,
baron-rivendare, baronrivendare and "Baron Rivendare", and so are the short
names the catalog lists for a card ("Baron", "Rivendare"). A one-word name
counts only as a whole token: baron counts, baronies does not.

A grid noun (ROCK, FLAG, WALL, KEY, DOOR, ...) counts only where it names
the thing on the grid, and only once you have started the module that brings
it (in the course repository itself: every module):
  - in a Go string literal, as an upper-case word ("text:FLAG", "IS_ROCK",
    "ROCK IS YOU"), or as a whole word in any case when the literal has no
    white space ("rock", "Key", "kind=rock");
  - in a Go identifier written all in upper case (ROCK, IS_ROCK);
  - in a file that is not Go, as an upper-case word.
Comments, import paths, prose in strings and ordinary identifiers do not
count: key, flagSet, wallClock, "invalid header key" and "// the one door
into every zone" are fine.

The engine folders' files are the ones expansion-check compares: every file
git tracks or does not ignore, and, of the ignored ones, the files the go
command would use (.go and other sources, go.mod, files a //go:embed
pattern names). Symbolic links are read, since Go compiles them; a link that
leads out of the workspace is refused. An engineDirs entry that does not
exist is refused, and engine, ./engine and engine/ are one folder.

A file git tracks and whose index entry still holds in every stat field is
not read again once an audit on this machine has found its content clean
under the same names (the verdicts are kept in your cache folder, never in
the workspace; COURSE_CACHE_DIR=off keeps none).

It prints "coupling-audit: ok", or one line per finding and a last line
that counts them and says where such names belong:
  engine/world.go:12:6: engine names "DOOR" (a grid noun, Module 08) as DOOR
  coupling-audit: 1 finding in 1 file: the Zero-Coupling Law keeps ...`,
		Example: `  course coupling-audit ~/my-engine
  course coupling-audit . --json`,
		Args:              workspaceNotModule(argsWithWorkspace()),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			ws, err := env.workspaceArg(a)
			if err != nil {
				return err
			}
			opts.Workspace = ws
			if runF != nil {
				return runF(opts)
			}
			return RunCouplingAudit(cmd.Context(), env, opts)
		},
	}
	jsonFlag(cmd, &opts.JSON, "coupling-audit")
	return cmd
}

func dirsOnly(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveFilterDirs
}

// auditNames is the catalog's names as the audit takes them.
func auditNames(env *Env) ([]audit.Name, error) {
	cat, err := env.catalog()
	if err != nil {
		return nil, err
	}
	var names []audit.Name
	for _, n := range cat.AuditNames() {
		names = append(names, audit.Name{Name: n.Name, Kind: audit.Kind(n.Kind), Module: n.Module, Aliases: n.Aliases})
	}
	return names, nil
}

// highestStarted is the highest module started in the workspace, every
// module in the course repository.
func highestStarted(ws *workspace.Workspace) (string, error) {
	if ws.Kind == workspace.Repository {
		return audit.AllModules, nil
	}
	mods, err := ws.StartedModules()
	if err != nil {
		return "", err
	}
	return coursetests.Highest(mods), nil
}

// auditWorkspace runs the audit, and the listed-folders rule, on an open
// workspace. content is set for check's verdict, which takes git's index
// for no file's content (see session.OpenContent); coupling-audit trusts
// the index as git does.
func auditWorkspace(env *Env, ws *workspace.Workspace, content bool) (*audit.Report, error) {
	names, err := auditNames(env)
	if err != nil {
		return nil, err
	}
	highest, err := highestStarted(ws)
	if err != nil {
		return nil, err
	}
	open := session.Open
	if content {
		open = session.OpenContent
	}
	s, err := open(ws.Dir)
	if err != nil {
		return nil, err
	}
	defer s.Save()
	// The audit first, since the rule then reads none of the Go files the
	// audit read; the rule's refusal comes before the audit's findings or
	// errors all the same.
	rep, auditErr := s.Audit(ws.Config.EngineDirs, audit.NewRules(names, highest))
	if err := checkEngineListed(ws, s); err != nil {
		return nil, err
	}
	return rep, auditErr
}

// CouplingAuditReport is the --json document of coupling-audit.
type CouplingAuditReport struct {
	SchemaVersion int  `json:"schemaVersion"`
	OK            bool `json:"ok"`
	*audit.Report
}

// RunCouplingAudit audits the workspace's engine folders.
func RunCouplingAudit(_ context.Context, env *Env, opts *CouplingAuditOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	r, err := auditWorkspace(env, ws, false)
	if err != nil {
		return fmt.Errorf("course coupling-audit: %w", err)
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, CouplingAuditReport{SchemaVersion: 1, OK: len(r.Findings) == 0, Report: r}); err != nil {
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
// the failure colour and a last line in it that says how to mend them, or
// "ok" in the passing colour.
func printAudit(env *Env, r *audit.Report) {
	st := env.Term.styles()
	if len(r.Findings) == 0 {
		fmt.Fprintf(env.Stdout, "coupling-audit: %s\n", st.pass.Render("ok"))
		return
	}
	for _, f := range r.Findings {
		fmt.Fprintln(env.Stdout, stylePrefix(st.fail, f.String(), f.Place()))
	}
	fmt.Fprintln(env.Stdout, st.fail.Render("coupling-audit: "+r.Mend()))
}
