package cli

import (
	"bytes"
	"errors"
	"fmt"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// The coupling audit and expansion-check read the engine folders that
// .course.json lists. A package the harness builds on that is in no listed
// folder (a new rules/ the learner forgot to list, or an engine moved out
// of engine/ and the list edited to match) would be engine code neither
// of them reads: its card names would pass the audit, and a drop could
// change it. So every package of the workspace's module that the harness
// imports, directly or through other packages, must be under engineDirs,
// contentDirs (where card names belong), harness/ or tests/.

// UnlistedPackageError is a package the harness builds on that .course.json
// lists in neither engineDirs nor contentDirs.
type UnlistedPackageError struct {
	Dir        string // its folder, a slash path in the workspace ("rules")
	ImportPath string
	File       string // a file that imports it ("harness/game.go")
}

func (e *UnlistedPackageError) Error() string {
	return fmt.Sprintf("%s imports %s, whose folder (%s) is in neither engineDirs nor contentDirs of .course.json, so the audit would not read it; add %q to engineDirs (or to contentDirs, if it is card content)",
		e.File, e.ImportPath, e.Dir, e.Dir)
}

// UserError marks the error as the learner's to mend.
func (e *UnlistedPackageError) UserError() bool { return true }

// checkEngineListed refuses a learner's workspace whose harness builds on
// a package outside the folders .course.json lists (see above). The
// course repository lays itself out differently and is not asked.
func checkEngineListed(ws *workspace.Workspace) error {
	if ws.Kind == workspace.Repository {
		return nil
	}
	modPath := ws.ModulePath
	if modPath == "" {
		// No go.mod: nothing builds, so nothing is imported (check says
		// what is missing).
		return nil
	}
	listed := append(append([]string{"harness", "tests"}, ws.Config.EngineDirs...), ws.Config.ContentDirs...)
	under := func(dir string) bool {
		for _, l := range listed {
			l = path.Clean(l)
			if l == "." || dir == l || strings.HasPrefix(dir, l+"/") {
				return true
			}
		}
		return false
	}
	// From the harness and every package of the listed folders: engine
	// code builds on what it imports, whether or not the harness uses it
	// yet.
	roots := []string{"harness"}
	for _, d := range append(append([]string{}, ws.Config.EngineDirs...), ws.Config.ContentDirs...) {
		sub, err := packageDirs(ws, path.Clean(d))
		if err != nil {
			return err
		}
		roots = append(roots, sub...)
	}
	seen := map[string]bool{}
	var queue []string
	for _, r := range roots {
		if !seen[r] {
			seen[r] = true
			queue = append(queue, r)
		}
	}
	// The roots are read at once, a folder to each worker, as the audit's
	// walk reads; the folders the imports lead to after them, one by one.
	// Either way the folders are judged in the same order, so the error is
	// the same.
	read := make([]dirImports, len(queue))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, dir := range queue {
		g.Go(func() error {
			read[i] = importsOf(ws, dir)
			return nil
		})
	}
	_ = g.Wait()
	for i := 0; i < len(queue); i++ {
		var d dirImports
		if i < len(read) {
			d = read[i]
		} else {
			d = importsOf(ws, queue[i])
		}
		if d.err != nil {
			return d.err
		}
		for _, f := range d.files {
			for _, p := range f.imports {
				rel, ok := strings.CutPrefix(p, modPath+"/")
				if p == modPath {
					rel, ok = ".", true // the module's root folder
				}
				if !ok || seen[rel] {
					continue
				}
				seen[rel] = true
				if !under(rel) {
					return &UnlistedPackageError{Dir: rel, ImportPath: p, File: f.rel}
				}
				queue = append(queue, rel)
			}
		}
	}
	return nil
}

// dirImports is what the Go files of one folder import, or why they could
// not be read.
type dirImports struct {
	files []fileImports
	err   error
}

type fileImports struct {
	rel     string   // slash path in the workspace
	imports []string // import paths
}

// importsOf is the imports of the Go files the go command would build in
// the workspace folder dir; a file that does not parse imports nothing
// (the build will say so).
func importsOf(ws *workspace.Workspace, dir string) dirImports {
	files, err := packageFiles(ws, dir)
	if err != nil {
		return dirImports{err: err}
	}
	var d dirImports
	for _, f := range files {
		parsed, err := parser.ParseFile(token.NewFileSet(), f.rel, f.src, parser.ImportsOnly)
		if err != nil {
			continue
		}
		fi := fileImports{rel: f.rel}
		for _, imp := range parsed.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil {
				fi.imports = append(fi.imports, p)
			}
		}
		d.files = append(d.files, fi)
	}
	return d
}

// packageDirs is dir and every folder under it, as slash paths; links
// are not followed.
func packageDirs(ws *workspace.Workspace, dir string) ([]string, error) {
	abs, err := ws.Path(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == abs && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(abs, p)
		if err != nil {
			return err
		}
		// As the go command: no package in dot and underscore folders, nor
		// in testdata.
		if n := d.Name(); rel != "." && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") || n == "testdata") {
			return filepath.SkipDir
		}
		out = append(out, path.Join(dir, filepath.ToSlash(rel)))
		return nil
	})
	return out, err
}

// goFile is a Go file of the workspace and its content.
type goFile struct {
	rel string // slash path in the workspace
	src []byte
}

// packageFiles is the non-test Go files of the workspace folder dir that
// the go command would build here, each read once. A file is read as
// every file of the workspace is: a FIFO or a device is refused at once,
// never waited on, and left out (the audit then says what it is); a link
// is followed only inside the workspace.
func packageFiles(ws *workspace.Workspace, dir string) ([]goFile, error) {
	abs, err := ws.Path(dir)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(abs)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []goFile
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		rel := path.Join(dir, n)
		var src []byte
		if e.Type()&fs.ModeSymlink != 0 {
			if src, err = ws.ReadFile(rel); err != nil {
				return nil, err
			}
		} else if src, err = regularfile.ReadFile(filepath.Join(abs, n)); err != nil {
			continue
		}
		// The build constraints, from what was read.
		ctx := build.Default
		ctx.OpenFile = func(string) (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(src)), nil }
		if ok, err := ctx.MatchFile(abs, n); err != nil || !ok {
			continue
		}
		out = append(out, goFile{rel: rel, src: src})
	}
	return out, nil
}
