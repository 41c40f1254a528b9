package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
)

// WatchOptions are the arguments of course watch.
type WatchOptions struct {
	Workspace string        // "" for the one the current folder is in
	Module    string        // as check --module
	Debounce  time.Duration // how long the files must be quiet before a run
	// runs, when more than 0, ends the watch after that many checks (for
	// tests).
	runs int
}

func newWatchCmd(env *Env, runF func(*WatchOptions) error) *cobra.Command {
	opts := &WatchOptions{}
	cmd := &cobra.Command{
		Use:   "watch [WORKSPACE]",
		Short: "Run check now and again after every save of a Go, card or level file",
		Long: `watch runs course check on the workspace (WORKSPACE, or the one the current
folder is in), then again each time you save one of its Go files, card or
level files, go.mod or .course.json: it waits until the files are quiet for
--debounce, so an editor's save (often a write to a new file and a rename)
is one run. On a terminal it clears the screen before each run and shows how
far the tests are while they run; through a pipe it prints one block per
run. Ctrl-C ends it (status 130).`,
		Example: `  course watch
  course watch ~/my-engine --module 03`,
		Args:              optionalArgs("[WORKSPACE]"),
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
	cmd.Flags().DurationVar(&opts.Debounce, "debounce", 300*time.Millisecond, "how long the files must be quiet before a run")
	return cmd
}

// watched reports whether a change to the file can change what check says.
func watched(name string) bool {
	base := filepath.Base(name)
	if base == workspace.ConfigFile {
		return true // engineDirs and contentDirs: what the audit and validate read
	}
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
		return false // editors' swap and backup files
	}
	return strings.HasSuffix(base, ".go") || strings.HasSuffix(base, ".json") || base == "go.mod" || base == "go.sum"
}

// skipDir is a folder whose files never change a check.
func skipDir(rel string) bool {
	return rel == ".git" || rel == ".course" || strings.HasPrefix(filepath.Base(rel), ".") && rel != "."
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
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return fmt.Errorf("course watch: watching files: %w", err)
	}
	defer fw.Close()
	w := &watchedTree{w: fw, root: abs, dirs: map[string]bool{}}
	if _, err := w.add(abs); err != nil {
		return err
	}
	if opts.Debounce <= 0 {
		opts.Debounce = 300 * time.Millisecond
	}
	for run := 1; ; run++ {
		if env.Term.IsTerminal {
			fmt.Fprint(env.Stdout, "\x1b[H\x1b[2J")
		}
		fmt.Fprintf(env.Stdout, "course watch: check %d at %s\n", run, time.Now().Format("15:04:05"))
		err := RunCheck(ctx, env, &CheckOptions{Workspace: abs, Module: opts.Module, Timeout: time.Minute})
		if ctx.Err() != nil {
			return stopped(ctx)
		}
		var finding *FindingError
		if err != nil && !errors.As(err, &finding) {
			// The workspace cannot be checked as it is (a file that does not
			// parse, a bad .course.json): say so and wait for the mend.
			fmt.Fprintln(env.Stdout, Message(err))
		}
		fmt.Fprintf(env.Stdout, "course watch: waiting for a change (Ctrl-C ends it)\n\n")
		if opts.runs > 0 && run >= opts.runs {
			return nil
		}
		if err := w.waitForChange(ctx, opts.Debounce); err != nil {
			return err
		}
	}
}

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
}

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
		if err := t.w.Add(p); err != nil {
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
// is a change too, since its files send no events of their own.
func (t *watchedTree) waitForChange(ctx context.Context, debounce time.Duration) error {
	var quiet <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return stopped(ctx)
		case err := <-t.w.Errors:
			return fmt.Errorf("course watch: %w", err)
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
