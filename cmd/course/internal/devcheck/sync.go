package devcheck

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"maps"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
	"github.com/systemic-game-design/course/internal/goenv"
	"github.com/systemic-game-design/course/modules"
)

var (
	headingLine = regexp.MustCompile(`^##\s+(test_[0-9]{2}x?_[A-Za-z0-9_]+)\s*$`)
	// almostHeading is a heading that reads like a scenario's, in any
	// case and at any level, indented by up to three spaces as Markdown
	// allows: one that is not headingLine is a slip.
	almostHeading = regexp.MustCompile(`(?i)^ {0,3}#+\s*test[\s_-]*[0-9]`)
	// sectionHeading is a heading of # or ##, which ends a scenario (a
	// ### is a part of one).
	sectionHeading = regexp.MustCompile(`^ {0,3}#{1,2}(?:[ \t]|$)`)
	// setextText is a line that reads like a scenario's name, which a
	// setext underline (setextLine) makes a heading of: Markdown shows
	// it as one, and dev check reads only ## headings.
	setextText = regexp.MustCompile("(?i)^ {0,3}`?test_?[0-9]")
	setextLine = regexp.MustCompile(`^ {0,3}(?:=+|-+)[ \t]*$`)
)

// headings are the scenario headings of a Markdown file, with their lines,
// the lines of headings that look like one and are not, the scenario
// headings an HTML comment holds (commented out: Markdown shows none of
// them), by name, with their lines, and the lines of the other headings
// of # or ##.
func headings(text string) (heads map[string][]int, slips []int, commented map[string][]int, others []int) {
	heads, commented = map[string][]int{}, map[string][]int{}
	var prose mdlines.Line // the line before, when it is prose; zero otherwise
	for ln := range mdlines.Lines(text) {
		before := prose
		prose = mdlines.Line{}
		if ln.Code {
			continue
		}
		if before.Number > 0 && setextLine.MatchString(ln.Text) && setextText.MatchString(before.Text) {
			slips = append(slips, before.Number) // a setext heading: test_01_name over ---
			continue
		}
		if ln.Comment {
			if m := headingLine.FindStringSubmatch(strings.TrimLeft(ln.Text, " ")); m != nil {
				commented[m[1]] = append(commented[m[1]], ln.Number)
			}
			continue
		}
		if m := headingLine.FindStringSubmatch(ln.Text); m != nil {
			heads[m[1]] = append(heads[m[1]], ln.Number)
		} else if almostHeading.MatchString(ln.Text) {
			slips = append(slips, ln.Number)
		} else if sectionHeading.MatchString(ln.Text) {
			others = append(others, ln.Number)
		} else if strings.TrimSpace(ln.Text) != "" {
			prose = ln
		}
	}
	return heads, slips, commented, others
}

// testFuncs are the Test functions of a folder's test files, with the file
// and line of each.
func (c *checker) testFuncs(dir string) (map[string]token.Position, []Problem) {
	out := map[string]token.Position{}
	var probs []Problem
	fset := c.fileSet()
	for _, gf := range c.courseGoFiles(dir, "*_test.go") {
		switch {
		case gf.readErr:
			probs = append(probs, Problem{File: gf.name, What: "cannot be read: " + gf.err.Error()})
			continue
		case gf.err != nil:
			probs = append(probs, Problem{File: gf.name, What: "does not parse: " + trim(gf.err.Error())})
			continue
		}
		f := gf.ast
		if f.Name.Name != "tests" {
			// Each folder builds alone in the repository; a workspace's
			// tests/ is one package, tests, with the template's doc.go.
			probs = append(probs, Problem{File: gf.name, Line: fset.Position(f.Name.Pos()).Line, What: fmt.Sprintf(
				"is package %s; a course test file is package tests, the package of a workspace's tests/, where start-module copies it", f.Name.Name)})
		}
		if where := leftOut(path.Base(gf.name), gf.src); where != "" {
			probs = append(probs, Problem{File: gf.name, What: "is left out of the build on " + where +
				" (its name ends in a system or architecture, or it has a //go:build line), so learners there never run its tests; rename it, or drop the constraint"})
		}
		checks := checkers(f)
		for _, d := range f.Decls {
			name, ok := testName(d)
			if !ok {
				continue
			}
			out[name] = fset.Position(d.Pos())
			fn := d.(*ast.FuncDecl)
			if fn.Body == nil {
				continue
			}
			pos := fset.Position(d.Pos())
			if !asserts(fn, checks) {
				probs = append(probs, Problem{File: pos.Filename, Line: pos.Line, What: fmt.Sprintf(
					"test %s asserts nothing (no assert or require call, no t.Error or t.Fatal, no helper handed t), so it passes whatever the reference does; check what its scenario states", name)})
			}
			if skip := skipCall(fn); skip != "" {
				// GREEN counts a skip that happens as a failure; this
				// finds one that happens elsewhere (another system, a
				// flag) too, and without running anything.
				probs = append(probs, Problem{File: pos.Filename, Line: pos.Line, What: fmt.Sprintf(
					"test %s calls t.%s, and a skipped test checks nothing for the learner who meets the skip; remove the skip, every course test runs everywhere", name, skip)})
			}
		}
	}
	return out, probs
}

