package devcheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/lesson"
	"github.com/systemic-game-design/course/cmd/course/internal/mdlines"
	"github.com/systemic-game-design/course/engine/card"
	"github.com/systemic-game-design/course/modules"
)

// Sections is the order of every lesson's second-level headings.
var Sections = []string{"Observe", "Predict", "Spec", "Build", "Name it", "Expansion Drop", "Stress it", "Further reading"}

var sectionLine = regexp.MustCompile(`^## (.+?)\s*$`)

// lesson checks a lesson's title, sections, hints and folded blocks.
func (c *checker) lesson(m modules.Module, text string) {
	file := courseFile(m.Slug + "/lesson.md")
	first, _, _ := strings.Cut(text, "\n")
	shown := m.Number // one not of two digits, as written: rowProblems names it
	if n, ok := modules.NumberValue(m.Number); ok {
		shown = strconv.Itoa(n)
	}
	if want := fmt.Sprintf("# Module %s: %s", shown, m.Title); strings.TrimSpace(first) != want {
		c.problem(file, 1, "the first line is %q; it must be %q, as modules/modules.go titles the module", trim(first), want)
	}
	type section struct {
		name string
		line int
		body string
	}
	var secs []section
	for ln := range mdlines.Lines(text) {
		if ln.Code {
			continue
		}
		// A heading in an HTML comment is commented out: no section. The
		// comment stays in the body, where lesson.Parse leaves the
		// blocks in it alone too.
		if s := sectionLine.FindStringSubmatch(ln.Text); s != nil && !ln.Comment {
			secs = append(secs, section{name: s[1], line: ln.Number})
		} else if len(secs) > 0 {
			secs[len(secs)-1].body += ln.Text + "\n"
		}
	}
	var got []string
	for _, s := range secs {
		got = append(got, s.name)
	}
	if strings.Join(got, "|") != strings.Join(Sections, "|") {
		line := 1
		for i, s := range secs {
			if i >= len(Sections) || s.name != Sections[i] {
				line = s.line
				break
			}
		}
		c.problem(file, line, "the sections are %s; a lesson has, in this order: %s", quoteList(got), strings.Join(Sections, ", "))
	}
	for _, s := range secs {
		l, err := lesson.Parse(s.body)
		if err != nil {
			c.problem(file, s.line, "section %s: %v", s.name, err)
			continue
		}
		switch s.name {
		case "Predict":
			if !hasKind(l, lesson.Discussion) {
				c.problem(file, s.line, "Predict has no Discussion block; add one after the questions")
			}
		case "Build":
			var nums []string
			for _, h := range l.Hints() {
				nums = append(nums, fmt.Sprint(h.Number))
			}
			if strings.Join(nums, ",") != "1,2,3" {
				c.problem(file, s.line, "Build has hints %s; it has three, Hint 1 (a nudge), Hint 2 (the concepts), Hint 3 (pseudo-code)", quoteList(nums))
			}
			if !hasSummary(l, "How the real game differs") {
				c.problem(file, s.line, "Build has no \"How the real game differs\" block")
			}
		}
	}
	c.names(m, file, text)
}

func hasKind(l *lesson.Lesson, k lesson.Kind) bool {
	for _, b := range l.Blocks {
		if b.Kind == k {
			return true
		}
	}
	return false
}

func hasSummary(l *lesson.Lesson, s string) bool {
	for _, b := range l.Blocks {
		if strings.HasPrefix(b.Summary, s) {
			return true
		}
	}
	return false
}

func quoteList(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}

var (
	codeSpan = regexp.MustCompile("`([^`\n]+)`")
	callForm = regexp.MustCompile(`^(?:([a-z]\w*)\.)?([A-Z]\w*)\(`)
	// memberForm is a name on a value or a type, called or not:
	// g.Summon, Game.Summon, Game.Summon(...).
	memberForm = regexp.MustCompile(`^([A-Za-z]\w*)\.([A-Z]\w*)(?:\(|$)`)
	paramDecl  = regexp.MustCompile(`\(\w+ [\w.\[\]*]+[,)]`)
	pathForm   = regexp.MustCompile(`^[a-z][\w.-]*/[\w./-]*$`)
)

