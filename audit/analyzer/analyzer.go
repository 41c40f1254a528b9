// Package analyzer is the coupling audit as a go/analysis Analyzer, so the
// Zero-Coupling Law runs wherever analyzers run: go vet -vettool, gopls,
// golangci-lint (package audit/golangci), multichecker. For each Go file it
// finds the workspace the file belongs to (the nearest folder above it with
// a .course.json) and checks the file only when it lies under one of that
// workspace's engineDirs, so the tests and the harness, which name cards by
// design, are left alone; the imports of the harness and of the engine and
// content folders are held to the listed-folders rule (audit.Folders). It
// reads the same names as course coupling-audit:
// the course catalog (from $COURSE_CONTENT/course/catalog.json when that is
// set, else the catalog built in), read with encoding/json, with the grid
// nouns of the modules the workspace has started. It links neither the
// engine nor the catalog's schema code.
package analyzer

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/systemic-game-design/course/audit"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/internal/courserepo"
	"github.com/systemic-game-design/course/internal/regularfile"
	"github.com/systemic-game-design/course/internal/subpath"
)

const doc = `coupling reports card and grid-noun names in engine code (the Zero-Coupling Law)

A course workspace keeps its generic machinery in the folders .course.json
lists as engineDirs; nothing there may name a card or a grid noun of the
course catalog. A card (and any short name the catalog lists for it) counts
in every spelling: TestFiller, testFiller, TEST_FILLER, "Test Filler", in
identifiers, string literals and comments. A grid noun counts where it names
the object: as an upper-case word in a string literal ("text:FLAG"), as a
whole word in a literal without white space ("rock"), or in an all-upper-case
identifier (ROCK, IS_ROCK), and only once the workspace has started the
module that brings it. A Go file's name and its folders' names count too
(reported at the package clause; a grid noun there as an upper-case word).
Files outside the engine folders are not checked.

The audit reads only the folders .course.json lists, so engine code may
build on no package of the workspace's module outside them: an import of
one from the harness, an engine folder or a content folder is reported too
(category "unlisted folder"), with the folder to list; so is an import of a
module go.mod or a go.work takes from a folder, which check does not build. tests/ and harness/
count as listed. Engine code itself builds on the standard library and the
engine folders alone: an engine file's import of a content folder, the
harness, the tests, another module (one with no dot in its path too, when
go.mod requires or replaces it) or cgo's C is reported (category
"engine import"), since a card's name would reach the engine through it
unread; a //go:linkname directive that names another package's symbol
counts as an import of it, and an assembly or object file (.s, .S, .sx,
.syso) of an engine package is reported, whatever its build constraints,
since its code reaches any symbol with no import.

The names come from the course catalog built into the tool, or from
$COURSE_CONTENT/course/catalog.json when COURSE_CONTENT is set.`

// URL is where the analyzer's documentation lives.
const URL = "https://pkg.go.dev/github.com/systemic-game-design/course/audit/analyzer"

// ContentEnvVar names a course checkout whose catalog replaces the one
// built in, as for the course command.
const ContentEnvVar = "COURSE_CONTENT"

// Analyzer checks each file under a workspace's engine folders against the
// course catalog's names.
var Analyzer = &analysis.Analyzer{
	Name: "coupling",
	Doc:  doc,
	URL:  URL,
	Run:  runWorkspace,
}

// New returns an Analyzer that checks every file it is given against fixed
// rules, whatever the workspace: for tests and other drivers that decide
// themselves what is engine code.
func New(r *audit.Rules) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "coupling",
		Doc:  doc,
		URL:  URL,
		Run: func(pass *analysis.Pass) (any, error) {
			hits := r.PackageHits(pass.Fset, pass.Files)
			for i, f := range pass.Files {
				report(pass, hits[i])
				reportNames(pass, r, f, []string{filepath.Base(pass.Fset.File(f.Pos()).Name())})
			}
			return nil, nil
		},
	}
}

