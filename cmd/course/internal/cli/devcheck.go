package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/devcheck"
	"github.com/systemic-game-design/course/cmd/course/internal/play"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/course/data"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/modules"
)

// DevCheckOptions are the arguments of course dev check.
type DevCheckOptions struct {
	Repo    string
	NoTests bool
	JSON    bool
	// commands resolves the command lines lessons name, against the
	// command tree (commandsOf).
	commands devcheck.Commands
}

func newDevCheckCmd(env *Env, runF func(*DevCheckOptions) error) *cobra.Command {
	opts := &DevCheckOptions{}
	cmd := &cobra.Command{
		Use:   "check [REPO]",
		Short: "Prove the course consistent: modules, tests, lessons, catalog",
		Long: `dev check reads the course repository (REPO, default the one the current
folder is in) and prints one line per problem, file:line from the
repository's root: what is wrong and how to mend it:

  - modules/modules.go numbers the modules 00, 01, ... one after another,
    each slug its own number and a name, each with a title;
  - every module folder has lesson.md, scenarios.md, tests, and an Expansion
    Drop (expansion/README.md, expansion/tests, expansion/solution.md), no
    Go file outside tests/ and expansion/tests/, and every module folder is
    a row of modules/modules.go (a module's folder under another number is
    named, with the rename that mends it), and no folder a stopped dev
    new-module left (course/.new-NN-NAME-*) lies beside them;
  - every scenario heading "## test_NN_name" is exactly one func Test_NN_name,
    and every test has its heading (the drop's in expansion/README.md); a
    heading that is a test's spelled otherwise (another case, a look-alike
    letter that is not ASCII, a no-break space or a full stop after it) is
    named with its odd character spelled out;
  - every test can fail other than by a panic (an assert or require call,
    t.Error or t.Fatal, or t handed to a helper) and none calls t.Skip;
    every test file is package tests, builds on Linux, macOS and Windows
    (no _linux_test.go name, no //go:build line that leaves it out) and
    imports only the harness, the standard library and what the
    template's go.mod requires; and no two modules' test folders declare
    one package-level name (a workspace holds them in one package);
  - every lesson's title is the module's, its sections are Observe, Predict,
    Spec, Build, Name it, Expansion Drop, Stress it, Further reading in that
    order, Predict has a Discussion, Build has Hints 1 to 3 and a "How the
    real game differs" block;
  - every course command and flag, harness function, course test
    (Test_NN_name or test_NN_name), card a harness call takes
    (g.Summon("Loot Hoarder", 0)) and repository path a lesson, scenario
    or drop names exists, every flag has a value it takes
    (a duration, a whole number, a module for --module), and every tests/
    file it names is one start-module copies into a workspace;
  - the catalog, the card files, course/words.json and the card schema agree
    both ways (each card in type, cost, attack, health, text and noun,
    and a card in a module's own cards/ is that module's), and load as
    every course command loads them (a card listed twice, a word twice,
    clauses out of order are problems);
  - every harness function modules/modules.go lists has a stub in the
    workspace template that starts notImplemented("Type.Name", "NN") with
    its own name and module;
  - every module's tests pass against the reference (GREEN), as does every
    other test under course/ (the course's own checks), and fail against
    the workspace template's stubs on a "not implemented" stub, not a compile
    error (RED): a fresh workspace has every module started and each test is
    run alone;
  - every drop's expansion/solution.json lists what its solution adds to
    the reference (files, lexicon words, harness funcs), each file a
    regular file named from the repository's root, or says why it needs
    none, names nothing under engine/, and the drop's test fails in a copy
    of the repository from which that solution was taken away.

--no-tests leaves out the runs of tests. dev check refuses to run (status 2)
when the program was built with another modules list than the repository's
modules/modules.go, or, to run the tests, another workspace template than
its templates/go: run the checkout's own, go run ./cmd/course dev check.

Exit status 0 when there is no problem, 1 when there is one.`,
		Example: `  course dev check
  course dev check --no-tests   # the files only, in a second
  course dev check ~/course --json`,
		Args: optionalArgs("[REPO]"),
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Repo = "."
			if len(a) == 1 {
				opts.Repo = a[0]
			}
			opts.commands = commandsOf()
			if runF != nil {
				return runF(opts)
			}
			return RunDevCheck(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.NoTests, "no-tests", false, "read the files only; run no tests")
	jsonFlag(cmd, &opts.JSON, "dev-check")
	return cmd
}

// DevCheckReport is what dev check --json prints.
type DevCheckReport struct {
	SchemaVersion int                `json:"schemaVersion"`
	OK            bool               `json:"ok"`
	Modules       int                `json:"modules"`
	Tests         int                `json:"tests"`
	Problems      []devcheck.Problem `json:"problems"`
}

// RunDevCheck checks the course repository.
func RunDevCheck(ctx context.Context, env *Env, opts *DevCheckOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	repo, err := repoFolder(opts.Repo)
	if err != nil {
		return fmt.Errorf("course dev check: %w", err)
	}
	courseFS, cardsFS := os.DirFS(filepath.Join(repo, "course")), os.DirFS(filepath.Join(repo, "cards"))
	start := func(ws string, m modules.Module) error {
		cat, err := data.LoadCatalog(courseFS)
		if err != nil {
			return err
		}
		w, err := workspace.Open(ws)
		if err != nil {
			return err
		}
		_, err = scaffold.StartModule(scaffold.StartOptions{Course: courseFS, Cards: cardsFS, Catalog: cat,
			Module: m, Workspace: w, ModulePath: "example.com/devcheck"})
		return err
	}
	rep, err := devcheck.Check(ctx, devcheck.Options{
		Repo: repo, Commands: opts.commands, Tests: !opts.NoTests, Start: start,
		Progress: func(s string) { env.progressf("dev check: %s", s) },
	})
	env.progressDone()
	if err != nil {
		return fmt.Errorf("course dev check: %w", err)
	}
	if opts.JSON {
		if err := writeJSON(env.Stdout, DevCheckReport{SchemaVersion: 1, OK: len(rep.Problems) == 0,
			Modules: rep.Modules, Tests: rep.Tests, Problems: rep.Problems}); err != nil {
			return err
		}
	} else {
		st := env.Term.styles()
		for _, p := range rep.Problems {
			// A problem quotes what the course's files hold (a lesson's
			// code span, a test's output): shown, not obeyed, on one line.
			fmt.Fprintln(env.Stdout, stylePrefix(st.fail, termsafe.Line(p.String()), termsafe.Line(p.Where())))
		}
		fmt.Fprintf(env.Stdout, "dev check: %d modules, %d tests, %d problem(s)\n", rep.Modules, rep.Tests, len(rep.Problems))
	}
	if len(rep.Problems) > 0 {
		return &FindingError{Summary: fmt.Sprintf("%d problem(s)", len(rep.Problems))}
	}
	return nil
}

// repoFolder is the course repository a dev command works in: the folder
// given, or, for the current folder (the default), the repository it is
// in, found upwards as git finds its own. A folder named otherwise is
// taken as it is: a mistyped name must not check the repository above it.
func repoFolder(given string) (string, error) {
	if given == "" || given == "." {
		return devcheck.FindRepo(".")
	}
	return filepath.Abs(given)
}

// commandsOf answers whether a course command line a lesson names is one
// course takes, as a whole: parsed by the real command tree (newRoot, a
// fresh one for each line, since a parse leaves its flags set), which
// refuses what the command would refuse before it does any work (a
// command or flag it does not have, a flag's value it does not take,
// flags that do not go together, too many or too few arguments, by each
// command's own Args and checks) and runs nothing. Then what names a
// thing must name one that exists: a module's number (NN in the usage,
// --module), a hint's (K), and play's LEVEL a built-in level.
func commandsOf() devcheck.Commands {
	return func(words []string) error {
		var parsed any
		env := &Env{Stdout: io.Discard, Stderr: io.Discard, parseOnly: true}
		root := newRoot(env, &parsed)
		if cmd, rest, err := root.Find(words); err != nil {
			return err
		} else if cmd != root && len(rest) == 0 {
			return nil // the command named in passing, not a line to run
		}
		root.SetArgs(words)
		cmd, err := root.ExecuteC()
		if err != nil {
			return err
		}
		if parsed == nil {
			return nil // help, which names no module or level
		}
		// What the command refuses of its options once it runs, before it
		// reads anything (check's --json with --csv).
		if v, ok := parsed.(interface{ validate() error }); ok {
			if err := v.validate(); err != nil {
				return err
			}
		}
		if f := cmd.Flags().Lookup("module"); f != nil && f.Changed {
			if _, err := modules.Lookup(f.Value.String()); err != nil {
				return fmt.Errorf("%s: --module %s: there is no module %q", cmd.CommandPath(), f.Value.String(), f.Value.String())
			}
		}
		// A hint's K is read as hint reads it ("02" is hint 2); every
		// lesson has three (dev check's lesson rules).
		if o, ok := parsed.(*HintOptions); ok && o.K > 3 {
			return fmt.Errorf("%s: hint %d is none of a module's hints, 1, 2 and 3", cmd.CommandPath(), o.K)
		}
		if o, ok := parsed.(*PlayOptions); ok && o.Level != "" {
			if err := builtinLevel(o.Level); err != nil {
				return fmt.Errorf("%s: %w", cmd.CommandPath(), err)
			}
		}
		positional := cmd.Flags().Args()
		for i, u := range strings.Fields(cmd.Use)[1:] {
			if i >= len(positional) {
				break
			}
			switch p := positional[i]; strings.Trim(u, "[]") {
			case "NN":
				if _, err := modules.Lookup(p); err != nil {
					return fmt.Errorf("%s: there is no module %q", cmd.CommandPath(), p)
				}
			}
		}
		return nil
	}
}

// builtinLevel refuses a LEVEL a lesson names that course play would not
// find among its built-in levels: a bare name or prefix, or one under
// levels/, as play.Load reads it. A path into another folder is a level
// file of the learner's, which dev check cannot see.
func builtinLevel(arg string) error {
	if dir := path.Dir(filepath.ToSlash(arg)); dir != "." && dir != "levels" {
		return nil
	}
	_, err := play.Lookup(arg)
	return err
}
