// Package sandbox runs a learner's test binary so that it can read what
// the user can, save the folders it is told to hide (course's own cache,
// where the key that signs a check's result is kept), but write only
// beneath the folders it is given (its workspace, the run's temporary
// folder) and to /dev/null, open no socket
// (so what it reads does not leave over the network or through a local
// daemon's socket), and,
// where the kernel scopes them, signal no process and reach no abstract
// unix socket outside its own confinement. On Linux that is a Landlock domain; where
// Landlock is missing (another system, an old or unconfigured kernel, a
// seccomp filter that refuses its calls) Available says why, and the
// tests run as before.
//
// The domain is put on a thread of course's own that does nothing but
// start the test binary: a child takes its parent thread's credentials,
// the domain among them, so the binary is confined from its first
// instruction, and course's other threads never are. That thread is
// locked, is never the main thread, and ends as soon as the binary has
// started, so no other goroutine runs on it and the runtime starts no
// thread from it. The binary is started as before (its arguments,
// environment, files past stderr, process group and session), so what
// check hands it and how it ends it do not change, and no program runs in
// between: re-executing course to confine itself first would cost its
// package initialization, about a tenth of a second, for every run of a
// test binary.
//
// What that leaves: while the thread lives, from the binary's exec to the
// thread's end (microseconds, unless the system holds the thread back),
// the binary shares its domain and may signal or ptrace that thread, and
// so course. Go 1.28's SysProcAttr.LandlockFD confines the child itself,
// between fork and exec, and closes that.
package sandbox

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/systemic-game-design/course/internal/subpath"
	"github.com/systemic-game-design/course/internal/usercache"
)

// ErrUnavailable is wrapped by Available's error: the tests cannot be
// confined here.
var ErrUnavailable = errors.New("the tests cannot be confined here")

// Policy confines the processes it starts to writing beneath its folders.
// Its methods may be called from several goroutines at once.
type Policy struct {
	policy
}

// New is a policy under which a process may write beneath each of
// writable (folders that exist) and to /dev/null, and nowhere else. Where
// Available says no it returns that error; Close it once done.
func New(writable ...string) (*Policy, error) { return NewHiding(nil, writable...) }

// NewHiding is New, and the process may read no file beneath any of
// hidden, though it may list those folders (see Hidable for which folders
// can be hidden; those that do not exist are not). Files beneath a
// writable folder stay readable wherever it is.
func NewHiding(hidden []string, writable ...string) (*Policy, error) {
	p, err := newPolicy(writable, hidden)
	if err != nil {
		return nil, err
	}
	return &Policy{p}, nil
}

// Hidable reports whether a process can be kept from reading beneath
// folder while it still reads what it needs: folder is an absolute path,
// not the root, and holds none of needed (the test binary's folder, the
// Go installation, the user's home folder).
func Hidable(folder string, needed ...string) bool {
	// Where they are, links followed: that is where the rules are made.
	real := func(p string) string {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return r
		}
		return filepath.Clean(p)
	}
	folder = real(folder)
	if !filepath.IsAbs(folder) || filepath.Dir(folder) == folder {
		return false // relative, or a root
	}
	for _, n := range needed {
		if n != "" && subpath.In(folder, real(n)) {
			return false
		}
	}
	return true
}

// CacheToHide is course's cache folder (usercache.Dir), as the folders
// NewHiding is to hide, when Hidable says a process can do without it
// beside needed and the user's home folder; none otherwise.
func CacheToHide(needed ...string) []string {
	c := usercache.Dir()
	home, _ := os.UserHomeDir()
	if c == "" || !Hidable(c, append(needed, home)...) {
		return nil
	}
	return []string{c}
}

// Start starts cmd confined; wait for it with cmd.Wait, as for any. A nil
// policy (no confinement asked for, or none to be had) starts it as
// exec.Cmd.Start does.
func (p *Policy) Start(cmd *exec.Cmd) error {
	if p == nil {
		return cmd.Start()
	}
	return p.start(cmd)
}

// Close lets go of what the policy holds; processes it started stay
// confined.
func (p *Policy) Close() error { return p.close() }
