package expansion

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
	"golang.org/x/mod/modfile"

	"github.com/systemic-game-design/course/audit/goimports"
	"github.com/systemic-game-design/course/internal/goenv"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// A drop must leave the engine as it was, and an engine runs as go.mod
// and the test binary's settings say as much as by its files: go.mod's go
// line decides the language the engine's code is compiled as (a loop
// variable shared by every iteration before 1.22, one each after), its
// toolchain line the compiler, its godebug settings (and a //go:debug line
// at the top of a test file, for the tests it is built with) the
// runtime's behaviour (panicnil, asynctimerchan, ...). The go command
// builds the course's tests in tests/ with all of these, so a change to
// any of them since a drop started changes how the engine runs the drop's
// tests without an engine file changed, and is reported beside the
// engine files: a Change with its Directive. Everything else go.mod says
// stays the drop's to change: a require for a module the drop's code
// needs, an exclude, a replace (which check leaves out, with a warning).

// GoMod is the workspace's go.mod, whose go, toolchain and godebug
// directives a drop must leave as they were.
const GoMod = "go.mod"

// TestsDir is the folder of the course's tests in a workspace: the
// //go:debug lines of its test files set the runtime of the binary the
// drop's tests run in.
const TestsDir = "tests"

// The directives a Change names.
const (
	DirectiveGo        = "go"
	DirectiveToolchain = "toolchain"
	DirectiveGodebug   = "godebug"
	DirectiveGoDebug   = "//go:debug" // a test file's
)

// maxRunFile is the most of go.mod or a test file read for its
// directives: the go command reads no larger go.mod, and a test file past
// it is no test a learner wrote.
const maxRunFile = 16 << 20

// GoModError says the workspace's go.mod cannot be read as a go.mod, so
// whether a drop changed its directives cannot be told.
type GoModError struct {
	Path string // as the user knows it
	Why  string
}

func (e *GoModError) Error() string {
	return fmt.Sprintf("%s %s, so whether its go, toolchain and godebug lines are still the drop's start's cannot be told; mend it (`go mod edit -fmt` names the line), and check again", e.Path, e.Why)
}

// UserError marks the error as the user's to mend.
func (e *GoModError) UserError() bool { return true }

// setting is one directive's value, by its name: "go", "toolchain",
// "godebug KEY", or "//go:debug KEY" with the test file's path before it.
type setting struct {
	file, directive, key string
}

// runSettings is go.mod's go, toolchain and godebug directives and the
// //go:debug lines of the tests folder's test files, by setting.
type runSettings map[setting]string

// goModSettings adds go.mod's directives to s. A go.mod that is not there
// sets nothing (the go command then has no module to build).
func (s runSettings) goModSettings(src []byte) error {
	f, err := modfile.Parse(GoMod, src, nil)
	if err != nil {
		return &GoModError{Path: GoMod, Why: "does not parse (" + strings.Join(strings.Fields(err.Error()), " ") + ")"}
	}
	if f.Go != nil {
		s[setting{file: GoMod, directive: DirectiveGo}] = f.Go.Version
	}
	if f.Toolchain != nil {
		s[setting{file: GoMod, directive: DirectiveToolchain}] = f.Toolchain.Name
	}
	for _, g := range f.Godebug {
		s[setting{file: GoMod, directive: DirectiveGodebug, key: g.Key}] = g.Value
	}
	return nil
}

// goDebugSettings adds the //go:debug lines of a test file to s: those
// the go command reads, the line comments before the package clause of a
// file the build takes. A file that does not parse that far sets nothing:
// it does not build, and the build says so. Nor does one this machine's
// build leaves out, by its build constraints or its name's _GOOS or
// _GOARCH: the go command takes no //go:debug line of such a file, so a
// line there changes nothing in the tests run here.
func (s runSettings) goDebugSettings(name string, src []byte) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return
	}
	// Whether the build takes the file is asked only of one with a line,
	// which few test files have, and once.
	asked := false
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			rest, ok := strings.CutPrefix(c.Text, DirectiveGoDebug)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			if !asked {
				if !builtHere(name, src) {
					return
				}
				asked = true
			}
			k, v, _ := strings.Cut(strings.TrimSpace(rest), "=")
			s[setting{file: name, directive: DirectiveGoDebug, key: strings.TrimSpace(k)}] = strings.TrimSpace(v)
		}
	}
}

