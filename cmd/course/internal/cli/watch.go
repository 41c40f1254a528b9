package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/checker"
	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/modules"
)

// WatchOptions are the arguments of course watch.
type WatchOptions struct {
	Workspace string        // "" for the one the current folder is in
	Module    string        // as check --module
	Debounce  time.Duration // how long the files must be quiet before a run (0: none)
	Timeout   time.Duration // as check --timeout: above 0
	// runs, when more than 0, ends the watch after that many checks (for
	// tests).
	runs int
}

func newWatchCmd(env *Env, runF func(*WatchOptions) error) *cobra.Command {
	opts := &WatchOptions{}
	cmd := &cobra.Command{
		Use:   "watch [WORKSPACE]",
		Short: "Run check now and after every save of a Go, card or level file",
		Long: `watch runs course check on the workspace (WORKSPACE, or the one the current
folder is in), then again each time you save one of its Go files, card or
level files, go.mod, go.work, .gitignore or .course.json: it waits until the
files are quiet for --debounce, so an editor's save (often a write to a new
file and a rename) is one run. A change counts only when those files differ
from what they were when the last run began: a save that leaves a file as it
was runs nothing, and a file the tests themselves write the same on every run
(the engine's last board as JSON, say) runs check once more, not for ever. On a
terminal it clears the screen before each run and shows how far the tests are
while they run; through a pipe it prints one block per run. A save while a
check runs stops it and starts the next at once, so an endless loop need not
run out its --timeout. A check that cannot run for a reason a save can mend
(a .course.json that does not parse) is said, and watch waits; one that no
save mends (a --module not started, no go command) ends it, with check's
message and status 2. Ctrl-C ends it (status 130).`,
		Example: `  course watch
  course watch ~/my-engine --module 03`,
		Args:              workspaceNotModule(optionalArgs("[WORKSPACE]")),
		ValidArgsFunction: dirsOnly,
		RunE: func(cmd *cobra.Command, a []string) error {
			if len(a) == 1 {
				opts.Workspace = a[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return RunWatch(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.Module, "module", "", "check modules up to NN only")
	cmd.Flags().DurationVar(&opts.Debounce, "debounce", 300*time.Millisecond, "wait this long after the last save")
	timeoutFlag(cmd, &opts.Timeout)
	return cmd
}

// watched reports whether a change to the file can change what check says.
func watched(name string) bool {
	base := filepath.Base(name)
	switch base {
	case workspace.ConfigFile:
		return true // engineDirs and contentDirs: what the audit and validate read
	case ".gitignore":
		return true // which files of the engine folders the audit reads
	}
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false // editors' swap and backup files
	}
	// go.work: the modules the audit refuses an import of, as the go
	// command would take them from a folder.
	return strings.HasSuffix(base, ".go") || strings.HasSuffix(base, ".json") || base == "go.mod" || base == "go.sum" || base == "go.work"
}

// skipDir is a folder whose files never change a check.
func skipDir(rel string) bool {
	return rel == ".git" || rel == ".course" || strings.HasPrefix(filepath.Base(rel), ".") && rel != "."
}

// validate refuses options the watch would not take: dev check holds the
// command lines lessons show to it too.
func (o *WatchOptions) validate() error {
	if o.Debounce < 0 {
		return usagef("course watch: --debounce %s is below zero; give how long the files must be quiet before a run, e.g. --debounce 300ms (0 runs at the first save)", o.Debounce)
	}
	if err := checkTimeout("course watch", o.Timeout); err != nil {
		return err
	}
	if o.Module != "" {
		if _, err := modules.Lookup(o.Module); err != nil {
			return usagef("course watch: %v", err)
		}
	}
	return nil
}

// RunWatch checks the workspace, then again after each change, until the
// context ends.
func RunWatch(ctx context.Context, env *Env, opts *WatchOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	dir := opts.Workspace
	if dir == "" {
		found, err := findWorkspace("")
		if err != nil {
			return err
		}
		dir = found
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if st, err := os.Stat(filepath.Join(abs, ".course.json")); err != nil || !st.Mode().IsRegular() {
		return usagef("course watch: %s is not a course workspace (no .course.json); give the workspace's folder, or cd into it", dir)
	}
	// The tree is the folder a link to it leads to (~/engine, a link to
	// where the code is, or the current folder entered through one): the
	// walks do not follow a link, and watched no folder of it.
	root := abs
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		root = real
	}
	fw, err := newWatcher()
	if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
		return &watchLimitError{err: err}
	}
	if err != nil {
		return fmt.Errorf("course watch: watching files: %w", err)
	}
	defer fw.Close()
	w := &watchedTree{w: fw, root: root, dirs: map[string]bool{}}
	if _, err := w.add(root); err != nil {
		return err
	}
	// Every argument is judged before the first run, as check judges its
	// own: a watch that took a slip for a default, or said the same
	// complaint after every save, would never end with status 2.
	if err := opts.validate(); err != nil {
		return err
	}
	// One wait for a change at a time, across the runs: a save during a run
	// stops the run (and is the change the next run answers), a save after
	// it starts the next.
	var changed chan error
	waitCtx, stopWaiting := context.WithCancel(ctx)
	defer func() {
		// The wait ends before the watcher closes (deferred above).
		stopWaiting()
		if changed != nil {
			<-changed
		}
	}()
	wait := func() {
		if changed == nil {
			changed = make(chan error, 1)
			go func() { changed <- w.waitForChange(waitCtx, opts.Debounce) }()
		}
	}
	// A change counts when the watched files differ from what they were
	// as the last run began: the tests run the learner's code, which may
	// write a watched file (the last board as JSON) on every run, and that
	// ran check again for ever. The first such write still counts, as
	// would a save of the learner's while the run ran. A write that
	// differs every run (a time, a count) stops every run: a file whose
	// change stopped each of the last stopsToSuspect runs, alone, is taken
	// for the tests' own (written), and its changes while a run runs no
	// longer stop it; the run's end takes them in. A Go file never is.
	before := w.snapshot() // the watched files as the next run begins
	var stops [][]string   // the files whose change stopped each run in a row, the latest last
	written := map[string]bool{}
	for run := 1; ; run++ {
		if env.Term.IsTerminal {
			fmt.Fprint(env.Stdout, "\x1b[H\x1b[2J")
		}
		fmt.Fprintf(env.Stdout, "course watch: check %d at %s\n", run, time.Now().Format("15:04:05"))
		runCtx, stopRun := context.WithCancelCause(ctx)
		done := make(chan error, 1)
		go func() {
			done <- RunCheck(runCtx, env, &CheckOptions{Workspace: dir, Module: opts.Module, Timeout: opts.Timeout})
		}()
		var err error
		saved := false
		var ranOn []string // the written files that changed while the run ran on
		for ended := false; !ended && !saved; {
			wait()
			select {
			case err = <-done:
				ended = true
			case werr := <-changed:
				changed = nil
				diff := changedFiles(before, w.snapshot())
				if werr == nil && len(diff) == 0 {
					continue
				}
				if werr == nil && allIn(diff, written) {
					ranOn = diff
					continue
				}
				saved = true
				stopRun(errSaved)
				<-done
				if werr != nil {
					stopRun(nil)
					return werr
				}
				stops = append(stops, diff)
			}
		}
		stopRun(nil)
		if !saved {
			stops = nil
		} else if f := sameStops(stops, stopsToSuspect); len(f) > 0 {
			for _, name := range f {
				written[name] = true
			}
			env.sayf("course watch: ", "%s changed while each of the last %d checks ran; a test seems to write it, so its changes no longer stop a check (a save of it while none runs still starts one)", strings.Join(f, ", "), stopsToSuspect)
			stops = nil
		}
		if len(ranOn) > 0 && !saved {
			// Taken in: what the tests wrote is no change to run again
			// for. Only those files: a save of another as the run ended
			// still starts the next.
			now := w.snapshot()
			for name := range written {
				if h, ok := now[name]; ok {
					before[name] = h
				} else {
					delete(before, name)
				}
			}
			env.progressDone()
			env.sayf("course watch: ", "%s changed while check %d ran, as a test writes it, and the check ran on", strings.Join(ranOn, ", "), run)
		}
		if saved {
			before = w.snapshot() // the stopped run may have written as it ended
			env.progressDone()
			env.sayf("course watch: ", "a file changed while check %d ran; it stopped, and the next starts now", run)
			fmt.Fprintln(env.Stdout)
			if opts.runs > 0 && run >= opts.runs {
				return nil
			}
			continue
		}
		if ctx.Err() != nil {
			return stopped(ctx)
		}
		var finding *FindingError
		if err != nil && !errors.As(err, &finding) {
			if _, serr := os.Lstat(filepath.Join(abs, ".course.json")); errors.Is(serr, fs.ErrNotExist) {
				// Moved or deleted: no save will mend that.
				return usagef("course watch: %s has no .course.json any more (the workspace was moved or deleted); run course watch in the workspace's folder", dir)
			}
			if !mendedBySave(err) {
				// Said after every save, it would never end: said once,
				// as check says it, with check's status.
				return err
			}
			// The workspace cannot be checked as it is (a file that does not
			// parse, a bad .course.json): say so and wait for the mend.
			fmt.Fprintln(env.Stdout, MessageOf("course watch", err))
		}
		fmt.Fprintf(env.Stdout, "course watch: waiting for a change (Ctrl-C ends it)\n\n")
		if opts.runs > 0 && run >= opts.runs {
			return nil
		}
		for {
			wait()
			werr := <-changed
			changed = nil
			if werr != nil {
				return werr
			}
			if now := w.snapshot(); !maps.Equal(before, now) {
				before = now
				break
			}
		}
	}
}

// mendedBySave reports whether a save in the workspace can mend the
// error a check ended with, so that watch waits for one: not a module
// that is not started (start-module mends it, and --module is watch's
// own argument), a go command missing or unable to use its caches, or a
// COURSE_CONTENT copy that does not load.
func mendedBySave(err error) bool {
	var check *checker.Error
	var goEnv *gotest.EnvironmentError
	var content *contentError
	switch {
	case errors.As(err, &check):
		return !check.NotStarted
	case errors.As(err, &goEnv):
		return goEnv.ByGoMod
	case errors.As(err, &content):
		return false
	}
	return true
}

// stopsToSuspect is how many runs in a row a file's change alone must
// stop before watch takes it for the tests' own write: a learner's saves
// of one file during three checks in a row, and nothing else, are rare;
// a test's write is every run's.
const stopsToSuspect = 3

// snapshot is a hash of each watched file under the tree's root, by its
// slash path: what a run's check can depend on. A file that cannot be
// read is the error, so that it differs from any content; a folder that
// cannot be read is one entry of its own.
func (t *watchedTree) snapshot() map[string]string {
	files := map[string]string{}
	_ = filepath.WalkDir(t.root, func(p string, d fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(t.root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case err != nil:
			files[rel] = "E " + err.Error()
			return nil
		case d.IsDir() && skipDir(rel):
			return filepath.SkipDir
		case d.IsDir() || !watched(p):
			return nil
		}
		raw, err := regularfile.ReadFile(p)
		if err != nil {
			files[rel] = "E " + err.Error()
			return nil
		}
		sum := sha256.Sum256(raw)
		files[rel] = hex.EncodeToString(sum[:])
		return nil
	})
	return files
}

// changedFiles is the watched files that differ between two snapshots
// (added, removed or changed), sorted.
func changedFiles(before, now map[string]string) []string {
	var out []string
	for name, h := range now {
		if before[name] != h {
			out = append(out, name)
		}
	}
	for name := range before {
		if _, ok := now[name]; !ok {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// allIn reports whether every one of files is in set.
func allIn(files []string, set map[string]bool) bool {
	for _, f := range files {
		if !set[f] {
			return false
		}
	}
	return true
}

// sameStops is the files, none of them Go, whose change alone stopped
// each of the last n runs (stops holds each stop's changed files, the
// latest last); none when the last n stops were not all the same set.
func sameStops(stops [][]string, n int) []string {
	if len(stops) < n {
		return nil
	}
	last := stops[len(stops)-1]
	for _, s := range stops[len(stops)-n:] {
		if !slices.Equal(s, last) {
			return nil
		}
	}
	for _, f := range last {
		if strings.HasSuffix(f, ".go") {
			return nil
		}
	}
	return last
}

// errSaved is why watch stops a check that is running: a file was saved.
var errSaved = errors.New("a file was saved while the check ran")

// stopped is the error of a watch that its context ended: the signal's,
// when a signal ended it.
func stopped(ctx context.Context) error {
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		return cause
	}
	return &SignalError{Signal: os.Interrupt}
}

// watchedTree is the workspace's folders as the watch sees them: every one
// but git's, the tool's and other dot folders, each watched.
type watchedTree struct {
	w    *fsnotify.Watcher
	root string
	dirs map[string]bool // the folders watched
	// watch watches a folder: w.Add, unless a test says otherwise.
	watch func(string) error
}

// newWatcher is fsnotify.NewWatcher, which a test can make fail.
var newWatcher = fsnotify.NewWatcher

// watchLimitError is a limit of the system's that watching files reached:
// on folders watched at once (inotify's watches) for the folder path, or,
// with no path, on watchers (inotify's instances) or open files, which
// the watcher could not be made under. The user's to raise, or to make
// room under, not a fault of course's.
type watchLimitError struct {
	path string
	err  error
}

func (e *watchLimitError) Error() string {
	if e.path == "" {
		raise := "ulimit -n, for open files"
		if runtime.GOOS == "linux" {
			raise = "sudo sysctl fs.inotify.max_user_instances=1024, or ulimit -n for open files"
		}
		return fmt.Sprintf("course watch: watching files: the system's limit on file watchers, or on open files, is reached (%v); end a program that watches many files (an editor's or a build tool's file watcher), or raise the limit (%s), and run course watch again", e.err, raise)
	}
	return fmt.Sprintf("course watch: watching %s: the system's limit on folders watched at once is reached (%v); raise it (sudo sysctl fs.inotify.max_user_watches=524288), or end a program that watches many folders (an editor's or a build tool's file watcher), and run course watch again", e.path, e.err)
}

func (e *watchLimitError) Unwrap() error { return e.err }

// UserError marks the error as the user's to mend.
func (e *watchLimitError) UserError() bool { return true }

// add watches dir and every folder under it that is not skipped, and says
// whether they hold a file whose change can change what check says.
func (t *watchedTree) add(dir string) (holdsWatched bool, err error) {
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() {
			holdsWatched = holdsWatched || watched(p)
			return nil
		}
		rel, _ := filepath.Rel(t.root, p)
		if skipDir(rel) {
			return filepath.SkipDir
		}
		watch := t.w.Add
		if t.watch != nil {
			watch = t.watch
		}
		if err := watch(p); err != nil {
			if errors.Is(err, syscall.ENOSPC) {
				// Not a full disk, as ENOSPC reads: the system's limit
				// on folders watched at once, which the user may raise.
				return &watchLimitError{path: p, err: err}
			}
			return fmt.Errorf("course watch: watching %s: %w", p, err)
		}
		t.dirs[p] = true
		return nil
	})
	return holdsWatched, err
}

// waitForChange returns once a watched file changed and the files have been
// quiet for debounce. A new folder is watched from then on; a folder moved
// in with watched files in it, or a watched folder removed or moved away,
// is a change too, since its files send no events of their own, and so is
// an overflow of the kernel's queue of events, after which every folder is
// watched afresh. A workspace that went is watched again once it stands
// where it was.
func (t *watchedTree) waitForChange(ctx context.Context, debounce time.Duration) error {
	if err := t.rewatch(); err != nil {
		return err
	}
	var quiet <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return stopped(ctx)
		case err := <-t.w.Errors:
			if !errors.Is(err, fsnotify.ErrEventOverflow) {
				return fmt.Errorf("course watch: %w", err)
			}
			// The kernel's queue of events filled (a burst of thousands
			// of files, a watch suspended with Ctrl-Z meanwhile) and
			// the events past it are lost: a folder made then goes
			// unwatched, a save unseen. The tree is watched afresh and
			// counts as changed, and the digest says whether it did.
			clear(t.dirs)
			if _, err := t.add(t.root); err != nil {
				return err
			}
			quiet = time.After(debounce)
		case ev := <-t.w.Events:
			rel, _ := filepath.Rel(t.root, ev.Name)
			changed := false
			switch {
			case skipDir(filepath.Dir(rel)):
			case ev.Has(fsnotify.Create) && isDir(ev.Name):
				if skipDir(rel) {
					continue
				}
				holds, err := t.add(ev.Name)
				if err != nil {
					return err
				}
				changed = holds
			case ev.Name == t.root && (ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename)):
				// The folders under it are still watched where they
				// went, and their saves would read as the workspace's.
				for d := range t.dirs {
					_ = t.w.Remove(d) // gone with it, or watched no more
				}
				clear(t.dirs)
				if err := t.rewatch(); err != nil {
					return err
				}
				changed = true
			case ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename):
				changed = watched(ev.Name) || t.forget(ev.Name)
			default:
				changed = watched(ev.Name) && ev.Op != fsnotify.Chmod
			}
			if changed {
				quiet = time.After(debounce)
			}
		case <-quiet:
			return nil
		}
	}
}

// rewatch watches the workspace again when it went (moved away, or
// deleted) and stands again where it was: a copy put back, a fresh clone.
// Unwatched, its saves would run nothing, and the watch wait for ever. One
// that stands there only later is watched at the next wait.
func (t *watchedTree) rewatch() error {
	if t.dirs[t.root] || !isDir(t.root) {
		return nil
	}
	_, err := t.add(t.root)
	return err
}

// forget drops a folder that went away, and those under it, and says
// whether it was one the watch watched.
func (t *watchedTree) forget(dir string) bool {
	if !t.dirs[dir] {
		return false
	}
	for d := range t.dirs {
		if d == dir || strings.HasPrefix(d, dir+string(filepath.Separator)) {
			delete(t.dirs, d)
		}
	}
	return true
}