func runWorkspace(pass *analysis.Pass) (any, error) {
	namedFolders := false
	var hits [][]audit.Hit // the package's, under the rules of its workspace, once an engine file asks
	for i, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		ws, err := workspaceOf(filepath.Dir(name))
		if err != nil {
			return nil, err
		}
		if ws == nil {
			continue
		}
		rel, ok := ws.rel(name)
		if !ok {
			continue
		}
		if ws.isEngine(rel) {
			if hits == nil {
				hits = ws.rules.PackageHits(pass.Fset, pass.Files)
			}
			report(pass, hits[i])
			// The folders' names once a package, at its first file; the
			// file's own at each.
			paths := []string{rel}
			if !namedFolders {
				namedFolders = true
				for d := path.Dir(rel); d != "."; d = path.Dir(d) {
					paths = append(paths, d)
				}
			}
			reportNames(pass, ws.rules, f, paths)
		}
		if ws.holdsToListed(rel) {
			reportUnlisted(pass, ws, rel, f)
		}
	}
	return nil, reportNotGo(pass)
}

// reportNotGo gives a diagnostic, at its start, for each file of the
// package in an engine folder that the go command would assemble or link
// in (audit.EngineFile), whether or not this build's constraints keep it
// (another build's may not): engine code is Go alone.
func reportNotGo(pass *analysis.Pass) error {
	for _, name := range slices.Concat(pass.OtherFiles, pass.IgnoredFiles) {
		ws, err := workspaceOf(filepath.Dir(name))
		if err != nil {
			return err
		}
		if ws == nil {
			continue
		}
		rel, ok := ws.rel(name)
		if !ok || ws.modulePath == "" || !ws.isEngine(rel) {
			continue
		}
		// The go command lists no name that starts with a dot or an
		// underscore among a package's files.
		e := audit.EngineFile(rel)
		if e == nil {
			continue
		}
		read := pass.ReadFile
		if read == nil {
			read = regularfile.ReadFile
		}
		src, err := read(name)
		if err != nil {
			return fmt.Errorf("reading %s: %w", name, err)
		}
		tf := pass.Fset.AddFile(name, -1, len(src))
		tf.SetLinesForContent(src)
		pass.Report(analysis.Diagnostic{Pos: tf.Pos(0), Category: "engine import", Message: e.Error()})
	}
	return nil
}

// reportUnlisted gives a diagnostic for each import of the workspace
// module's own packages from outside the folders .course.json lists, and
// for each import of an engine file that leads out of the engine and the
// standard library (the listed-folders rule; see audit.Folders), at its
// path. A //go:linkname directive that reaches another package counts as
// an import of it, reported at the directive.
func reportUnlisted(pass *analysis.Pass, ws *workspace, rel string, f *ast.File) {
	type reach struct {
		path     string
		pos, end token.Pos
	}
	var reaches []reach
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil {
			reaches = append(reaches, reach{p, imp.Path.Pos(), imp.Path.End()})
		}
	}
	for _, group := range f.Comments {
		for _, c := range group.List {
			if p, ok := audit.LinknameTarget(c.Text); ok {
				reaches = append(reaches, reach{p, c.Pos(), c.End()})
			}
		}
	}
	for _, r := range reaches {
		p := r.path
		var e error
		dir, inModule := audit.ModuleFolder(p, ws.modulePath)
		switch {
		case inModule && !ws.folders.Allows(dir):
			e = &audit.UnlistedPackageError{Dir: dir, ImportPath: p, File: rel}
		case !inModule:
			if m, local, ok := audit.LocalReplace(p, ws.locals); ok {
				e = &audit.ReplacedModuleError{File: rel, ImportPath: p, Module: m, LocalModule: local}
			}
		}
		category := "unlisted folder"
		if e == nil && ws.isEngine(rel) {
			e, category = ws.folders.EngineImport(rel, p, ws.modulePath, ws.locals, ws.dotless), "engine import"
		}
		if e == nil {
			continue
		}
		pass.Report(analysis.Diagnostic{
			Pos:      r.pos,
			End:      r.end,
			Category: category,
			Message:  e.Error(),
		})
	}
}

// report gives one diagnostic per hit of a file, spanning the name (or,
// for an interpreted string literal, the literal). The hits are the
// package's (audit.PackageHits), so that a chain joins a constant another
// file of it declares, as the course command's audit joins it.
func report(pass *analysis.Pass, hits []audit.Hit) {
	for _, h := range hits {
		pass.Report(analysis.Diagnostic{
			Pos:      h.Pos,
			End:      h.End,
			Category: string(h.Kind),
			Message:  fmt.Sprintf("engine names %q (%s) as %s", h.Name, audit.Describe(h.Kind, h.Module), h.As),
		})
	}
}

