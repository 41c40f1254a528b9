package checker

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// checkDrops runs expansion-check for every started drop (up to upTo)
// against the commit it started from: an open drop's engine as it is now
// (every file read), an ended one's as it was committed when it ended.
// st and err are the workspace's state as Run read it, once for the drops
// and leftModules.
//
// The start recorded is the learner's file, so it is not taken alone: a
// drop is judged from the earliest of that record, the commit before the
// drop's test file first appears on HEAD's first-parent line, and the
// start starts (a class check's own record, nil for none) first saw (see
// judgeStart).
func checkDrops(ws *workspace.Workspace, course fs.FS, st *workspace.State, err error, upTo *modules.Module, starts StartBook) ([]Drop, []Warning) {
	if err != nil {
		return []Drop{}, []Warning{{File: workspace.StateFile, Message: fmt.Sprintf("cannot be read (%v), so no Expansion Drop was checked", err),
			Mend: "start the drop again with `course start-module NN --expansion`, which records where it starts"}}
	}
	records := st.Drops
	numbers := make([]string, 0, len(records))
	for n := range records {
		numbers = append(numbers, n)
	}
	sort.Strings(numbers)
	var hist *expansion.History
	var histErr error
	if len(numbers) > 0 {
		if hist, histErr = expansion.OpenHistory(ws.Dir); histErr == nil {
			defer hist.Close()
		}
	}
	drops := []Drop{}
	for _, n := range numbers {
		if upTo != nil && n > upTo.Number {
			continue
		}
		rec := records[n]
		d := Drop{Module: n + "x", Commit: rec.Commit, End: rec.End, EndPassed: rec.EndPassed, EndTests: rec.EndTests, Changes: []expansion.Change{}}
		if histErr != nil {
			d.Error = histErr.Error()
			drops = append(drops, d)
			continue
		}
		if err := d.judgeSpan(hist, course, starts, ws); err != nil {
			d.Error = err.Error()
			drops = append(drops, d)
			continue
		}
		var res *expansion.Result
		var err error
		if d.End == "" { // open, or an end not believed (see judgeEnd)
			// Every engine file read: check's drop verdict trusts no index
			// entry (a smudge filter's content), at a cost the tests dwarf.
			res, err = expansion.CheckContent(ws.Dir, d.from(), ws.Config.EngineDirs)
		} else {
			res, err = expansion.Between(ws.Dir, d.from(), d.to(), ws.Config.EngineDirs)
		}
		switch {
		case err != nil:
			d.Error = err.Error()
		default:
			d.Changes = append(d.Changes, res.Changes...)
			d.OK = len(res.Changes) == 0
		}
		drops = append(drops, d)
	}
	return drops, nil
}

// StartBook is the instructor's own record of where each drop of each
// workspace was first seen to start, kept outside the workspaces (see
// package dropstarts).
type StartBook interface {
	// FirstSeen is what the record says of drop module ("01") of the
	// workspace. When no start was seen before, commit is recorded as
	// the start first seen.
	FirstSeen(ws WorkspaceID, module, commit string) (Seen, error)
}

// Seen is a StartBook's record of one drop of one workspace, as one read
// of it gives it.
type Seen struct {
	// Start is the start first seen, "" when none was.
	Start string
	// EarlierStart is the start first seen in the workspace's folder
	// when it held another history, and EarlierRoot that history's first
	// commit; "" when it held none.
	EarlierStart, EarlierRoot string
}

// WorkspaceID is what tells a workspace from another over time: its
// folder (absolute, links followed) and the first commit of its history.
type WorkspaceID struct {
	Path string
	Root string
}

// dropFiles is the files start-module --expansion copies into a workspace
// for module n's drop: its test files, in tests/ (it brings no card: the
// drop's card is what the learner writes).
func dropFiles(course fs.FS, n string) []string {
	m, err := modules.Lookup(n)
	if course == nil || err != nil {
		return nil
	}
	var out []string
	for _, f := range modules.ExpansionTestFiles(course, m) {
		out = append(out, "tests/"+path.Base(f))
	}
	return out
}

// judgeSpan decides the commits the drop is judged over: from judgeStart's
// start, and for an ended drop to judgeEnd's end.
func (d *Drop) judgeSpan(hist *expansion.History, course fs.FS, starts StartBook, ws *workspace.Workspace) error {
	n := strings.TrimSuffix(d.Module, "x")
	if err := d.judgeStart(hist, dropFiles(course, n), starts, ws.Real); err != nil || d.End == "" {
		return err
	}
	return d.judgeEnd(hist, laterFiles(course, n), ws.Dir)
}

