package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/systemic-game-design/course/cmd/course/internal/gotest"
	"github.com/systemic-game-design/course/cmd/course/internal/scaffold"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/termsafe"
	"github.com/systemic-game-design/course/templates"
)

// InitOptions are the arguments of course init.
type InitOptions struct {
	Dir        string
	ModulePath string
	// WarmCache starts compiling the new workspace in the background, so
	// that the first check finds the build cache warm.
	WarmCache bool
	JSON      bool
}

// WarmCacheEnvVar set to 0 (or false) makes --warm-cache default to false.
const WarmCacheEnvVar = "COURSE_WARM_CACHE"

// warmCommand is what init runs in the new workspace, in the background:
// it compiles the harness, the standard library and testify, and runs no
// test.
var warmCommand = []string{"go", "test", "-run", "^$", "./..."}

func newInitCmd(env *Env, runF func(*InitOptions) error) *cobra.Command {
	opts := &InitOptions{}
	cmd := &cobra.Command{
		Use:   "init DIR",
		Short: "Make a new workspace from the template, under git",
		Long: `init makes a learner workspace in DIR: a Go module with the harness stubbed
(every function panics "not implemented" until its module), empty engine/ and
content/ folders, cards/, tests/, a README and .course.json. It runs git init
and makes a first commit (no git program needed). DIR must not exist, or be
empty.

It then starts compiling the new workspace in the background
(go test -run '^$' ./... in DIR, in a session of its own, its output
discarded), so that your first course check does not wait for the standard
library and testify to compile. init does not wait for it; --warm-cache=false
(or COURSE_WARM_CACHE=0) leaves it out.

--json prints one JSON document (course/schema/output/init.schema.json).`,
		Example: `  course init ~/my-engine
  course init ~/my-engine --module-path github.com/me/my-engine`,
		Args: args("DIR"),
		RunE: func(cmd *cobra.Command, a []string) error {
			opts.Dir = a[0]
			if runF != nil {
				return runF(opts)
			}
			return RunInit(cmd.Context(), env, opts)
		},
	}
	cmd.Flags().StringVar(&opts.ModulePath, "module-path", templates.DefaultModulePath, "Go module path")
	cmd.Flags().BoolVar(&opts.WarmCache, "warm-cache", warmCacheDefault(), "precompile for a fast first check")
	jsonFlag(cmd, &opts.JSON, "init")
	return cmd
}

func warmCacheDefault() bool {
	switch strings.ToLower(os.Getenv(WarmCacheEnvVar)) {
	case "0", "false", "no", "off":
		return false
	}
	return true
}

// InitReport is init's --json document (course/schema/output/init.schema.json).
type InitReport struct {
	SchemaVersion int    `json:"schemaVersion"`
	Workspace     string `json:"workspace"`
	ModulePath    string `json:"modulePath"`
	Commit        string `json:"commit"`
	// WarmCache says whether compiling started in the background, and why
	// not when it did not.
	WarmCache WarmCache `json:"warmCache"`
	Next      string    `json:"next"`
}

// WarmCache is the background compilation init started.
type WarmCache struct {
	Started bool   `json:"started"`
	Command string `json:"command"`
	PID     int    `json:"pid,omitempty"`
	Why     string `json:"why,omitempty"` // why it did not start
}

// RunInit makes the workspace.
func RunInit(_ context.Context, env *Env, opts *InitOptions) error {
	if outer, what, linked := enclosingWorkspace(opts.Dir); outer != "" {
		is := "is"
		if linked {
			is = "leads, through a symbolic link,"
		}
		return usagef("course init: %s %s inside %s %s, and a workspace there would be a second module and git repository within it; make the new one outside that folder",
			opts.Dir, is, what, outer)
	}
	hash, err := scaffold.Init(opts.Dir, opts.ModulePath)
	if err != nil {
		return err
	}
	r := InitReport{SchemaVersion: 1, Workspace: opts.Dir, ModulePath: opts.ModulePath, Commit: hash,
		WarmCache: WarmCache{Command: strings.Join(warmCommand[:3], " ") + " '" + warmCommand[3] + "' " + warmCommand[4]},
		Next:      "course start-module 00 " + shellarg.Quote(opts.Dir)}
	if opts.WarmCache {
		pid, err := startWarmCache(opts.Dir)
		if err != nil {
			r.WarmCache.Why = err.Error()
		} else {
			r.WarmCache.Started, r.WarmCache.PID = true, pid
		}
	} else {
		r.WarmCache.Why = "not asked for (--warm-cache=false)"
	}
	if opts.JSON {
		return writeJSON(env.Stdout, r)
	}
	st := env.Term.styles()
	env.sayf("init: ", "%s %s (module %s), first commit %s", st.pass.Render("workspace"), termsafe.String(opts.Dir), opts.ModulePath, shortHash(hash))
	if r.WarmCache.Started {
		env.sayf("init: ", "%s", st.dim.Render(fmt.Sprintf("compiling the workspace in the background (%s), so your first check starts warm", r.WarmCache.Command)))
	} else if opts.WarmCache {
		env.sayf("init: ", "%s; your first check compiles instead", st.warn.Render(fmt.Sprintf("could not compile in the background (%s)", r.WarmCache.Why)))
	}
	env.sayf(st.pass.Render("next:")+" ", "%s", termsafe.String(r.Next))
	return nil
}

// enclosingWorkspace is the workspace or course repository dir would be
// made inside, found as every command finds one, and which it is; "" for
// none. A learner who runs init again from inside their workspace, or in
// the clone of the course they installed course from, means a folder of
// its own.
func enclosingWorkspace(dir string) (outer, what string, linked bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", false // init says what is wrong with dir
	}
	// Where it leads too: a link (dir, or a folder on its way) to an
	// empty folder inside a workspace would put the new one there.
	outer, err = workspace.Find(filepath.Dir(abs))
	if real, rerr := workspace.Resolve(abs); err != nil && rerr == nil && real != abs {
		outer, err = workspace.Find(filepath.Dir(real))
		linked = true
	}
	if err != nil {
		return "", "", false
	}
	if ws, err := workspace.Open(outer); err == nil && ws.Kind == workspace.Repository {
		return outer, "the course repository", linked
	}
	return outer, "the workspace", linked
}

// startWarmCache starts warmCommand in dir, detached: in a session of its
// own (so the terminal's Ctrl-C and hang-up do not reach it), with no input
// and its output discarded. It returns at once with the process's id.
func startWarmCache(dir string) (int, error) {
	path, err := gotest.GoCommand()
	if err != nil {
		return 0, err
	}
	cmd := exec.Command(path, warmCommand[1:]...)
	cmd.Dir = dir
	detach(cmd)
	if err := cmd.Start(); err != nil {
		return 0, fmt.Errorf("starting %s: %w", warmCommand[0], err)
	}
	pid := cmd.Process.Pid
	// Reap it when it ends, without making init wait for it.
	go func() { _ = cmd.Wait() }()
	return pid, nil
}
