// Package workspace finds its way around a learner's workspace (or this
// course repository): it reads .course.json, which is the only thing the
// tools consult to know where the engine and content folders are, and the
// module path in go.mod; it tells the course repository from a learner's
// workspace and answers which card, level and test files there are. Every
// file course reads or writes in a workspace goes through it (ReadFile,
// WriteFile, Rename), so that no path leads out of the workspace through a
// symbolic link and no FIFO or folder is read as a file. It also keeps the
// tool's own state in .course/state.json (LoadState, Save), changed by one
// command at a time under a lock on .course/state.lock (UpdateState).
package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/cmd/course/internal/keep"
	"github.com/systemic-game-design/course/internal/courserepo"
	"github.com/systemic-game-design/course/internal/jsonobject"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/shellarg"
	"github.com/systemic-game-design/course/internal/subpath"
)

// ConfigFile is the workspace's configuration file name.
const ConfigFile = ".course.json"

// RepositoryModule is the module path of the course repository itself.
const RepositoryModule = courserepo.Module

// Config is .course.json.
type Config struct {
	Track       string   `json:"track"`       // "go"
	EngineDirs  []string `json:"engineDirs"`  // slash paths relative to the workspace
	ContentDirs []string `json:"contentDirs"` // slash paths relative to the workspace
}

// Kind is what a workspace is: a learner's, or the course repository.
type Kind int

// The kinds of workspace.
const (
	// Learner is a workspace made by course init: its cards/, levels/ and
	// the started modules' tests in tests/.
	Learner Kind = iota
	// Repository is the course repository itself: its cards/ and each
	// module's course/NN-slug/cards/, its levels/, and each module's own
	// test packages.
	Repository
)

// Workspace is a folder with a .course.json.
type Workspace struct {
	Dir    string // as given on the command line
	Abs    string // absolute
	Real   string // absolute, with every symbolic link followed
	Config Config
	Kind   Kind
	// ModulePath is the module path of the workspace's go.mod; empty when
	// it has none (the function ModulePath says why).
	ModulePath string
}

// Error says why a folder cannot be used as a workspace, or why a file of
// it cannot be read or written as asked: the file or folder at fault, what
// is wrong and how to mend it. The command line turns it into status 2.
type Error struct {
	Path string // the file or folder at fault
	Why  string // what is wrong and how to mend it
}

func (e *Error) Error() string { return e.Path + ": " + e.Why }

// UserError marks the error as the user's to mend.
func (e *Error) UserError() bool { return true }

// CheckBuildable refuses a workspace folder dir that the go command could
// never build in, or check could not build the course's tests in: one
// whose absolute path holds a line break (the go command refuses such a
// package folder), or a byte that is not UTF-8 (check names its copies of
// the course's tests to the go command in a JSON file, which has no
// spelling for such a path), so that init does not make a workspace no
// test of can compile or be checked, and check does not report that as
// the learner's build error or failing tests.
// mend ends the message: how to put it right.
func CheckBuildable(dir, mend string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("finding the absolute path of %s: %w", dir, err)
	}
	if strings.ContainsAny(abs, "\r\n") {
		return &Error{Path: dir, Why: fmt.Sprintf("its path %s holds a line break, which the go command refuses in a package's folder, so no test could build; %s", strconv.Quote(abs), mend)}
	}
	if !utf8.ValidString(abs) {
		return &Error{Path: dir, Why: fmt.Sprintf("its path %s holds a byte that is not UTF-8, which check cannot name to the go command when it builds the course's tests, so none could be checked; %s", strconv.Quote(abs), mend)}
	}
	return nil
}