// receivers are the variable names lessons give a harness value, and the
// harness package itself (harness.NewBaba); a call on any other qualifier
// (rand.New, assert.Equal) is not the harness's.
var receivers = map[string]bool{"g": true, "b": true, "s": true, "w": true, "game": true, "baba": true, "sg": true, "harness": true}

// repoDirs are the repository's top folders: a path in one of them must
// exist.
var repoDirs = map[string]bool{"engine": true, "harness": true, "course": true, "cards": true, "levels": true,
	"templates": true, "audit": true, "modules": true, "cmd": true}

// names checks that every course command line, harness function and
// repository path a text of module m names exists.
func (c *checker) names(m modules.Module, file, text string) {
	spans := codeSpans(text)
	var before []runArg // the runs of the line before, whose span may end on this one
	for ln := range mdlines.Lines(text) {
		if ln.Fence {
			continue
		}
		runs := goTestRuns(ln.Text, ln.Code, spans[ln.Number])
		if !strings.HasPrefix(strings.TrimSpace(ln.Text), "#") {
			// A heading's test is sync's to find, and one in a block
			// shows how a heading is written; anywhere else a test named
			// (in prose, a code span) must be one the course has. A
			// go test -run or -skip pattern is a regexp, checked as go test
			// reads it.
			rest := ln.Text
			for _, r := range append(before, runs...) {
				rest = strings.Replace(rest, r.raw, "", 1)
			}
			c.testMentions(file, ln.Number, rest)
		}
		for _, r := range runs {
			c.runPattern(m, file, ln.Number, r)
		}
		before = runs
		c.cardMentions(m, file, ln.Number, ln.Text)
		if ln.Code {
			cmdline := strings.TrimPrefix(strings.TrimSpace(ln.Text), "$ ")
			if strings.HasPrefix(cmdline, "course ") {
				c.command(file, ln.Number, cmdline)
			}
			continue
		}
		for _, span := range spans[ln.Number] {
			span = strings.TrimSpace(span)
			switch {
			case strings.HasPrefix(span, "course "):
				c.command(file, ln.Number, span)
			case callForm.MatchString(span):
				call := callForm.FindStringSubmatch(span)
				if call[1] != "" && !receivers[call[1]] || paramDecl.MatchString(span) {
					// Not the harness's, or a signature the text asks the
					// learner to add.
					continue
				}
				if !c.known()[call[2]] {
					c.problem(file, ln.Number, "names %s, which neither the harness contract nor the reference has; rename it or drop the mention", call[2])
				}
			case memberForm.MatchString(span) && !paramDecl.MatchString(span):
				// A name on a harness value or type, written bare in
				// prose (`g.Summon`, `Game.Summon`) or called on the type
				// (not a signature to add): it may be a method or a
				// field, not only a function.
				m := memberForm.FindStringSubmatch(span)
				c.member(file, ln.Number, m[1], m[2])
			case pathForm.MatchString(filePart(span)) && !strings.Contains(span, "*"):
				// A path written from ./, or with the line it points at
				// (engine/game/game.go:42), names the file all the same.
				p := filePart(span)
				top, _, _ := strings.Cut(p, "/")
				if learnerFolder(top, p) {
					continue
				}
				switch {
				case top == "tests":
					if !c.workspaceTestExists(p) {
						c.problem(file, ln.Number, "names %s, which no module's start-module copies into a workspace; fix the name", span)
					}
				case repoDirs[top] && !c.pathExists(p):
					c.problem(file, ln.Number, "names %s, which the repository does not have; fix the path", span)
				}
			}
		}
	}
}

