package gotest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// newerGo is the go command's word for a go.mod (the workspace's, or
// check's copy of it) that asks for a newer Go than itself.
var newerGo = regexp.MustCompile(`requires go >= (\S+) \(running go (\S+?)[;)]`)

// goLine is a Go version as a go.mod's go line gives it: "1.26" of
// "1.26.8".
func goLine(version string) string {
	if parts := strings.SplitN(version, ".", 3); len(parts) == 3 {
		return parts[0] + "." + parts[1]
	}
	return version
}

// testMainDecl is a TestMain's declaration at the start of a line.
var testMainDecl = regexp.MustCompile(`(?m)^func\s+TestMain\s*\(`)

// declaringTestMain is the test files of p's folder (as the module names
// them) that declare a TestMain of their own, for a message.
func declaringTestMain(module string, p Package) []string {
	names, _ := GlobIn(p.Dir, "*_test.go")
	var out []string
	for _, n := range names {
		if _, replaced := p.Replace[n]; replaced {
			continue
		}
		src, err := regularfile.ReadFile(n)
		if err != nil || !testMainDecl.Match(src) {
			continue
		}
		if rel, err := filepath.Rel(module, n); err == nil && filepath.IsLocal(rel) {
			n = filepath.ToSlash(rel)
		}
		out = append(out, n)
	}
	return out
}

// overlaidNames is a compiler's complaint with the files the build took
// from check's folder named as the workspace's files they stand for (the
// compiler names a temporary file nobody can open, by its absolute path or
// its path from the module). A line about check's
// own TestMain goes when there are others, since its errors then follow
// from theirs (a test declared twice is a key twice in its list). When
// the complaint names a course test file's copy, a last line says what
// that copy is: a learner who renamed or copied the course's file sees
// their tests "redeclared" against a file no longer in tests/.
func (r *runner) overlaidNames(msg string, p Package, sources map[string]string) string {
	if len(sources) == 0 {
		return msg
	}
	rel := func(target string) string {
		if name, err := filepath.Rel(r.o.Module, target); err == nil && filepath.IsLocal(name) {
			return filepath.ToSlash(name)
		}
		return target
	}
	pairs := make([]string, 0, 2*len(sources))
	verdict := ""
	for target, src := range sources {
		if _, copied := p.Replace[target]; !copied {
			verdict = rel(target)
		}
		// The go command names a file by its path from the module when
		// that is shorter, as it may be for check's folder.
		pairs = append(pairs, src, rel(target))
		if short, err := filepath.Rel(r.o.Module, src); err == nil {
			pairs = append(pairs, short, rel(target))
		}
	}
	msg = strings.NewReplacer(pairs...).Replace(msg)
	lines := strings.Split(msg, "\n")
	if verdict != "" {
		var kept []string
		others := false
		for _, l := range lines {
			if !strings.Contains(l, verdict+":") {
				kept = append(kept, l)
				others = others || strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#")
			}
		}
		if others {
			lines = kept
		}
	}
	var copies []string
	for target := range p.Replace {
		if name := rel(target); strings.Contains(msg, name+":") {
			copies = append(copies, name)
		}
	}
	sort.Strings(copies)
	msg = strings.Join(lines, "\n")
	switch {
	case len(copies) == 0:
	case strings.Contains(msg, " redeclared"):
		msg += fmt.Sprintf("\n(%s: the course's own copy, which check builds in place of any file of that name; a function of yours with a name it declares clashes with it: rename yours)", strings.Join(copies, ", "))
	case moduleProblem.MatchString(msg):
		// The go command cannot find a module the test imports (testify,
		// rapid) as go.mod and go.sum name it: a hand-edited require line
		// is the cause, not the harness.
		msg += "\n(go.mod or go.sum does not vouch for a module the tests import: put back the require lines `course init` wrote, or run `go mod tidy` in the workspace)"
	default:
		// Most often the harness does not offer what the test calls:
		// the mend is in the harness, and deleting the test file would
		// only take the module out of the check.
		msg += fmt.Sprintf("\n(%s: the course's own copy, which check builds in place of any file of that name; it calls the harness as the contract says: give the harness what it calls, with the parameters it passes, and leave the test file as the course made it)", strings.Join(copies, ", "))
	}
	return msg
}