// builtHere reports whether the go command on this machine builds the
// file named name (a path in the workspace, slash-separated) with content
// src, by its name and its build constraints, as the checks' go test
// does: in goimports.Here's build context (this system's, whatever GOOS
// or GOARCH a shell sets for cross-compiling, and the tags GOFLAGS adds,
// from the environment or the go env file), the toolchain's own tags in
// any setting (goenv.Builds).
func builtHere(name string, src []byte) bool {
	ok, err := goenv.Builds(goimports.Here(), name, src)
	return ok && err == nil
}

// isTestFile reports whether a name in the tests folder is a Go test
// file, the only kind whose //go:debug lines the go command takes outside
// a main package.
func isTestFile(name string) bool {
	return strings.HasSuffix(name, "_test.go") && !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_")
}

// treeRunSettings is the settings a commit's tree holds for the workspace
// at prefix. A go.mod that does not parse at the commit gives no go.mod
// settings, rather than an error: nothing then says what the drop found,
// and such a commit built nothing to compare with.
func treeRunSettings(tree *object.Tree, prefix string) (runSettings, bool) {
	s := runSettings{}
	goModOK := true
	if f, err := tree.File(path.Join(prefix, GoMod)); err == nil {
		if src, err := f.Contents(); err != nil || s.goModSettings([]byte(src)) != nil {
			goModOK = false
		}
	}
	sub, err := tree.Tree(path.Join(prefix, TestsDir))
	if err != nil {
		return s, goModOK
	}
	for _, e := range sub.Entries {
		if !isTestFile(e.Name) || !plainMode(e.Mode) {
			continue
		}
		f, err := sub.TreeEntryFile(&e)
		if err != nil {
			continue
		}
		if src, err := f.Contents(); err == nil {
			s.goDebugSettings(TestsDir+"/"+e.Name, []byte(src))
		}
	}
	return s, goModOK
}

// diskRunSettings is the settings of the workspace's files as they are.
// A go.mod or test file that cannot be read is an error: it may hold the
// setting that counts.
func diskRunSettings(workspace string) (runSettings, error) {
	s := runSettings{}
	src, _, err := regularfile.ReadAtMost(filepath.Join(workspace, GoMod), maxRunFile)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		if named := regularfile.WithPath(err, GoMod); named != nil {
			err = named
		}
		return nil, &GoModError{Path: GoMod, Why: fmt.Sprintf("cannot be read (%v)", err)}
	default:
		if err := s.goModSettings(src); err != nil {
			return nil, err
		}
	}
	entries, err := os.ReadDir(filepath.Join(workspace, TestsDir))
	if err != nil {
		return s, nil // no tests folder, no test file's settings; the checks that need it say what is wrong
	}
	for _, e := range entries {
		if !isTestFile(e.Name()) {
			continue
		}
		name := TestsDir + "/" + e.Name()
		src, _, err := regularfile.ReadAtMost(filepath.Join(workspace, TestsDir, e.Name()), maxRunFile)
		var notRegular *regularfile.NotRegularError
		switch {
		case errors.Is(err, fs.ErrNotExist), errors.As(err, &notRegular) && notRegular.Mode.IsDir():
			continue // gone since the listing, or a folder the go command does not read
		case err != nil:
			return nil, fmt.Errorf("reading %s for its //go:debug lines: %w", name, err)
		}
		s.goDebugSettings(name, src)
	}
	return s, nil
}