// judgeEnd decides where an ended drop is judged to. The end recorded is
// the learner's file, and only the start of a later module ends a drop: a
// record with no later module's test file in tests/ or on HEAD's
// first-parent line, or whose end is not the start or a commit after it
// on HEAD's history, is not believed (an end moved back to the start
// would pass every engine change since). Such a drop is judged to the
// commit before a later module's test file first appears, when the
// history shows one, and otherwise as an open drop is, to the files on
// disk (d.End cleared, the record kept in RecordedEnd).
//
// A believed end is moved back to the commit before a later module's
// test file first appears on HEAD's first-parent line, when that is
// earlier than the end recorded and not before the drop's start: that
// module's start ended the drop, and its engine work is not the drop's. A
// drop recorded again (.course/ lost) once a later module was started
// starts and ends at HEAD; judged from where its test file first appears,
// it would otherwise be blamed for every later module's engine work.
func (d *Drop) judgeEnd(hist *expansion.History, later []string, dir string) error {
	app, err := hist.FirstAppearance(later)
	if err != nil {
		return err
	}
	if app == nil && !anyRegular(dir, later) {
		d.notBelieved("no later module has started (none of its test files is in tests/ or HEAD's history)")
		return nil
	}
	end, inHistory, err := hist.Commit(d.End)
	if err != nil {
		return err
	}
	from, _, err := hist.Commit(d.from())
	if err != nil || from == "" {
		return err
	}
	after, err := atOrAfter(hist, from, end, inHistory)
	if err != nil {
		return err
	}
	// toLater: the commit before a later module's test file first
	// appears, when there is one at or after the start.
	toLater := app != nil && app.Before != ""
	if toLater {
		if toLater, err = atOrAfter(hist, from, app.Before, true); err != nil {
			return err
		}
	}
	const notAfter = "it is not the drop's start or a commit after it in HEAD's history"
	switch {
	case !after && !toLater:
		d.notBelieved(notAfter)
		return nil
	case !after:
		d.EndWhy = notAfter
	case !toLater:
		return nil
	default:
		if ok, err := hist.Before(app.Before, end); err != nil || !ok {
			return err
		}
	}
	d.JudgedTo, d.EndFile = app.Before, app.File
	return nil
}

// notBelieved sets the drop open, its recorded end not believed for the
// reason why.
func (d *Drop) notBelieved(why string) {
	d.RecordedEnd, d.EndWhy = d.End, why
	d.End, d.EndPassed, d.EndTests = "", 0, 0
}

// atOrAfter reports whether commit b is commit a or comes after it, when
// b is in HEAD's history (inHistory); full hashes of commits held here.
func atOrAfter(hist *expansion.History, a, b string, inHistory bool) (bool, error) {
	if !inHistory || a == b {
		return inHistory, nil
	}
	return hist.Before(a, b)
}

