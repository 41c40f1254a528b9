package audit

import (
	"fmt"
	"path"
	"strings"
)

// The listed-folders rule. The coupling audit and expansion-check read
// the engine folders that .course.json lists. A package the harness builds
// on that is in no listed folder (a new rules/ the learner forgot to list,
// or an engine moved out of engine/ and the list edited to match) would be
// engine code neither of them reads: its card names would pass the audit,
// and a drop could change it. So every package of the workspace's module
// that the harness imports, directly or through other packages, must be
// under engineDirs, contentDirs (where card names belong), harness/ or
// tests/. Engine code itself builds on the standard library and the
// engine folders alone (Folders.EngineImport). The course command follows
// the imports from the harness (session.CheckListed); the analyzer, which
// sees a package at a time, holds each import of the harness's and the
// listed folders' files to it.

// Folders is what .course.json lists: the folders engine code may build on,
// besides harness/ and tests/.
type Folders struct {
	EngineDirs  []string
	ContentDirs []string
}

// Allows reports whether dir (a slash path in the workspace, "." for its
// root) is harness/, tests/, or under a listed folder.
func (f Folders) Allows(dir string) bool {
	return Under(dir, "harness", "tests") || Under(dir, f.EngineDirs...) || Under(dir, f.ContentDirs...)
}

// IsEngine reports whether dir (a slash path in the workspace) is under an
// engine folder, where the audit reads every file.
func (f Folders) IsEngine(dir string) bool { return Under(dir, f.EngineDirs...) }

// role names what a listed folder that is not the engine's holds, as an
// error says it.
func (f Folders) role(dir string) string {
	switch {
	case Under(dir, f.ContentDirs...):
		return "a content folder"
	case Under(dir, "tests"):
		return "the tests"
	}
	return "the harness"
}

// Under reports whether dir (a slash path in the workspace) is one of
// folders or inside one ("." holds every folder).
func Under(dir string, folders ...string) bool {
	for _, a := range folders {
		a = path.Clean(a)
		if a == "." || dir == a || strings.HasPrefix(dir, a+"/") {
			return true
		}
	}
	return false
}

// Standard reports whether an import path is the standard library's: its
// first element has no dot ("C", cgo's, is refused before this is asked),
// and no module of dotless (the workspace's go.mod requires or replaces
// it; see DotlessModules) holds it. The go command allows a module path
// with no dot in it, from a vendor folder or a replace directive, and
// takes such an import from that module, whose code the audit does not
// read; the first element alone would pass it as the standard library's.
func Standard(importPath string, dotless []string) bool {
	first, _, _ := strings.Cut(importPath, "/")
	if strings.Contains(first, ".") {
		return false
	}
	for _, m := range dotless {
		if importPath == m || strings.HasPrefix(importPath, m+"/") {
			return false
		}
	}
	return true
}

// EngineImport is the rule's word on one import of a file in an engine
// folder (file, a slash path in the workspace). Engine code may build on
// the standard library and the engine folders alone: the audit reads those
// and nothing else, so a card's name in the content, the harness, the
// tests or another module's code would reach the engine through the import
// unread ("engine asks content.Special(name)"). It is nil for an import
// that stays there, and for one of a folder .course.json does not list,
// or of a module the go command takes from a folder, which have errors of
// their own (UnlistedPackageError, ReplacedModuleError) that come first.
// dotless is the modules with no dot in their path that the workspace's
// go.mod requires or replaces (DotlessModules): an import of one of their
// packages is another module's, not the standard library's.
func (f Folders) EngineImport(file, importPath, modulePath string, locals map[string]LocalModule, dotless []string) error {
	if dir, ok := ModuleFolder(importPath, modulePath); ok {
		if f.IsEngine(dir) || !f.Allows(dir) {
			return nil
		}
		return &EngineImportError{File: file, ImportPath: importPath, Dir: dir, What: f.role(dir)}
	}
	if importPath == "C" {
		return &EngineImportError{File: file, ImportPath: importPath, What: "cgo"}
	}
	if Standard(importPath, dotless) {
		return nil
	}
	if _, _, replaced := LocalReplace(importPath, locals); replaced {
		return nil
	}
	return &EngineImportError{File: file, ImportPath: importPath, Own: f.ownUnder(importPath, modulePath)}
}

