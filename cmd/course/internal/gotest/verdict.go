package gotest

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/systemic-game-design/course/internal/goenv"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// A test's own code runs in the test binary and can print anything,
// the testing package's framed result lines included, and then end the
// binary with syscall.Exit(0) before the testing package says how the run
// went. So for a package whose tests are the course's (Package.Verify),
// check adds a TestMain of its own to the build (with go build -overlay).
// It wraps every test of the binary so that the test's own *testing.T
// says, once it is done, whether it passed, failed or was skipped; runs
// them; and prints a framed line for each test that ran and one for the
// run (m.Run's exit code), each signed with an HMAC keyed by a nonce the
// binary is handed when it starts. A pass counts only with the run's
// signed 0 and the test's own signed pass: printing a pass for a test
// that never ran, or rewriting the output on its way out (a package can
// put a filter between the binary and its stdout), gives no signed line.
// The nonce is read before any test runs and is not in the binary's
// arguments or output.
//
// A package's init runs before that TestMain and can rewrite os.Args, say
// to add -test.run=^$ after printing a pass for each test: m.Run would run
// nothing and say 0. So the binary is handed its arguments beside the
// nonce, TestMain parses those, whatever os.Args has become, and it gives
// no 0 when a test flag (test.run, test.skip, ...) is not what they set
// once m.Run returns; nor does any other flag an init set (a property
// test's rapid.checks set to 1 would try one case): every flag is reset to
// its default before the arguments are parsed, and a flag changed while
// the tests ran gives no 0 either. TestMain runs only when the binary's main calls it
// (an init could call it with an M of fake tests), and wraps only a test
// whose function is the one its name says (a //go:linkname to main.tests
// could put another there). Both are told by address, not by name, as a
// //go:linkname can give any function any name that is free: main.hook,
// or the external test package's Test_01_x. TestMain goes into the
// package of the course's copies, whose tests it names in its own code.
// What an init can still do is read the nonce itself (from file 3, or the
// process's memory), and sign what it likes.

// VerdictFile is the name the added TestMain has in the package's folder.
const VerdictFile = "zz_course_verdict_test.go"

// verdictEnv names where the nonce is: "fd3" when it comes on file
// descriptor 3 (a pipe check writes it to and closes, the nonce on its
// first line and the binary's arguments as JSON on its second), else the
// nonce itself (where a process cannot be handed more files), with the
// arguments in verdictArgsEnv.
const (
	verdictEnv     = "COURSE_VERDICT_NONCE"
	verdictArgsEnv = "COURSE_VERDICT_ARGS"
)

// flagsChanged is the verdict's code when a flag was not what the
// binary's arguments (or its default) set once m.Run returned: no test's
// result is taken.
const flagsChanged = 97

// verdictVerb starts the run's framed line, "course-verdict CODE
// RECORDS MAC", and resultVerb each test's, "course-result NAME OUTCOME
// MAC" (OUTCOME pass, fail, skip, or foreign for a test whose function is
// not the one its name says). RECORDS is 1 when the tests could be
// wrapped (the testing package's M holds them in a field "tests"), 0 when
// not, and MAC the hex HMAC-SHA256, keyed by the nonce, of the line's
// words before it.
const (
	verdictVerb = "course-verdict"
	resultVerb  = "course-result"
)