// paragraphSpan is a code span of a paragraph, which may run on over its
// line breaks.
var paragraphSpan = regexp.MustCompile("`([^`]+)`")

// codeSpans are the code spans of a Markdown text's prose (outside code
// blocks and HTML comments), by the line each starts on, their line breaks
// read as spaces, as Markdown reads them. A span may close on a later line
// of its paragraph ("`go test\n./tests/...`"), so the backticks of a line
// pair with those of the lines before it in the paragraph: taken a line at
// a time, the backtick that closed such a span opened one, and the spans
// after it on the line went unread.
func codeSpans(text string) map[int][]string {
	out := map[int][]string{}
	var para []mdlines.Line
	flush := func() {
		if len(para) == 0 {
			return
		}
		var b strings.Builder
		starts := make([]int, len(para)) // each line's offset in the paragraph
		for i, ln := range para {
			if i > 0 {
				b.WriteByte('\n')
			}
			starts[i] = b.Len()
			b.WriteString(ln.Text)
		}
		joined := b.String()
		for _, m := range paragraphSpan.FindAllStringSubmatchIndex(joined, -1) {
			i := 0
			for i+1 < len(starts) && starts[i+1] <= m[0] {
				i++
			}
			n := para[i].Number
			out[n] = append(out[n], strings.ReplaceAll(joined[m[2]:m[3]], "\n", " "))
		}
		para = para[:0]
	}
	for ln := range mdlines.Lines(text) {
		t := strings.TrimSpace(ln.Text)
		switch {
		case ln.Code || ln.Comment || t == "":
			flush()
		case startsParagraph(t):
			flush()
			para = append(para, ln)
			if t[0] == '#' || t[0] == '|' || t[0] == '<' {
				flush() // a heading, a table row or an HTML line stands alone
			}
		default:
			para = append(para, ln)
		}
	}
	flush()
	return out
}

// startsParagraph says whether a trimmed line of prose begins a block of
// its own (a heading, a list item, a quote, a table row, HTML), so that no
// code span runs on into it from the line before.
func startsParagraph(t string) bool {
	switch t[0] {
	case '#', '>', '|', '<':
		return true
	}
	return listItem.MatchString(t)
}

// listItem is a trimmed line that starts a list item.
var listItem = regexp.MustCompile(`^(?:[-*+]|[0-9]{1,9}[.)])(?: |$)`)

// lineSuffix is a position after a file's path: :42, or :42:7.
var lineSuffix = regexp.MustCompile(`:[0-9]+(?::[0-9]+)?$`)

// filePart is the path a code span names, without a leading ./ and a
// line (and column) after it.
func filePart(span string) string {
	return lineSuffix.ReplaceAllString(strings.TrimPrefix(span, "./"), "")
}

// testMention is a course test named in a text, as its func
// (Test_03_name) or its scenario heading (test_03_name).
var testMention = regexp.MustCompile(`\b[Tt]est_([0-9]{2})(x?)_\w+`)

// testMentions reports each course test a line names that no module's
// tests define: a test renamed, or named with a slip, leaves the learner
// looking for a test that is not there.
func (c *checker) testMentions(file string, line int, text string) {
	// A heading in a code span shows how a scenario heading is written
	// (`## test_14_name`, as dev new-module's skeleton says).
	text = codeSpan.ReplaceAllStringFunc(text, func(span string) string {
		if strings.HasPrefix(strings.TrimSpace(strings.Trim(span, "`")), "#") {
			return ""
		}
		return span
	})
	for _, m := range testMention.FindAllStringSubmatch(text, -1) {
		name := "T" + m[0][1:]
		if c.courseTests()[name] {
			continue
		}
		mod, err := modules.Lookup(m[1])
		switch {
		case err != nil:
			c.problem(file, line, "names test %s, but the course has no module %s; fix the name or drop the mention", m[0], m[1])
		case m[2] == "x":
			c.problem(file, line, "names test %s, but %s has no func %s; fix the name or drop the mention", m[0], courseFile(mod.ExpansionTestsDir()), name)
		default:
			c.problem(file, line, "names test %s, but %s has no func %s; fix the name or drop the mention", m[0], courseFile(mod.TestsDir()), name)
		}
	}
}