// learnerPlatforms are the systems a learner's workspace builds on: a
// course test file must build on each.
var learnerPlatforms = [][2]string{{"linux", "amd64"}, {"linux", "arm64"}, {"darwin", "arm64"}, {"darwin", "amd64"}, {"windows", "amd64"}, {"windows", "arm64"}}

// LeftOut names the first learner platform the go command would leave a
// test file of that name out on (14_sword_arm_test.go is built for the
// arm architecture alone), or "" when it builds on all.
func LeftOut(name string) string { return leftOut(name, []byte("package tests\n")) }

// leftOut names the first learner platform the go command would leave a
// test file out on, by its name (x_linux_test.go) or its //go:build line;
// "" when it builds on all.
func leftOut(name string, src []byte) string {
	for _, pl := range learnerPlatforms {
		ctx := build.Default
		ctx.GOOS, ctx.GOARCH = pl[0], pl[1]
		ctx.CgoEnabled = false
		if ok, err := goenv.Match(ctx, name, src); err == nil && !ok {
			return pl[0] + "/" + pl[1]
		}
	}
	return ""
}

// sync holds a scenarios file and a tests folder to one set: each heading
// test_NN_name is exactly one func Test_NN_name, and each test has its
// heading. A test whose heading is there but spelled otherwise (in
// another case, with a look-alike letter that is not ASCII, a no-break
// space or a full stop after it) is one problem at the heading, naming the
// test and the spelling that mends it, not a test with no scenario beside
// a heading with no test that reads just like it.
func (c *checker) sync(m modules.Module, mdPath, testsDir, prefix string) {
	text, ok := c.read(mdPath)
	if !ok {
		return
	}
	heads, slips, commented, others := headings(text)
	lines := strings.Split(text, "\n")
	if path.Base(mdPath) == "scenarios.md" {
		// From the first scenario on, every heading of scenarios.md is a
		// test's (an introduction may have sections before it, and a
		// drop's README has sections of its own): one that is not is a
		// scenario with no test, and cuts the scenario above it short.
		first := len(lines) + 1
		for _, ls := range heads {
			first = min(first, ls[0])
		}
		for _, n := range others {
			if n > first {
				c.problem(courseFile(mdPath), n, "heading %s stands among the scenarios but is none, so it is a scenario with no test; write it ## %sname with its test, or make it text of the scenario above", strconv.QuoteToASCII(strings.TrimRight(lines[n-1], " \t")), "t"+prefix[1:])
			}
		}
	}
	funcs, probs := c.folderTests(testsDir)
	c.rep.Problems = append(c.rep.Problems, probs...)
	if len(funcs) == 0 && len(probs) == 0 {
		c.problem(courseFile(testsDir), 0, "has no tests; write one func %sname per heading of %s", prefix, courseFile(mdPath))
	}
	c.rep.Tests += len(funcs)

	// The headings and tests with no partner, and among them the pairs
	// that are one scenario spelled two ways.
	var lone []int // lines of headings with no test, and of slips
	for h, ls := range heads {
		if _, ok := funcs["T"+h[1:]]; !ok && strings.HasPrefix("T"+h[1:], prefix) {
			lone = append(lone, ls[0])
		}
	}
	lone = append(lone, slips...)
	slices.Sort(lone)
	paired := map[int]string{} // heading line -> the test it spells otherwise
	pairedTest := map[string]bool{}
	for _, name := range slices.Sorted(maps.Keys(funcs)) {
		if _, ok := heads["t"+name[1:]]; ok || !strings.HasPrefix(name, prefix) {
			continue
		}
		for _, n := range lone {
			if _, taken := paired[n]; !taken && spellsOtherwise(lines[n-1], "t"+name[1:]) {
				paired[n] = name
				pairedTest[name] = true
				break
			}
		}
	}
	for _, n := range slices.Sorted(maps.Keys(paired)) {
		name := paired[n]
		c.problem(courseFile(mdPath), n, "heading %s is test %s's spelled otherwise (in case, a character that is not ASCII, or what stands around it), so the test has no scenario; write it ## t%s",
			strconv.QuoteToASCII(strings.TrimRight(lines[n-1], " \t")), name, name[1:])
	}

	for _, n := range slips {
		if _, ok := paired[n]; ok {
			continue
		}
		c.problem(courseFile(mdPath), n, "%s reads like a scenario heading but is not one, so it has no test; write it as ## %sname at the start of its line, two #s and test_ in lower case", strconv.QuoteToASCII(strings.TrimRight(lines[n-1], " \t")), "t"+prefix[1:])
	}
	for h, lines := range heads {
		want := "T" + h[1:]
		if !strings.HasPrefix(want, prefix) {
			c.problem(courseFile(mdPath), lines[0], "heading %s belongs to another module or drop; this file's tests start %s", h, prefix)
			continue
		}
		if len(lines) > 1 {
			c.problem(courseFile(mdPath), lines[1], "heading %s appears %d times; each scenario is one heading", h, len(lines))
		}
		if _, ok := funcs[want]; !ok {
			if _, ok := paired[lines[0]]; ok {
				continue
			}
			c.problem(courseFile(mdPath), lines[0], "scenario %s has no test; write func %s in %s", h, want, courseFile(testsDir))
		}
	}
	for name, pos := range funcs {
		if !strings.HasPrefix(name, prefix) {
			c.problem(pos.Filename, pos.Line, "test %s does not start %s, so check cannot tell which module it belongs to; rename it %s, or move it to the module it belongs to", name, prefix, prefix+testStem(name))
			continue
		}
		if _, ok := heads["t"+name[1:]]; ok || pairedTest[name] {
			continue
		}
		if ls, ok := commented["t"+name[1:]]; ok {
			// The author sees the heading in the file; the reader of
			// the Markdown does not.
			c.problem(courseFile(mdPath), ls[0], "heading ## t%s is inside an HTML comment (<!-- ... -->), which Markdown does not show, so test %s has no scenario; take the heading and its scenario out of the comment", name[1:], name)
			continue
		}
		c.problem(pos.Filename, pos.Line, "test %s has no scenario; add a heading ## t%s to %s", name, name[1:], courseFile(mdPath))
	}
}

