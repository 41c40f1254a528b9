package audit

import (
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

// BenchmarkCouplingAudit audits the engine folder of the large tree (the
// files enginefiles counts: tracked, untracked, and the ignored ones Go
// would use) and reports its throughput.
func BenchmarkCouplingAudit(b *testing.B) {
	dir := benchtree.Build(b)
	m := courseRules(b)
	var files int
	var bytes int64
	benchtree.Repeats(b, func() {
		r, err := Dirs(dir, []string{"engine"}, m)
		if err != nil {
			b.Fatal(err)
		}
		if len(r.Findings) != 0 {
			b.Fatalf("unexpected findings: %v", r.Findings[0])
		}
		files, bytes = r.Files, r.Bytes
	})
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(files)/secs, "files/s")
	b.ReportMetric(float64(bytes)/secs/1e6, "MB/s")
	b.ReportMetric(float64(files), "files")
}

// BenchmarkCouplingAuditFirstRun is the audit's first run on the large
// tree: the user's cache folder is empty each time (a new one), so every
// folder is read and every engine file audited, and the run writes what it
// found there, as a learner's or an instructor's first run does. Only the
// audits' own time is counted, not the making of the folders.
func BenchmarkCouplingAuditFirstRun(b *testing.B) {
	dir := benchtree.Build(b)
	m := courseRules(b)
	benchtree.FirstRuns(b, func() {
		r, err := Dirs(dir, []string{"engine"}, m)
		if err != nil {
			b.Fatal(err)
		}
		if r.Cached != 0 || r.Files != benchtree.EngineFiles+benchtree.Added-benchtree.Removed {
			b.Fatalf("%d files, %d of them cached", r.Files, r.Cached)
		}
	})
}

// BenchmarkCouplingAuditCommand runs `course coupling-audit` on the large
// tree as a user does, the program's start-up included; the user cache
// holds the verdicts after the first run, as in BenchmarkCouplingAudit.
func BenchmarkCouplingAuditCommand(b *testing.B) {
	benchtree.RunCourse(b, benchtree.Build(b), 0, "coupling-audit", ".")
}

// BenchmarkCouplingAuditCommandFirstRun is the command's first run on a
// machine: the user cache empty, so the program reads every engine file,
// and every file of the listed-folders rule, and fills the cache.
func BenchmarkCouplingAuditCommandFirstRun(b *testing.B) {
	benchtree.RunCourseFirstRuns(b, benchtree.Build(b), 0, "coupling-audit", ".")
}

// BenchmarkCourseStartUp runs `course --version`: what every command costs
// before it does anything.
func BenchmarkCourseStartUp(b *testing.B) {
	benchtree.RunCourse(b, b.TempDir(), 0, "--version")
}

// BenchmarkGitDiffAndUntracked is git's answer to the expansion check's
// question on the same tree, the yardstick for both checks.
func BenchmarkGitDiffAndUntracked(b *testing.B) { benchtree.GitDiffAndUntracked(b) }

// BenchmarkGitDiffAndUntrackedUnvouched is git's answer with an index that
// vouches for no file, the yardstick for a first run (see
// benchtree.GitDiffAndUntrackedUnvouched).
func BenchmarkGitDiffAndUntrackedUnvouched(b *testing.B) { benchtree.GitDiffAndUntrackedUnvouched(b) }

// BenchmarkReadEngineFiles only lists the engine folders and reads their
// Go files (the 2,000 engine files of the tree; the ignored build output
// and logs are listed, not read) with the audit's own reader: the floor
// under a first audit, whatever it does with what it reads (see
// benchtree.ReadGoFiles). Git, which reads neither the ignored folders nor
// any file's content, has no such floor.
func BenchmarkReadEngineFiles(b *testing.B) { benchtree.ReadGoFiles(b, "engine") }

// BenchmarkAuditInMemory audits 2,000 engine sources held in memory: the
// audit's own cost (parsing and matching), without the file system.
func BenchmarkAuditInMemory(b *testing.B) {
	m := courseRules(b)
	srcs := make([][]byte, benchtree.EngineFiles)
	var size int64
	for i := range srcs {
		srcs[i] = []byte(benchtree.GoSource("engine", i))
		size += int64(len(srcs[i]))
	}
	b.SetBytes(size)
	b.ResetTimer()
	for b.Loop() {
		for i, src := range srcs {
			if f := m.File("engine/f.go", src); len(f) != 0 {
				b.Fatalf("file %d: unexpected finding %v", i, f[0])
			}
		}
	}
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(len(srcs))/secs, "files/s")
}