// cardCall is a harness call that takes a card's name, with the name:
// g.Summon("Loot Hoarder", 0), s.Add("Test Filler", 1); and Assemble's
// donor, its second name.
var (
	cardCall  = regexp.MustCompile(`\b(?:Summon|AddToHand|AddToDeck|Cast|Add|Assemble)\("([^"]+)"`)
	donorCall = regexp.MustCompile(`\bAssemble\("[^"]+",\s*"([^"]+)"`)
)

// cardMentions reports each card a harness call on the line names that
// the catalog does not list: a card renamed, or misspelt in a lesson, is
// one the learner's engine cannot find. A name Assemble made ("Loot
// Hoarder (Assembled)") is its base's.
func (c *checker) cardMentions(mod modules.Module, file string, line int, text string) {
	cards := c.catalogCards()
	if cards == nil {
		return // the catalog does not read; content says so
	}
	for _, re := range []*regexp.Regexp{cardCall, donorCall} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			name := card.BaseName(m[1])
			introduced, ok := cards[name]
			switch {
			case !ok:
				c.problem(file, line, "names card %q, which course/catalog.json does not list; fix the name, or add the card", m[1])
			case mod.Part != "0" && stage(introduced) > stage(mod.Number)+1:
				// A text of the module speaks of its drop too; Module 0's
				// sketch takes the cards its lesson gives.
				c.problem(file, line, "calls the harness with card %q, which course/catalog.json introduces in %s, after module %s and its drop, so a learner here has neither its card file nor its rules; use a card module %s or an earlier one introduces, or give %q module %s in the catalog",
					name, introducedIn(introduced), mod.Number, mod.Number, name, mod.Number)
			}
		}
	}
}

// catalogCards is every card of the catalog, by name, with the module
// that introduces it ("03", or "03x" for a drop), read once; nil when the
// catalog does not read.
func (c *checker) catalogCards() map[string]string {
	if c.cardNames != nil {
		return c.cardNames
	}
	cat := c.catalog()
	if cat == nil {
		return nil
	}
	c.cardNames = map[string]string{}
	for _, cc := range cat.Cards {
		c.cardNames[cc.Name] = cc.Module
	}
	return c.cardNames
}

// courseTests is the name of every module's and drop's test, read once.
func (c *checker) courseTests() map[string]bool {
	if c.testNames != nil {
		return c.testNames
	}
	c.testNames = map[string]bool{}
	for _, m := range modules.All() {
		for _, dir := range []string{m.TestsDir(), m.ExpansionTestsDir()} {
			funcs, _ := c.folderTests(dir)
			for name := range funcs {
				c.testNames[name] = true
			}
		}
	}
	return c.testNames
}

// workspaceTestExists reports whether a path under a workspace's tests/
// is one the course puts there: a module's or a drop's test file (which
// start-module copies under its own name), a file of the template's
// tests/, or any folder (testdata the tests write, a folder to look in).
func (c *checker) workspaceTestExists(p string) bool {
	if strings.HasSuffix(p, "/") || strings.Count(p, "/") > 1 {
		return true
	}
	base := path.Base(p)
	for _, dir := range []string{"*/tests/", "*/expansion/tests/"} {
		// The repository's path is no part of the pattern: it may hold
		// characters a pattern reads.
		if m, _ := fs.Glob(c.course, dir+base); len(m) > 0 {
			return true
		}
	}
	return c.pathExists(p)
}

// learnerFolder reports whether a path is a folder a lesson asks the
// learner to make in their own engine or harness (engine/sketch/): it need
// not exist in the repository.
func learnerFolder(top, p string) bool {
	return (top == "engine" || top == "harness") && strings.HasSuffix(p, "/") && strings.Count(p, "/") > 1
}