// spellsOtherwise reports whether a heading line names the scenario want
// (test_NN_name) spelled otherwise: once its #s, the white space around
// it (a no-break space too) and punctuation after it are gone, it has as
// many characters as want, and each is want's in either case or a
// character that is not ASCII (a look-alike: a Cyrillic о for an o).
func spellsOtherwise(line, want string) bool {
	h := strings.TrimLeft(strings.TrimSpace(line), "#")
	h = strings.TrimFunc(h, unicode.IsSpace)
	h = strings.TrimRightFunc(h, func(r rune) bool { return r != '_' && (unicode.IsPunct(r) || unicode.IsSpace(r)) })
	got := []rune(h)
	if len(got) != len(want) {
		return false
	}
	for i, r := range got {
		w := rune(want[i])
		if r != w && unicode.ToLower(r) != unicode.ToLower(w) && r < utf8.RuneSelf {
			return false
		}
	}
	return true
}

// testStem is what a test's name says once the word Test, a module's
// number (with a drop's x) and the underscores around them are gone:
// Test01_names, Test_1_names and Test_02x_names are all "names".
func testStem(name string) string {
	stem := strings.TrimPrefix(name, "Test")
	stem = strings.TrimLeft(stem, "_")
	stem = strings.TrimLeft(stem, "0123456789")
	if strings.HasPrefix(stem, "x_") { // a drop's test
		stem = stem[1:]
	}
	stem = strings.TrimLeft(stem, "_")
	if stem == "" {
		return "what_it_states"
	}
	return stem
}
