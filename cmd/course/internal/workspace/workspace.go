// Package workspace finds its way around a learner's workspace (or this
// course repository): it reads .course.json, which is the only thing the
// tools consult to know where the engine and content folders are, and the
// module path in go.mod.
package workspace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ConfigFile is the workspace's configuration file name.
const ConfigFile = ".course.json"

// RepositoryModule is the module path of the course repository itself.
const RepositoryModule = "github.com/systemic-game-design/course"

// Config is .course.json.
type Config struct {
	Track       string   `json:"track"`       // "go"
	EngineDirs  []string `json:"engineDirs"`  // slash paths relative to the workspace
	ContentDirs []string `json:"contentDirs"` // slash paths relative to the workspace
}

// Workspace is a folder with a .course.json.
type Workspace struct {
	Dir    string // as given on the command line
	Abs    string // absolute
	Config Config
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

// Open reads dir's .course.json and checks that every folder it names stays
// inside dir.
func Open(dir string) (*Workspace, error) {
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() {
		return nil, &Error{Path: dir, Why: "no such folder; give the path of your workspace (made with `course init`)"}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("finding the absolute path of %s: %w", dir, err)
	}
	file := filepath.Join(dir, ConfigFile)
	raw, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil, &Error{Path: dir, Why: "not a course workspace: it has no " + ConfigFile + "; make one with `course init DIR`, or give the workspace's folder"}
	}
	if err != nil {
		return nil, &Error{Path: file, Why: fmt.Sprintf("cannot be read (%v)", err)}
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
		}
	}
	return &Workspace{Dir: dir, Abs: abs, Config: *cfg}, nil
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
		case errors.As(err, &typeErr):
			return nil, &Error{Path: file, Why: fmt.Sprintf("field %q must be %s, not a JSON %s", typeErr.Field, want(typeErr.Field), typeErr.Value)}
		case errors.As(err, &syntaxErr):
			return nil, &Error{Path: file, Why: fmt.Sprintf("is not valid JSON at byte %d (%v); mend it, e.g. {\"track\": \"go\", \"engineDirs\": [\"engine\"], \"contentDirs\": [\"content\", \"cards\"]}", syntaxErr.Offset, syntaxErr)}
		case strings.HasPrefix(err.Error(), "json: unknown field "):
			return nil, &Error{Path: file, Why: fmt.Sprintf("has an %s; the fields are track, engineDirs and contentDirs", strings.TrimPrefix(err.Error(), "json: "))}
		case errors.Is(err, io.EOF):
			return nil, &Error{Path: file, Why: "is empty; write {\"track\": \"go\", \"engineDirs\": [\"engine\"], \"contentDirs\": [\"content\", \"cards\"]}"}
		default:
			return nil, &Error{Path: file, Why: fmt.Sprintf("is not valid JSON (%v)", err)}
		}
	}
	if dec.More() {
		return nil, &Error{Path: file, Why: "has more than one JSON value; keep one object"}
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
			if err := relative(d); err != nil {
				return nil, &Error{Path: file, Why: fmt.Sprintf("%s[%d] %q %s", field, i, d, err)}
			}
		}
	}
	return &cfg, nil
}

type dirField struct {
	name string
	dirs []string
}

func (c *Config) fields() []dirField {
	return []dirField{{"engineDirs", c.EngineDirs}, {"contentDirs", c.ContentDirs}}
}

func want(field string) string {
	if field == "track" {
		return `a string ("go")`
	}
	return `a list of folder names, e.g. ["engine"]`
}

// relative checks a folder name on its own: relative, and not climbing out.
func relative(d string) error {
	switch {
	case d == "":
		return errors.New("is empty; name a folder inside the workspace")
	case filepath.IsAbs(d) || path.IsAbs(d) || filepath.VolumeName(d) != "":
		return errors.New("is absolute; name a folder inside the workspace, relative to it (e.g. \"engine\")")
	}
	clean := path.Clean(filepath.ToSlash(d))
	if clean == ".." || strings.HasPrefix(clean, "../") {
		return errors.New("leaves the workspace; name a folder inside it (e.g. \"engine\")")
	}
	return nil
}

// stayInside checks that d, with every symbolic link on its way followed,
// is still inside the workspace.
func stayInside(ws, d string) error {
	realWS, err := filepath.EvalSymlinks(ws)
	if err != nil {
		return fmt.Errorf("cannot be checked (%v)", err)
	}
	// Follow the links of the longest part of the path that exists; the
	// rest does not exist yet and so cannot lead anywhere.
	existing, rest := filepath.Join(ws, filepath.FromSlash(d)), ""
	for {
		if _, err := os.Lstat(existing); err == nil {
			break
		}
		rest = filepath.Join(filepath.Base(existing), rest)
		existing = filepath.Dir(existing)
	}
	real, err := filepath.EvalSymlinks(existing)
	if err != nil {
		return fmt.Errorf("cannot be checked (%v)", err)
	}
	real = filepath.Join(real, rest)
	rel, err := filepath.Rel(realWS, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return errors.New("leads out of the workspace through a symbolic link; name a real folder inside it")
	}
	return nil
}

// ModulePath is the module path in dir's go.mod.
func ModulePath(dir string) (string, error) {
	file := filepath.Join(dir, "go.mod")
	raw, err := os.ReadFile(file)
	if err != nil {
		return "", &Error{Path: dir, Why: "has no go.mod; a workspace is a Go module (make one with `course init DIR`)"}
	}
	sc := bufio.NewScanner(bytes.NewReader(raw))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			mod := strings.TrimSpace(rest)
			if i := strings.Index(mod, "//"); i >= 0 {
				mod = strings.TrimSpace(mod[:i])
			}
			mod = strings.Trim(mod, "\"`")
			if mod != "" {
				return mod, nil
			}
		}
	}
	return "", &Error{Path: file, Why: "has no module line; write `module example.com/my-engine` at its top"}
}

// IsCourseRepository reports whether dir is this course's own repository:
// its go.mod names the course module, or it has course/catalog.json.
func IsCourseRepository(dir string) bool {
	if mod, err := ModulePath(dir); err == nil && mod == RepositoryModule {
		return true
	}
	_, err := os.Stat(filepath.Join(dir, "course", "catalog.json"))
	return err == nil
}