// ownUnder is the import path in module modulePath of the engine folder
// importPath ends with ("example.com/old/engine/card" ends with
// "engine/card"), "" when it ends with none: a module renamed in go.mod
// leaves the engine's imports of its own folders under the old path. An
// engine folder "." (the whole workspace) is no clue, and is left out.
func (f Folders) ownUnder(importPath, modulePath string) string {
	elems := strings.Split(importPath, "/")
	for i := 1; i < len(elems); i++ {
		rest := strings.Join(elems[i:], "/")
		for _, d := range f.EngineDirs {
			if d = path.Clean(d); d != "." && (rest == d || strings.HasPrefix(rest, d+"/")) {
				return path.Join(modulePath, rest)
			}
		}
	}
	return ""
}

// EngineFile is the rule's word on a file of an engine folder (file, a
// slash path in the workspace) that is not Go but that the go command
// would assemble or link into the package: assembly (.s, .S, .sx) and
// object files (.syso). Their code reaches any symbol of the program by
// name, the content's included, with no import written; an empty .s file
// even lets a Go function with no body take one from another package's
// //go:linkname directive. The audit cannot follow any of it, so engine
// code is Go alone, whatever build constraints such a file has. nil for
// any other file.
func EngineFile(file string) error {
	switch path.Ext(file) {
	case ".s", ".S", ".sx":
		return &EngineImportError{File: file, What: "assembly"}
	case ".syso":
		return &EngineImportError{File: file, What: "an object file"}
	}
	return nil
}

// EngineImportError is an import from engine code that leads out of the
// engine folders and the standard library (see Folders.EngineImport), or
// a file of an engine folder that is not Go (see EngineFile).
type EngineImportError struct {
	File       string // the engine file that imports it ("engine/rules.go")
	ImportPath string // "" for a file that is not Go
	Dir        string // its folder in the workspace; "" for another module's package
	// Own is, for another module's package whose path ends with an engine
	// folder, that folder's import path in the workspace's module: the
	// import a renamed module left behind.
	Own string
	// What is what that folder holds: "a content folder", "the harness",
	// "the tests"; "cgo" for C; "assembly" or "an object file" for a file
	// that is not Go.
	What string
}

func (e *EngineImportError) Error() string {
	switch e.What {
	case "assembly":
		return fmt.Sprintf("%s is assembly, which reaches any function of the program (the content's included) by name, with no import the audit could follow; engine code is Go alone, so write it in Go or move the file out of the engine folders", e.File)
	case "an object file":
		return fmt.Sprintf("%s is an object file the go command links into the program, whose code reaches any function of it (the content's included) with no import the audit could follow; engine code is Go alone, so delete the file or move it out of the engine folders", e.File)
	}
	if e.What == "cgo" {
		return fmt.Sprintf("%s imports C: through cgo, engine code can call any function of the program, the content's included, and the audit cannot follow it; engine code builds on the standard library and the engine folders alone, so write it in Go", e.File)
	}
	if e.Dir == "" && e.Own != "" {
		return fmt.Sprintf("%s imports %s, a package of another module, whose path ends as an engine folder of this one does: if the module was renamed in go.mod, write the import as %s (or put go.mod's module line back); engine code builds on the standard library and the engine folders alone", e.File, e.ImportPath, e.Own)
	}
	if e.Dir == "" {
		return fmt.Sprintf("%s imports %s, a package of another module, which the audit does not read: engine code builds on the standard library and the engine folders alone; copy what the engine needs from it into an engine folder, where the audit reads it", e.File, e.ImportPath)
	}
	return fmt.Sprintf("%s imports %s, %s (%s): engine code builds on the standard library and the engine folders alone, since the audit reads only those; have the harness hand the engine what it needs from there, as data or functions, and drop the import", e.File, e.ImportPath, e.What, e.Dir)
}

// UserError marks the error as the learner's to mend.
func (e *EngineImportError) UserError() bool { return true }

// LinknameTarget is the package a //go:linkname directive reaches, when
// line is one that names another package's symbol
// ("//go:linkname special example.com/ws/content.Special" reaches
// "example.com/ws/content"). Such a directive pulls that package's code
// into the file as an import would, with no import written, so the rule
// counts it as one.
func LinknameTarget(line string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimLeft(line, " \t"), "//go:linkname")
	if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t') {
		return "", false
	}
	fields := strings.Fields(rest)
	if len(fields) < 2 {
		return "", false
	}
	// A symbol's instantiation ("F[example.com/x.T]") names other packages
	// inside its brackets; the package reached is the one before them.
	target, _, _ := strings.Cut(fields[1], "[")
	slash := strings.LastIndexByte(target, '/')
	dot := strings.IndexByte(target[slash+1:], '.')
	if dot <= 0 {
		return "", false
	}
	return target[:slash+1+dot], true
}

