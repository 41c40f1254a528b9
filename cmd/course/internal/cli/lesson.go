package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/lesson"
	"github.com/systemic-game-design/course/modules"
)

// LessonOptions are the arguments of course lesson.
type LessonOptions struct {
	Module     string
	Scenarios  bool
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
scenarios instead, the rules its tests state one heading at a time.`,
		Example: `  course lesson 01
  course lesson 01 --scenarios
  course lesson 03 --discussion --no-pager | less`,
		Args:              args("NN"),
		ValidArgsFunction: moduleNumbers,
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Module = a[0]
			if runF != nil {
				return runF(opts)
			}
			return RunLesson(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().BoolVar(&opts.Scenarios, "scenarios", false, "print the module's scenarios instead of its lesson")
	cmd.Flags().BoolVar(&opts.Discussion, "discussion", false, "open the discussions of the lesson's questions")
	cmd.Flags().BoolVar(&opts.NoPager, "no-pager", false, "write the text straight out, with no pager")
	return cmd
}

// RunLesson prints the lesson or the scenarios.
func RunLesson(_ context.Context, env *Env, opts *LessonOptions) error {
	m, err := modules.Lookup(opts.Module)
	if err != nil {
		return err
	}
	file := "lesson.md"
	if opts.Scenarios {
		file = "scenarios.md"
	}
	raw, err := readModuleFile(env, m, file)
	if err != nil {
		return err
	}
	md := raw
	if !opts.Scenarios {
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
