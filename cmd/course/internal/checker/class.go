package checker

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"

	"golang.org/x/sync/errgroup"

	"github.com/systemic-game-design/course/internal/termsafe"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
)

// Checked is one workspace of a class: its report, or why it could not be
// checked.
type Checked struct {
	Workspace string
	Report    *Report
	Err       error
}

// ClassProgress is how far a class check is: workspaces done of Total, and
// the ones running.
type ClassProgress struct {
	Done, Total int
	Running     []string
}

// Class checks every workspace, jobs at once (0: the number of CPUs). A
// workspace that cannot be checked is a result with its reason, not the
// end of the run; only a cancelled run is an error, returned with the
// results of the workspaces that ended before it, once those building or
// running tests have ended them (not those still reading their files).
// The results are in the order of dirs.
func Class(ctx context.Context, dirs []string, o Options, jobs int, progress func(ClassProgress)) ([]Checked, error) {
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	if o.Jobs == 0 {
		o.Jobs = max(1, runtime.NumCPU()/jobs)
	}
	if progress == nil {
		progress = func(ClassProgress) {}
	}
	scratch, cleanup, err := scratchCaches(len(dirs))
	if err != nil {
		return nil, err
	}
	defer cleanup()

	out := make([]Checked, len(dirs))
	var mu sync.Mutex
	running := map[string]bool{}
	done := 0
	report := func() {
		names := make([]string, 0, len(running))
		for n := range running {
			names = append(names, n)
		}
		sort.Strings(names)
		progress(ClassProgress{Done: done, Total: len(dirs), Running: names})
	}
	// A stop reaches a workspace's check once it builds or runs the
	// tests, which it then ends; before that it reads the workspace's
	// files (the audit, the drops), which for a workspace of gigabytes
	// goes on for minutes. The class waits for the checks that build or
	// test to end theirs, not for those still reading: they are stopped
	// (gave up, under mu) before they start a build, and the rows of the
	// workspaces that ended are shown at once.
	gaveUp := false
	var building sync.WaitGroup
	var g errgroup.Group
	g.SetLimit(jobs)
	var waitErr error
	waited := make(chan struct{})
	go func() {
		defer close(waited)
		for i, dir := range dirs {
			g.Go(func() error {
				if ctx.Err() != nil {
					return nil
				}
				mu.Lock()
				if gaveUp {
					mu.Unlock()
					return nil
				}
				running[dir] = true
				report()
				mu.Unlock()
				wo := o
				wo.Workspace = dir
				if scratch != nil {
					wo.Env = append(append([]string(nil), o.Env...), "GOCACHE="+scratch[i])
				}
				entered := false
				wo.beforeBuild = func() bool {
					mu.Lock()
					defer mu.Unlock()
					if gaveUp {
						return false
					}
					building.Add(1)
					entered = true
					return true
				}
				r, err := Run(ctx, wo, nil)
				// What its tests left running (a setsid daemon) ends
				// with the workspace's check, not with the class's.
				procgroup.EndLeftBehind()
				mu.Lock()
				out[i] = Checked{Workspace: dir, Report: r, Err: err}
				delete(running, dir)
				done++
				// Given up on, the class's rows may be out already:
				// no progress line goes after them.
				if !gaveUp {
					report()
				}
				mu.Unlock()
				if entered {
					building.Done()
				}
				var canceled *gotest.CanceledError
				if errors.As(err, &canceled) {
					return err
				}
				return nil
			})
		}
		waitErr = g.Wait()
	}()
	select {
	case <-waited:
		err = waitErr
	case <-ctx.Done():
		mu.Lock()
		gaveUp = true
		mu.Unlock()
		building.Wait()
	}
	if err == nil && ctx.Err() != nil {
		err = &gotest.CanceledError{Cause: context.Cause(ctx)}
	}
	mu.Lock()
	defer mu.Unlock()
	if err != nil {
		var ended []Checked
		for _, c := range out {
			var canceled *gotest.CanceledError
			if c.Workspace != "" && !errors.As(c.Err, &canceled) {
				ended = append(ended, c)
			}
		}
		return ended, err
	}
	return out, nil // every check ended: nothing writes out now
}

// scratchCaches gives each workspace a build cache of its own, but only
// where it is needed: the go command keeps its cache whole under builds at
// once, so workspaces share it unless it is off or cannot be written. (It
// keeps no workspace from another: the tests run as the same user, who can
// write to any cache, scratch ones included.)
func scratchCaches(n int) ([]string, func(), error) {
	none := func() {}
	if usableCache() {
		return nil, none, nil
	}
	base, err := os.MkdirTemp("", "course-class-cache-")
	if err != nil {
		return nil, none, fmt.Errorf("making scratch build caches: %w", err)
	}
	dirs := make([]string, n)
	for i := range dirs {
		dirs[i] = filepath.Join(base, strconv.Itoa(i))
	}
	return dirs, func() { os.RemoveAll(base) }, nil
}