// reportNames gives one diagnostic per card or grid noun in the last name
// of each of paths (slash paths: the file's, and its folders'), at the
// file's package clause.
func reportNames(pass *analysis.Pass, r *audit.Rules, f *ast.File, paths []string) {
	for _, p := range paths {
		for _, h := range r.NameFindings(p) {
			pass.Report(analysis.Diagnostic{
				Pos:      f.Package,
				End:      f.Name.End(),
				Category: string(h.Kind),
				Message:  fmt.Sprintf("engine names %q (%s) in the name %s, as %s", h.Name, audit.Describe(h.Kind, h.Module), p, h.As),
			})
		}
	}
}

// workspace is what the analyzer knows of one course workspace.
type workspace struct {
	dir     string        // absolute, links resolved
	folders audit.Folders // cleaned slash paths relative to dir
	// modulePath is go.mod's module path: empty, and the listed-folders
	// rule not applied, without a go.mod (nothing builds) and in the
	// course repository (laid out differently), as for the course command.
	modulePath string
	// locals is the modules the go command would take from a folder
	// (audit.LocalModules), which the rule refuses as it refuses an
	// unlisted folder.
	locals map[string]audit.LocalModule
	// dotless is the modules with no dot in their path that go.mod
	// requires or replaces (audit.DotlessModules): their packages are not
	// the standard library's.
	dotless []string
	rules   *audit.Rules
	// what the rules were made from, for CacheKey: the highest module
	// started and the catalog's own bytes, hashed
	highest string
	catalog [sha256.Size]byte
}

// CacheKey is what the analyzer's verdict on the packages of the workspace
// at or above dir depends on besides their own files: the workspace's
// folder, its engine and content folders, its module path, the modules
// the go command would take from a folder (audit.LocalModules), the highest
// module it has started, the catalog the names come from (built in, or
// $COURSE_CONTENT's) and the audit's rule (audit.Rules.Key, which changes
// with what counts as a finding, so a plugin rebuilt with a stricter rule
// does not answer from the old rule's verdicts). Drivers keep verdicts by a package's files (go vet
// by the tool's id, golangci-lint by its analyzers' names); with CacheKey
// in that key, starting a module, editing .course.json or pointing
// COURSE_CONTENT at another catalog is not answered from the cache. When dir is in no
// workspace, or its workspace does not open, the key is random, so that
// nothing is reused.
func CacheKey(dir string) string {
	var ws *workspace
	abs, err := filepath.Abs(dir)
	if err == nil {
		ws, err = workspaceOf(abs)
	}
	if err != nil || ws == nil {
		return rand.Text()
	}
	h := sha256.New()
	fmt.Fprintf(h, "%q %q %q %q %q %x %q", ws.dir, ws.folders.EngineDirs, ws.folders.ContentDirs, ws.modulePath, ws.highest, ws.catalog, ws.rules.Key())
	for _, m := range slices.Sorted(maps.Keys(ws.locals)) {
		fmt.Fprintf(h, " %q %q", m, ws.locals[m])
	}
	fmt.Fprintf(h, " %q", ws.dotless)
	return hex.EncodeToString(h.Sum(nil))
}

