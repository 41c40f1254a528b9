package cli

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/audit/session"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/termsafe"
)

// ExpansionCheckOptions are the arguments of course expansion-check.
type ExpansionCheckOptions struct {
	Workspace string
	Commit    string
	JSON      bool
}

func newExpansionCheckCmd(env *Env, runF func(*ExpansionCheckOptions) error) *cobra.Command {
	opts := &ExpansionCheckOptions{}
	cmd := &cobra.Command{
		Use:   "expansion-check [WORKSPACE] [COMMIT]",
		Short: "Check an Expansion Drop: no engine file differs from COMMIT",
		Long: `expansion-check compares the files under the engine folders with COMMIT. The
engine folders are those engineDirs in .course.json names now and those it
named at COMMIT, so editing .course.json hides nothing.

An engine folder's files are the ones coupling-audit reads: every file git
tracks or does not ignore, and, of the ignored ones, every file the go
command would use (.go and other source files, go.mod, files a //go:embed
pattern names). Ignored files Go never reads (editor backups, .DS_Store,
logs) stay out. A symbolic link counts with its target: a link to a file
changes when the file inside the workspace it points at changes, and a
linked folder's files are compared one by one.

A file is unchanged only when its content is the commit's. Git's index is
trusted only while every stat field it recorded still holds; otherwise the
file is read and hashed, so an edit with its old modification time put back
is still seen. core.autocrlf (from whichever of git's config files sets
it, the system's included) and the text, eol and crlf attributes of
.gitattributes (CRLF read as LF only in the files git converts so),
core.fileMode=false, core.excludesFile (or
~/.config/git/ignore) and .git/info/exclude (the main repository's, in a
linked worktree) are honoured as git honours them; a submodule is changed
only when its checkout is at another commit, and one that Go builds into
your module (files and no go.mod of its own) is refused, as the checks do
not read its files.

COMMIT is HEAD (or @), HEAD~N, HEAD^N, a branch, a tag or a (short) hash,
with ^{} or ^{commit} after any of them, resolved as git resolves it (a
branch named like a hash is the branch); reflog (@{...}), path (:), range
(..) and other ^{...} forms are refused.

Without COMMIT it compares with the commit the workspace's open Expansion
Drop started from (the one start-module --expansion recorded; a drop ends
when a later module starts, and check then judges it between its start
and its end); without
WORKSPACE it checks the workspace the current folder is in. One argument
that names a folder is the WORKSPACE; any other is a COMMIT.

How the engine runs counts too, as it runs the drop's tests: go.mod's go
line (the language its code is compiled as), toolchain line and godebug
settings, and the //go:debug lines at the top of a test file in tests/.
Each one added, changed or removed since COMMIT is named with its value
then and now, and the go mod edit command that puts it back; go.mod's other
lines (a require the drop's code needs) are the drop's to change.

It prints "expansion-check: ok", or each engine file added, changed or
removed since COMMIT, and each setting of how the engine runs that differs.`,
		Example: `  git -C ~/my-engine commit -am "module 1 done"
  course expansion-check                 # here: since the drop started
  course expansion-check ~/my-engine HEAD
  course expansion-check ~/my-engine v1 --json`,
		Args: func(cmd *cobra.Command, a []string) error {
			// A lone argument may be either; an empty one, which read as
			// a commit left out, is refused as neither.
			if len(a) == 1 && strings.TrimSpace(a[0]) == "" {
				return usagef("%s: its argument is empty; give a workspace's folder or a COMMIT, or leave it out (a shell variable left unset gives an empty argument)", cmd.CommandPath())
			}
			return optionalArgs("[WORKSPACE]", "[COMMIT]")(cmd, a)
		},
		RunE: func(cmd *cobra.Command, a []string) error {
			ws, commit, err := expansionArgs(env, a)
			if err != nil {
				return err
			}
			opts.Workspace, opts.Commit = ws, commit
			if runF != nil {
				return runF(opts)
			}
			return RunExpansionCheck(cmd.Context(), env, opts)
		},
	}
	jsonFlag(cmd, &opts.JSON, "expansion-check")
	return cmd
}

// ExpansionCheckReport is the --json document of expansion-check.
type ExpansionCheckReport struct {
	SchemaVersion int  `json:"schemaVersion"`
	OK            bool `json:"ok"`
	*expansion.Result
}