// moduleProblem is the go command's word for an import that go.mod and
// go.sum do not provide.
var moduleProblem = regexp.MustCompile(`missing go\.sum entry|no required module provides package|updates to go\.mod needed`)

// envProblem is the go command's word for a module it cannot fetch.
var envProblem = regexp.MustCompile(`(module lookup disabled by GOPROXY=off|GOPROXY=off|dial tcp|no such host|proxyconnect|TLS handshake timeout).*`)

// cacheProblem is the go command's word for a module or build cache it
// cannot use: a user of its own, as a class is best checked under, may
// not write where GOMODCACHE or GOCACHE leads. It starts a line, as a
// compiler's complaint (which names a file first) never does, so that
// an import path a learner spells so does not pass for it.
var cacheProblem = regexp.MustCompile(`(?m)^(go: )?(could not create module cache|module cache not found|failed to initialize build cache|build cache is required).*`)

// settingsProblem is the go command refusing its own settings, from the
// environment or `go env -w`, before it reads a file of the workspace:
// GOFLAGS it cannot parse, an unknown GOEXPERIMENT, a GOTOOLCHAIN or
// GOPATH it cannot use, a Go installation without its tools (a GOROOT
// that leads nowhere). It starts a line, as cacheProblem does.
var settingsProblem = regexp.MustCompile(`(?m)^go: (parsing \$GOFLAGS: |unknown GOEXPERIMENT |invalid GOTOOLCHAIN |GOPATH entry is relative|no such tool |cannot find GOROOT).*`)

// diskProblem is the compiler, the linker or the go command failing to
// write what it made: a full disk, or the user's quota spent. It ends a
// line, as the system's word does (go build's "write ...: no space left on
// device"); a Go import path, which a compile error quotes, has no space.
var diskProblem = regexp.MustCompile(`(?m)(no space left on device|disk quota exceeded)$`)

// killedTool is one of Go's tools (the compiler, the linker, the
// assembler, cgo) ended by a signal before it wrote a word, most often by
// the kernel for want of memory. The go command writes it as a line of its
// own, "<package>: <the tool's path>: signal: <name>"; a compile error,
// whose position ends in a line number, never ends so.
var killedTool = regexp.MustCompile(`(?m)^\S+: (\S*[/\\])?(compile|link|asm|cgo)(\.exe)?: signal: [a-z ]+$`)

// toolOutOfMemory is a tool's Go runtime giving up for want of memory,
// which it says on a line of its own, as no compile error (a position
// first) can.
var toolOutOfMemory = regexp.MustCompile(`(?m)^fatal error: (runtime: )?out of memory$`)

// memoryMend is what to do when the build ran out of memory or a tool of
// it was ended from outside.
const memoryMend = "most often the system ran short of memory and ended it: close what else runs, or check fewer workspaces at once (-j), and try again; if it happens again with this workspace alone, look in it for a very large literal or generated file"