// verdictSource is check's TestMain; the {{...}} words are filled in.
const verdictSource = `package {{package}}

import (
	"bufio"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"unsafe"
)

// courseBinaryMain is the test binary's main.
//
//go:linkname courseBinaryMain main.main
func courseBinaryMain()

// TestMain is added by course check: see gotest/verdict.go.
func TestMain(m *testing.M) {
	// Only the test binary's main may call it: a package's init that
	// called it with an M of its own would have it sign what that M ran.
	// The caller is told by its address, since a //go:linkname can give
	// any function a name such as main.hook.
	if pc, _, _, ok := runtime.Caller(1); !ok || runtime.FuncForPC(pc) == nil || runtime.FuncForPC(pc).Entry() != reflect.ValueOf(courseBinaryMain).Pointer() {
		fmt.Fprintln(os.Stderr, "course check: its TestMain was called by other code than the test binary's main; no test runs")
		os.Exit(3)
	}
	nonce, args := os.Getenv("{{nonceEnv}}"), os.Getenv("{{argsEnv}}")
	os.Unsetenv("{{nonceEnv}}")
	os.Unsetenv("{{argsEnv}}")
	if nonce == "fd3" {
		nonce, args = "", ""
		f := os.NewFile(3, "nonce")
		r := bufio.NewReader(f)
		if line, err := r.ReadString('\n'); err == nil {
			nonce = strings.TrimSpace(line)
		}
		if line, err := r.ReadString('\n'); err == nil {
			args = line
		}
		f.Close()
	}
	var want []string
	if err := json.Unmarshal([]byte(args), &want); err != nil {
		nonce = ""
	}
	// The arguments check gave, whatever a package's init made of os.Args,
	// and every flag they do not set at its default, whatever an init set
	// it to (rapid.checks, say, how many cases a property test tries).
	flag.VisitAll(func(f *flag.Flag) { _ = f.Value.Set(f.DefValue) })
	os.Args = append(os.Args[:1:1], want...)
	flag.Parse()
	// Flags check pins, whatever their defaults (from the environment).
	for name, value := range map[string]string{
{{flags}}	} {
		if f := flag.Lookup(name); f != nil {
			if err := f.Value.Set(value); err != nil {
				nonce = ""
			}
		}
	}
	set := map[string]string{}
	flag.VisitAll(func(f *flag.Flag) { set[f.Name] = f.Value.String() })

	// The test functions of this package, by name: a test of that name
	// whose function is another signs nothing. A local, so that no code
	// of the package can change it.
	ownTests := map[string]func(*testing.T){
{{ownTests}}	}

	// Each test tells how it ended, through its own T, once it and its
	// subtests are done.
	var mu sync.Mutex
	ended := map[string]string{}
	records := "0"
	if v := reflect.ValueOf(m).Elem().FieldByName("tests"); v.IsValid() && v.Type() == reflect.TypeOf([]testing.InternalTest(nil)) {
		records = "1"
		tests := *(*[]testing.InternalTest)(unsafe.Pointer(v.UnsafeAddr()))
		for i := range tests {
			name, run := tests[i].Name, tests[i].F
			// A test whose function is not the one its name says (code
			// that reached the binary's list of tests put another there)
			// is not wrapped: its record says so, and it signs no pass.
			// This package's own are told by their address; the others
			// (an external test package's) by their names.
			at := reflect.ValueOf(run).Pointer()
			isOwn := false
			if own, ok := ownTests[name]; ok {
				isOwn = reflect.ValueOf(own).Pointer() == at
			} else if fn := runtime.FuncForPC(at); fn != nil {
				isOwn = strings.HasSuffix(fn.Name(), "."+name) && slices.Contains({{funcPrefixes}}, strings.TrimSuffix(fn.Name(), "."+name))
			}
			if !isOwn {
				ended[name] = "foreign"
				continue
			}
			tests[i].F = func(t *testing.T) {
				returned := false
				t.Cleanup(func() {
					outcome := "pass"
					switch {
					case t.Failed():
						outcome = "fail"
					case t.Skipped():
						outcome = "skip"
					case !returned:
						// It panicked or called runtime.Goexit: the testing
						// package fails it after its cleanups.
						outcome = "fail"
					}
					mu.Lock()
					defer mu.Unlock()
					ended[name] = outcome
				})
				run(t)
				returned = true
			}
		}
	}

	code := m.Run()
	flag.VisitAll(func(f *flag.Flag) {
		if v, ok := set[f.Name]; !ok || v != f.Value.String() {
			code = {{flagsChanged}}
		}
	})
	if nonce != "" {
		sign := func(words ...string) string {
			mac := hmac.New(sha256.New, []byte(nonce))
			mac.Write([]byte(strings.Join(words, " ")))
			return strings.Join(words, " ") + " " + hex.EncodeToString(mac.Sum(nil))
		}
		mu.Lock()
		names := make([]string, 0, len(ended))
		for n := range ended {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Printf("\x16%s\n", sign("{{resultVerb}}", n, ended[n]))
		}
		mu.Unlock()
		fmt.Printf("\x16%s\n", sign("{{verdictVerb}}", fmt.Sprint(code), records))
	}
	os.Exit(code)
}
`

