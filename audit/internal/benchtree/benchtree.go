// Package benchtree builds the large workspace the audit and expansion-check
// benchmarks run on: a go.mod, 2,000 engine files, 3,000 other files (a
// third of them the harness's Go files, a third content's) and 20,000
// ignored ones, committed with the git program, then edited so that the
// working tree differs from the commit in a few engine files.
package benchtree

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/systemic-game-design/course/audit/internal/enginefiles"
	"github.com/systemic-game-design/course/internal/usercache"
)

// The tree's size.
const (
	EngineFiles  = 2000
	OtherFiles   = 3000
	IgnoredFiles = 20000
)

// Changes is what Build does to the tree after the commit: engine files
// changed, added (untracked) and removed.
const (
	Changed = 10
	Added   = 5
	Removed = 3
)

var (
	mu    sync.Mutex
	built string // the tree's folder, once made
)

// Build makes the tree (once per process: every benchmark only reads it)
// and returns its folder. It skips the benchmark when git is not installed.
// Remove removes it; call it from TestMain.
func Build(b *testing.B) string {
	b.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("the git program is not installed")
	}
	mu.Lock()
	defer mu.Unlock()
	if built != "" {
		return built
	}
	dir, err := os.MkdirTemp("", "benchtree")
	if err != nil {
		b.Fatal(err)
	}
	build(b, dir)
	built = dir
	return dir
}

// Remove removes the tree Build made and the program Course built, if
// they were made.
func Remove() {
	mu.Lock()
	defer mu.Unlock()
	for _, p := range []*string{&built, &program} {
		if *p != "" {
			os.RemoveAll(*p)
			*p = ""
		}
	}
}

var program string // the folder of the course program Course built

// Course builds the course program (once per process) and returns its
// path, so that a benchmark can time a command as a user runs it: the
// program's start-up included. It skips the benchmark when the go
// command is not installed.
func Course(b *testing.B) string {
	b.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		b.Skip("the go command is not installed")
	}
	mu.Lock()
	defer mu.Unlock()
	if program == "" {
		dir, err := os.MkdirTemp("", "benchcourse")
		if err != nil {
			b.Fatal(err)
		}
		out, err := exec.Command("go", "build", "-o", dir, "github.com/systemic-game-design/course/cmd/course").CombinedOutput()
		if err != nil {
			os.RemoveAll(dir)
			b.Fatalf("building the course program: %v\n%s", err, out)
		}
		program = dir
	}
	return filepath.Join(program, "course")
}

// RunCourse times the course program run with args in dir, one run an op,
// and reports its CPU time (the program's, as a child). Each run must end
// with the exit status want.
func RunCourse(b *testing.B, dir string, want int, args ...string) {
	bin := Course(b)
	b.ResetTimer()
	cpu := CPUTime()
	for b.Loop() {
		runCourse(b, bin, dir, want, args)
	}
	ReportCPU(b, cpu)
}

// RunCourseFirstRuns is RunCourse with the user's cache folder new and
// empty before each run (see FirstRuns): the command as a user first runs
// it on a machine.
func RunCourseFirstRuns(b *testing.B, dir string, want int, args ...string) {
	bin := Course(b)
	b.ResetTimer()
	FirstRuns(b, func() { runCourse(b, bin, dir, want, args) })
}

func runCourse(b *testing.B, bin, dir string, want int, args []string) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != want {
		b.Fatalf("course %s: exit status %d, want %d (%v)\n%s", strings.Join(args, " "), code, want, err, out)
	}
}

