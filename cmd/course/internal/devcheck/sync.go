package devcheck

import (
	"go/parser"
	"go/token"
	"io/fs"
	"regexp"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
	"github.com/systemic-game-design/course/modules"
)

var (
	headingLine = regexp.MustCompile(`^##\s+(test_[0-9]{2}x?_[A-Za-z0-9_]+)\s*$`)
	// almostHeading is a heading that reads like a scenario's, in any
	// case and at any level: one that is not headingLine is a slip.
	almostHeading = regexp.MustCompile(`(?i)^#+\s*test_?[0-9]`)
)

// headings are the scenario headings of a Markdown file, with their lines,
// and the lines of headings that look like one and are not.
func headings(text string) (map[string][]int, []int) {
	out := map[string][]int{}
	var slips []int
	for ln := range mdlines.Lines(text) {
		if ln.Code {
			continue
		}
		if m := headingLine.FindStringSubmatch(ln.Text); m != nil {
			out[m[1]] = append(out[m[1]], ln.Number)
		} else if almostHeading.MatchString(ln.Text) {
			slips = append(slips, ln.Number)
		}
	}
	return out, slips
}

// testFuncs are the Test functions of a folder's test files, with the file
// and line of each.
func testFuncs(fsys fs.FS, dir string) (map[string]token.Position, []Problem) {
	out := map[string]token.Position{}
	var probs []Problem
	fset := token.NewFileSet()
	for _, p := range goFiles(fsys, dir) {
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			probs = append(probs, Problem{File: courseFile(p), What: "cannot be read: " + err.Error()})
			continue
		}
		f, err := parser.ParseFile(fset, courseFile(p), raw, parser.SkipObjectResolution)
		if err != nil {
			probs = append(probs, Problem{File: courseFile(p), What: "does not parse: " + trim(err.Error())})
			continue
		}
		for _, d := range f.Decls {
			if name, ok := testName(d); ok {
				out[name] = fset.Position(d.Pos())
			}
		}
	}
	return out, probs
}

// sync holds a scenarios file and a tests folder to one set: each heading
// test_NN_name is exactly one func Test_NN_name, and each test has its
// heading.
func (c *checker) sync(m modules.Module, mdPath, testsDir, prefix string) {
	text, ok := c.read(mdPath)
	if !ok {
		return
	}
	heads, slips := headings(text)
	lines := strings.Split(text, "\n")
	for _, n := range slips {
		c.problem(courseFile(mdPath), n, "%q reads like a scenario heading but is not one, so it has no test; write it as ## %sname, two #s and test_ in lower case", strings.TrimSpace(lines[n-1]), "t"+prefix[1:])
	}
	funcs, probs := testFuncs(c.course, testsDir)
	c.rep.Problems = append(c.rep.Problems, probs...)
	if len(funcs) == 0 && len(probs) == 0 {
		c.problem(courseFile(testsDir), 0, "has no tests; write one func %sname per heading of %s", prefix, courseFile(mdPath))
	}
	c.rep.Tests += len(funcs)
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
			c.problem(courseFile(mdPath), lines[0], "scenario %s has no test; write func %s in %s", h, want, courseFile(testsDir))
		}
	}
	for name, pos := range funcs {
		if !strings.HasPrefix(name, prefix) {
			c.problem(pos.Filename, pos.Line, "test %s does not start %s, so check cannot tell which module it belongs to; rename it %s, or move it to the module it belongs to", name, prefix, prefix+testStem(name))
			continue
		}
		if _, ok := heads["t"+name[1:]]; !ok {
			c.problem(pos.Filename, pos.Line, "test %s has no scenario; add a heading ## t%s to %s", name, name[1:], courseFile(mdPath))
		}
	}
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
