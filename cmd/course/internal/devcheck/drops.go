package devcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/modules"
)

// Solution is a drop's expansion/solution.json: what its solution adds to
// the reference, in a form dev check can take away again to prove that the
// drop's test needs it.
type Solution struct {
	// Files the solution adds (a card file).
	Files []string `json:"files,omitempty"`
	// Words the solution adds to course/words.json.
	Words []string `json:"words,omitempty"`
	// Funcs the solution adds to the reference harness, as
	// "harness/file.go:Type.Method" or "harness/file.go:Func".
	Funcs []string `json:"funcs,omitempty"`
	// None says why the drop needs nothing written: its test passes on an
	// engine that already follows the module's design.
	None string `json:"none,omitempty"`
}

// solution reads and checks a drop's solution.json; nil when it is missing
// or wrong (the problem is recorded).
func (c *checker) solution(m modules.Module) *Solution {
	p := m.Slug + "/expansion/solution.json"
	raw, err := fs.ReadFile(c.course, p)
	if err != nil {
		c.problem(courseFile(p), 0, "is missing; list what the drop's solution adds (files, words, funcs) or why it needs none (none)")
		return nil
	}
	var s Solution
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		c.problem(courseFile(p), 0, "is not a solution manifest (%v); its fields are files, words, funcs and none", err)
		return nil
	}
	if (s.None != "") == (len(s.Files)+len(s.Words)+len(s.Funcs) > 0) {
		c.problem(courseFile(p), 0, "give either what the solution adds (files, words, funcs) or none with the reason, not both and not neither")
		return nil
	}
	ok := true
	for _, f := range s.Files {
		if !c.solutionFile(p, f) {
			ok = false
			continue
		}
		c.solutionCard(m, p, f)
	}
	for _, fn := range s.Funcs {
		file, name, found := strings.Cut(fn, ":")
		if !found || name == "" {
			c.problem(courseFile(p), 0, "funcs entry %q is not FILE:NAME, e.g. harness/game.go:Game.Play", fn)
			ok = false
			continue
		}
		if !c.solutionFile(p, file) {
			ok = false
			continue
		}
		gf := c.goFile(file)
		err := gf.err
		if err == nil && findFunc(gf.ast, name) == nil {
			err = fmt.Errorf("the file has no func %s", name)
		}
		if err != nil {
			c.problem(courseFile(p), 0, "funcs entry %q: %v", fn, err)
			ok = false
		}
	}
	var lex struct {
		Words []struct{ Word string } `json:"words"`
	}
	raw, err = fs.ReadFile(c.course, "words.json")
	if err == nil && json.Unmarshal(raw, &lex) == nil {
		have := map[string]bool{}
		for _, w := range lex.Words {
			have[w.Word] = true
		}
		for _, w := range s.Words {
			if !have[w] {
				c.problem(courseFile(p), 0, "word %s is not in course/words.json", w)
				ok = false
			}
		}
	}
	if !ok {
		return nil
	}
	return &s
}

// solutionCard reports a card file a drop's solution lists that the
// catalog gives to the drop's module or an earlier stage: start-module
// copies the cards of a module and of the drops before it into the
// learner's workspace, so the learner would have the drop's solution
// before the drop starts, and its test would pass unwritten. Module 0's
// drop is held to it too: its cards must come after it.
func (c *checker) solutionCard(m modules.Module, manifest, p string) {
	if !cardFilePath(p) {
		return
	}
	raw, err := os.ReadFile(filepath.Join(c.opts.Repo, filepath.FromSlash(p)))
	if err != nil {
		return // read again, and told, with the card files
	}
	var card struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(raw, &card) != nil || card.Name == "" {
		return // the card files' check names what is wrong with it
	}
	introduced, ok := c.catalogCards()[card.Name]
	if !ok || stage(introduced) > stage(m.Number) {
		return // a card the catalog does not list is content's to tell
	}
	c.problem(courseFile(manifest), 0, "lists %s, card %q, which course/catalog.json gives module %s, before drop %sx, so start-module copies it into the learner's workspace before the drop starts and the drop's test passes unwritten; give it module %sx in the catalog",
		p, card.Name, introduced, m.Number, m.Number)
}

