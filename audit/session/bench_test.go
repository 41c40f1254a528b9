package session

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/audit/internal/benchtree"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// TestMain keeps the checks' verdict cache in a folder of the run's own and
// removes the benchmarks' large tree after the run.
func TestMain(m *testing.M) { benchtree.Main(m) }

func listedIn(modPath string) Listed {
	return Listed{
		ModulePath: modPath,
		Folders:    audit.Folders{EngineDirs: []string{"engine"}, ContentDirs: []string{"content"}},
		Path:       func(string) error { return nil },
		ReadLink:   func(string) ([]byte, error) { return nil, errors.New("no links here") },
	}
}

// BenchmarkCheckListed is the listed-folders rule on a committed workspace
// whose harness imports an engine of 20 packages of 100 files each: what
// it adds to every audit and expansion-check there, the opening of the
// git view (which the check after it shares) included. "first" keeps
// nothing between runs (a machine that has never seen the files), "again"
// is a later run, with the imports of the files the index vouches for
// kept.
func BenchmarkCheckListed(b *testing.B) {
	files := map[string]string{}
	var imports []string
	for p := range 20 {
		imports = append(imports, fmt.Sprintf("\t_ %q\n", fmt.Sprintf("%s/engine/p%02d", testws.ModulePath, p)))
		for i := range 100 {
			files[fmt.Sprintf("engine/p%02d/f%03d.go", p, i)] = fmt.Sprintf("package p%02d\n\nimport \"fmt\"\n\nfunc F%d() { fmt.Println(%d) }\n%s", p, i, i, strings.Repeat("// a line of the engine\n", 40))
		}
	}
	files["harness/harness.go"] = "package harness\n\nimport (\n" + strings.Join(imports, "") + ")\n"
	dir := testws.Committed(b, files)
	for _, c := range []struct{ name, cache string }{{"first", "off"}, {"again", b.TempDir()}} {
		b.Run(c.name, func(b *testing.B) {
			b.Setenv(usercache.EnvVar, c.cache)
			run := func() {
				s, err := Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.CheckListed(listedIn(testws.ModulePath)); err != nil {
					b.Fatal(err)
				}
				s.Save()
			}
			run()
			b.ReportAllocs()
			for b.Loop() {
				run()
			}
		})
	}
}

// BenchmarkCouplingAuditCommandWork and BenchmarkExpansionCheckCommandWork
// are what the two commands do on the large tree once the program has
// started, through one session: coupling-audit the audit and then the
// listed-folders rule over the harness, engine and content folders (4,000
// Go files), expansion-check the rule and then the diff. Verdicts and
// imports are kept, as on every run after the first; the FirstRun
// variants start each run with an empty cache folder.
func BenchmarkCouplingAuditCommandWork(b *testing.B) {
	repeatRuns(b, benchtree.Build(b), couplingAuditWork(b))
}

func BenchmarkCouplingAuditCommandWorkFirstRun(b *testing.B) {
	dir := benchtree.Build(b)
	work := couplingAuditWork(b)
	benchtree.FirstRuns(b, func() { runWork(b, dir, work) })
}

func BenchmarkExpansionCheckCommandWork(b *testing.B) {
	repeatRuns(b, benchtree.Build(b), expansionCheckWork)
}

func BenchmarkExpansionCheckCommandWorkFirstRun(b *testing.B) {
	dir := benchtree.Build(b)
	benchtree.FirstRuns(b, func() { runWork(b, dir, expansionCheckWork) })
}

func couplingAuditWork(b *testing.B) func(*Session) error {
	raw, err := fs.ReadFile(course.Files, "catalog.json")
	if err != nil {
		b.Fatal(err)
	}
	names, err := audit.CatalogNames(raw)
	if err != nil {
		b.Fatal(err)
	}
	rules := audit.NewRules(names, audit.AllModules)
	return func(s *Session) error {
		r, err := s.Audit([]string{"engine"}, rules)
		if err == nil && len(r.Findings) != 0 {
			err = fmt.Errorf("unexpected findings: %v", r.Findings[0])
		}
		if err != nil {
			return err
		}
		return s.CheckListed(listedIn("example.com/bench"))
	}
}

func expansionCheckWork(s *Session) error {
	if err := s.CheckListed(listedIn("example.com/bench")); err != nil {
		return err
	}
	res, err := s.Changes("HEAD", []string{"engine"})
	if want := benchtree.Changed + benchtree.Added + benchtree.Removed; err == nil && len(res.Changes) != want {
		err = fmt.Errorf("%d changes, want %d", len(res.Changes), want)
	}
	return err
}

// runWork opens a session on dir and does work through it.
func runWork(b *testing.B, dir string, work func(*Session) error) {
	s, err := Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if err := work(s); err != nil {
		b.Fatal(err)
	}
	s.Save()
}

// repeatRuns times runWork after a first run has filled the caches (see
// benchtree.Repeats).
func repeatRuns(b *testing.B, dir string, work func(*Session) error) {
	runWork(b, dir, work)
	benchtree.Repeats(b, func() { runWork(b, dir, work) })
}

// BenchmarkGitDiffAndUntracked is the yardstick, measured in the same runs.
func BenchmarkGitDiffAndUntracked(b *testing.B) { benchtree.GitDiffAndUntracked(b) }

// BenchmarkReadCommandFiles only lists the harness, engine and content
// folders and reads their 4,000 Go files, as both commands' first runs
// must (see benchtree.ReadGoFiles): the floor under
// BenchmarkCouplingAuditCommandWorkFirstRun and
// BenchmarkExpansionCheckCommandWorkFirstRun.
func BenchmarkReadCommandFiles(b *testing.B) {
	benchtree.ReadGoFiles(b, "harness", "engine", "content")
}

// BenchmarkGitDiffAndUntrackedUnvouched is the yardstick with an index
// that vouches for no file, so that git reads the engine files as a first
// run reads them (see benchtree.GitDiffAndUntrackedUnvouched).
func BenchmarkGitDiffAndUntrackedUnvouched(b *testing.B) { benchtree.GitDiffAndUntrackedUnvouched(b) }