// settingChanges is every setting that differs between before and after,
// as Changes sorted by file and then by setting. With goMod false (a
// commit's go.mod does not parse) go.mod's settings are left out.
func settingChanges(before, after runSettings, goMod bool) []Change {
	var out []Change
	add := func(k setting, kind Kind, was, now string) {
		if k.file == GoMod && !goMod {
			return
		}
		out = append(out, Change{Path: k.file, Kind: kind, Directive: k.directive, Key: k.key, Was: was, Now: now})
	}
	for k, now := range after {
		was, ok := before[k]
		switch {
		case !ok:
			add(k, Added, "", now)
		case was != now:
			add(k, Changed, was, now)
		}
	}
	for k, was := range before {
		if _, ok := after[k]; !ok {
			add(k, Removed, was, "")
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Directive != b.Directive {
			return directiveOrder(a.Directive) < directiveOrder(b.Directive)
		}
		return a.Key < b.Key
	})
	return out
}

// directiveOrder puts go.mod's lines in the order go.mod writes them.
func directiveOrder(d string) int {
	switch d {
	case DirectiveGo:
		return 0
	case DirectiveToolchain:
		return 1
	}
	return 2
}

// line is the directive as its file writes it with value v.
func (c Change) line(v string) string {
	switch c.Directive {
	case DirectiveGodebug, DirectiveGoDebug:
		return c.Directive + " " + c.Key + "=" + v
	}
	return c.Directive + " " + v
}

// describeSetting is a setting's change in words, for String.
func (c Change) describeSetting() string {
	switch c.Kind {
	case Added:
		return fmt.Sprintf("%s: %q added", c.Path, c.line(c.Now))
	case Removed:
		return fmt.Sprintf("%s: %q removed", c.Path, c.line(c.Was))
	case Changed:
	}
	return fmt.Sprintf("%s: %q is now %q", c.Path, c.line(c.Was), c.line(c.Now))
}

// Mend is how to put a setting back as it was at commit: the go command
// that sets go.mod's line alone (its requires, which a drop may need,
// left as they are), or the line to edit in a test file; "" for an engine
// file's change.
func (c Change) Mend(commit string) string {
	if c.Directive == "" {
		return ""
	}
	if c.Path != GoMod {
		if c.Kind == Added {
			return fmt.Sprintf("remove the line %q from %s", c.line(c.Now), c.Path)
		}
		return fmt.Sprintf("put the line %q back at the top of %s, above its package clause", c.line(c.Was), c.Path)
	}
	var edit string
	switch {
	case c.Directive == DirectiveGo && c.Kind == Added:
		edit = "remove go.mod's go line"
	case c.Directive == DirectiveGo:
		edit = "run `go mod edit -go=" + c.Was + "`"
	case c.Directive == DirectiveToolchain && c.Kind == Added:
		edit = "run `go mod edit -toolchain=none`"
	case c.Directive == DirectiveToolchain:
		edit = "run `go mod edit -toolchain=" + c.Was + "`"
	case c.Kind == Added:
		edit = "run `go mod edit -dropgodebug=" + c.Key + "`"
	default:
		edit = "run `go mod edit -godebug=" + c.Key + "=" + c.Was + "`"
	}
	return fmt.Sprintf("%s to put %s back as it was at %s (or `git checkout %s -- go.mod`, which takes back its requires too)", edit, c.describeWhat(), shortCommit(commit), shortCommit(commit))
}

// describeWhat names the setting: "its go line", "its godebug panicnil".
func (c Change) describeWhat() string {
	switch c.Directive {
	case DirectiveGodebug:
		return "its godebug " + c.Key
	}
	return "its " + c.Directive + " line"
}

// shortCommit is a commit as a message names it: a full hash as git
// abbreviates it, 7 digits, any other revision as given.
func shortCommit(h string) string {
	if len(h) == 40 && hexPrefix.MatchString(h) {
		return h[:7]
	}
	return h
}