func build(b *testing.B, dir string) {
	write := func(rel, content string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("go.mod", "module example.com/bench\n\ngo 1.24\n")
	write(".gitignore", "*.log\n/out/\nbuild/\n")
	write(".course.json", `{"track": "go", "engineDirs": ["engine"], "contentDirs": ["content"]}`+"\n")
	for i := range EngineFiles {
		write(fmt.Sprintf("engine/p%02d/f%04d.go", i%20, i), GoSource(fmt.Sprintf("p%02d", i%20), i))
	}
	for i := range OtherFiles {
		switch i % 3 {
		case 0:
			write(fmt.Sprintf("harness/h%04d.go", i), GoSource("harness", i))
		case 1:
			write(fmt.Sprintf("content/c%04d.go", i), GoSource("content", i))
		default:
			write(fmt.Sprintf("docs/d%02d/n%04d.md", i%30, i), strings.Repeat("Notes on the design of the engine, line by line.\n", 20))
		}
	}
	// A quarter of the ignored files sit in an ignored folder inside the
	// engine, a quarter beside engine files, the rest outside the engine.
	for i := range IgnoredFiles {
		switch i % 4 {
		case 0:
			write(fmt.Sprintf("engine/build/b%02d/o%05d.bin", i%10, i), "binary output\x00\x01\x02")
		case 1:
			write(fmt.Sprintf("engine/p%02d/trace%05d.log", i%20, i), "a log line\n")
		default:
			write(fmt.Sprintf("out/o%02d/r%05d.txt", i%50, i), "report\n")
		}
	}
	env := []string{"GIT_AUTHOR_NAME=Bench", "GIT_AUTHOR_EMAIL=bench@example.com",
		"GIT_COMMITTER_NAME=Bench", "GIT_COMMITTER_EMAIL=bench@example.com", "GIT_CONFIG_GLOBAL=/dev/null"}
	git(b, dir, env, "init", "-q", "-b", "main")
	git(b, dir, env, "add", "-A")
	git(b, dir, env, "commit", "-q", "-m", "the engine")
	for i := range Changed {
		write(fmt.Sprintf("engine/p%02d/f%04d.go", i%20, i), GoSource("p", i)+"\n// changed\n")
	}
	for i := range Added {
		write(fmt.Sprintf("engine/p%02d/new%d.go", i, i), GoSource(fmt.Sprintf("p%02d", i), i))
	}
	for i := range Removed {
		j := EngineFiles - 1 - i
		if err := os.Remove(filepath.Join(dir, fmt.Sprintf("engine/p%02d/f%04d.go", j%20, j))); err != nil {
			b.Fatal(err)
		}
	}
}

// GitDiffAndUntracked benchmarks `git diff --name-only HEAD -- engine` plus
// `git ls-files --others --exclude-standard -- engine` on the tree: what
// git says has changed, the yardstick the checks are held to.
func GitDiffAndUntracked(b *testing.B) {
	dir := Build(b)
	b.ResetTimer()
	cpu := CPUTime()
	for b.Loop() {
		gitChanges(b, dir, nil)
	}
	ReportCPU(b, cpu)
}

// GitDiffAndUntrackedUnvouched is GitDiffAndUntracked with an index that
// vouches for no file: one made from the commit alone (`git read-tree
// HEAD`), whose entries hold no stat data, as after a copy of the
// workspace or a checkout by another program. Git must then read and
// hash the files it tracks to learn which are unchanged (all of them, not
// only the engine's: its diff refreshes the whole index), as a check's
// first run reads every file it judges: this is git's answer when
// it, too, cannot take the stat data at their word. Git writes back what
// it learned, so each run starts from a fresh copy of that index
// (untimed); the tree's own index is not touched.
func GitDiffAndUntrackedUnvouched(b *testing.B) {
	dir := Build(b)
	index := filepath.Join(b.TempDir(), "index")
	env := []string{"GIT_INDEX_FILE=" + index}
	git(b, dir, env, "read-tree", "HEAD")
	fresh, err := os.ReadFile(index)
	if err != nil {
		b.Fatal(err)
	}
	runs(b, func() {
		if err := os.WriteFile(index, fresh, 0o644); err != nil {
			b.Fatal(err)
		}
	}, func() { gitChanges(b, dir, env) }, func() {})
}

// gitChanges runs git's answer in dir, with env added to the environment,
// and fails b unless it names every change Build made.
func gitChanges(b *testing.B, dir string, env []string) {
	diff := git(b, dir, env, "diff", "--name-only", "HEAD", "--", "engine")
	others := git(b, dir, env, "ls-files", "--others", "--exclude-standard", "--", "engine")
	if n, want := strings.Count(diff, "\n")+strings.Count(others, "\n"), Changed+Added+Removed; n != want {
		b.Fatalf("%d changes, want %d", n, want)
	}
}

// git runs the git program with args in dir, env added to the
// environment, and returns what it printed.
func git(b *testing.B, dir string, env []string, args ...string) string {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// FirstRuns times run as a check's first run on a machine: before each
// call the user's cache folder is a new, empty one, which the call may
// fill, and only the calls are timed (wall and CPU), not the making and
// removing of the folders. A call in the benchmark's own process collects
// as the program would (see Repeats).
func FirstRuns(b *testing.B, run func()) {
	caches := b.TempDir()
	i := 0
	runs(b, func() {
		i++
		b.Setenv(usercache.EnvVar, filepath.Join(caches, strconv.Itoa(i)))
	}, run, func() {
		os.RemoveAll(filepath.Join(caches, strconv.Itoa(i)))
	})
}

// Repeats times run, a check in the benchmark's own process, as the
// course program runs it. The program puts off its first collection until
// it holds 64 MiB (cmd/course/internal/startheap), which no check on this
// tree comes near, so a command never collects while it checks; a test
// process collects at Go's defaults, every few MiB, and would time
// collections that no user waits for. So each call runs with the
// collector off, and starts with the heap collected and its memory handed
// back to the system, untimed, so that it pays for fresh memory as the
// program's first use of its heap does.
func Repeats(b *testing.B, run func()) {
	runs(b, func() {}, run, func() {})
}

// runs times run b.N times, between before and after (untimed), with the
// collector as Repeats has it, and reports the calls' CPU time.
func runs(b *testing.B, before, run, after func()) {
	var cpu time.Duration
	b.ResetTimer()
	for b.Loop() {
		b.StopTimer()
		before()
		debug.FreeOSMemory()
		percent := debug.SetGCPercent(-1)
		start := CPUTime()
		b.StartTimer()
		run()
		b.StopTimer()
		cpu += CPUTime() - start
		debug.SetGCPercent(percent)
		after()
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// ReportCPU reports the processor time per operation since start as the
// metric cpu-ns/op.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(CPUTime()-start)/float64(b.N), "cpu-ns/op")
}

// GoSource is a plausible engine file of about 1.5 KB that names no card.
func GoSource(pkg string, i int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Package %s is part of the engine.\npackage %s\n\nimport \"sort\"\n\n", pkg, pkg)
	fmt.Fprintf(&sb, "// Queue%d orders pending triggers by order of play.\ntype Queue%d struct {\n\tentries []entry%d\n}\n\n", i, i, i)
	fmt.Fprintf(&sb, "type entry%d struct {\n\tsource uint32\n\torderOfPlay uint32\n\tpriority int\n}\n\n", i)
	fmt.Fprintf(&sb, "// Push adds a trigger.\nfunc (q *Queue%d) Push(source, order uint32, priority int) {\n\tq.entries = append(q.entries, entry%d{source, order, priority})\n}\n\n", i, i)
	fmt.Fprintf(&sb, "// Sorted returns the sources, highest priority first, then in order of play.\nfunc (q *Queue%d) Sorted() []uint32 {\n", i)
	sb.WriteString("\tsort.SliceStable(q.entries, func(a, b int) bool {\n\t\tif q.entries[a].priority != q.entries[b].priority {\n\t\t\treturn q.entries[a].priority > q.entries[b].priority\n\t\t}\n\t\treturn q.entries[a].orderOfPlay < q.entries[b].orderOfPlay\n\t})\n")
	sb.WriteString("\tout := make([]uint32, 0, len(q.entries))\n\tfor _, e := range q.entries {\n\t\tout = append(out, e.source)\n\t}\n\treturn out\n}\n")
	fmt.Fprintf(&sb, "\n// Describe says what the queue holds, for the log: %q.\nfunc (q *Queue%d) Describe() string { return \"a queue of triggers\" }\n", "queue", i)
	return sb.String()
}

// Main runs a package's tests and benchmarks with the checks' verdict cache
// in a folder of the run's own (unless COURSE_CACHE_DIR says otherwise), and
// removes that folder and the large tree afterwards: the TestMain of every
// package that checks real trees.
func Main(m *testing.M) {
	cache := ""
	if os.Getenv(usercache.EnvVar) == "" {
		cache, _ = os.MkdirTemp("", "course-cache")
		os.Setenv(usercache.EnvVar, cache)
	}
	code := m.Run()
	Remove()
	if cache != "" {
		os.RemoveAll(cache)
	}
	os.Exit(code)
}

// ReadGoFiles times the floor under a first run of a check that must judge
// the Go files under roots (slash paths in the tree): it lists the folders
// under them and reads each Go file with the checks' own reader (open,
// read, fstat, close, into a pooled buffer), a folder at a time to each of as many workers as the
// checks' walk has, and does nothing with what it read. Whatever a check
// does with the files, its first run costs at least this; git's answer,
// which the index spares reading any file, has no such floor. It reports
// files/s and MB/s beside the time, as Repeats runs it.
func ReadGoFiles(b *testing.B, roots ...string) {
	dir := Build(b)
	var dirs []string
	for _, root := range roots {
		err := filepath.WalkDir(filepath.Join(dir, filepath.FromSlash(root)), func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, p)
			}
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	var files, size atomic.Int64
	Repeats(b, func() {
		files.Store(0)
		size.Store(0)
		enginefiles.Each(len(dirs), 2*runtime.GOMAXPROCS(0), func(i int) {
			entries, err := os.ReadDir(dirs[i])
			if err != nil {
				b.Error(err)
				return
			}
			for _, e := range entries {
				if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") {
					continue
				}
				err := enginefiles.ReadPooled(filepath.Join(dirs[i], e.Name()), func(c *enginefiles.Content) {
					files.Add(1)
					size.Add(int64(len(c.Src)))
				})
				if err != nil {
					b.Error(err)
					return
				}
			}
		})
	})
	secs := b.Elapsed().Seconds() / float64(b.N)
	b.ReportMetric(float64(files.Load())/secs, "files/s")
	b.ReportMetric(float64(size.Load())/secs/1e6, "MB/s")
}
