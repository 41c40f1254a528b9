package checker

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
)

// formatter turns a test's output into what a learner can act on: the
// assertion messages, and of a panic or crash only the cause line and the
// frames of the learner's own code.
type formatter struct {
	root    string // the workspace: frames in files under it are the learner's
	verbose bool   // keep everything
	// copies is the test files (slash paths in the workspace) check ran
	// the course's copy of in place of the learner's edited one: a line
	// number in them is the copy's, which their own file may not have.
	copies map[string]bool
}

// maxFrames is how many of the learner's frames a crash shows.
const maxFrames = 6

func (f formatter) failure(t gotest.Test, res *gotest.Result) string {
	var head string
	switch t.Outcome {
	case gotest.NotRun:
		if _, ok := res.BuildOutput[t.Package]; ok {
			return "did not run: the tests do not compile (the build error is shown above)"
		}
		if t.Cause != "" {
			return "did not run: " + t.Cause
		}
		if res.TimedOut {
			return "did not run: the time ran out before it"
		}
		return "did not run: the test binary stopped before reaching it"
	case gotest.TimedOut:
		head = "ran out of time: it was still running when the time limit (--timeout) ended it; look for an endless loop"
		if t.Cause != "" {
			head = "ran out of time: " + t.Cause
		}
	case gotest.Crash:
		head = "crashed the test binary: " + t.Cause
	case gotest.OutOfMemory:
		head = "ran out of memory: " + t.Cause
	case gotest.Fail, gotest.Pass, gotest.Skip:
		// The test's own output says why, after what the run found, if
		// anything (a result line the test printed itself).
		head = t.Cause
	}
	body := t.Output
	if !f.verbose {
		body = f.trim(body, t.Outcome != gotest.Fail)
	}
	if t.Cut > 0 {
		body = fmt.Sprintf("(%d bytes of output before this were cut)\n", t.Cut) + body
	}
	body = f.markCopies(strings.TrimRight(body, "\n"))
	switch {
	case head == "" && body == "":
		return "failed without a message (t.Fail or t.FailNow, with nothing logged)"
	case head == "":
		return body
	case body == "":
		return head
	}
	return head + "\n" + body
}

var (
	goroutineHeader = regexp.MustCompile(`^goroutine \d+( gp=\S+ m=\S+( mp=\S+)?)? \[.*\]:$`)
	panicLine       = regexp.MustCompile(`^(panic: |fatal error: )`)
	panicWithin     = regexp.MustCompile(`(panic: |fatal error: )`)
	// runtimeReport starts what the runtime says of a crash besides its
	// cause: "runtime: out of memory: cannot allocate ...", a signal it
	// could not turn into a panic ("SIGABRT: abort", then its PC), cgo's
	// "runtime/cgo: pthread_create failed: ...". Not the learner's words.
	runtimeReport = regexp.MustCompile(`^(runtime: |runtime/cgo: |SIG[A-Z]+: )`)
)

// trim keeps the lines before any trace, the first panic line (without
// its "[recovered]" marks), and the learner's frames of the first
// goroutine that has any. crashed drops the cause lines, which the
// heading already gives.
func (f formatter) trim(out string, crashed bool) string {
	lines := strings.Split(out, "\n")
	var keep []string
	var cause string
	i := 0
	for ; i < len(lines); i++ {
		l := lines[i]
		if panicLine.MatchString(l) || runtimeReport.MatchString(l) || goroutineHeader.MatchString(l) {
			break
		}
		if strings.TrimSpace(l) == "" {
			continue
		}
		keep = append(keep, l)
	}
	for ; i < len(lines); i++ {
		l := lines[i]
		if cause == "" && panicLine.MatchString(l) {
			cause = strings.TrimSuffix(strings.TrimSuffix(l, " [recovered]"), " [recovered, repanicked]")
		}
		if goroutineHeader.MatchString(l) {
			break
		}
	}
	if cause != "" && !crashed {
		keep = append(keep, cause)
	}
	for ; i < len(lines); i++ {
		if !goroutineHeader.MatchString(lines[i]) {
			continue
		}
		frames := f.frames(lines[i+1:])
		if len(frames) > 0 {
			keep = append(keep, frames...)
			break
		}
	}
	return strings.Join(keep, "\n")
}

// frames is the learner's frames of one goroutine's trace (the lines after
// its header), a recursion shown once with its count.
func (f formatter) frames(lines []string) []string {
	var out []string
	last, repeat, n := "", 0, 0
	flush := func() {
		if repeat > 1 {
			out[len(out)-1] += fmt.Sprintf(" (and %d more times)", repeat-1)
		}
	}
	for j := 0; j+1 < len(lines); j += 2 {
		fn, at := lines[j], lines[j+1]
		if strings.TrimSpace(fn) == "" || goroutineHeader.MatchString(fn) {
			break
		}
		if !strings.HasPrefix(at, "\t") {
			j-- // a line without its file ("...additional frames elided...")
			continue
		}
		file := strings.Fields(strings.TrimSpace(at))[0]
		rel, ok := f.inside(file)
		if !ok {
			continue
		}
		frame := "    " + shortFunc(fn) + " (" + rel + ")"
		if frame == last {
			repeat++
			continue
		}
		flush()
		if n == maxFrames {
			break
		}
		out = append(out, frame)
		last, repeat = frame, 1
		n++
	}
	flush()
	return out
}