// anyRegular reports whether any of files (slash paths in the folder dir)
// is a regular file there.
func anyRegular(dir string, files []string) bool {
	for _, f := range files {
		if info, err := os.Lstat(filepath.Join(dir, filepath.FromSlash(f))); err == nil && info.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// laterFiles is the test files of every module after n, as start-module
// copies them into tests/.
func laterFiles(course fs.FS, n string) []string {
	if course == nil {
		return nil
	}
	var out []string
	for _, m := range modules.All() {
		if m.Number <= n {
			continue
		}
		for _, f := range modules.TestFiles(course, m) {
			out = append(out, "tests/"+path.Base(f))
		}
	}
	return out
}

// judgeStart decides the commit the drop is judged from (d.from), from its
// record, the history and the start starts first saw. The earliest wins:
// a commit whose tree holds the drop's test file cannot be earlier than
// the drop's start, so a record moved past an engine change committed
// with the test file, or after it, is judged from before the test file;
// and a record that is not in HEAD's history gives way to the history's
// start. A drop whose files were never committed has no history to read:
// its record stands.
func (d *Drop) judgeStart(hist *expansion.History, files []string, starts StartBook, folder string) error {
	recorded, inHistory, err := hist.Commit(d.Commit)
	if err != nil {
		return err
	}
	d.NotInHistory = !inHistory
	from, err := d.historyStart(hist, files, recorded)
	if err != nil || starts == nil {
		return err
	}
	return d.firstSeenStart(hist, starts, folder, recorded, from)
}

// historyStart moves the drop's start to the commit before its files
// first appear, when that is earlier than recorded (the record's full
// hash, "" when it names no commit held here) or the record is not in
// HEAD's history. It returns the start then: recorded, or the history's.
func (d *Drop) historyStart(hist *expansion.History, files []string, recorded string) (string, error) {
	app, err := hist.FirstAppearance(files)
	if err != nil || app == nil || app.Before == "" {
		return recorded, err
	}
	earlier := d.NotInHistory
	if !earlier {
		if earlier, err = hist.Before(app.Before, recorded); err != nil {
			return "", err
		}
	}
	if !earlier {
		return recorded, nil
	}
	d.JudgedFrom, d.Moved, d.File = app.Before, MovedByHistory, app.File
	return app.Before, nil
}

// firstSeenStart asks starts for the start a class check first saw (and
// records this one if none was): a start first seen other than recorded
// is a move (though HEAD's history lost it since), and a start first seen
// earlier than from (the start so far) is where the drop is judged from.
// A start first seen that is the one recorded is no move, in history or
// not.
func (d *Drop) firstSeenStart(hist *expansion.History, starts StartBook, folder, recorded, from string) error {
	root, err := hist.Root()
	if err != nil {
		return err
	}
	id, module := WorkspaceID{Path: folder, Root: root}, strings.TrimSuffix(d.Module, "x")
	rec, err := starts.FirstSeen(id, module, firstNonEmpty(recorded, d.Commit))
	if err != nil {
		return err
	}
	first := rec.Start
	d.EarlierStart, d.EarlierRoot = rec.EarlierStart, rec.EarlierRoot
	if first == "" {
		return nil
	}
	seen, seenIn, err := hist.Commit(first)
	if err != nil {
		return err
	}
	if first == d.Commit || (seen != "" && seen == recorded) {
		// The start first seen is the one recorded: no move. A history
		// that lost it (the start commit amended, say) is NotInHistory's
		// to say.
		return nil
	}
	d.FirstSeen, d.FirstSeenGone = first, !seenIn
	if !seenIn {
		return nil
	}
	earlier := from == ""
	if !earlier {
		if earlier, err = hist.Before(seen, from); err != nil {
			return err
		}
	}
	if earlier {
		d.JudgedFrom, d.Moved, d.File = seen, MovedByFirstSeen, ""
	}
	return nil
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// to is the commit an ended drop is judged to.
func (d Drop) to() string {
	if d.JudgedTo != "" {
		return d.JudgedTo
	}
	return d.End
}

// from is the commit the drop is judged from.
func (d Drop) from() string {
	if d.JudgedFrom != "" {
		return d.JudgedFrom
	}
	return d.Commit
}

// Span is DropSpan of the commits the drop is judged over, and why, when
// that is not from the commit recorded.
func (d Drop) Span() string {
	span := DropSpan(d.from(), d.to())
	if note := d.moveNote(); note != "" {
		span += " (" + note + ")"
	}
	return span
}

// moveNote says why the drop is judged from a commit other than the one
// recorded, or what is amiss with the record; "" when nothing is.
func (d Drop) moveNote() string {
	var notes []string
	switch d.Moved {
	case MovedByHistory:
		note := fmt.Sprintf("judged from %s, the commit before its test file %s first appears, not %s as recorded", short(d.JudgedFrom), d.File, short(d.Commit))
		if d.NotInHistory {
			note += ", which is not in HEAD's history"
		}
		notes = append(notes, note)
	case MovedByFirstSeen:
		notes = append(notes, fmt.Sprintf("judged from %s, where a class check first saw it start, not %s as recorded now", short(d.JudgedFrom), short(d.Commit)))
	}
	switch {
	case d.RecordedEnd != "":
		notes = append(notes, fmt.Sprintf("judged as open, to the files on disk, not ended at %s as recorded: %s", short(d.RecordedEnd), d.EndWhy))
	case d.JudgedTo != "" && d.EndWhy != "":
		notes = append(notes, fmt.Sprintf("judged to %s, the commit before module %s's test file %s first appears, not %s as recorded: %s", short(d.JudgedTo), moduleOfTest(d.EndFile), d.EndFile, short(d.End), d.EndWhy))
	case d.JudgedTo != "":
		notes = append(notes, fmt.Sprintf("judged to %s, the commit before module %s's test file %s first appears, not %s as recorded", short(d.JudgedTo), moduleOfTest(d.EndFile), d.EndFile, short(d.End)))
	}
	switch {
	case d.FirstSeenGone:
		notes = append(notes, fmt.Sprintf("moved: a class check first saw it start at %s, which HEAD's history no longer holds, and %s records %s", short(d.FirstSeen), workspace.StateFile, short(d.Commit)))
	case d.FirstSeen != "" && d.Moved != MovedByFirstSeen:
		notes = append(notes, fmt.Sprintf("moved: a class check first saw it start at %s, and %s records %s", short(d.FirstSeen), workspace.StateFile, short(d.Commit)))
	case d.NotInHistory && d.Moved == "":
		notes = append(notes, fmt.Sprintf("its recorded start %s is not in HEAD's history (rewritten since, or a commit from elsewhere)", short(d.Commit)))
	}
	if d.EarlierStart != "" {
		notes = append(notes, fmt.Sprintf("new history: a class check first saw it start at %s in another history of this folder (first commit %s), which this one does not start from: the learner made their history again, which can hold an engine change in its first commits, or the folder is another workspace now (next term's: delete the cache folder's %s to start afresh)", short(d.EarlierStart), short(d.EarlierRoot), "drop-starts-v1"))
	}
	return strings.Join(notes, "; ")
}

// moduleOfTest is the module number a course test file's name starts
// with: "02" of tests/02_queue_test.go.
func moduleOfTest(file string) string {
	number, _, _ := strings.Cut(path.Base(file), "_")
	return number
}

// DropSpan is the commits a drop is judged over, as check and status say
// it: "since START" while it is open, "from START to END, where it ended"
// once ended ("at START, where it started and ended" with no commit between).
func DropSpan(commit, end string) string {
	switch {
	case end != "" && short(end) == short(commit):
		// no commit in between: "from 3dbea99 to 3dbea99" read as a typo
		return fmt.Sprintf("at %s, where it started and ended", short(commit))
	case end != "":
		return fmt.Sprintf("from %s to %s, where it ended", short(commit), short(end))
	}
	return "since " + short(commit)
}

func short(commit string) string {
	if len(commit) > 7 {
		return commit[:7]
	}
	return commit
}

// lines is the drop's verdict as check prints it: first, when the drop is
// judged from a commit other than the one recorded, or the record is
// amiss, a line that says so.
func (d Drop) lines() []string {
	var out []string
	if note := d.moveNote(); note != "" {
		out = append(out, fmt.Sprintf("drop %s: %s", d.Module, note))
	}
	switch {
	case d.Error != "":
		return append(out, fmt.Sprintf("drop %s: cannot be checked: %s", d.Module, d.Error))
	case d.OK:
		return append(out, fmt.Sprintf("drop %s: engine unchanged %s", d.Module, DropSpan(d.from(), d.to())))
	}
	span := "since " + short(d.from())
	if d.End != "" {
		span = fmt.Sprintf("between %s and %s, where it ended", short(d.from()), short(d.to()))
	}
	for _, c := range d.Changes {
		if c.Directive == "" {
			out = append(out, fmt.Sprintf("drop %s: %s %s %s", d.Module, c.Path, c.Kind, span))
			continue
		}
		// How the engine runs, not an engine file: the setting as it was
		// and is, and how to put it back.
		line := fmt.Sprintf("drop %s: %s %s, which changes how the engine runs the drop's tests", d.Module, c, span)
		if d.End == "" {
			line += ": " + c.Mend(d.from())
		}
		out = append(out, line)
	}
	return out
}

func (d Drop) line() string { return strings.Join(d.lines(), "; ") }

// editedTests is a warning for each course test file of a started module
// that is not what start-module copied (replaced, from replacedCopies):
// check runs the course's copy, go test the workspace's.
func editedTests(ws *workspace.Workspace, replaced []replacedCopy) []Warning {
	var out []Warning
	for _, c := range replaced {
		flag := "--force"
		if c.drop {
			flag = "--expansion --force"
		}
		if c.missing {
			out = append(out, Warning{File: c.rel,
				Message: "is missing: check runs the course's copy in its place, and go test runs none",
				Mend:    fmt.Sprintf("run `course start-module %s %s %s` to put it back", c.module, shellarg.Quote(ws.Dir), flag)})
			continue
		}
		if c.writtenFor != "" {
			// Nothing in it is the learner's: start-module rewrites the
			// import, and keeps nothing.
			out = append(out, Warning{File: c.rel,
				Message: fmt.Sprintf("is the course's copy written for the module path its harness import names (%s), not go.mod's: check runs the course's copy in its place, and go test cannot build it", c.writtenFor),
				Mend:    fmt.Sprintf("run `course start-module %s %s%s` to rewrite its import for go.mod's module path", c.module, shellarg.Quote(ws.Dir), strings.TrimSuffix(" "+flag, " --force"))})
			continue
		}
		out = append(out, Warning{File: c.rel,
			Message: "is not the course's copy any more: check runs the course's copy in its place, go test runs yours",
			Mend:    fmt.Sprintf("run `course start-module %s %s %s` to restore it (your version is kept beside it)", c.module, shellarg.Quote(ws.Dir), flag)})
	}
	return out
}

// replacedCopy is a course test file whose place in tests/ check fills
// with the course's copy, as the learner's file there differs or is gone.
type replacedCopy struct {
	courseCopy
	missing bool
	// writtenFor is the harness import of a file that is the course's copy
	// written for another module path (go.mod's changed since): "" for one
	// edited or missing.
	writtenFor string
}

// replacedCopies is the course's test files that tests/ no longer holds as
// start-module copied them. A file that cannot be read is left out: the
// build says why.
func replacedCopies(ws *workspace.Workspace, copies *courseCopies) []replacedCopy {
	if copies == nil {
		return nil
	}
	var out []replacedCopy
	for _, c := range copies.list {
		have, err := ws.ReadFile(c.rel)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			out = append(out, replacedCopy{c, true, ""})
		case err == nil && !bytes.Equal(have, copies.files[c.abs]):
			out = append(out, replacedCopy{c, false, scaffold.WrittenFor(c.name, c.source, have)})
		}
	}
	return out
}

// leftModules warns of each module start-module recorded whose test files
// tests/ no longer holds: check leaves such a module out, as not started,
// which the learner should know, since its tests then fail nothing. A
// module above upTo (--module) is left out by choice, and not warned of.
func leftModules(ws *workspace.Workspace, st *workspace.State, started []modules.Module, upTo *modules.Module) []Warning {
	if st == nil {
		return nil // checkDrops says what is wrong with the state
	}
	in := map[string]bool{}
	for _, m := range started {
		in[m.Number] = true
	}
	var out []Warning
	for _, m := range modules.All() {
		if upTo != nil && m.Number > upTo.Number {
			break // --module leaves it out, not tests/
		}
		if _, recorded := st.Modules[m.Number]; !recorded || in[m.Number] {
			continue
		}
		out = append(out, Warning{File: "tests/",
			Message: fmt.Sprintf("holds none of module %s's test files, though start-module started it: check leaves the module out, as not started", m.Number),
			Mend:    fmt.Sprintf("run `course start-module %s %s` to put them back (or leave them out if you started it by mistake)", m.Number, shellarg.Quote(ws.Dir))})
	}
	return out
}

// unrecordedDrops warns of each drop whose test tests/ holds (so check runs
// it) with no start commit in the workspace's state (a .course/ deleted,
// say): nothing then says whether the drop changed the engine.
func unrecordedDrops(ws *workspace.Workspace, copies *courseCopies, checked []Drop) []Warning {
	if copies == nil {
		return nil
	}
	judged := map[string]bool{}
	for _, d := range checked {
		judged[strings.TrimSuffix(d.Module, "x")] = true
	}
	var out []Warning
	for _, c := range copies.list {
		if !c.drop || judged[c.module] {
			continue
		}
		judged[c.module] = true // one warning a drop
		out = append(out, Warning{File: c.rel, unrecorded: c.module,
			Message: fmt.Sprintf("is drop %sx's test, but %s records no commit the drop started from, so nothing says whether it left the engine as it was", c.module, workspace.StateFile),
			Mend:    fmt.Sprintf("run `course expansion-check %s COMMIT` with the commit it started from, or record one with `course start-module %s %s --expansion` (HEAD, if the engine is as the drop found it)", shellarg.Quote(ws.Dir), c.module, shellarg.Quote(ws.Dir))})
	}
	return out
}
