package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/lesson"
	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
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
GLAMOUR_STYLE chooses the look as it does glow's: a style's name (dark,
light, ...), auto, or a JSON style file. Through a pipe it is the lesson's
Markdown.

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
		// What a learner asked to read the lesson may type first.
		SuggestFor:        []string{"read"},
		Args:              withModuleMend(args("NN")),
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
	cmd.Flags().BoolVar(&opts.Harness, "harness", false, "print the module's part of the harness contract instead")
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
	var md string
	switch {
	case opts.Scenarios:
		md, err = readModuleFile(env, m, "scenarios.md")
	case opts.Drop:
		md, err = readModuleFile(env, m, "expansion/README.md")
	case opts.Harness:
		md, err = harnessSection(env, m)
	default:
		md, err = unfoldedLesson(env, m, opts.Discussion)
	}
	if err != nil {
		return err
	}
	out, err := env.renderMarkdown(md)
	if err != nil {
		return err
	}
	return env.Term.page(env.Stdout, out, opts.NoPager)
}

// unfoldedLesson is the module's lesson with its hints folded, and its
// discussions too unless discussion is set.
func unfoldedLesson(env *Env, m modules.Module, discussion bool) (string, error) {
	raw, err := readModuleFile(env, m, "lesson.md")
	if err != nil {
		return "", err
	}
	l, err := parseLesson(m, raw)
	if err != nil {
		return "", err
	}
	return l.Unfold(lesson.Options{Module: m.Number, Discussion: discussion}), nil
}

// readModuleFile reads one of a module's files from the course content.
func readModuleFile(env *Env, m modules.Module, file string) (string, error) {
	raw, ok, err := readCourseFile(env, m.Slug+"/"+file)
	if err == nil && !ok {
		err = usagef("course: module %s has no %s in this course yet; run `course modules` for the modules that are ready", m.Number, file)
	}
	return raw, err
}

// readCourseFile reads the file at path (a slash path) in the course
// content; ok is false when the course has none there.
func readCourseFile(env *Env, path string) (text string, ok bool, err error) {
	content, err := env.content()
	if err != nil {
		return "", false, err
	}
	raw, err := fs.ReadFile(content.Course(), path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("reading course/%s: %w", path, err)
	}
	return string(raw), true, nil
}

// harnessSection is the module's part of the harness contract
// (course/harness.md): its "### M<n>: ..." heading and everything under
// it, up to the next heading of its level or above.
func harnessSection(env *Env, m modules.Module) (string, error) {
	raw, ok, err := readCourseFile(env, "harness.md")
	if err != nil {
		return "", err
	}
	if !ok {
		return "", usagef("course: this course has no harness contract (course/harness.md); run `course lesson %s` for what module %s asks", m.Number, m.Number)
	}
	n, _ := modules.NumberValue(m.Number) // "01" is M1
	head := fmt.Sprintf("### M%d:", n)
	var out []string
	in := false
	for ln := range mdlines.Lines(raw) {
		// A line in a code block is code, whatever it starts with: a
		// shell comment there ("# run the tests") is no heading.
		if level := headingLevel(ln.Text); !ln.Code && level > 0 && level <= 3 {
			if in {
				break
			}
			in = strings.HasPrefix(ln.Text, head)
		}
		if in {
			out = append(out, ln.Text+"\n")
		}
	}
	if len(out) == 0 {
		return "", usagef("course: the harness contract has no part for module %s; run `course lesson %s` for what the module asks", m.Number, m.Number)
	}
	return strings.Join(out, ""), nil
}

// headingLevel is the level of a Markdown heading line ("## x" is 2), 0
// for a line that is no heading.
func headingLevel(line string) int {
	text := strings.TrimLeft(line, "#")
	if n := len(line) - len(text); n > 0 && strings.HasPrefix(text, " ") {
		return n
	}
	return 0
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