// solutionPath reports whether a path from the repository's root is one a
// drop's solution may add: a card file, a level, or a Go file of the
// reference harness that is not a test.
func solutionPath(p string) bool {
	dir, file := path.Split(p)
	switch {
	case cardFilePath(p):
		return true
	case dir == "levels/":
		return strings.HasSuffix(file, ".json")
	}
	return strings.HasPrefix(dir, "harness/") && strings.HasSuffix(file, ".go") && !strings.HasSuffix(file, "_test.go")
}

// cardFilePath reports whether a path from the repository's root is a
// card file's: cards/NAME.json or course/NN-slug/cards/NAME.json.
func cardFilePath(p string) bool {
	dir, file := path.Split(p)
	if !strings.HasSuffix(file, ".json") {
		return false
	}
	if dir == "cards/" {
		return true
	}
	parts := strings.Split(strings.TrimSuffix(dir, "/"), "/")
	return len(parts) == 3 && parts[0] == "course" && parts[2] == "cards"
}

// solutionFile reports whether p, a file a manifest lists, is one the
// solution may change: a file of the repository, named from its root, and
// none under engine/. The path must be clean: ./engine/x.go and
// cards/../engine/x.go would pass a look at the first folder, and ../x or
// /x would have the run without the solution delete or rewrite a file
// outside the copy it works in.
func (c *checker) solutionFile(manifest, p string) bool {
	if !filepath.IsLocal(filepath.FromSlash(p)) || path.Clean(p) != p || strings.Contains(p, `\`) {
		c.problem(courseFile(manifest), 0, "names %q, which is not a path inside the repository from its root; write it without ., .., a leading / or \\, e.g. cards/name.json", p)
		return false
	}
	if top, _, _ := strings.Cut(p, "/"); top == "engine" {
		c.problem(courseFile(manifest), 0, "the solution names %s; a drop's solution changes no file under engine/", p)
		return false
	}
	st, err := os.Lstat(filepath.Join(c.opts.Repo, filepath.FromSlash(p)))
	switch {
	case err != nil:
		c.problem(courseFile(manifest), 0, "names %s, which the repository does not have", p)
		return false
	case !st.Mode().IsRegular():
		// A folder cannot be taken away as a file, and a link may lead
		// under engine/ or out of the copy.
		c.problem(courseFile(manifest), 0, "names %s, which is not a regular file; list the files the solution adds one by one", p)
		return false
	}
	if !solutionPath(p) {
		// Taken away, a test file, go.mod or go.sum makes the drop's test
		// fail for another reason (it is gone, or nothing builds), which
		// proves nothing of the solution.
		c.problem(courseFile(manifest), 0, "names %s, which is no part of a solution: a drop's solution is a card file (cards/, a module's cards/), a level (levels/) or harness code (harness/, not a test), and without %s the drop's test fails for another reason; list the files the solution adds", p, p)
		return false
	}
	return true
}

// stubFunc is a Go file in which the function or method name ("Type.Method"
// or "Func") panics as soon as it is called, as the workspace template's
// stubs do: its declaration, signature and body stay, after the panic, so
// the file's imports and everything else stay in use and the package
// builds as it did. Deleting the function instead made every drop whose
// test calls it (Game.Play, Baba.Restart: every legitimate funcs drop) a
// build failure, which is no test failing and so proves nothing: a
// manifest listing a function the test never calls, whose deletion broke
// only a caller elsewhere in the harness, passed the same way. Stubbed,
// the drop's test builds, and fails only if it reaches the function.
func stubFunc(src []byte, name string) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	fd := findFunc(f, name)
	if fd == nil {
		return nil, fmt.Errorf("the file has no func %s", name)
	}
	if fd.Body == nil {
		return nil, fmt.Errorf("func %s has no body to stub out", name)
	}
	// Inserted as text at the body's opening brace: the rest of the file,
	// its comments and line numbers included, stays byte for byte.
	at := fset.Position(fd.Body.Lbrace).Offset + 1
	stub := fmt.Sprintf(" panic(%q);", "not implemented: "+name+" (taken away by course dev check)")
	out := make([]byte, 0, len(src)+len(stub))
	out = append(out, src[:at]...)
	out = append(out, stub...)
	return append(out, src[at:]...), nil
}

// findFunc is the declaration of the function or method name
// ("Type.Method" or "Func") in a file, or nil.
func findFunc(f *ast.File, name string) *ast.FuncDecl {
	recv, fn, isMethod := strings.Cut(name, ".")
	if !isMethod {
		fn, recv = recv, ""
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == fn && receiverName(fd) == recv {
			return fd
		}
	}
	return nil
}

func receiverName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// withoutSolutions runs each drop's test in a copy of the repository from
// which that drop's solution was taken away: the test must then run and
// fail. A build that breaks without the solution, or a package that fails
// before any of the drop's tests does, is no such failure, and is told as
// what it is. The drops run a few at a time, each worker in a copy of its
// own (taking a solution away edits the copy), and their problems are told
// in module order whatever order they finish in.
func (c *checker) withoutSolutions(ctx context.Context, drops map[string]*Solution) error {
	var todo []modules.Module
	for _, m := range modules.All() {
		if s := drops[m.Number]; s != nil && s.None == "" {
			todo = append(todo, m)
		}
	}
	workers := min(len(todo), max(1, runtime.NumCPU()), 4)
	if workers == 0 {
		return nil
	}
	tmp, err := os.MkdirTemp("", "course-devcheck-copy-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	goTmp := filepath.Join(tmp, "go")
	if err := os.Mkdir(goTmp, 0o700); err != nil {
		return err
	}
	copies := make(chan string, workers)
	for i := range workers {
		dir := filepath.Join(tmp, strconv.Itoa(i))
		if err := copyTree(c.opts.Repo, dir); err != nil {
			return fmt.Errorf("copying the repository: %w", err)
		}
		copies <- dir
	}
	type result struct {
		run dropRun
		// breaking is the manifest's entries whose taking away alone breaks
		// the build, when the whole solution's did.
		breaking []string
	}
	results := make([]result, len(todo))
	g, ctx := errgroup.WithContext(ctx)
	g.SetLimit(workers)
	for i, m := range todo {
		c.say("drop " + m.Number + "x without its solution")
		g.Go(func() error {
			dir := <-copies
			defer func() { copies <- dir }()
			s := drops[m.Number]
			run, err := c.runWithout(ctx, dir, goTmp, m, s)
			if err != nil {
				return err
			}
			results[i].run = run
			if run.outcome != dropBuildFailed {
				return nil
			}
			entries := s.entries()
			if len(entries) == 1 {
				results[i].breaking = []string{entries[0].label}
				return nil
			}
			// Which entry breaks the build is the mend's first word: each
			// is taken away alone.
			for _, e := range entries {
				one, err := c.runWithout(ctx, dir, goTmp, m, e.alone)
				if err != nil {
					return err
				}
				if one.outcome == dropBuildFailed {
					results[i].breaking = append(results[i].breaking, e.label)
				}
			}
			if len(results[i].breaking) == 0 {
				for _, e := range entries {
					results[i].breaking = append(results[i].breaking, e.label)
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return err
	}
	for i, m := range todo {
		manifest := courseFile(m.Slug + "/expansion/solution.json")
		run := results[i].run
		switch run.outcome {
		case dropPassed:
			c.problem(manifest, 0,
				"drop %sx's test passes without the solution it lists; the test must need the solution (or the manifest must list all of it): %s",
				m.Number, trim(run.why))
		case dropBuildFailed:
			c.problem(manifest, 0,
				"drop %sx's test never ran without the solution it lists: taking away %s breaks the build (%s), and a test that does not build fails for that alone, which proves nothing of the solution; %s",
				m.Number, strings.Join(results[i].breaking, " and "), trim(run.why), buildMend(results[i].breaking))
		case dropFailedOutside:
			c.problem(manifest, 0,
				"drop %sx's package fails without the solution it lists, but none of its tests (%s*) does (%s); a failure outside the drop's test (an init's panic, a TestMain's exit) proves nothing of the solution, so the drop's test itself must fail without it",
				m.Number, m.ExpansionTestPrefix(), trim(run.why))
		case dropTestFailed:
		}
	}
	return nil
}

// buildMend is how to mend a manifest whose entries, taken away, break the
// build: a harness file listed whole takes its declarations with it, where
// its functions listed under funcs are stubbed out and leave it building.
func buildMend(entries []string) string {
	for _, e := range entries {
		if f, ok := strings.CutPrefix(e, "files entry "); ok && strings.HasSuffix(f, ".go") {
			return "list the functions the drop adds to " + f + " under funcs (FILE:NAME), which dev check stubs out to panic with their signatures kept, not the file, and nothing the rest of the repository needs to build"
		}
	}
	return "list only what the drop adds, nothing the rest of the repository needs to build (a harness function under funcs is stubbed out to panic, its signature kept)"
}

// dropOutcome is what a drop's test did without (some of) its solution.
type dropOutcome int

const (
	// dropPassed: go test passed.
	dropPassed dropOutcome = iota
	// dropTestFailed: one of the drop's tests ran and failed, the one outcome
	// that shows the test needs the solution.
	dropTestFailed
	// dropBuildFailed: the package did not build (or go test could not set it
	// up), so no test ran.
	dropBuildFailed
	// dropFailedOutside: the package failed, but none of the drop's tests did
	// (an init's panic, a TestMain's exit).
	dropFailedOutside
)

// dropRun is one run of a drop's test: its outcome, and the line of output
// that says why.
type dropRun struct {
	outcome dropOutcome
	why     string
}

// runWithout takes the solution s away in the copy dir, runs the drop's
// tests there with go test -json, and puts the solution back.
func (c *checker) runWithout(ctx context.Context, dir, goTmp string, m modules.Module, s *Solution) (dropRun, error) {
	restore, err := takeAway(c.opts.Repo, dir, s)
	if err != nil {
		return dropRun{}, err
	}
	// No vet: the run asks only whether the test fails, and make vet holds
	// the tests to vet.
	cmd := goCommand(ctx, dir, goTmp, "test", "-json", "-count=1", "-vet=off", "-run", "^"+m.ExpansionTestPrefix(), "./course/"+m.ExpansionTestsDir())
	out, runErr := cmd.CombinedOutput()
	procgroup.End(cmd)
	if err := restore(); err != nil {
		return dropRun{}, err
	}
	if ctx.Err() != nil {
		return dropRun{}, ctx.Err()
	}
	return judgeDropRun(out, runErr == nil, m.ExpansionTestPrefix()), nil
}

// judgeDropRun reads go test -json's output of a drop's run: ok is whether
// go test succeeded, prefix the drop's tests' names' common start.
func judgeDropRun(out []byte, ok bool, prefix string) dropRun {
	var (
		build, pkg, other strings.Builder
		failedTest        string
		ran               []string
		testOut           = map[string]*strings.Builder{}
		unbuilt           bool
	)
	for ln := range strings.Lines(string(out)) {
		var ev testEvent
		if !strings.HasPrefix(ln, "{") || json.Unmarshal([]byte(ln), &ev) != nil {
			// The go command's own words: a module it could not load, say.
			other.WriteString(ln)
			continue
		}
		switch {
		case ev.Action == "build-output":
			build.WriteString(ev.Output)
		case ev.Action == "build-fail":
			unbuilt = true
		case ev.Test == "" && ev.Action == "fail" && ev.FailedBuild != "":
			unbuilt = true
		case ev.Test == "" && ev.Action == "output":
			pkg.WriteString(ev.Output)
			if strings.Contains(ev.Output, "[setup failed]") {
				unbuilt = true
			}
		case ev.Test != "" && ev.Action == "output":
			top, _, _ := strings.Cut(ev.Test, "/")
			if testOut[top] == nil {
				testOut[top] = &strings.Builder{}
			}
			testOut[top].WriteString(ev.Output)
		case ev.Test != "" && ev.Action == "pass" && !strings.Contains(ev.Test, "/"):
			ran = append(ran, ev.Test)
		case ev.Test != "" && ev.Action == "fail":
			if top, _, _ := strings.Cut(ev.Test, "/"); failedTest == "" && strings.HasPrefix(top, prefix) {
				failedTest = top
			}
		}
	}
	switch {
	case ok && len(ran) == 0:
		return dropRun{outcome: dropPassed, why: "no test matches ^" + prefix}
	case ok:
		return dropRun{outcome: dropPassed, why: strings.Join(ran, ", ") + " ran and passed"}
	case failedTest != "":
		why := ""
		if o := testOut[failedTest]; o != nil {
			why = failureWhy(o.String())
		}
		return dropRun{outcome: dropTestFailed, why: failedTest + ": " + why}
	case unbuilt || other.Len() > 0 && pkg.Len() == 0:
		return dropRun{outcome: dropBuildFailed, why: buildWhy(build.String() + other.String())}
	}
	return dropRun{outcome: dropFailedOutside, why: packageFailureWhy(pkg.String())}
}

// buildWhy is the first line of a build's output that says what broke: a
// compiler error, not the "# package" line above it.
func buildWhy(out string) string {
	for ln := range strings.Lines(out) {
		t := strings.TrimSpace(ln)
		if t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "FAIL") {
			return t
		}
	}
	return "no output"
}

// entry is one line of a manifest, for telling which one breaks the build.
type entry struct {
	label string    // "files entry cards/x.json"
	alone *Solution // the manifest with that entry alone
}

func (s *Solution) entries() []entry {
	var es []entry
	for _, f := range s.Files {
		es = append(es, entry{"files entry " + f, &Solution{Files: []string{f}}})
	}
	for _, w := range s.Words {
		es = append(es, entry{"words entry " + w, &Solution{Words: []string{w}}})
	}
	for _, fn := range s.Funcs {
		es = append(es, entry{"funcs entry " + fn, &Solution{Funcs: []string{fn}}})
	}
	return es
}

// takeAway removes a solution from the copy and returns how to put it back.
func takeAway(repo, copyDir string, s *Solution) (func() error, error) {
	var touched []string
	restore := func() error {
		for _, p := range touched {
			if err := copyFile(filepath.Join(repo, p), filepath.Join(copyDir, p)); err != nil {
				return err
			}
		}
		return nil
	}
	for _, f := range s.Files {
		touched = append(touched, filepath.FromSlash(f))
		if err := os.Remove(filepath.Join(copyDir, filepath.FromSlash(f))); err != nil {
			return restore, err
		}
	}
	for _, fn := range s.Funcs {
		file, name, _ := strings.Cut(fn, ":")
		p := filepath.Join(copyDir, filepath.FromSlash(file))
		src, err := os.ReadFile(p)
		if err != nil {
			return restore, err
		}
		out, err := stubFunc(src, name)
		if err != nil {
			return restore, err
		}
		touched = append(touched, filepath.FromSlash(file))
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return restore, err
		}
	}
	if len(s.Words) > 0 {
		p := filepath.Join(copyDir, "course", "words.json")
		raw, err := os.ReadFile(p)
		if err != nil {
			return restore, err
		}
		var doc map[string]json.RawMessage
		var words []map[string]any
		if err := json.Unmarshal(raw, &doc); err != nil {
			return restore, err
		}
		if err := json.Unmarshal(doc["words"], &words); err != nil {
			return restore, err
		}
		drop := map[string]bool{}
		for _, w := range s.Words {
			drop[w] = true
		}
		kept := words[:0]
		for _, w := range words {
			if word, _ := w["word"].(string); !drop[word] {
				kept = append(kept, w)
			}
		}
		doc["words"], _ = json.Marshal(kept)
		out, _ := json.Marshal(doc)
		touched = append(touched, filepath.Join("course", "words.json"))
		if err := os.WriteFile(p, out, 0o644); err != nil {
			return restore, err
		}
	}
	return restore, nil
}

// copyTree copies the repository's regular files, leaving out version
// control and build output.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "bin") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, filepath.Join(to, rel))
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