// command checks a course command line: the subcommand and its flags, and
// those of every course command the line runs after it (course init ~/ws
// && course start-module 00 ~/ws).
func (c *checker) command(file string, line int, cmdline string) {
	if c.opts.Commands == nil {
		return
	}
	// A comment ends the line; each command the shell runs in turn is
	// checked if it is course's.
	if i := strings.Index(cmdline, " #"); i >= 0 {
		cmdline = cmdline[:i]
	}
	for _, part := range shellCommands.Split(cmdline, -1) {
		part = strings.TrimSpace(part)
		if !strings.HasPrefix(part, "course ") && part != "course" {
			continue
		}
		// A redirection ends what course reads.
		if i := strings.Index(part, " >"); i >= 0 {
			part = part[:i]
		}
		words := strings.Fields(part)[1:]
		if err := c.opts.Commands(words); err != nil {
			c.problem(file, line, "`%s`: %v", trim(part), err)
		}
	}
}

// shellCommands splits a shell line into the commands it runs: at &&, ||,
// ; and |, each with a space before it.
var shellCommands = regexp.MustCompile(` (&&|\|\||;|\|)`)

// pathExists finds a path in the repository, or in the workspace template
// (where files carry a .tmpl suffix), or a card among a module's own cards.
func (c *checker) pathExists(p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, cand := range []string{p, "templates/go/" + p, "templates/go/" + p + ".tmpl"} {
		if _, err := os.Stat(filepath.Join(c.opts.Repo, filepath.FromSlash(cand))); err == nil {
			return true
		}
	}
	if strings.HasPrefix(p, "cards/") {
		// pathForm keeps the lesson's path free of pattern letters.
		matches, _ := gotest.GlobIn(filepath.Join(c.opts.Repo, "course"), "*/"+p)
		return len(matches) > 0
	}
	return false
}

// known is every function and method name the harness contract declares or
// the reference (engine, harness, template) defines, read once.
func (c *checker) known() map[string]bool {
	if c.knownNames != nil {
		return c.knownNames
	}
	c.knownNames = map[string]bool{}
	for _, fn := range c.contract().funcs {
		c.knownNames[fn.name] = true
	}
	for _, rf := range c.referenceFiles() {
		for _, d := range rf.ast.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.IsExported() {
				c.knownNames[fn.Name.Name] = true
			}
		}
	}
	return c.knownNames
}

// member checks a name given on a harness value (g.Summon, s.Entities) or
// a harness type (Game.Summon): a method or field the type has, or for a
// value, whose type the text does not say, one some harness or engine
// type has. A name on anything else (errors.As, rapid.Check,
// Object.Destroy) is another package's, not the harness's.
func (c *checker) member(file string, line int, qual, name string) {
	decls := c.declared()
	if members, ok := decls.types[qual]; ok {
		if members != nil && !members[name] && !decls.engine[qual][name] {
			c.problem(file, line, "names %s.%s, but neither the harness's %s nor an engine type of that name has a method or field %s; rename it or drop the mention", qual, name, qual, name)
		} else if members == nil && !decls.names[name] {
			c.problem(file, line, "names %s.%s, which neither the harness contract nor the reference has; rename it or drop the mention", qual, name)
		}
		return
	}
	if receivers[qual] && !decls.names[name] && !c.known()[name] {
		c.problem(file, line, "names %s.%s, which neither the harness contract nor the reference has; rename it or drop the mention", qual, name)
	}
}

// declarations are the exported names the reference and the template's
// harness declare: every function, method, type, constant, variable and
// field (names), and the methods and fields of each harness type (types;
// nil for a type whose members are another package's, an alias of an
// engine type) and of each engine type (engine: a lesson's Game.Sequence
// may be the engine's Game).
type declarations struct {
	names  map[string]bool
	types  map[string]map[string]bool
	engine map[string]map[string]bool
}