// RunExpansionCheck compares the engine folders with the commit.
func RunExpansionCheck(_ context.Context, env *Env, opts *ExpansionCheckOptions) error {
	ws, err := workspace.Open(opts.Workspace)
	if err != nil {
		return err
	}
	s, err := session.Open(ws.Dir)
	if err != nil {
		return err
	}
	defer s.Save()
	if err := checkEngineListed(ws, s); err != nil {
		return fmt.Errorf("course expansion-check: %w", err)
	}
	res, err := s.Changes(opts.Commit, ws.Config.EngineDirs)
	if err != nil {
		return err
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, ExpansionCheckReport{SchemaVersion: 1, OK: len(res.Changes) == 0, Result: res}); err != nil {
			return err
		}
	} else if st := env.Term.styles(); len(res.Changes) == 0 {
		fmt.Fprintf(env.Stdout, "expansion-check: %s\n", st.pass.Render("ok"))
	} else {
		for _, c := range res.Changes {
			if c.Directive != "" {
				fmt.Fprintf(env.Stdout, "%s since %s, which changes how the engine runs: %s\n", st.fail.Render(termsafe.String(c.String())), opts.Commit, termsafe.String(c.Mend(res.Commit)))
				continue
			}
			fmt.Fprintf(env.Stdout, "%s %s since %s\n", st.fail.Render(termsafe.String(c.Path)), c.Kind, opts.Commit)
		}
		fmt.Fprintf(env.Stdout, "expansion-check: %s differ from %s (%s); the drop must leave the engine as it was, and run as it did\n", differing(changeCounts(res.Changes)), opts.Commit, shortHash(res.Commit))
	}
	if len(res.Changes) > 0 {
		return &FindingError{Summary: differing(changeCounts(res.Changes)) + " differ"}
	}
	return nil
}

// differing counts what differs: engine files, and settings of how the
// engine runs (go.mod's go, toolchain and godebug lines, a test file's
// //go:debug line).
func differing(files, settings int) string {
	var parts []string
	if files > 0 || settings == 0 {
		parts = append(parts, fmt.Sprintf("%d engine file(s)", files))
	}
	if settings > 0 {
		parts = append(parts, fmt.Sprintf("%d setting(s) of how it runs", settings))
	}
	return strings.Join(parts, " and ")
}

// expansionArgs reads [WORKSPACE] [COMMIT]: one argument is the workspace
// when it is a folder with a .course.json, else the commit. A missing
// workspace is the one the current folder is in; a missing commit, the one
// its latest Expansion Drop started from.
func expansionArgs(env *Env, a []string) (ws, commit string, err error) {
	switch {
	case len(a) == 2:
		return a[0], a[1], nil
	case env.parseOnly:
		// Whether one argument is a workspace or a commit, and the commit
		// left out, are read from the learner's disk, not dev check's.
		return "", "", nil
	case len(a) == 1:
		// A folder is the workspace (and says so if it is none); anything
		// else is a commit of the workspace the current folder is in.
		if st, err := os.Stat(a[0]); err == nil && st.IsDir() {
			ws = a[0]
		} else {
			commit = a[0]
		}
	}
	if ws == "" {
		if ws, err = findWorkspace(""); err != nil {
			if commit != "" {
				return "", "", usagef("course expansion-check: %s is no folder, so it was taken for a commit, but the current folder is in no course workspace; give both: course expansion-check WORKSPACE COMMIT", commit)
			}
			return "", "", err
		}
	}
	if commit == "" {
		if commit, err = latestDropCommit(ws); err != nil {
			return "", "", err
		}
	}
	return ws, commit, nil
}

// latestDropCommit is the commit the workspace's most recently started
// Expansion Drop started from.
func latestDropCommit(dir string) (string, error) {
	_, st, err := loadState(dir)
	if err != nil {
		return "", err
	}
	var latest, ended workspace.Drop
	endedNumber := ""
	for n, d := range st.Drops {
		switch {
		case d.Commit == "":
		case !d.Open():
			if !d.EndedAt.Before(ended.EndedAt) {
				ended, endedNumber = d, n
			}
		case !d.StartedAt.Before(latest.StartedAt):
			latest = d
		}
	}
	switch {
	case latest.Commit != "":
		return latest.Commit, nil
	case endedNumber != "":
		return "", usagef("course expansion-check: no Expansion Drop is open in %s: drop %sx ended at %s, when a later module started, and course check judges it from %s to there; to compare the engine with a commit, name it, e.g. `course expansion-check %s %s`",
			dir, endedNumber, shortHash(ended.End), shortHash(ended.Commit), dir, shortHash(ended.Commit))
	}
	return "", usagef("course expansion-check: no Expansion Drop is started in %s, so there is no commit to compare with; name one, e.g. `course expansion-check %s HEAD`", dir, dir)
}
