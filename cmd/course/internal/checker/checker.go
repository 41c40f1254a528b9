// Package checker is course check's work for one workspace (or the course
// repository): it plans which tests to run (every started module's course
// tests, the Expansion Drops' tests, the learner's own tests under tests/),
// runs the coupling audit and the card and level validation through hooks
// the command line gives it, checks each started Expansion Drop against the
// commit it started from, runs the tests with package gotest, and turns it
// all into one Report: counts per module, every failure in words
// a learner can act on, and the warnings (a course test file edited,
// replace directives left out). The check, status and watch commands all
// read the same Report.
//
// What a learner's workspace holds is theirs to edit, so the verdict does
// not take it on trust: the module tests are the course's own copies
// (copies.go), built with check's own go.mod (gomod.go), and a pass counts
// only as the testing package confirms it (gotest's verdict.go), and a
// drop is judged from no later than the history, and a class check's own
// record, show it began (drops.go). Every file is judged before the tests
// run, since the learner's code runs in them and can change the workspace.
package checker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"time"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/courserepo"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// SchemaVersion is the version of the Report's JSON shape
// (course/schema/output/check.schema.json).
const SchemaVersion = 1

// Options says what to check.
type Options struct {
	Workspace string        // the workspace folder, or the course repository
	Module    string        // check modules up to this number; "" for the highest started
	Timeout   time.Duration // for each run of a test binary
	Jobs      int           // test processes at once; 0 for the number of CPUs
	Verbose   bool          // failures in full: whole panic traces, every line
	Course    fs.FS         // the course folder (modules, their test files)
	// Env is added to the environment of the go command and the tests.
	Env []string
	// Audit and Validate run the coupling audit and the card and level
	// validation; nil skips the step.
	Audit    func(*workspace.Workspace) (*audit.Report, error)
	Validate func(*workspace.Workspace) (*Validation, error)
	// Learner refuses the course repository: in a class check, a folder
	// that is (or passes for) the repository would be judged by the tests
	// it holds itself, and a learner could give their row any verdict.
	Learner bool
	// Sandbox runs the test binaries confined to writing beneath the
	// workspace and a temporary folder of the run's, where the system can
	// (gotest.Options.Sandbox): a learner's code cannot change another
	// workspace, the user's Go settings or caches, or check's output.
	Sandbox bool
	// Starts is the instructor's record of where the workspace's drops
	// were first seen to start (a class check's); nil for none.
	Starts StartBook
	// beforeBuild, when set, is asked before the tests are built: false
	// stops the check there, as a stop would (Class's, stopped while
	// this workspace's files were still being read).
	beforeBuild func() bool
}

// Validation is validate's verdict on the card and level files, as check
// reports it.
type Validation struct {
	OK       bool
	Findings int      // files that do not load
	Lines    []string // what validate prints
	Doc      any      // what validate --json prints; the report keeps it as it is
}

// MarshalJSON is validate's own document.
func (v *Validation) MarshalJSON() ([]byte, error) { return json.Marshal(v.Doc) }