// build compiles a package's test binary. A compile error is returned as
// the compiler's complaint, as is a build stopped at its time limit; a go
// command that cannot work here is an error.
func (r *runner) build(ctx context.Context, p Package, bin string) (string, error) {
	// -s -w as go test links the binaries it runs itself: no symbol table or
	// DWARF, which traces do not need and the linker spends most time on.
	args := append([]string{"test", "-c", "-vet=off", "-ldflags=-s -w", "-o", bin}, r.modArgs...)
	var sources map[string]string // the overlay's files, by the path each stands for
	if p.Verify || len(p.Replace) > 0 {
		overlay, written, err := writeOverlay(r.tmp, strings.TrimSuffix(filepath.Base(bin), ".test"), p)
		if err != nil {
			return "", err
		}
		args = append(args, "-overlay="+overlay)
		sources = written
	}
	buildCtx, cancel := context.WithTimeout(ctx, r.o.BuildTimeout)
	defer cancel()
	cmd := exec.CommandContext(buildCtx, r.goCmd, append(args, relPattern(r.o.Module, p.Dir))...)
	cmd.Dir = r.o.Module
	cmd.Env = withPWD(r.env, cmd.Dir)
	procgroup.Own(cmd)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := procgroup.Start(cmd, (*exec.Cmd).Start)
	if err == nil {
		err = cmd.Wait()
	}
	procgroup.End(cmd)
	if ctx.Err() != nil {
		return "", nil
	}
	if buildCtx.Err() != nil {
		return fmt.Sprintf("the build of %s was still running after %s and was stopped: a compiler it ran waited on, or read without end, something that is not a regular file (a FIFO, or a device such as /dev/zero, that an assembly (.s) or cgo file #includes); look in %[1]s and the packages it imports",
			relPattern(r.o.Module, p.Dir), r.o.BuildTimeout), nil
	}
	msg := strings.TrimSpace(out.String())
	if err != nil {
		if !isExit(err) {
			return "", fmt.Errorf("running %s test -c: %w", r.goCmd, err)
		}
		if exitErr := (*exec.ExitError)(nil); errors.As(err, &exitErr) && exitErr.ExitCode() == -1 {
			// The go command itself ended by a signal that was not check's
			// (check's own stop, and its time limit, are told above).
			return "", &EnvironmentError{
				Why:  fmt.Sprintf("the go command was ended by a signal (%s) while it built the tests of %s", err, relPattern(r.o.Module, p.Dir)),
				Mend: memoryMend,
			}
		}
		if envErr := EnvironmentProblem(r.o.Module, msg); envErr != nil {
			return "", envErr
		}
		if msg == "" {
			msg = err.Error()
		}
		if p.Verify && (strings.Contains(msg, "TestMain redeclared") || strings.Contains(msg, "multiple definitions of TestMain")) {
			yours := "yours"
			if files := declaringTestMain(r.o.Module, p); len(files) > 0 {
				yours += " (" + strings.Join(files, ", ") + ")"
			}
			msg += "\n(course check adds a TestMain of its own, to confirm what the tests did; the course's tests declare none: remove " + yours + ")"
		}
		return r.overlaidNames(msg, p, sources), nil
	}
	if _, err := os.Stat(bin); err != nil {
		return "no test files in " + relPattern(r.o.Module, p.Dir), nil
	}
	return "", nil
}

// EnvironmentProblem is the go command's output msg, from a build in the
// module folder module, read as a problem of the machine or of go.mod, not
// of the code: a go.mod asking for a newer Go, caches the go command cannot
// use, settings it refuses, a module it cannot fetch. nil when msg is none
// of those (a compile error, most often).
func EnvironmentProblem(module, msg string) *EnvironmentError {
	if m := newerGo.FindStringSubmatch(msg); m != nil {
		return &EnvironmentError{
			Why: fmt.Sprintf("%s asks for Go %s, and the go command here is go %s",
				filepath.Join(module, "go.mod"), m[1], m[2]),
			Mend:    fmt.Sprintf("install Go %s or later (https://go.dev/dl/), or lower the go line with `go mod edit -go=%s` in %s", m[1], goLine(m[2]), module),
			ByGoMod: true,
		}
	}
	if m := cacheProblem.FindString(msg); m != "" {
		return &EnvironmentError{
			Why:  fmt.Sprintf("the go command cannot use its caches (%s)", strings.TrimPrefix(strings.TrimSpace(m), "go: ")),
			Mend: fmt.Sprintf("point GOMODCACHE and GOCACHE (go env -w, or the environment) at folders this user can write, and run `go mod download` in %s", module),
		}
	}
	if m := diskProblem.FindString(msg); m != "" {
		return &EnvironmentError{
			Why:  fmt.Sprintf("the go command could not write what it built (%s)", m),
			Mend: "make room on the disk that holds the temporary folder and the go command's cache (`go clean -cache` frees the cache), and try again",
		}
	}
	if m := killedTool.FindString(msg); m != "" {
		return &EnvironmentError{
			Why:  fmt.Sprintf("a tool of the go command's build was ended by a signal (%s)", m),
			Mend: memoryMend,
		}
	}
	if toolOutOfMemory.MatchString(msg) {
		return &EnvironmentError{
			Why:  "a tool of the go command's build ran out of memory",
			Mend: memoryMend,
		}
	}
	if m := settingsProblem.FindString(msg); m != "" {
		return &EnvironmentError{
			Why:  fmt.Sprintf("the go command will not run with its settings here (%s)", strings.TrimPrefix(strings.TrimSpace(m), "go: ")),
			Mend: "mend that setting in the environment, or with `go env -w` (`go env` lists them), and try again",
		}
	}
	if m := fetchProblem(module, msg); m != "" {
		return &EnvironmentError{
			Why:     fmt.Sprintf("the go command cannot fetch a module the workspace needs (%s)", strings.TrimSpace(m)),
			Mend:    fmt.Sprintf("run `go mod download` in %s with the network on, or set GOPROXY to a proxy you can reach", module),
			ByGoMod: true,
		}
	}
	return nil
}

