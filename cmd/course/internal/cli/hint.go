package cli

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/modules"
)

// HintOptions are the arguments of course hint.
type HintOptions struct {
	Module string
	K      int // 0: the next hint not yet shown in this workspace
	// Dir is where to look for the workspace (default: the current folder).
	Dir string
}

func newHintCmd(env *Env, runF func(*HintOptions) error) *cobra.Command {
	opts := &HintOptions{}
	cmd := &cobra.Command{
		Use:   "hint NN [K]",
		Short: "Show hint K of module NN: 1 a nudge, 2 concepts, 3 pseudo-code",
		Long: `hint prints one of module NN's three hints, alone: 1 is a nudge, 2 names the
concepts, 3 is pseudo-code. Without K it prints the next hint you have not
yet been shown in this workspace (found from the current folder, as go finds
go.mod), and remembers it in the workspace's .course/ folder, which git
ignores. Try the tests between hints: each one gives away more.`,
		Example: `  course hint 01      # the next hint of Module 1
  course hint 01 2    # hint 2, whatever was shown before`,
		Args: withModuleMend(func(cmd *cobra.Command, a []string) error {
			if len(a) < 1 || len(a) > 2 {
				return usagef("%s takes NN and an optional K, and got %d argument(s); run `%s --help` for an example",
					cmd.CommandPath(), len(a), cmd.CommandPath())
			}
			return nil
		}),
		ValidArgsFunction: moduleNumbers,
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Module = a[0]
			if len(a) == 2 {
				// Digits alone, as a module's number is read: Atoi
				// also takes a sign (+1).
				k, err := strconv.Atoi(a[1])
				if err != nil || k < 1 || strings.TrimLeft(a[1], "0123456789") != "" {
					return usagef("course hint: K is a hint's number, 1, 2 or 3, not %q", a[1])
				}
				opts.K = k
			}
			if runF != nil {
				return runF(opts)
			}
			return RunHint(cmd.Context(), env, opts)
		},
	}
	return cmd
}

// RunHint prints the hint.
func RunHint(ctx context.Context, env *Env, opts *HintOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	m, err := modules.Lookup(opts.Module)
	if err != nil {
		return err
	}
	raw, err := readModuleFile(env, m, "lesson.md")
	if err != nil {
		return err
	}
	l, err := parseLesson(m, raw)
	if err != nil {
		return err
	}
	hints := l.Hints()
	if len(hints) == 0 {
		return usagef("course hint: module %s has no hints", m.Number)
	}
	k := opts.K
	var ws string
	if k != 0 {
		ws, _ = findWorkspace(opts.Dir) // remembered when there is one
	} else {
		ws, err = findWorkspace(opts.Dir)
		if err != nil {
			return usagef("course hint: %v; or give the hint's number, e.g. `course hint %s 1`", err, m.Number)
		}
		st, err := loadHintState(ws)
		if err != nil {
			return err
		}
		// A count below zero, by a hand's edit, is no hint shown yet; one
		// at or past the last (the largest int, say, where adding one
		// would wrap) is every hint shown.
		seen := max(st[m.Number], 0)
		if seen >= len(hints) {
			// The state keeps the furthest hint shown, not each one: a
			// learner who asked for hint 2 first never saw hint 1.
			env.sayf("", "You have been shown hint %d of module %s, the last; `course hint %s K` shows hint K again, 1 to %d.", len(hints), m.Number, m.Number, len(hints))
			return nil
		}
		k = seen + 1
	}
	if k > len(hints) {
		return usagef("course hint: module %s has %d hints; give K from 1 to %d", m.Number, len(hints), len(hints))
	}
	h := hints[k-1]
	md := "## " + h.Summary + "\n\n" + h.Body + "\n"
	if k < len(hints) {
		md += fmt.Sprintf("\n_Still stuck after trying it? `course hint %s %d` goes further._\n", m.Number, k+1)
	}
	out, err := env.renderMarkdown(md)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprint(env.Stdout, out); err != nil {
		return err
	}
	if ws != "" {
		// The hint is shown: a count that cannot be kept (a workspace the
		// user may only read) is said, not made the command's failure.
		if err := recordHintShown(ctx, ws, m.Number, k); err != nil {
			var sig *SignalError
			if errors.As(err, &sig) {
				// Ctrl-C while it waited for the state's lock: the
				// command was stopped, and ends with the signal's status,
				// not 0 under a line that says it was stopped.
				return err
			}
			next := ""
			if k < len(hints) {
				next = fmt.Sprintf("; give the number next time (`course hint %s %d`)", m.Number, k+1)
			}
			fmt.Fprintf(env.Stderr, "%s\n", MessageOf("course hint", fmt.Errorf("hint %d was shown, but that it was seen could not be kept, so `course hint %s` will show it again%s: %w", k, m.Number, next, err)))
		}
	}
	return nil
}