// Open reads dir's .course.json (a regular file inside dir) and checks that
// every folder it names stays inside dir; it reads the module path from
// go.mod, if there is one, and tells the course repository from a learner's
// workspace.
func Open(dir string) (*Workspace, error) {
	switch st, err := os.Stat(dir); {
	case errors.Is(err, fs.ErrNotExist):
		if target, lerr := os.Readlink(dir); lerr == nil {
			// A workspace moved or deleted leaves its link behind: say
			// so, rather than that the name itself is wrong.
			return nil, &Error{Path: dir, Why: fmt.Sprintf("is a symbolic link to %s, which does not exist; point the link at the workspace (ln -sfn), or remove it", strconv.Quote(target))}
		}
		return nil, &Error{Path: dir, Why: "no such folder; give the path of your workspace (made with `course init`)"}
	case err != nil:
		return nil, &Error{Path: dir, Why: fmt.Sprintf("cannot be read (%v); give the path of your workspace, a folder you can read", unwrapPath(err))}
	case !st.IsDir():
		what := "is a file"
		if target, lerr := os.Readlink(dir); lerr == nil {
			what = fmt.Sprintf("is a symbolic link to %s, a file", strconv.Quote(target))
		}
		return nil, &Error{Path: dir, Why: what + ", not a folder; give the path of your workspace, the folder that holds " + ConfigFile}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("finding the absolute path of %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, &Error{Path: dir, Why: fmt.Sprintf("cannot be followed (%v); give the path of your workspace", unwrapPath(err))}
	}
	ws := &Workspace{Dir: dir, Abs: abs, Real: real}
	file := filepath.Join(dir, ConfigFile)
	raw, err := ws.ReadFile(ConfigFile)
	if errors.Is(err, os.ErrNotExist) {
		if top, err := Find(filepath.Dir(abs)); err == nil {
			return nil, &Error{Path: dir, Why: fmt.Sprintf("is inside the workspace %s, not its top; give %s", top, top)}
		}
		if looksLikeWorkspace(abs) {
			return nil, &Error{Path: dir, Why: fmt.Sprintf("has no %s, though it looks like a course workspace (go.mod, harness/, tests/); put it back with `git -C %s checkout -- %s`, as course init committed it", ConfigFile, dir, ConfigFile)}
		}
		return nil, &Error{Path: dir, Why: "not a course workspace: it has no " + ConfigFile + "; make one with `course init DIR`, or give the workspace's folder"}
	}
	if err != nil {
		return nil, err
	}
	cfg, err := ParseConfig(file, raw)
	if err != nil {
		return nil, err
	}
	for _, f := range cfg.fields() {
		for i, d := range f.dirs {
			field := f.name
			if err := stayInside(abs, d); err != nil {
				return nil, &Error{Path: file, Why: fmt.Sprintf("%s[%d] %q %s", field, i, d, err)}
			}
			if st, err := os.Stat(filepath.Join(abs, filepath.FromSlash(d))); err == nil && !st.IsDir() {
				return nil, &Error{Path: file, Why: notAFolderField(dir, field, i, d, st.Mode())}
			}
		}
	}
	ws.Config = *cfg
	gomod, err := ws.ReadFile("go.mod")
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		if ws.ModulePath, err = parseModulePath(filepath.Join(dir, "go.mod"), gomod); err != nil {
			return nil, err
		}
		if courserepo.Is(gomod, hasRepositoryLayout(ws)) {
			ws.Kind = Repository
		}
	}
	return ws, nil
}

// notAFolderField says what is wrong when the folder d that .course.json
// lists as field[i] is a file, and how to mend it. A name with an
// extension (go.mod, main.go) was most likely listed in place of its
// folder: name a folder. A bare name (engine) is most likely a folder a
// file has taken the place of: move the file aside. A file's folder is
// offered only when it is not the workspace's top, since listing "." would
// hold the harness and the tests to the engine's rules.
func notAFolderField(dir, field string, i int, d string, mode fs.FileMode) string {
	clean := path.Clean(filepath.ToSlash(d))
	msg := fmt.Sprintf("%s[%d] %q is %s, not a folder", field, i, d, regularfile.Describe(mode))
	parent := path.Dir(clean)
	if strings.Contains(path.Base(clean), ".") {
		msg += fmt.Sprintf("; %s lists folders: name the folder that holds the code", field)
		if parent != "." {
			msg += fmt.Sprintf(" (%q?)", parent)
		}
		return msg
	}
	at := filepath.Join(dir, filepath.FromSlash(clean))
	return msg + fmt.Sprintf("; move the file aside (mv %s %s) and make the folder, or list the folder that holds the code", shellarg.Quote(at), shellarg.Quote(asideName(at)))
}

// asideName is the name a mend offers for moving the file at aside: the
// first free of at.orig, at.orig.1, ... (see keep), since mv onto a file
// kept there before would replace it, and the learner would lose it by
// doing as told.
func asideName(at string) string {
	return keep.Name(at, func(p string) bool {
		_, err := os.Lstat(p)
		return err == nil
	})
}