// linkerPrefix is an import path as the linker spells it in symbol names:
// a "." in its last element, a space or control character, "%", a double
// quote and any byte beyond ASCII escaped as %xx.
func linkerPrefix(path string) string {
	slash := strings.LastIndex(path, "/")
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if c := path[i]; c <= ' ' || c == '.' && i > slash || c == '%' || c == '"' || c >= 0x7f {
			fmt.Fprintf(&b, "%%%02x", c)
			continue
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// verdictMAC is the MAC the added TestMain signs the words of a line
// with.
func verdictMAC(nonce string, words ...string) string {
	mac := hmac.New(sha256.New, []byte(nonce))
	mac.Write([]byte(strings.Join(words, " ")))
	return hex.EncodeToString(mac.Sum(nil))
}

// verdictProgram is check's TestMain for a package named pkg, whose
// import path is importPath and whose own test functions are own, which
// sets flags before the tests run (Package.Flags).
func verdictProgram(pkg, importPath string, own []string, flags map[string]string) []byte {
	var tests strings.Builder
	for _, n := range own {
		fmt.Fprintf(&tests, "\t\t%q: %s,\n", n, n)
	}
	var pinned strings.Builder
	for _, name := range slices.Sorted(maps.Keys(flags)) {
		fmt.Fprintf(&pinned, "\t\t%q: %q,\n", name, flags[name])
	}
	// A test's function is named for its package's path, in the linker's
	// spelling or the path's own, internal test package or external.
	var prefixes []string
	for _, p := range []string{importPath, importPath + "_test"} {
		prefixes = append(prefixes, strconv.Quote(p), strconv.Quote(linkerPrefix(p)))
	}
	return []byte(strings.NewReplacer(
		"{{package}}", pkg,
		"{{ownTests}}", tests.String(),
		"{{flags}}", pinned.String(),
		"{{funcPrefixes}}", "[]string{"+strings.Join(prefixes, ", ")+"}",
		"{{nonceEnv}}", verdictEnv,
		"{{argsEnv}}", verdictArgsEnv,
		"{{flagsChanged}}", strconv.Itoa(flagsChanged),
		"{{resultVerb}}", resultVerb,
		"{{verdictVerb}}", verdictVerb,
	).Replace(verdictSource))
}

// writeOverlay writes, into tmp, the files the build of p takes instead of
// the disk's (check's TestMain when p.Verify, and p.Replace) and the
// overlay file that says so; it returns the overlay's path, and each file
// written there by the path it stands for. A path the overlay cannot name
// (overlayPathError) is an error, and nothing is written.
func writeOverlay(tmp, name string, p Package) (string, map[string]string, error) {
	if err := overlayPathError(tmp, p); err != nil {
		return "", nil, err
	}
	replace := map[string]string{}
	i := 0
	add := func(target string, content []byte) error {
		src := filepath.Join(tmp, fmt.Sprintf("%s-%d_test.go", name, i))
		i++
		if err := os.WriteFile(src, content, 0o600); err != nil {
			return fmt.Errorf("writing a file for the build of %s: %w", p.ImportPath, err)
		}
		abs, err := filepath.Abs(target)
		if err != nil {
			return err
		}
		replace[abs] = src
		return nil
	}
	targets := make([]string, 0, len(p.Replace))
	for t := range p.Replace {
		targets = append(targets, t)
	}
	sort.Strings(targets)
	for _, t := range targets {
		if err := add(t, p.Replace[t]); err != nil {
			return "", nil, err
		}
	}
	if p.Verify {
		pkg, own, err := verdictPackage(p.Dir, p.Replace)
		if err != nil {
			return "", nil, err
		}
		if err := add(filepath.Join(p.Dir, VerdictFile), verdictProgram(pkg, p.ImportPath, own, p.Flags)); err != nil {
			return "", nil, err
		}
	}
	raw, err := json.Marshal(map[string]map[string]string{"Replace": replace})
	if err != nil {
		return "", nil, err
	}
	overlay := filepath.Join(tmp, name+"-overlay.json")
	if err := os.WriteFile(overlay, raw, 0o600); err != nil {
		return "", nil, fmt.Errorf("writing the build overlay of %s: %w", p.ImportPath, err)
	}
	return overlay, replace, nil
}

// overlayPathError is an EnvironmentError when tmp, p's folder or a file
// p.Replace names is not UTF-8: the overlay file is JSON, which has no
// spelling for such a byte (encoding/json writes U+FFFD in its place), so
// the go command would find no file of check's (the build fails), or no
// file to put one in place of, and build the package as it is on disk,
// without check's TestMain and with the learner's test files in place of
// the course's copies.
func overlayPathError(tmp string, p Package) error {
	if !utf8.ValidString(tmp) {
		return &EnvironmentError{
			Why:  fmt.Sprintf("the temporary folder %s holds a byte that is not UTF-8, which the go command's -overlay file cannot name, so the tests of %s cannot be built as check builds them", strconv.Quote(tmp), p.ImportPath),
			Mend: "point TMPDIR (TMP on Windows) at a folder whose path is all UTF-8, and try again",
		}
	}
	paths := []string{p.Dir}
	for f := range p.Replace {
		paths = append(paths, f)
	}
	sort.Strings(paths)
	for _, path := range paths {
		if !utf8.ValidString(path) {
			return &EnvironmentError{
				Why:  fmt.Sprintf("the path %s holds a byte that is not UTF-8, which the go command's -overlay file cannot name, so the tests of %s cannot be built as check builds them", strconv.Quote(path), p.ImportPath),
				Mend: "rename the folder, or move it, so that its path has none, and try again",
			}
		}
	}
	return nil
}

// verdictPackage is the package check's TestMain goes into, of the
// _test.go files of dir as the build sees them (replace's content where
// it has the file), and the test functions its files declare. It is the
// package of the files replace gives (the course's copies), so that no
// file of the learner's decides it; else the first package in name order
// that is not an external test package; else the first.
func verdictPackage(dir string, replace map[string][]byte) (string, []string, error) {
	names, err := GlobIn(dir, "*_test.go")
	if err != nil {
		return "", nil, err
	}
	for t := range replace {
		if filepath.Dir(t) == filepath.Clean(dir) && !slices.Contains(names, t) {
			names = append(names, t)
		}
	}
	sort.Strings(names)
	type file struct {
		f      *ast.File
		course bool
	}
	var files []file
	ctx := goenv.Context() // the build go test makes, GOFLAGS's tags and all
	for _, n := range names {
		if filepath.Base(n) == VerdictFile {
			continue
		}
		src, course := replace[n]
		if !course {
			if ok, err := ctx.MatchFile(dir, filepath.Base(n)); err != nil || !ok {
				continue // left out of the build
			}
			// Read as the workspace's files are: a FIFO is not waited on.
			if src, err = regularfile.ReadFile(n); err != nil {
				continue
			}
		}
		f, err := parser.ParseFile(token.NewFileSet(), n, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		files = append(files, file{f, course})
	}
	pkg := ""
	for _, pick := range []func(file) bool{
		func(f file) bool { return f.course },
		func(f file) bool { return !strings.HasSuffix(f.f.Name.Name, "_test") },
		func(file) bool { return true },
	} {
		for _, f := range files {
			if pkg == "" && pick(f) {
				pkg = f.f.Name.Name
			}
		}
	}
	if pkg == "" {
		return "", nil, fmt.Errorf("no _test.go file in %s declares its package", dir)
	}
	var tests []string
	for _, f := range files {
		if f.f.Name.Name != pkg {
			continue
		}
		for _, d := range f.f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if ok && fd.Recv == nil && IsTestName(fd.Name.Name) && fd.Type.Params.NumFields() == 1 && fd.Type.Results.NumFields() == 0 && fd.Type.TypeParams == nil {
				tests = append(tests, fd.Name.Name)
			}
		}
	}
	return pkg, tests, nil
}

// IsTestName is the go command's rule for a test's name: Test, then
// nothing or a character that is not a lower-case letter.
func IsTestName(name string) bool {
	rest, ok := strings.CutPrefix(name, "Test")
	return ok && (rest == "" || !(rest[0] >= 'a' && rest[0] <= 'z'))
}

// newNonce is a fresh verdict nonce.
func newNonce() string { return "n" + strings.ToLower(rand.Text()) }

// handNonce gives the binary cmd will start the nonce and its arguments:
// on file descriptor 3 where files can be handed on, else in the
// environment. The returned function is called once the binary has
// started.
func handNonce(cmd *exec.Cmd, nonce string) (started func(), err error) {
	args, err := json.Marshal(cmd.Args[1:])
	if err != nil {
		return nil, err
	}
	if !canHandFiles {
		cmd.Env = append(slices.Clip(cmd.Env), verdictEnv+"="+nonce, verdictArgsEnv+"="+string(args))
		return func() {}, nil
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("making a pipe for the verdict's nonce: %w", err)
	}
	// Written while the binary starts, since a long -test.run may not fit
	// in the pipe's buffer; once every read end is closed (the binary has
	// ended) a write that waits fails, so this never outlives the run.
	go func() {
		fmt.Fprintf(w, "%s\n%s\n", nonce, args)
		w.Close()
	}()
	cmd.ExtraFiles = []*os.File{r}
	cmd.Env = append(slices.Clip(cmd.Env), verdictEnv+"=fd3")
	return func() { r.Close() }, nil
}

// GlobIn is the files of the folder dir whose names match pattern, as
// paths under dir, sorted. The pattern is matched inside dir, so that a
// [, * or ? in dir's own name (a workspace named "b[o]b") is not read as
// one, as filepath.Glob(filepath.Join(dir, pattern)) would.
//
// A folder that is there but cannot be read is an error: fs.Glob passes
// over it as if it were empty, and a tests/ check may not read read as
// one that holds no course test ("start the module again").
func GlobIn(dir, pattern string) ([]string, error) {
	names, err := fs.Glob(os.DirFS(dir), pattern)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		// Only an empty answer can hide a folder that did not read.
		if _, err := os.ReadDir(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	for i, n := range names {
		names[i] = filepath.Join(dir, n)
	}
	return names, nil
}
