package checker

import (
	"cmp"
	"fmt"
	"io"
	"strings"
)

// WriteText prints the report as check does on a terminal: the audit's and
// validate's lines, the warnings, each build error once, a line per module
// with its first failure in full and every other failure in one line, the
// learner's own tests, each drop's verdict, and the closing line.
func (r *Report) WriteText(w io.Writer) {
	if r.Audit != nil {
		if r.Audit.OK {
			fmt.Fprintln(w, "coupling-audit: ok")
		}
		for _, f := range r.Audit.Findings {
			fmt.Fprintln(w, f.String())
		}
		if !r.Audit.OK {
			fmt.Fprintf(w, "coupling-audit: %s\n", r.Audit.Mend())
		}
	}
	if r.Validate != nil {
		for _, l := range r.Validate.Lines {
			fmt.Fprintln(w, l)
		}
	}
	for _, wa := range r.Warnings {
		fmt.Fprintf(w, "warning: %s %s; %s\n", wa.File, wa.Message, wa.Mend)
	}
	for _, b := range r.BuildErrors {
		fmt.Fprintf(w, "build error: %s does not compile:\n", b.Package)
		indent(w, b.Output, "    ")
	}
	for _, m := range r.Modules {
		writeModule(w, fmt.Sprintf("module %s %s", m.Number, strings.TrimPrefix(m.Slug, m.Number+"-")), m)
	}
	if r.YourTests != nil {
		writeModule(w, "your tests", *r.YourTests)
	}
	for _, d := range r.Drops {
		for _, l := range d.lines() {
			fmt.Fprintln(w, l)
		}
	}
	switch {
	case r.TimedOut && len(r.Running) > 0:
		fmt.Fprintf(w, "the tests ran out of time (--timeout %s) while %s was running: look for an endless loop there\n", r.Timeout, strings.Join(r.Running, ", "))
	case r.TimedOut:
		fmt.Fprintf(w, "the tests ran out of time (--timeout %s) before or between tests: look for an endless loop in a package's init or a package-level variable\n", r.Timeout)
	}
	fmt.Fprintln(w, r.Summary())
}

func writeModule(w io.Writer, title string, m Module) {
	note := ""
	if m.NotBuilt {
		note = " (the tests do not compile)"
	}
	skipped := ""
	if m.Skipped > 0 {
		skipped = fmt.Sprintf(", %d skipped", m.Skipped)
	}
	fmt.Fprintf(w, "%s: %d passed, %d failed%s%s\n", title, m.Passed, m.Failed, skipped, note)
	if f := m.FirstFailure; f != nil && !m.NotBuilt {
		fmt.Fprintf(w, "  first failure: %s (%s)\n", f.Test, f.Outcome)
		indent(w, f.Output, "    ")
		for _, t := range m.Tests {
			if t.Outcome == "pass" || t.Outcome == "skip" || t.Name == f.Test {
				continue
			}
			fmt.Fprintf(w, "  also failed: %s (%s): %s\n", t.Name, t.Outcome, t.Reason)
		}
	}
	for _, t := range m.Tests {
		if t.Outcome == "skip" {
			fmt.Fprintf(w, "  skipped: %s: %s\n", t.Name, cmp.Or(t.Reason, "no reason given"))
		}
	}
}

func indent(w io.Writer, text, prefix string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		fmt.Fprintf(w, "%s%s\n", prefix, line)
	}
}