// rel is the file at name as a slash path in the workspace, its folder's
// links resolved; false when it is not inside.
func (w *workspace) rel(name string) (string, bool) {
	real, err := filepath.EvalSymlinks(filepath.Dir(name))
	if err != nil {
		real = filepath.Dir(name)
	}
	rel, ok := subpath.Rel(w.dir, filepath.Join(real, filepath.Base(name)))
	if !ok {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// isEngine reports whether the file at rel lies under an engine folder.
func (w *workspace) isEngine(rel string) bool { return w.folders.IsEngine(path.Dir(rel)) }

// holdsToListed reports whether the imports of the file at rel are held to
// the listed-folders rule: the harness's files and those of the engine and
// content folders, which the course command follows the imports from. A
// package under harness/ counts whether or not the harness imports it (a
// package at a time, the analyzer cannot tell); tests/ does not, and
// neither does a _test.go file, which builds into no package an importer
// gets.
func (w *workspace) holdsToListed(rel string) bool {
	if w.modulePath == "" || strings.HasSuffix(rel, "_test.go") {
		return false
	}
	dir := path.Dir(rel)
	return audit.Under(dir, "harness") || w.folders.IsEngine(dir) || audit.Under(dir, w.folders.ContentDirs...)
}

var (
	workspaces sync.Map // folder and $COURSE_CONTENT -> *workspace (nil when none is above it)
	opened     sync.Map // a workspace's own folder, $COURSE_CONTENT and .course.json -> *workspace
)

// workspaceOf finds the workspace of a folder: the nearest folder at or
// above it with a .course.json. nil when there is none. Each workspace is
// opened once, however many of its folders hold files.
func workspaceOf(dir string) (*workspace, error) {
	content := os.Getenv(ContentEnvVar)
	key := dir + "\x00" + content
	if v, ok := workspaces.Load(key); ok {
		return v.(*workspace), nil
	}
	var ws *workspace
	for d := dir; ; d = filepath.Dir(d) {
		if raw, err := regularfile.ReadFile(filepath.Join(d, ".course.json")); err == nil {
			root := d + "\x00" + content + "\x00" + string(raw)
			if v, ok := opened.Load(root); ok {
				ws = v.(*workspace)
				break
			}
			w, err := openWorkspace(d, raw)
			if err != nil {
				return nil, err
			}
			opened.Store(root, w)
			ws = w
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	workspaces.Store(key, ws)
	return ws, nil
}

func openWorkspace(dir string, raw []byte) (*workspace, error) {
	var cfg struct {
		EngineDirs  []string `json:"engineDirs"`
		ContentDirs []string `json:"contentDirs"`
	}
	if err := json.Unmarshal(raw, &cfg); err != nil {
		return nil, fmt.Errorf("%s is not valid JSON (%v); mend it, e.g. {\"track\": \"go\", \"engineDirs\": [\"engine\"]}", filepath.Join(dir, ".course.json"), err)
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		real = dir
	}
	w := &workspace{dir: real}
	for _, d := range cfg.EngineDirs {
		w.folders.EngineDirs = append(w.folders.EngineDirs, path.Clean(filepath.ToSlash(d)))
	}
	for _, d := range cfg.ContentDirs {
		w.folders.ContentDirs = append(w.folders.ContentDirs, path.Clean(filepath.ToSlash(d)))
	}
	cat, err := readCatalog()
	if err != nil {
		return nil, err
	}
	w.highest, w.catalog = audit.AllModules, cat.digest
	if !isCourseRepository(dir) {
		if w.highest, err = audit.HighestStarted(dir); err != nil {
			return nil, err
		}
		if gomod, err := regularfile.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
			w.modulePath = modfile.ModulePath(gomod)
			w.locals = audit.LocalModules(real, gomod)
			w.dotless = audit.DotlessModules(gomod)
		}
	}
	w.rules = audit.NewRules(cat.names, w.highest)
	return w, nil
}

// catalog is the names of a course catalog, and its bytes' hash.
type catalog struct {
	names  []audit.Name
	digest [sha256.Size]byte
}

var catalogs sync.Map // $COURSE_CONTENT -> *catalog

// readCatalog is the course catalog: from $COURSE_CONTENT's
// course/catalog.json when it is set, else the one built in; each read
// once.
func readCatalog() (*catalog, error) {
	dir := os.Getenv(ContentEnvVar)
	if v, ok := catalogs.Load(dir); ok {
		return v.(*catalog), nil
	}
	var raw []byte
	var err error
	if dir != "" {
		raw, err = regularfile.ReadFile(filepath.Join(dir, "course", "catalog.json"))
	} else {
		raw, err = fs.ReadFile(course.Files, "catalog.json")
	}
	if err != nil {
		return nil, fmt.Errorf("reading the course catalog: %w", err)
	}
	names, err := audit.CatalogNames(raw)
	if err != nil {
		return nil, err
	}
	c := &catalog{names: names, digest: sha256.Sum256(raw)}
	catalogs.Store(dir, c)
	return c, nil
}

// isCourseRepository reports whether dir is the course repository itself
// (see courserepo), whose engine is held to every module's names.
func isCourseRepository(dir string) bool {
	gomod, err := regularfile.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return false
	}
	st, err := os.Stat(filepath.Join(dir, filepath.FromSlash(courserepo.Catalog)))
	return courserepo.Is(gomod, err == nil && st.Mode().IsRegular())
}