// inside is file (path:line) relative to the workspace, when it is in it.
// Check's own TestMain is not: its file stands in tests/ only for the
// build, and its frames, in every trace, are no code of the learner's.
func (f formatter) inside(file string) (string, bool) {
	name, line, _ := strings.Cut(file, ":")
	if filepath.Base(name) == gotest.VerdictFile {
		return "", false
	}
	for _, root := range f.roots() {
		rel, err := filepath.Rel(root, name)
		if err == nil && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return filepath.ToSlash(rel) + ":" + line, true
		}
	}
	return "", false
}

// placeInFile is a file and line as traces and testify write them
// (/abs/tests/03_queue_test.go:42, tests/03_queue_test.go:42).
var placeInFile = regexp.MustCompile(`[^\s()]+\.go:\d+`)

// markCopies says of each place in a file of f.copies that it is in the
// course's copy: the learner who edited that file finds other lines at
// that number in theirs.
func (f formatter) markCopies(text string) string {
	if len(f.copies) == 0 {
		return text
	}
	return placeInFile.ReplaceAllStringFunc(text, func(place string) string {
		rel := place
		if filepath.IsAbs(place) {
			var ok bool
			if rel, ok = f.inside(place); !ok {
				return place
			}
		}
		if f.copies[rel[:strings.LastIndex(rel, ":")]] {
			return place + " in the course's copy"
		}
		return place
	})
}

func (f formatter) roots() []string {
	roots := []string{f.root}
	if real, err := filepath.EvalSymlinks(f.root); err == nil && real != f.root {
		roots = append(roots, real)
	}
	return roots
}

// shortFunc is a trace's function line without the package path and the
// arguments: "harness.(*Game).Summon".
func shortFunc(fn string) string {
	fn = strings.TrimPrefix(strings.TrimSpace(fn), "created by ")
	if i := strings.LastIndex(fn, "("); i > 0 && strings.HasSuffix(fn, ")") {
		fn = fn[:i]
	}
	if i := strings.LastIndex(fn, " in goroutine"); i > 0 {
		fn = fn[:i]
	}
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		fn = fn[i+1:]
	}
	return fn
}

var (
	testifyField = regexp.MustCompile(`^\s*\t?(Error Trace|Error|Test|Messages):\s*\t(.*)$`)
	testifyMore  = regexp.MustCompile(`^\s*\t\s+\t(.*)$`)
)

// testifyLine is testify's first failed assertion in one line: where, what
// (with expected and actual when they fit on their lines), and its message.
func testifyLine(lines []string) string {
	var where, what, msg string
	var more []string
	field := ""
	for _, l := range lines {
		if m := testifyField.FindStringSubmatch(l); m != nil {
			if field != "" && m[1] == "Error Trace" {
				break // the next assertion
			}
			field = m[1]
			v := strings.TrimSpace(m[2])
			switch field {
			case "Error Trace":
				if where == "" {
					where = filepath.Base(v)
				}
			case "Error":
				what = v
			case "Messages":
				msg = v
			}
			continue
		}
		if m := testifyMore.FindStringSubmatch(l); m != nil && field == "Error" {
			v := strings.TrimSpace(m[1])
			if v == "" || v == "Diff:" {
				field = "diff"
				continue
			}
			more = append(more, strings.Join(strings.Fields(v), " "))
		}
	}
	if what == "" {
		return ""
	}
	line := strings.TrimSuffix(strings.TrimSpace(what), ":")
	if len(more) > 0 && len(more) <= 3 {
		line += ": " + strings.Join(more, "; ")
	}
	if msg != "" {
		line += " (" + msg + ")"
	}
	if where != "" {
		line = where + ": " + line
	}
	if len(line) > 200 {
		line = line[:197] + "..."
	}
	return line
}

// oneLine is a failure in one line: its cause, its assertion's message, or
// its first line.
func oneLine(text string) string {
	lines := strings.Split(text, "\n")
	if l := testifyLine(lines); l != "" {
		return l
	}
	for _, l := range lines {
		if panicLine.MatchString(strings.TrimSpace(l)) {
			return strings.TrimSpace(l)
		}
	}
	// A panic whose line began after output with no line end (fmt.Print
	// of a debug value) is found inside that line, run into what came
	// before it with no space; after a space it is quoted, as in a cause
	// of our own ("crashed the test binary: fatal error: ...").
	for _, l := range lines {
		if i := panicWithin.FindStringIndex(l); i != nil && i[0] > 0 && !strings.ContainsRune(" \t", rune(l[i[0]-1])) {
			l = strings.TrimSpace(l[i[0]:])
			return strings.TrimSuffix(strings.TrimSuffix(l, " [recovered]"), " [recovered, repanicked]")
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "(") {
			return l
		}
	}
	return ""
}
