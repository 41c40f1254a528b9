package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/lesson"
	"github.com/systemic-game-design/course/modules"
)

// LessonOptions are the arguments of course lesson.
type LessonOptions struct {
	Module     string
	Scenarios  bool
	Drop       bool // the module's Expansion Drop
	Harness    bool // the module's part of the harness contract
	Discussion bool
	NoPager    bool
}

func newLessonCmd(env *Env, runF func(*LessonOptions) error) *cobra.Command {
	opts := &LessonOptions{}
	cmd := &cobra.Command{
		Use:   "lesson NN",
		Short: "Read module NN's lesson (or its scenarios) in the terminal",
		Long: `lesson prints module NN's lesson. On a terminal it is laid out (headings,
emphasis, code blocks, tables) and long text goes through a pager (COURSE_PAGER,
then PAGER, then less; --no-pager or COURSE_PAGER= to write it straight out).
Through a pipe it is the lesson's Markdown.

The lesson's hints stay folded: each says the course hint command that shows
it. So do the discussions of its questions, until you have written your own
answers down: --discussion opens them. --scenarios prints the module's
scenarios instead, the rules its tests state one heading at a time;
--drop its Expansion Drop, the rule you add without touching your engine
folders, and how it is tested; --harness the functions the module adds to
the harness, as the harness contract states them.`,
		Example: `  course lesson 01
  course lesson 01 --scenarios
  course lesson 01 --drop
  course lesson 01 --harness
  course lesson 03 --discussion --no-pager | less`,
		Args:              args("NN"),
		ValidArgsFunction: moduleNumbers,
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Module = a[0]
			if err := opts.oneText(); err != nil {
				return err
			}
			if runF != nil {
				return runF(opts)
			}
			return RunLesson(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Scenarios, "scenarios", false, "print the module's scenarios instead of its lesson")
	cmd.Flags().BoolVar(&opts.Drop, "drop", false, "print the module's Expansion Drop instead of its lesson")
	cmd.Flags().BoolVar(&opts.Harness, "harness", false, "print the module's part of the harness contract instead of its lesson")
	cmd.Flags().BoolVar(&opts.Discussion, "discussion", false, "open the discussions of the lesson's questions")
	cmd.Flags().BoolVar(&opts.NoPager, "no-pager", false, "write the text straight out, with no pager")
	return cmd
}

// oneText refuses flags that ask for more than one text: the lesson, its
// scenarios, its drop or its part of the harness; the discussions are the
// lesson's.
func (o *LessonOptions) oneText() error {
	var asked []string
	for _, f := range []struct {
		set  bool
		name string
	}{{o.Scenarios, "--scenarios"}, {o.Drop, "--drop"}, {o.Harness, "--harness"}} {
		if f.set {
			asked = append(asked, f.name)
		}
	}
	switch {
	case len(asked) > 1:
		return usagef("course lesson: %s each print a text of their own; give one of them", strings.Join(asked, " and "))
	case len(asked) == 1 && o.Discussion:
		return usagef("course lesson: --discussion opens the lesson's discussions, and %s prints another text; give one of them", asked[0])
	}
	return nil
}

// RunLesson prints the lesson, its scenarios, its drop or its part of the
// harness contract.
func RunLesson(_ context.Context, env *Env, opts *LessonOptions) error {
	m, err := modules.Lookup(opts.Module)
	if err != nil {
		return err
	}
	file := "lesson.md"
	switch {
	case opts.Scenarios:
		file = "scenarios.md"
	case opts.Drop:
		file = "expansion/README.md"
	}
	var raw string
	if opts.Harness {
		raw, err = harnessSection(env, m)
	} else {
		raw, err = readModuleFile(env, m, file)
	}
	if err != nil {
		return err
	}
	md := raw
	if file == "lesson.md" && !opts.Harness {
		l, err := parseLesson(m, raw)
		if err != nil {
			return err
		}
		md = l.Unfold(lesson.Options{Module: m.Number, Discussion: opts.Discussion})
	}
	out, err := env.Term.renderMarkdown(md)
	if err != nil {
		return err
	}
	return env.Term.page(env.Stdout, out, opts.NoPager)
}

// readModuleFile reads one of a module's files from the course content.
func readModuleFile(env *Env, m modules.Module, file string) (string, error) {
	content, err := env.content()
	if err != nil {
		return "", err
	}
	raw, err := fs.ReadFile(content.Course(), m.Slug+"/"+file)
	if errors.Is(err, fs.ErrNotExist) {
		return "", usagef("course: module %s has no %s in this course yet; run `course modules` for the modules that are ready", m.Number, file)
	}
	if err != nil {
		return "", fmt.Errorf("reading course/%s/%s: %w", m.Slug, file, err)
	}
	return string(raw), nil
}

// harnessSection is the module's part of the harness contract
// (course/harness.md): its "### M<n>: ..." heading and everything under
// it, up to the next heading of its level or above.
func harnessSection(env *Env, m modules.Module) (string, error) {
	content, err := env.content()
	if err != nil {
		return "", err
	}
	raw, err := fs.ReadFile(content.Course(), "harness.md")
	if errors.Is(err, fs.ErrNotExist) {
		return "", usagef("course: this course has no harness contract (course/harness.md); run `course lesson %s` for what module %s asks", m.Number, m.Number)
	}
	if err != nil {
		return "", fmt.Errorf("reading course/harness.md: %w", err)
	}
	n, err := strconv.Atoi(m.Number)
	if err != nil {
		return "", usagef("course: module %s has no part in the harness contract; its tests call the harness of the module it extends", m.Number)
	}
	head := fmt.Sprintf("### M%d:", n)
	var out []string
	in := false
	for line := range strings.Lines(string(raw)) {
		if heading := strings.TrimLeft(line, "#"); len(heading) < len(line) && len(line)-len(heading) <= 3 && strings.HasPrefix(heading, " ") {
			if in {
				break
			}
			in = strings.HasPrefix(line, head)
		}
		if in {
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		return "", usagef("course: the harness contract has no part for module %s; run `course lesson %s` for what the module asks", m.Number, m.Number)
	}
	return strings.Join(out, ""), nil
}

func parseLesson(m modules.Module, raw string) (*lesson.Lesson, error) {
	l, err := lesson.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("course/%s/lesson.md: %w", m.Slug, err)
	}
	return l, nil
}

// moduleNumbers completes a module number.
func moduleNumbers(_ *cobra.Command, a []string, _ string) ([]string, cobra.ShellCompDirective) {
	if len(a) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []string
	for _, m := range modules.All() {
		out = append(out, m.Number+"\t"+m.Title)
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}