// ParseConfig decodes and checks the contents of a .course.json; file is
// the name errors give.
func ParseConfig(file string, raw []byte) (*Config, error) {
	var cfg Config
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		var typeErr *json.UnmarshalTypeError
		var syntaxErr *json.SyntaxError
		switch {
		case errors.As(err, &typeErr) && typeErr.Field == "":
			// The file's one value is no object: no field is to blame.
			return nil, &Error{Path: file, Why: fmt.Sprintf("holds a JSON %s where an object must be; write {\"track\": \"go\", \"engineDirs\": [\"engine\"], \"contentDirs\": [\"content\", \"cards\"]}", typeErr.Value)}
		case errors.As(err, &typeErr):
			return nil, &Error{Path: file, Why: fmt.Sprintf("field %q must be %s, not a JSON %s", typeErr.Field, want(typeErr.Field), typeErr.Value)}
		case errors.As(err, &syntaxErr):
			return nil, &Error{Path: file, Why: fmt.Sprintf("is not valid JSON at byte %d (%v); mend it, e.g. {\"track\": \"go\", \"engineDirs\": [\"engine\"], \"contentDirs\": [\"content\", \"cards\"]}", syntaxErr.Offset, syntaxErr)}
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return nil, &Error{Path: file, Why: fmt.Sprintf("has an %s; the fields are track, engineDirs and contentDirs", strings.TrimPrefix(err.Error(), "json: "))}
		case errors.Is(err, io.EOF):
			return nil, &Error{Path: file, Why: "is empty; write {\"track\": \"go\", \"engineDirs\": [\"engine\"], \"contentDirs\": [\"content\", \"cards\"]}"}
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, &Error{Path: file, Why: fmt.Sprintf("ends before its JSON object does; close every { and [ and \" it opens, or put back the one course init wrote with `git -C %s checkout -- %s`", filepath.Dir(file), ConfigFile)}
		default:
			return nil, &Error{Path: file, Why: fmt.Sprintf("is not valid JSON (%v); mend it, or put back the one course init wrote with `git -C %s checkout -- %s`", err, filepath.Dir(file), ConfigFile)}
		}
	}
	if dec.More() {
		return nil, &Error{Path: file, Why: "has more than one JSON value; keep one object"}
	}
	if why := keyProblem(raw); why != "" {
		return nil, &Error{Path: file, Why: why}
	}
	switch {
	case cfg.Track == "":
		return nil, &Error{Path: file, Why: `field "track" is missing; write "track": "go"`}
	case cfg.Track != "go":
		return nil, &Error{Path: file, Why: fmt.Sprintf(`field "track" is %q, and this tool runs the Go track only; write "track": "go"`, cfg.Track)}
	case len(cfg.EngineDirs) == 0:
		return nil, &Error{Path: file, Why: `field "engineDirs" is missing or empty; list your engine folders, e.g. "engineDirs": ["engine"]`}
	}
	for _, f := range cfg.fields() {
		for i, d := range f.dirs {
			field := f.name
			if err := relative(d, f.example); err != nil {
				return nil, &Error{Path: file, Why: fmt.Sprintf("%s[%d] %q %s", field, i, d, err)}
			}
		}
	}
	return &cfg, nil
}

// keyProblem is what is wrong with the fields' names of a .course.json
// that decodes, "" when nothing is: a field given twice, the same way or
// in two cases, or spelt in a case of its own. Go's reader matches a key
// to a field whatever its case and keeps the last of two, so the file
// would say one thing (the folders the first engineDirs lists) and every
// command do another.
func keyProblem(raw []byte) string {
	if d, twice := jsonobject.FirstDuplicateFolded(raw); twice && d.Object == "" {
		if d.FirstKey == d.Key {
			return fmt.Sprintf("has %q twice, and Go's JSON reader takes the last alone, so the course tools would not read what the first gives; keep one", d.Key)
		}
		a, b := min(d.FirstKey, d.Key), max(d.FirstKey, d.Key)
		return fmt.Sprintf("has both %q and %q, which differ only in case; keep one, spelled %q", a, b, fieldName(a))
	}
	for k := range jsonobject.Members(raw) {
		if c := fieldName(k); c != k {
			return fmt.Sprintf("spells the field %q as %q; spell it %q, as every reader of the file does", c, k, c)
		}
	}
	return ""
}

// fieldName is the field of .course.json that Go's reader takes the key
// k for, spelt as the file's format spells it; k itself for none.
func fieldName(k string) string {
	for _, c := range []string{"track", "engineDirs", "contentDirs"} {
		if strings.EqualFold(c, k) {
			return c
		}
	}
	return k
}

type dirField struct {
	name    string
	dirs    []string
	example string // a folder the field lists in a workspace init made
}

func (c *Config) fields() []dirField {
	return []dirField{{"engineDirs", c.EngineDirs, "engine"}, {"contentDirs", c.ContentDirs, "cards"}}
}

func want(field string) string {
	if field == "track" {
		return `a string ("go")`
	}
	return `a list of folder names, e.g. ["engine"]`
}