// declared reads the declarations once.
func (c *checker) declared() *declarations {
	if c.decls != nil {
		return c.decls
	}
	d := &declarations{names: map[string]bool{}, types: map[string]map[string]bool{}, engine: map[string]map[string]bool{}}
	c.decls = d
	own := map[string]bool{}   // harness types whose members the harness declares
	other := map[string]bool{} // harness types that are another's, somewhere
	add := func(typ, name string) {
		if own[typ] && !other[typ] {
			if d.types[typ] == nil {
				d.types[typ] = map[string]bool{}
			}
			d.types[typ][name] = true
		}
	}
	var harnessFiles []*ast.File
	for _, rf := range c.referenceFiles() {
		ast.Inspect(rf.ast, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				d.names[n.Name.Name] = true
			case *ast.TypeSpec:
				d.names[n.Name.Name] = true
			case *ast.ValueSpec:
				for _, id := range n.Names {
					d.names[id.Name] = true
				}
			case *ast.Field:
				for _, id := range n.Names {
					d.names[id.Name] = true
				}
			}
			return true
		})
		if rf.folder != "engine" {
			harnessFiles = append(harnessFiles, rf.ast)
		} else {
			engineMembers(rf.ast, d.engine)
		}
	}
	for _, f := range harnessFiles {
		for _, decl := range f.Decls {
			g, ok := decl.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, spec := range g.Specs {
				ts := spec.(*ast.TypeSpec)
				if !ts.Name.IsExported() {
					continue
				}
				st, isStruct := ts.Type.(*ast.StructType)
				if ts.Assign.IsValid() || !isStruct {
					// An alias, or a type of no fields: its members,
					// if any, are not all declared here.
					other[ts.Name.Name] = true
					d.types[ts.Name.Name] = nil
					continue
				}
				own[ts.Name.Name] = true
				if d.types[ts.Name.Name] == nil && !other[ts.Name.Name] {
					d.types[ts.Name.Name] = map[string]bool{}
				}
				for _, fl := range st.Fields.List {
					for _, id := range fl.Names {
						add(ts.Name.Name, id.Name)
					}
				}
			}
		}
	}
	for _, f := range harnessFiles {
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv != nil && len(fn.Recv.List) == 1 {
				add(receiverName(fn), fn.Name.Name)
			}
		}
	}
	for _, fn := range c.contract().funcs {
		if fn.recv != "" {
			add(fn.recv, fn.name)
		}
	}
	return d
}

// engineMembers adds the fields and methods of each type a file of the
// engine declares to members, by the type's name.
func engineMembers(f *ast.File, members map[string]map[string]bool) {
	add := func(typ, name string) {
		if members[typ] == nil {
			members[typ] = map[string]bool{}
		}
		members[typ][name] = true
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv != nil && len(decl.Recv.List) == 1 {
				add(receiverName(decl), decl.Name.Name)
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fl := range st.Fields.List {
						for _, id := range fl.Names {
							add(ts.Name.Name, id.Name)
						}
					}
				}
			}
		}
	}
}

// runArg is a go test command's -run or -skip pattern (flag, without its
// dashes and test. prefix), and the text it was given as (-run
// 'Test_03_', -skip=Test_03_x).
type runArg struct{ flag, raw, pattern string }

