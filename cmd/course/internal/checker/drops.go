package checker

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/systemic-game-design/course/audit/expansion"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/modules"
)

// checkDrops runs expansion-check for every started drop (up to upTo)
// against the commit it started from: an open drop's engine as it is now
// (every file read), an ended one's as it was committed when it ended.
// st and err are the workspace's state as Run read it, once for the drops
// and leftModules.
func checkDrops(ws *workspace.Workspace, st *workspace.State, err error, upTo *modules.Module) ([]Drop, []Warning) {
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
	drops := []Drop{}
	for _, n := range numbers {
		if upTo != nil && n > upTo.Number {
			continue
		}
		rec := records[n]
		d := Drop{Module: n + "x", Commit: rec.Commit, End: rec.End, EndPassed: rec.EndPassed, EndTests: rec.EndTests, Changes: []expansion.Change{}}
		var res *expansion.Result
		var err error
		if rec.Open() {
			// Every engine file read: check's drop verdict trusts no index
			// entry (a smudge filter's content), at a cost the tests dwarf.
			res, err = expansion.CheckContent(ws.Dir, rec.Commit, ws.Config.EngineDirs)
		} else {
			res, err = expansion.Between(ws.Dir, rec.Commit, rec.End, ws.Config.EngineDirs)
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

// lines is the drop's verdict as check prints it.
func (d Drop) lines() []string {
	switch {
	case d.Error != "":
		return []string{fmt.Sprintf("drop %s: cannot be checked: %s", d.Module, d.Error)}
	case d.OK:
		return []string{fmt.Sprintf("drop %s: engine unchanged %s", d.Module, DropSpan(d.Commit, d.End))}
	}
	span := "since " + short(d.Commit)
	if d.End != "" {
		span = fmt.Sprintf("between %s and %s, where it ended", short(d.Commit), short(d.End))
	}
	var out []string
	for _, c := range d.Changes {
		if c.Directive == "" {
			out = append(out, fmt.Sprintf("drop %s: %s %s %s", d.Module, c.Path, c.Kind, span))
			continue
		}
		// How the engine runs, not an engine file: the setting as it was
		// and is, and how to put it back.
		line := fmt.Sprintf("drop %s: %s %s, which changes how the engine runs the drop's tests", d.Module, c, span)
		if d.End == "" {
			line += ": " + c.Mend(d.Commit)
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
			out = append(out, replacedCopy{c, true})
		case err == nil && !bytes.Equal(have, copies.files[c.abs]):
			out = append(out, replacedCopy{c, false})
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
			Mend:    fmt.Sprintf("run `course start-module %s %s --force` to put them back (or leave them out if you started it by mistake)", m.Number, shellarg.Quote(ws.Dir))})
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