// relative checks a folder name on its own: relative, and not climbing
// out. example is a name the mend offers.
func relative(d, example string) error {
	switch {
	case d == "":
		return errors.New("is empty; name a folder inside the workspace")
	case filepath.IsAbs(d) || path.IsAbs(d) || filepath.VolumeName(d) != "":
		return fmt.Errorf("is absolute; name a folder inside the workspace, relative to it (e.g. %q)", example)
	case strings.ContainsFunc(d, unicode.IsControl):
		return fmt.Errorf("holds a control character (a NUL, a newline, ...), which no folder name here has; write the folder's name alone (e.g. %q)", example)
	}
	clean := path.Clean(filepath.ToSlash(d))
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return fmt.Errorf("leaves the workspace; name a folder inside it (e.g. %q)", example)
	}
	return nil
}

// Resolve is p with every symbolic link of the longest part of it that
// exists followed; the rest does not exist yet, and so cannot lead
// anywhere.
func Resolve(p string) (string, error) {
	existing, rest := p, ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		parent := filepath.Dir(existing)
		if parent == existing {
			return p, nil // nothing of it exists, not even its root
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = parent
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return "", err
	}
	return filepath.Join(real, rest), nil
}

// stayInside checks that d, with every symbolic link on its way followed,
// is still inside the workspace.
func stayInside(ws, d string) error {
	realWS, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return fmt.Errorf("cannot be checked (%v)", err)
	}
	real, err := Resolve(filepath.Join(ws, filepath.FromSlash(d)))
	if err != nil {
		return fmt.Errorf("cannot be checked (%v)", err)
	}
	if !subpath.In(realWS, real) {
		return errors.New("leads out of the workspace through a symbolic link; name a real folder inside it")
	}
	return nil
}

// ModulePath is the module path in dir's go.mod, read as the go command
// reads it (a `module (...)` block included); a path that is not a valid
// module path is refused, and so is a go.mod that is not a regular file
// inside dir.
func ModulePath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("finding the absolute path of %s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", &Error{Path: dir, Why: fmt.Sprintf("cannot be followed (%v); give the path of your workspace", unwrapPath(err))}
	}
	w := &Workspace{Dir: dir, Abs: abs, Real: real}
	raw, err := w.ReadFile("go.mod")
	if errors.Is(err, fs.ErrNotExist) {
		return "", &Error{Path: dir, Why: "has no go.mod; a workspace is a Go module (make one with `course init DIR`)"}
	}
	if err != nil {
		return "", err
	}
	return parseModulePath(filepath.Join(dir, "go.mod"), raw)
}

// LocalModules is the modules the go command would take from a folder of
// this machine when it builds in the workspace (see audit.LocalModules).
func (w *Workspace) LocalModules() map[string]audit.LocalModule {
	raw, err := w.ReadFile("go.mod")
	if err != nil {
		raw = nil
	}
	return audit.LocalModules(w.Real, raw)
}

// DotlessModules is the modules with no dot in their path that the
// workspace's go.mod requires or replaces (see audit.DotlessModules).
func (w *Workspace) DotlessModules() []string {
	raw, err := w.ReadFile("go.mod")
	if err != nil {
		return nil
	}
	return audit.DotlessModules(raw)
}

// InnerModules is the modules inside the workspace's own module path that
// its go.mod requires or replaces (see audit.InnerModules).
func (w *Workspace) InnerModules() []string {
	raw, err := w.ReadFile("go.mod")
	if err != nil {
		return nil
	}
	return audit.InnerModules(raw)
}

// parseModulePath is the module path of the go.mod file with contents raw.
func parseModulePath(file string, raw []byte) (string, error) {
	f, err := modfile.ParseLax(file, raw, nil)
	if err != nil {
		return "", &Error{Path: file, Why: fmt.Sprintf("does not parse (%s); mend it, e.g. with `go mod edit -fmt`", strings.Join(strings.Fields(err.Error()), " "))}
	}
	if f.Module == nil || f.Module.Mod.Path == "" {
		return "", &Error{Path: file, Why: "has no module line; write `module example.com/my-engine` at its top"}
	}
	mod := f.Module.Mod.Path
	if err := module.CheckImportPath(mod); err != nil {
		return "", &Error{Path: file, Why: fmt.Sprintf("names the module %q, which is not a valid module path (%v); write one like example.com/my-engine", mod, unwrapModule(err))}
	}
	return mod, nil
}

func unwrapModule(err error) error {
	var ie *module.InvalidPathError
	if errors.As(err, &ie) {
		return ie.Err
	}
	return err
}

// hasRepositoryLayout: the course repository keeps its catalog in
// course/catalog.json.
func hasRepositoryLayout(ws *Workspace) bool {
	_, err := ws.ReadFile(courserepo.Catalog)
	return err == nil
}