// goTestRuns finds the -run and -skip patterns of the go test commands on a line:
// the line itself when it is code (a line of a block, with or without its
// leading "$ "), else each code span that starts on it (spans, as
// codeSpans finds them); each command a shell line runs in turn.
func goTestRuns(line string, code bool, spans []string) []runArg {
	var cmds []string
	if code {
		cmds = append(cmds, strings.TrimPrefix(strings.TrimSpace(line), "$ "))
	} else {
		for _, span := range spans {
			cmds = append(cmds, strings.TrimSpace(span))
		}
	}
	var out []runArg
	for _, cmd := range cmds {
		for _, part := range shellCommands.Split(cmd, -1) {
			words := shellWords(strings.TrimSpace(part))
			if len(words) < 2 || words[0].value != "go" || words[1].value != "test" {
				continue
			}
			for i, w := range words {
				flag, value, eq := strings.Cut(w.value, "=")
				name := strings.TrimPrefix(strings.TrimLeft(flag, "-"), "test.")
				if name != "run" && name != "skip" {
					continue
				}
				if !strings.HasPrefix(flag, "-") || strings.HasPrefix(flag, "---") {
					continue
				}
				switch {
				case eq:
					out = append(out, runArg{flag: name, raw: w.raw, pattern: value})
				case i+1 < len(words):
					out = append(out, runArg{flag: name, raw: w.raw + " " + words[i+1].raw, pattern: words[i+1].value})
				}
			}
		}
	}
	return out
}

// shellWord is a word of a shell line: as written, and as the command
// gets it, its quotes gone.
type shellWord struct{ raw, value string }

// shellWords splits a shell line into words at white space, outside
// single and double quotes, as the shell hands them to a command (no
// expansions: a lesson's go test line has none).
func shellWords(s string) []shellWord {
	var out []shellWord
	var raw, value strings.Builder
	in := false
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			value.WriteRune(r)
		case r == '\'' || r == '"':
			quote, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, shellWord{raw.String(), value.String()})
				raw.Reset()
				value.Reset()
				in = false
			}
			continue
		default:
			value.WriteRune(r)
			in = true
		}
		raw.WriteRune(r)
	}
	if in {
		out = append(out, shellWord{raw.String(), value.String()})
	}
	return out
}

// runPattern checks a go test -run or -skip pattern as go test reads it: split at
// each | and / outside brackets and parentheses, each element an
// unanchored regexp; a test runs when the first element of one
// alternative matches its name (the later ones are its subtests', which
// no file lists). The pattern must run some test a learner at module m
// has: its own, its drop's or an earlier module's or drop's, all in the
// workspace's tests/.
func (c *checker) runPattern(m modules.Module, file string, line int, r runArg) {
	pattern := r.pattern
	var firsts []*regexp.Regexp
	for _, alt := range splitRunPattern(pattern) {
		for i, elem := range alt {
			re, err := regexp.Compile(elem)
			if err != nil {
				c.problem(file, line, "go test -%s %q is no pattern go test takes (its part %q: %v); fix the regexp", r.flag, pattern, elem, err)
				return
			}
			if i == 0 {
				firsts = append(firsts, re)
			}
		}
	}
	for _, mod := range modules.All() {
		if mod.Number > m.Number {
			continue
		}
		for _, dir := range []string{mod.TestsDir(), mod.ExpansionTestsDir()} {
			funcs, _ := c.folderTests(dir)
			for name := range funcs {
				for _, re := range firsts {
					if re.MatchString(name) {
						return
					}
				}
			}
		}
	}
	what := "runs"
	if r.flag == "skip" {
		what = "skips"
	}
	c.problem(file, line, "go test -%s %q matches no test of module %s, its drop or an earlier module (go test reads it as an unanchored regexp, split at / for subtests), so it %s nothing; fix the pattern", r.flag, pattern, m.Number, what)
}

// splitRunPattern splits a -run pattern as the testing package does: at
// each | outside brackets and parentheses into alternatives, and each at
// / into the elements a test's and its subtests' names must match.
func splitRunPattern(s string) [][]string {
	var alts [][]string
	var elems []string
	brackets, parens := 0, 0
	for i := 0; i < len(s); {
		switch s[i] {
		case '[':
			brackets++
		case ']':
			if brackets--; brackets < 0 { // an unmatched ] is legal
				brackets = 0
			}
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				elems = append(elems, s[:i])
				if s[i] == '|' {
					alts = append(alts, elems)
					elems = nil
				}
				s = s[i+1:]
				i = 0
				continue
			}
		}
		i++
	}
	return append(alts, append(elems, s))
}