// fetchProblem is the first line of msg where the go command says it
// could not fetch a module (envProblem), from the phrase on, or "". A line
// about a package of the workspace's own module is passed over: with
// -mod=mod the go command looks a package of the module that has no
// folder (a harness/ deleted) up on the network too, and that is the
// workspace's to mend, whatever the network says.
func fetchProblem(module, msg string) string {
	own, read := "", false // the module's path and a slash, read once a line asks
	for line := range strings.Lines(msg) {
		m := envProblem.FindString(line)
		if m == "" {
			continue
		}
		if !read {
			own, read = ownPackages(module), true
		}
		if own == "" || !strings.Contains(line, own) {
			return m
		}
	}
	return ""
}

// ownPackages is the module path of module's go.mod and a slash, the start
// of its own packages' paths; "" when go.mod cannot be read.
func ownPackages(module string) string {
	raw, err := regularfile.ReadFile(filepath.Join(module, "go.mod"))
	if err != nil {
		return ""
	}
	if p := modfile.ModulePath(raw); p != "" {
		return p + "/"
	}
	return ""
}

// realPaths is o with the module's folder, the packages' and the files
// Replace names as the real paths they lead to. The go command finds a
// folder by its real path (unless PWD names it otherwise), and the
// overlay's files must be named as it names them: a workspace reached
// through a symbolic link (macOS's /tmp, say) got no TestMain of check's.
func realPaths(o Options) (Options, error) {
	resolve := func(p string) (string, error) {
		abs, err := filepath.Abs(p)
		if err != nil {
			return "", err
		}
		r, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return "", fmt.Errorf("finding the folder %s: %w", p, err)
		}
		return r, nil
	}
	var err error
	if o.Module, err = resolve(o.Module); err != nil {
		return o, err
	}
	pkgs := make([]Package, len(o.Packages))
	for i, p := range o.Packages {
		if p.Dir, err = resolve(p.Dir); err != nil {
			return o, err
		}
		if len(p.Replace) > 0 {
			files := make(map[string][]byte, len(p.Replace))
			for f, src := range p.Replace {
				dir, err := resolve(filepath.Dir(f))
				if err != nil {
					return o, err
				}
				files[filepath.Join(dir, filepath.Base(f))] = src
			}
			p.Replace = files
		}
		pkgs[i] = p
	}
	o.Packages = pkgs
	return o, nil
}

// withPWD is env with PWD set to dir, the folder a command starts in: the
// go command and os.Getwd take PWD's word for the folder when it leads
// there, so a PWD inherited from a link to it would name it otherwise.
func withPWD(env []string, dir string) []string {
	return append(slices.Clip(env), "PWD="+dir)
}

// relPattern is dir as a package pattern relative to the module folder.
func relPattern(module, dir string) string {
	rel, err := filepath.Rel(module, dir)
	if err != nil {
		return dir
	}
	return "./" + filepath.ToSlash(rel)
}

// GoCommand is the go command every part of course runs: $GO, or go on
// PATH, so that check, play's driver build, init's warm-up and dev check
// compile with one Go.
func GoCommand() (string, error) {
	name := "go"
	if g := os.Getenv("GO"); g != "" {
		name = g
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", &EnvironmentError{
			Why:  fmt.Sprintf("the go command (%s) is not on PATH, so nothing can be built", name),
			Mend: "install Go (https://go.dev/dl/) and put its bin folder on PATH, then try again",
		}
	}
	return p, nil
}