// UnmarshalJSON keeps the document as it is, and what check needs of it.
func (v *Validation) UnmarshalJSON(b []byte) error {
	var d struct {
		OK       bool              `json:"ok"`
		Findings []json.RawMessage `json:"findings"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		return err
	}
	v.OK, v.Findings, v.Doc = d.OK, len(d.Findings), json.RawMessage(append([]byte(nil), b...))
	return nil
}

// Progress is how far a check is, sent as it goes.
type Progress struct {
	Phase  string // "audit", "validate", "drops", "build", "test", in that order
	Module string // the module of the test that started or ended ("01"; "" for your tests)
	Test   string // that test
	Done   int    // tests with an outcome
	Total  int    // tests to run
}

// Report is one check, as check --json prints it.
type Report struct {
	SchemaVersion int          `json:"schemaVersion"`
	Workspace     string       `json:"workspace"` // the folder as it was given, as JSONName gives it
	OK            bool         `json:"ok"`
	Audit         *AuditReport `json:"audit"`
	Validate      *Validation  `json:"validate"`
	BuildErrors   []BuildError `json:"buildErrors"`
	Modules       []Module     `json:"modules"`
	YourTests     *Module      `json:"yourTests,omitempty"`
	Drops         []Drop       `json:"drops"`
	Warnings      []Warning    `json:"warnings"`
	Passed        int          `json:"passed"`
	Failed        int          `json:"failed"`
	Timeout       string       `json:"timeout"`
	TimedOut      bool         `json:"timedOut"`
	// Running is the tests that were running when the time ran out.
	Running []string `json:"running,omitempty"`
	// Confined says the tests ran in the sandbox, able to write only
	// beneath the workspace and their temporary folder: false when the
	// system cannot confine them, when --no-sandbox asked, or when no
	// test ran. A class's instructor reads it beside each row.
	Confined bool `json:"confined"`
}

// AuditReport is the coupling audit's verdict, the same document as
// coupling-audit --json.
type AuditReport struct {
	OK bool `json:"ok"`
	*audit.Report
}

// BuildError is a package whose tests do not compile, shown once.
type BuildError struct {
	Package string `json:"package"`
	Output  string `json:"output"`
}

// Module is one module's tests (or the learner's own).
type Module struct {
	Number string `json:"number"` // "01"; "" for your tests
	Slug   string `json:"slug"`
	Title  string `json:"title"`
	Passed int    `json:"passed"`
	Failed int    `json:"failed"`
	// Skipped is the learner's own tests that skipped (t.Skip), which fail
	// no check. A course test that skips has run no scenario: it fails.
	Skipped int `json:"skipped"`
	// NotBuilt is set when the module's tests did not compile.
	NotBuilt     bool     `json:"notBuilt"`
	Tests        []Test   `json:"tests"`
	FirstFailure *Failure `json:"firstFailure,omitempty"`
}

// Test is one test's outcome; Reason is one line saying why it did not
// pass (for a skip, the test's own words).
type Test struct {
	Name    string `json:"name"`
	Outcome string `json:"outcome"`
	Reason  string `json:"reason,omitempty"`
}

// Failure is a failing test in full.
type Failure struct {
	Test    string `json:"test"`
	Outcome string `json:"outcome"`
	Output  string `json:"output"`
	// Cut is how many bytes of the test's output were left out before
	// what Output shows.
	Cut int64 `json:"cut,omitempty"`
}

// Drop is one started Expansion Drop's verdict.
type Drop struct {
	Module string `json:"module"`        // "01x"
	Commit string `json:"commit"`        // the commit it started from
	End    string `json:"end,omitempty"` // the commit it ended at, when a later module started
	// EndPassed of EndTests is how its tests did when it ended (EndTests 0:
	// no record).
	EndPassed int                `json:"endPassed,omitempty"`
	EndTests  int                `json:"endTests,omitempty"`
	OK        bool               `json:"ok"`
	Changes   []expansion.Change `json:"changes"`
	Error     string             `json:"error,omitempty"` // why it could not be checked
	// JudgedFrom is the commit the drop was judged from when it is not
	// Commit: the record is the learner's file, and the history (or a
	// class check's first record) shows the drop began earlier. Moved
	// says which.
	JudgedFrom string `json:"judgedFrom,omitempty"`
	// Moved is why JudgedFrom is not Commit: MovedByHistory or
	// MovedByFirstSeen.
	Moved string `json:"moved,omitempty"`
	// File is the drop's file whose first commit moved it (MovedByHistory).
	File string `json:"file,omitempty"`
	// JudgedTo is the commit an ended drop was judged to when it is
	// earlier than End: the commit before a later module's test file
	// (EndFile) first appears, since that module's start ended the drop.
	JudgedTo string `json:"judgedTo,omitempty"`
	EndFile  string `json:"endFile,omitempty"`
	// RecordedEnd is the end the record names when check does not
	// believe it (End is then "", and the drop is judged as open), and
	// EndWhy why an end recorded was not taken (JudgedTo then says where
	// the drop was judged to, or RecordedEnd is set).
	RecordedEnd string `json:"recordedEnd,omitempty"`
	EndWhy      string `json:"endWhy,omitempty"`
	// FirstSeen is the start a class check of this workspace first saw,
	// when the record now names another commit: the record was moved.
	// FirstSeenGone says HEAD's history no longer holds it either. A
	// start first seen that is the one recorded is no move, in history
	// or not (NotInHistory says the latter).
	FirstSeen     string `json:"firstSeen,omitempty"`
	FirstSeenGone bool   `json:"firstSeenGone,omitempty"`
	// EarlierStart is the start a class check first saw for this drop
	// when the workspace's folder held another history, and EarlierRoot
	// that history's first commit: the history was made again since (or
	// the folder is another workspace now).
	EarlierStart string `json:"earlierStart,omitempty"`
	EarlierRoot  string `json:"earlierRoot,omitempty"`
	// NotInHistory says Commit is not HEAD or one of its ancestors:
	// history rewritten since, or a commit from elsewhere.
	NotInHistory bool `json:"notInHistory,omitempty"`
}

// Why a drop is judged from a commit other than the one recorded.
const (
	// MovedByHistory: the commit before the drop's own file (its test,
	// which start-module --expansion copies in) first appears on HEAD's
	// first-parent line, earlier than the record.
	MovedByHistory = "history"
	// MovedByFirstSeen: the start a class check first saw, earlier than
	// the record.
	MovedByFirstSeen = "firstSeen"
)

// Warning is something the learner should mend that does not fail check.
type Warning struct {
	File    string `json:"file"`
	Message string `json:"message"`
	Mend    string `json:"mend"`
	// folders marks engineFoldersWarning's: the audit's ok covers the
	// folders listed only, which a class row says.
	folders bool
	// unrecorded is the module ("01") of unrecordedDrops' warning: its
	// drop's tests ran, but nothing judged whether it changed the engine,
	// which a class row says too.
	unrecorded string
}

// Error is a check that cannot start for a reason the user can mend: no
// module started, a module not started, a time limit out of range.
type Error struct {
	Msg string
	// NotStarted says that start-module is the mend (the modules asked
	// for are not started, or their files are gone), not an edit of the
	// workspace's files: watch says it once and ends.
	NotStarted bool
}

func (e *Error) Error() string { return e.Msg }

// UserError marks the error as the user's to mend.
func (e *Error) UserError() bool { return true }

func errorf(format string, args ...any) error { return &Error{Msg: fmt.Sprintf(format, args...)} }

// notStartedf is an Error whose mend is start-module.
func notStartedf(format string, args ...any) error {
	return &Error{Msg: fmt.Sprintf(format, args...), NotStarted: true}
}

// Run checks one workspace. progress may be nil.
func Run(ctx context.Context, o Options, progress func(Progress)) (*Report, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if progress == nil {
		progress = func(Progress) {}
	}
	if o.Timeout <= 0 || o.Timeout > gotest.MaxTimeout {
		return nil, errorf("course check: --timeout %s is out of range; give a time limit above 0 and at most %s, e.g. --timeout 1m", o.Timeout, gotest.MaxTimeout)
	}
	ws, err := workspace.Open(o.Workspace)
	if err != nil {
		return nil, err
	}
	if o.Learner && ws.Kind == workspace.Repository {
		return nil, errorf("%s is the course repository (its go.mod names %s and it has %s), not a learner's workspace, so it gets no verdict here; check the repository on its own with `course check %s`", ws.Dir, courserepo.Module, courserepo.Catalog, shellarg.Quote(ws.Dir))
	}
	// The folder as named, and where its links lead.
	for _, dir := range []string{o.Workspace, ws.Real} {
		if err := workspace.CheckBuildable(dir, "rename the folder, or move it, so that its path has none"); err != nil {
			return nil, err
		}
	}
	var upTo *modules.Module
	if o.Module != "" {
		m, err := modules.Lookup(o.Module)
		if err != nil {
			return nil, err
		}
		upTo = &m
	}
	repo := ws.Kind == workspace.Repository
	var p *plan
	// The state is read once, before the plan: the drops check runs
	// are the drops whose tests it ran, though a start-module in another
	// terminal records one while the tests run.
	var st *workspace.State
	var stErr error
	if repo {
		p, err = repositoryPlan(ws, upTo)
		if err == nil && o.Course != nil {
			err = ownTests(ws, o.Course, p)
		}
	} else {
		st, stErr = workspace.LoadState(ws)
		p, err = workspacePlan(ws, upTo, o.Course, st, stErr)
	}
	if err != nil {
		return nil, err
	}

	r := &Report{SchemaVersion: SchemaVersion, Workspace: JSONName(ws.Dir), Timeout: o.Timeout.String(),
		BuildErrors: []BuildError{}, Modules: []Module{}, Drops: []Drop{}, Warnings: []Warning{}}
	if o.Audit != nil {
		progress(Progress{Phase: "audit"})
		a, err := o.Audit(ws)
		if err != nil {
			return nil, err
		}
		r.Audit = &AuditReport{OK: len(a.Findings) == 0, Report: a}
	}
	if o.Validate != nil {
		progress(Progress{Phase: "validate"})
		v, err := o.Validate(ws)
		if err != nil {
			return nil, err
		}
		r.Validate = v
	}

	// A learner's tests build with check's own go.mod (see gomod.go).
	var modFile, goSum []byte
	if !repo && len(p.packages) > 0 {
		var warn *Warning
		if modFile, goSum, warn, err = pinnedModFile(ws); err != nil {
			return nil, err
		}
		if warn != nil {
			r.Warnings = append(r.Warnings, *warn)
		}
	}

	// What check says of the workspace's files is said of them as the
	// tests are built from them, before any of the learner's code runs:
	// the test binary runs with the learner's rights, and code of theirs
	// that took an engine change back out while the tests ran passed a
	// drop the tests had run on a changed engine.
	var replaced []replacedCopy
	if !repo {
		replaced = replacedCopies(ws, p.copies)
		if w := engineFoldersWarning(ws); w != nil && r.Audit != nil {
			r.Warnings = append(r.Warnings, *w)
		}
		r.Warnings = append(r.Warnings, editedTests(ws, replaced)...)
		r.Warnings = append(r.Warnings, leftModules(ws, st, p.started, upTo)...)
		progress(Progress{Phase: "drops"})
		drops, warn := checkDrops(ws, o.Course, st, stErr, upTo, o.Starts)
		r.Drops = drops
		r.Warnings = append(r.Warnings, warn...)
		r.Warnings = append(r.Warnings, unrecordedDrops(ws, p.copies, drops)...)
	}
	res := &gotest.Result{BuildOutput: map[string]string{}}
	if p.untestable {
		for _, pkg := range p.packages {
			res.Tests = append(res.Tests, gotest.NotRunOf(pkg, nil)...)
		}
	} else if len(p.packages) > 0 {
		// A FIFO the go command would read stops the build until its
		// time limit: it is named now, as one the audit reads is.
		if err := irregularBuildFile(ws.Abs); err != nil {
			return nil, err
		}
		if o.beforeBuild != nil && !o.beforeBuild() {
			return nil, &gotest.CanceledError{Cause: context.Cause(ctx)}
		}
		progress(Progress{Phase: "build"})
		res, err = gotest.Run(ctx, gotest.Options{
			Module: ws.Abs, Packages: p.packages, Timeout: o.Timeout, Jobs: o.Jobs, Env: o.Env,
			ModFile: modFile, GoSum: goSum, Sandbox: o.Sandbox,
			Progress: func(gp gotest.Progress) {
				phase := "test"
				if gp.Test == "" {
					phase = "build"
				}
				progress(Progress{Phase: phase, Module: p.moduleOf(gp.Package, gp.Test), Test: gp.Test, Done: gp.Done, Total: gp.Total})
			},
		})
		var envErr *gotest.EnvironmentError
		if errors.As(err, &envErr) {
			return nil, fmt.Errorf("course check: %w", err)
		}
		if err != nil {
			return nil, err
		}
	}
	r.TimedOut, r.Running, r.Confined = res.TimedOut, res.Running, res.Confined

	r.BuildErrors = append(r.BuildErrors, p.parseErrors...)
	pkgs := make([]string, 0, len(res.BuildOutput))
	for pkg := range res.BuildOutput {
		pkgs = append(pkgs, pkg)
	}
	sort.Strings(pkgs)
	for _, pkg := range pkgs {
		if len(p.parseErrors) == 0 {
			r.BuildErrors = append(r.BuildErrors, BuildError{Package: pkg, Output: res.BuildOutput[pkg]})
		}
	}

	fo := formatter{root: ws.Abs, verbose: o.Verbose}
	if !repo {
		fo.copies = map[string]bool{}
		for _, c := range replaced {
			fo.copies[c.rel] = true
		}
	}
	for _, g := range p.groups {
		mr := Module{Number: g.number, Slug: g.slug, Title: g.title, Tests: []Test{}}
		for _, t := range res.Tests {
			if !g.owns(t.Package, t.Name) {
				continue
			}
			if _, bad := res.BuildOutput[t.Package]; bad {
				mr.NotBuilt = true
			}
			tr := Test{Name: t.Name, Outcome: string(t.Outcome)}
			switch {
			case t.Outcome == gotest.Pass:
				mr.Passed++
				mr.Tests = append(mr.Tests, tr)
				continue
			case t.Outcome == gotest.Skip && g.number == "":
				mr.Skipped++
				tr.Reason = oneLine(t.Output) // the test's own words, if any
				mr.Tests = append(mr.Tests, tr)
				continue
			case t.Outcome == gotest.Skip:
				// No course test skips: something skipped it for the
				// learner, and a scenario that did not run is not passed.
				t.Outcome = gotest.Fail
				t.Cause = "it was skipped, and a course test counts only when it runs to the end; no course test skips itself, so look for code that calls SkipNow, or Skip, on its testing.T"
				tr.Outcome = string(gotest.Fail)
			}
			mr.Failed++
			text := fo.failure(t, res)
			tr.Reason = oneLine(text)
			mr.Tests = append(mr.Tests, tr)
			if mr.FirstFailure == nil {
				mr.FirstFailure = &Failure{Test: t.Name, Outcome: string(t.Outcome), Output: text, Cut: t.Cut}
			}
		}
		if len(p.parseErrors) > 0 && g.number != "" {
			mr.NotBuilt = true
		}
		r.Passed += mr.Passed
		r.Failed += mr.Failed
		if g.number == "" {
			if len(mr.Tests) > 0 {
				r.YourTests = &mr
			}
			continue
		}
		r.Modules = append(r.Modules, mr)
	}

	r.OK = r.Failed == 0 && len(r.BuildErrors) == 0 &&
		(r.Audit == nil || r.Audit.OK) && (r.Validate == nil || r.Validate.OK)
	for _, d := range r.Drops {
		r.OK = r.OK && d.OK
	}
	return r, nil
}

// Summary is the closing line: the test counts, then whatever else fails
// the check, so the line always agrees with the exit status.
func (r *Report) Summary() string {
	parts := []string{fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed)}
	if r.Audit != nil && !r.Audit.OK {
		parts = append(parts, "audit: "+plural(len(r.Audit.Findings), "finding", "findings"))
	}
	if r.Validate != nil && !r.Validate.OK {
		parts = append(parts, "validate: "+plural(r.Validate.Findings, "file does not load", "files do not load"))
	}
	if n := len(r.BuildErrors); n > 0 {
		parts = append(parts, "build: "+plural(n, "package does not compile", "packages do not compile"))
	}
	changed, unchecked := 0, 0
	for _, d := range r.Drops {
		switch {
		case d.Error != "":
			unchecked++
		case !d.OK:
			changed++
		}
	}
	if unchecked > 0 {
		parts = append(parts, "drops: "+plural(unchecked, "drop cannot be checked", "drops cannot be checked"))
	}
	if changed > 0 {
		parts = append(parts, "drops: "+plural(changed, "drop changed the engine", "drops changed the engine"))
	}
	return strings.Join(parts, "; ")
}

// FirstProblem is the first thing wrong, in words; "" when all holds.
func (r *Report) FirstProblem() string { return r.firstProblem(true) }

// firstProblem is FirstProblem; without tests, it passes over the tests'
// failures, for the class CSV, whose rows each give a module's own.
func (r *Report) firstProblem(tests bool) string {
	switch {
	case len(r.BuildErrors) > 0:
		return "the tests do not compile: " + firstLine(r.BuildErrors[0].Output)
	case r.Audit != nil && !r.Audit.OK:
		return "coupling: " + r.Audit.Findings[0].String()
	case r.Validate != nil && !r.Validate.OK && len(r.Validate.Lines) > 0:
		return r.Validate.Lines[0]
	}
	for _, m := range append(r.Modules, r.yours()...) {
		if f := m.FirstFailure; f != nil && tests {
			return fmt.Sprintf("%s (%s): %s", f.Test, f.Outcome, oneLine(f.Output))
		}
	}
	for _, d := range r.Drops {
		if !d.OK {
			return d.line()
		}
	}
	for _, d := range r.Drops {
		if d.moveNote() != "" {
			return d.line()
		}
	}
	for _, w := range r.Warnings {
		if w.unrecorded != "" {
			return w.File + " " + w.Message
		}
	}
	if w := r.foldersWarning(); w != nil {
		return w.File + " " + w.Message
	}
	return ""
}

// foldersWarning is the warning that engineDirs leaves out the template's
// engine folder, or nil.
func (r *Report) foldersWarning() *Warning {
	for i := range r.Warnings {
		if r.Warnings[i].folders {
			return &r.Warnings[i]
		}
	}
	return nil
}

func (r *Report) yours() []Module {
	if r.YourTests == nil {
		return nil
	}
	return []Module{*r.YourTests}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "# ") {
			return l
		}
	}
	return s
}