func usableCache() bool {
	goCmd := os.Getenv("GO")
	if goCmd == "" {
		goCmd = "go"
	}
	out, err := exec.Command(goCmd, "env", "GOCACHE").Output()
	if err != nil {
		return true // the check itself will say what is wrong with the go command
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" || dir == "off" {
		return false
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return false
	}
	f, err := os.CreateTemp(dir, "course-probe-")
	if err != nil {
		return false
	}
	f.Close()
	os.Remove(f.Name())
	return true
}

// columns is every module number any report has, in order.
func columns(results []Checked) []string {
	seen := map[string]bool{}
	var cols []string
	for _, c := range results {
		if c.Report == nil {
			continue
		}
		for _, m := range c.Report.Modules {
			if !seen[m.Number] {
				seen[m.Number] = true
				cols = append(cols, m.Number)
			}
		}
	}
	sort.Strings(cols)
	return cols
}

// WriteClassTable prints one row per workspace: passed/total for each
// module, the audit, the drops, and the first problem in words.
func WriteClassTable(w io.Writer, results []Checked, reason func(error) string) {
	cols := columns(results)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := append([]string{"WORKSPACE"}, cols...)
	head = append(head, "YOURS", "AUDIT", "DROPS", "FIRST PROBLEM")
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, c := range results {
		row := []string{ShownName(c.Workspace)}
		r := c.Report
		if r == nil {
			for range cols {
				row = append(row, "-")
			}
			row = append(row, "-", "-", "-", cell("not checked: "+reason(c.Err)))
			fmt.Fprintln(tw, strings.Join(row, "\t"))
			continue
		}
		byNumber := map[string]Module{}
		for _, m := range r.Modules {
			byNumber[m.Number] = m
		}
		for _, n := range cols {
			if m, ok := byNumber[n]; ok {
				row = append(row, fmt.Sprintf("%d/%d", m.Passed, m.Passed+m.Failed))
			} else {
				row = append(row, "-")
			}
		}
		yours := "-"
		if r.YourTests != nil {
			yours = fmt.Sprintf("%d/%d", r.YourTests.Passed, r.YourTests.Passed+r.YourTests.Failed)
		}
		row = append(row, yours, auditCell(r), dropsCell(r))
		problem := r.FirstProblem()
		if problem == "" {
			problem = "ok"
		}
		row = append(row, cell(problem))
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	tw.Flush()
}

// cell is text the course tool did not write (a folder's name, a test's
// message) as one cell of the table: spelled out as termsafe spells it,
// tabs and newlines too, which would start a column or a row of their
// own. The table measures the cell as it is shown, so the columns line up.
func cell(s string) string { return termsafe.Line(s) }

func auditCell(r *Report) string {
	switch {
	case r.Audit == nil:
		return "-"
	case r.Audit.OK && r.foldersWarning() != nil:
		// The audit read folders other than the template's engine/: the
		// row's FIRST PROBLEM says which, when nothing else comes first.
		return "ok (own engineDirs)"
	case r.Audit.OK:
		return "ok"
	}
	return plural(len(r.Audit.Findings), "finding", "findings")
}

// dropVerdict is a drop's verdict as a class row gives it, with "(moved)"
// when the start recorded is not the one the class check's own record
// first saw, "(not in history)" when the commit recorded is not in HEAD's
// history, "(new history)" when the folder held another history when a
// class check first saw the drop start, and "(judged from history)" when
// only the history moved its start or end (a drop recorded again after
// .course/ was lost, as README tells a learner to): the first problem
// says more.
func dropVerdict(d Drop) string {
	verdict := "changed"
	switch {
	case d.Error != "":
		verdict = "unchecked"
	case d.OK:
		verdict = "ok"
	}
	switch {
	case d.FirstSeen != "":
		verdict += " (moved)"
	case d.NotInHistory:
		verdict += " (not in history)"
	case d.EarlierStart != "":
		verdict += " (new history)"
	case d.RecordedEnd != "":
		verdict += " (end not believed)"
	case d.JudgedFrom != "" || d.JudgedTo != "":
		verdict += " (judged from history)"
	}
	return verdict
}

// unrecorded is what a row says of a drop whose tests ran with no
// record of the commit it started from: neither ok nor changed, since
// nothing judged its engine (a .course/ left out of a hand-in, or a state
// file that does not load).
const unrecorded = "unrecorded"

func dropsCell(r *Report) string {
	var parts []string
	for _, d := range r.Drops {
		parts = append(parts, d.Module+" "+dropVerdict(d))
	}
	for _, w := range r.Warnings {
		if w.unrecorded != "" {
			parts = append(parts, w.unrecorded+"x "+unrecorded)
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

// csvCell is text the course tool did not write (a folder's name, a test's
// message) as one CSV cell. It is spelled out as termsafe spells it, since
// the CSV may go to a terminal; and a cell that a spreadsheet would take
// for a formula (one starting with =, +, -, @ or a tab) starts with a ' so
// that it is shown as text: a learner's folder named =HYPERLINK(...) is not
// a link in the instructor's sheet.
func csvCell(s string) string {
	s = termsafe.String(s)
	if s != "" && strings.ContainsRune("=+-@\t", rune(s[0])) {
		return "'" + s
	}
	return s
}

// CSVHeader is the class CSV's columns.
var CSVHeader = []string{"workspace", "module", "passed", "failed", "audit_findings", "drop", "first_failure"}

// WriteClassCSV prints one row per workspace and module; a workspace that
// could not be checked is one row with its reason as first_failure, and
// one whose tests count under no module one row with its first problem. The
// first_failure of a workspace's first row is what else is wrong, when
// its module has no failure of its own: tests that do not compile, the
// audit, a card or level file, a drop, a warning a class row gives.
func WriteClassCSV(w io.Writer, results []Checked, reason func(error) string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	for _, c := range results {
		r := c.Report
		if r == nil {
			if err := cw.Write([]string{csvCell(ShownName(c.Workspace)), "", "", "", "", "", csvCell("not checked: " + reason(c.Err))}); err != nil {
				return err
			}
			continue
		}
		findings := ""
		if r.Audit != nil {
			findings = strconv.Itoa(len(r.Audit.Findings))
		}
		drops := map[string]string{}
		for _, d := range r.Drops {
			drops[strings.TrimSuffix(d.Module, "x")] = dropVerdict(d)
		}
		for _, w := range r.Warnings {
			if w.unrecorded != "" {
				drops[w.unrecorded] = unrecorded
			}
		}
		rows := append([]Module(nil), r.Modules...)
		if r.YourTests != nil {
			yours := *r.YourTests
			yours.Number = "yours"
			rows = append(rows, yours)
		}
		if len(rows) == 0 {
			// No module counted (a test file that does not parse
			// said none): the workspace is one row with its problem,
			// not left out of the sheet.
			if err := cw.Write([]string{csvCell(ShownName(c.Workspace)), "", "", "", findings, "", csvCell(r.FirstProblem())}); err != nil {
				return err
			}
			continue
		}
		for i, m := range rows {
			first := ""
			if f := m.FirstFailure; f != nil {
				first = fmt.Sprintf("%s (%s): %s", f.Test, f.Outcome, oneLine(f.Output))
			}
			// The columns give no room to the build, the card and
			// level files or the warnings: a workspace's first row
			// names the first of them when its own tests pass, so
			// that no row of a failing workspace reads as passing.
			if i == 0 && first == "" {
				first = r.firstProblem(false)
			}
			if err := cw.Write([]string{csvCell(ShownName(c.Workspace)), m.Number, strconv.Itoa(m.Passed), strconv.Itoa(m.Failed), findings, drops[m.Number], csvCell(first)}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// Unchecked is a workspace of a class --json document that could not be
// checked.
type Unchecked struct {
	SchemaVersion int    `json:"schemaVersion"`
	Workspace     string `json:"workspace"`
	OK            bool   `json:"ok"`
	Error         string `json:"error"`
	// SameAs is the name the workspace is checked under when this entry
	// is a second name of it (a link): a reader then counts it once, as
	// the exit status does, not as a workspace that failed.
	SameAs string `json:"sameAs,omitempty"`
}

// SecondName is the error of a folder that is another name of a workspace
// the class check checks under the name CheckedUnder gives.
type SecondName interface {
	error
	CheckedUnder() string
}

// ClassDocument is check --json over several workspaces: each entry is
// the same document as check --json of that workspace alone, or an
// Unchecked.
type ClassDocument struct {
	SchemaVersion int   `json:"schemaVersion"`
	Workspaces    []any `json:"workspaces"`
}

// NewClassDocument is the document of the results.
func NewClassDocument(results []Checked, reason func(error) string) *ClassDocument {
	doc := &ClassDocument{SchemaVersion: SchemaVersion, Workspaces: []any{}}
	for _, c := range results {
		if c.Report != nil {
			doc.Workspaces = append(doc.Workspaces, c.Report)
			continue
		}
		u := Unchecked{SchemaVersion: SchemaVersion, Workspace: JSONName(c.Workspace), Error: reason(c.Err)}
		var second SecondName
		if errors.As(c.Err, &second) {
			u.SameAs = JSONName(second.CheckedUnder())
		}
		doc.Workspaces = append(doc.Workspaces, u)
	}
	return doc
}
