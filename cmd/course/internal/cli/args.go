package cli

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// The commands' positional arguments: their checks, and the WORKSPACE every
// command may leave out.

// pathArgs says, for each positional argument that names a folder, what
// to give instead of an empty one. An empty folder argument is refused:
// given to the commands as it is, "" is no folder ("mkdir : no such file
// or directory"), or, where the argument may be left out, the current
// folder, which the user did not name.
var pathArgs = map[string]string{
	"WORKSPACE": "give the folder of a workspace, or leave it out to use the one the current folder is in",
	"DIR":       "give the folder to make the workspace in",
	"REPO":      "give the folder of a checkout of the course repository, or leave it out inside one",
}

// emptyPath refuses an empty (or blank) argument that names a folder: got
// are the arguments given, names what each is ("[WORKSPACE]" for one that
// may be left out).
func emptyPath(cmd *cobra.Command, names, got []string) error {
	for i, a := range got {
		if i >= len(names) || strings.TrimSpace(a) != "" {
			continue
		}
		name := strings.Trim(names[i], "[]")
		if mend, ok := pathArgs[name]; ok {
			return usagef("%s: %s is empty; %s (a shell variable left unset gives an empty argument)", cmd.CommandPath(), name, mend)
		}
	}
	return nil
}

// args checks a command's positional arguments, naming them in the error.
func args(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) == len(names) {
			return emptyPath(cmd, names, got)
		}
		if len(names) == 0 {
			return usagef("%s takes no argument, and got %d; run `%s --help` for an example",
				cmd.CommandPath(), len(got), cmd.CommandPath())
		}
		return usagef("%s takes %d argument(s), %s, and got %d; run `%s --help` for an example",
			cmd.CommandPath(), len(names), strings.Join(names, " "), len(got), cmd.CommandPath())
	}
}

// withModuleMend is check, whose refusal of no argument at all names the
// module that a learner inside a workspace most likely means, the last
// one started there, in the command that shows it.
func withModuleMend(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		err := check(cmd, got)
		if err == nil || len(got) > 0 {
			return err
		}
		n := lastStartedHere()
		if n == "" {
			return err
		}
		return usagef("%s takes NN, a module's number, and got none; for module %s, the last one started in this workspace, run `%s %s`",
			cmd.CommandPath(), n, cmd.CommandPath(), n)
	}
}

// lastStartedHere is the number of the highest module started in the
// workspace the current folder is in; "" outside one, or with none.
func lastStartedHere() string {
	dir, err := findWorkspace("")
	if err != nil {
		return ""
	}
	ws, err := workspace.Open(dir)
	if err != nil || ws.Kind == workspace.Repository {
		return ""
	}
	n, err := highestStarted(ws)
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(n, "x")
}

// argsWithWorkspace checks a command's positional arguments: the names
// given, then an optional WORKSPACE.
func argsWithWorkspace(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		want := append(append([]string{}, names...), "[WORKSPACE]")
		if len(got) == len(names) || len(got) == len(names)+1 {
			return emptyPath(cmd, want, got)
		}
		return usagef("%s takes %s, and got %d argument(s); run `%s --help` for an example",
			cmd.CommandPath(), strings.Join(want, " "), len(got), cmd.CommandPath())
	}
}

// optionalArgs checks a command's positional arguments when all of them
// may be left out: at most len(names).
func optionalArgs(names ...string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if len(got) <= len(names) {
			return emptyPath(cmd, names, got)
		}
		return usagef("%s takes at most %d argument(s), %s, and got %d; run `%s --help` for an example",
			cmd.CommandPath(), len(names), strings.Join(names, " "), len(got), cmd.CommandPath())
	}
}

// workspaceArg is a command's WORKSPACE: the argument when there is one,
// else the workspace the current folder is in.
func (e *Env) workspaceArg(a []string) (string, error) {
	if len(a) > 0 {
		return a[0], nil
	}
	if e.parseOnly {
		// The current folder, where the learner runs the line: dev
		// check's own is no workspace of theirs to look for.
		return ".", nil
	}
	return findWorkspace("")
}

// findWorkspace is the workspace dir is in (the current folder when dir is
// empty), found as go finds go.mod.
func findWorkspace(dir string) (string, error) {
	if dir == "" {
		dir = "."
	}
	return workspace.Find(dir)
}

// workspaceNotModule is check, then notAModule's refusal of a lone
// WORKSPACE argument that reads as a module's number: the argument check
// of the commands that take a WORKSPACE and no module.
func workspaceNotModule(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, got []string) error {
		if err := check(cmd, got); err != nil || len(got) != 1 {
			return err
		}
		return notAModule(cmd, got[0])
	}
}

// notAModule refuses a WORKSPACE argument that names nothing on disk but
// reads as a module's number: `course check 01` is most likely meant as
// `course check --module 01`, and "no such folder" alone leaves the
// learner guessing what the command wanted.
func notAModule(cmd *cobra.Command, arg string) error {
	if _, err := os.Lstat(arg); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	m, err := modules.Lookup(arg)
	if err != nil {
		return nil
	}
	instead := "run `" + cmd.CommandPath() + "` in the workspace, without the number"
	if cmd.Flags().Lookup("module") != nil {
		instead = "to stop at module " + m.Number + ", run `" + cmd.CommandPath() + " --module " + m.Number + "` in the workspace"
	}
	return usagef("%s: %s names no folder but a module; %s takes a WORKSPACE, not a module: %s",
		cmd.CommandPath(), arg, cmd.Name(), instead)
}

// swappedArgs refuses NN and WORKSPACE given the other way round (a folder
// first, a module's number after it), naming the command in their order:
// "there is no module" about a folder leaves the learner to find the swap.
func swappedArgs(cmd *cobra.Command, a []string) error {
	if len(a) != 2 {
		return nil
	}
	if _, err := modules.Lookup(a[0]); err == nil {
		return nil
	}
	m, err := modules.Lookup(a[1])
	if err != nil {
		return nil
	}
	if st, err := os.Stat(a[0]); err != nil || !st.IsDir() {
		return nil
	}
	return usagef("%s takes the module's number first, then the workspace: run `%s %s %s`",
		cmd.CommandPath(), cmd.CommandPath(), m.Number, shellarg.Quote(a[0]))
}