// ModuleFolder is the folder of the workspace (a slash path, "." for the
// module's root) that holds the package importPath, when the package is
// the workspace module's own.
func ModuleFolder(importPath, modulePath string) (string, bool) {
	if importPath == modulePath {
		return ".", true
	}
	if rel, ok := strings.CutPrefix(importPath, modulePath+"/"); ok {
		return rel, true
	}
	return "", false
}

// NestedModuleError is a go.mod in a folder the listed-folders rule
// reads, below the workspace's own. It makes that folder a module of its
// own: the go command takes its packages from the module proxy, at the
// version the workspace's go.mod requires, not from the folder, so the
// audit and the rule would read code the build does not use.
type NestedModuleError struct {
	File string // the go.mod, a slash path in the workspace ("engine/rules/go.mod")
}

func (e *NestedModuleError) Error() string {
	dir := path.Dir(e.File)
	return fmt.Sprintf("%s makes %s a module of its own, which the go command takes from the module proxy, not from this folder, so the audit would read code the build does not use; a workspace is one module, so delete %s", e.File, dir, e.File)
}

// UserError marks the error as the learner's to mend.
func (e *NestedModuleError) UserError() bool { return true }

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

// InnerModuleError is a package the harness builds on, directly or
// through the listed folders, whose import path names a folder of the
// workspace but which the go command takes from another module: one whose
// path lies inside the workspace's own, that go.mod requires (see
// InnerModules). The audit and expansion-check read the folder, not that
// module's code.
type InnerModuleError struct {
	File       string // a file that imports it ("harness/game.go")
	ImportPath string
	Module     string // the module that holds it ("example.com/ws/engine")
}

func (e *InnerModuleError) Error() string {
	return fmt.Sprintf("%s imports %s, which the go command takes from the module %s that go.mod requires, not from the workspace's own folders, so the audit and expansion-check would not read its code; a workspace is one module, so drop the requirement (`go mod edit -droprequire %s -dropreplace %s`) and put the code in a folder .course.json lists",
		e.File, e.ImportPath, e.Module, e.Module, e.Module)
}

// UserError marks the error as the learner's to mend.
func (e *InnerModuleError) UserError() bool { return true }

// InnerModule is the module of modules (see InnerModules) that holds
// importPath, the longest when several do, as the go command chooses.
func InnerModule(importPath string, modules []string) (string, bool) {
	module := ""
	for _, m := range modules {
		if (importPath == m || strings.HasPrefix(importPath, m+"/")) && len(m) > len(module) {
			module = m
		}
	}
	return module, module != ""
}

// LocalModule is a module the go command takes from a folder of this
// machine, not from the version go.sum vouches for: one go.mod replaces
// with a folder, or one a go.work uses or replaces so.
type LocalModule struct {
	Dir  string // the folder, as the file that names it writes it
	From string // the directive that names it: "go.mod's replace directive", "the use directive of /w/go.work"
	Drop string // the command that drops it: "go mod edit -dropreplace example.com/rules"
}

// ReplacedModuleError is a package the harness builds on, directly or
// through the listed folders, of a LocalModule: code neither the audit nor
// expansion-check reads, from a directive that check leaves out (it builds
// with go.mod's requirements alone, without replace directives or a
// go.work, so the import does not build there either).
type ReplacedModuleError struct {
	File       string // a file that imports it ("engine/game.go")
	ImportPath string
	Module     string // the module the folder stands for
	LocalModule
}

func (e *ReplacedModuleError) Error() string {
	what := fmt.Sprintf("%s, of the module %s,", e.ImportPath, e.Module)
	if e.ImportPath == e.Module {
		what = e.Module + ", a module"
	}
	return fmt.Sprintf("%s imports %s that %s takes from the folder %s: the audit and expansion-check do not read that folder, and check builds without it; move those packages into a folder of the workspace's module that .course.json lists, and drop the directive (`%s`)",
		e.File, what, e.From, e.Dir, e.Drop)
}

// UserError marks the error as the learner's to mend.
func (e *ReplacedModuleError) UserError() bool { return true }

// LocalReplace is the module of importPath and where the go command takes
// it from, when locals (module path to LocalModule) holds one; the longest
// module path that holds the package wins, as the go command chooses.
func LocalReplace(importPath string, locals map[string]LocalModule) (module string, local LocalModule, ok bool) {
	for m, l := range locals {
		if (importPath == m || strings.HasPrefix(importPath, m+"/")) && len(m) > len(module) {
			module, local, ok = m, l, true
		}
	}
	return module, local, ok
}
