package audit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFoldersAllowTheHarnessTestsAndWhatIsListed(t *testing.T) {
	f := Folders{EngineDirs: []string{"engine", "./rules/"}, ContentDirs: []string{"cards"}}
	for dir, want := range map[string]bool{
		"harness": true, "harness/extra": true, "tests": true, "tests/fixtures": true,
		"engine": true, "engine/sub": true, "rules": true, "rules/deep/er": true, "cards": true,
		".": false, "lib": false, "engines": false, "harnesses": false, "cardsx": false, "testsuite": false,
	} {
		assert.Equal(t, want, f.Allows(dir), dir)
	}
	assert.True(t, Folders{EngineDirs: []string{"."}}.Allows("anything/at/all"), "the workspace's root listed lists every folder")
}

func TestModuleFolderIsAPackagesFolderInTheModule(t *testing.T) {
	for imp, want := range map[string]string{
		"example.com/ws":         ".",
		"example.com/ws/engine":  "engine",
		"example.com/ws/a/b":     "a/b",
		"example.com/wsx/engine": "",
		"fmt":                    "",
		"example.com/other/ws/a": "",
	} {
		got, ok := ModuleFolder(imp, "example.com/ws")
		assert.Equal(t, want != "", ok, imp)
		assert.Equal(t, want, got, imp)
	}
}

func TestLocalReplaceIsTheLongestModuleThatHoldsThePackage(t *testing.T) {
	near, deep := LocalModule{Dir: "./rules"}, LocalModule{Dir: "../deep"}
	locals := map[string]LocalModule{"example.com/rules": near, "example.com/rules/deep": deep}
	for imp, want := range map[string]struct {
		module string
		local  LocalModule
	}{
		"example.com/rules":          {"example.com/rules", near},
		"example.com/rules/a":        {"example.com/rules", near},
		"example.com/rules/deep/x":   {"example.com/rules/deep", deep},
		"example.com/rulesx":         {},
		"fmt":                        {},
		"example.com/ws/engine/rule": {},
	} {
		m, local, ok := LocalReplace(imp, locals)
		assert.Equal(t, want.module != "", ok, imp)
		assert.Equal(t, want.module, m, imp)
		assert.Equal(t, want.local, local, imp)
	}
	_, _, ok := LocalReplace("example.com/rules", nil)
	assert.False(t, ok, "no local modules, nothing taken from a folder")
}

func TestReplacedModuleErrorSaysWhereTheModuleComesFromAndHowToDropIt(t *testing.T) {
	e := &ReplacedModuleError{File: "engine/e.go", ImportPath: "example.com/rules", Module: "example.com/rules",
		LocalModule: LocalModule{Dir: "./rules", From: "go.mod's replace directive", Drop: "go mod edit -dropreplace example.com/rules"}}
	assert.Equal(t, "engine/e.go imports example.com/rules, a module that go.mod's replace directive takes from the folder ./rules: "+
		"the audit and expansion-check do not read that folder, and check builds without it; move those packages into a folder "+
		"of the workspace's module that .course.json lists, and drop the directive (`go mod edit -dropreplace example.com/rules`)", e.Error())
	e.ImportPath = "example.com/rules/cards"
	assert.Contains(t, e.Error(), "engine/e.go imports example.com/rules/cards, of the module example.com/rules, that go.mod's replace directive takes from")
}

func TestEngineImportKeepsEngineCodeToTheEngineAndTheStandardLibrary(t *testing.T) {
	f := Folders{EngineDirs: []string{"engine", "rules"}, ContentDirs: []string{"content", "cards"}}
	locals := map[string]LocalModule{"example.com/local": {Dir: "./local"}}
	for imp, want := range map[string]string{
		"fmt": "", "math/rand/v2": "", "C": "cgo",
		"example.com/ws/engine/sub": "", "example.com/ws/rules": "",
		"example.com/ws/lib":        "", // unlisted: UnlistedPackageError says so first
		"example.com/local/x":       "", // replaced: ReplacedModuleError says so first
		"example.com/ws/content":    "a content folder",
		"example.com/ws/cards/deep": "a content folder",
		"example.com/ws/harness":    "the harness",
		"example.com/ws/tests/x":    "the tests",
		"golang.org/x/exp/maps":     "another module",
		"example.com/wsx":           "another module",
		"rules":                     "another module", // a dotless module go.mod requires
		"rules/deep":                "another module",
		"rulesx":                    "", // the standard library's, for all the rule knows (go build says not)
		"vendored/lib/x":            "another module",
		"vendored/libx":             "",
		"vendored":                  "",
	} {
		err := f.EngineImport("engine/a.go", imp, "example.com/ws", locals, []string{"rules", "vendored/lib"})
		if want == "" {
			assert.NoError(t, err, imp)
			continue
		}
		var e *EngineImportError
		if assert.ErrorAs(t, err, &e, imp) {
			if want == "cgo" {
				assert.Equal(t, "cgo", e.What)
				assert.Contains(t, e.Error(), "engine/a.go imports C: through cgo")
				continue
			}
			if want == "another module" {
				assert.Empty(t, e.Dir, imp)
				assert.Contains(t, e.Error(), "a package of another module, which the audit does not read", imp)
			} else {
				assert.Equal(t, want, e.What, imp)
			}
			assert.True(t, strings.HasPrefix(e.Error(), "engine/a.go imports "+imp+", "), e.Error())
		}
	}
}

// An import whose path ends with an engine folder of the workspace, under
// another module path, is what a module renamed in go.mod leaves behind:
// the error names the import as it now is. A path that ends with no engine
// folder, or an engine folder "." that every path would end with, is no
// clue.
func TestAnImportUnderAnOldModulePathNamesTheNewOne(t *testing.T) {
	f := Folders{EngineDirs: []string{"engine", "rules"}, ContentDirs: []string{"content"}}
	err := f.EngineImport("engine/a.go", "example.com/old/engine/zones", "example.com/new", nil, nil)
	var e *EngineImportError
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "example.com/new/engine/zones", e.Own)
	assert.Contains(t, err.Error(), "write the import as example.com/new/engine/zones (or put go.mod's module line back)")
	err = f.EngineImport("engine/a.go", "example.com/old/rules", "example.com/new", nil, nil)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "example.com/new/rules", e.Own)
	for _, imp := range []string{"golang.org/x/exp/maps", "example.com/old/engines/x", "example.com/old/content"} {
		err = f.EngineImport("engine/a.go", imp, "example.com/new", nil, nil)
		require.ErrorAs(t, err, &e, imp)
		assert.Empty(t, e.Own, imp)
	}
	whole := Folders{EngineDirs: []string{"."}}
	err = whole.EngineImport("a.go", "golang.org/x/exp/maps", "example.com/new", nil, nil)
	require.ErrorAs(t, err, &e)
	assert.Empty(t, e.Own)
}

func TestLinknameTargetIsThePackageADirectiveReaches(t *testing.T) {
	for line, want := range map[string]string{
		"//go:linkname special example.com/ws/content.Special":      "example.com/ws/content",
		"\t//go:linkname m example.com/ws/content.(*Deck).Shuffle":  "example.com/ws/content",
		"//go:linkname now time.now":                                "time",
		"//go:linkname g example.com/ws/content.G[example.com/x.T]": "example.com/ws/content",
		"//go:linkname f a.b/c.d/pkg.F":                             "a.b/c.d/pkg",
		"//go:linkname local":                                       "",
		"//go:linkname":                                             "",
		"//go:linknamex a b.C":                                      "",
		"// go:linkname a b.C":                                      "",
		"//go:linkname a nodot":                                     "",
		"//go:noinline":                                             "",
	} {
		got, ok := LinknameTarget(line)
		assert.Equal(t, want, got, line)
		assert.Equal(t, want != "", ok, line)
	}
}

// TestDotlessModulesAreTheModulesThatCouldPassForTheStandardLibrary: a
// module go.mod requires or replaces whose path's first element has no
// dot is listed once; the others, and a go.mod that does not parse, give
// none.
func TestDotlessModulesAreTheModulesThatCouldPassForTheStandardLibrary(t *testing.T) {
	gomod := []byte(`module example.com/ws

go 1.26

require (
	rules v0.0.0
	github.com/stretchr/testify v1.9.0
	local/cards v0.0.0
)

replace (
	rules => example.com/rules v1.0.0
	mine/lib v0.1.0 => ./lib
	golang.org/x/text => ./text
)
`)
	assert.Equal(t, []string{"rules", "local/cards", "mine/lib"}, DotlessModules(gomod))
	assert.Nil(t, DotlessModules([]byte("module example.com/ws\n\nrequire github.com/x/y v1.0.0\n")))
	assert.Nil(t, DotlessModules([]byte("module (\n")))
	assert.Nil(t, DotlessModules(nil))
}

// TestInnerModulesAreTheModulesInsideTheWorkspacesPath: a module go.mod
// requires or replaces whose path lies inside the workspace's own is
// listed once, and InnerModule finds the longest that holds a package;
// a module beside the workspace's path, or one whose path only begins
// with it, is not inner.
func TestInnerModulesAreTheModulesInsideTheWorkspacesPath(t *testing.T) {
	gomod := []byte(`module example.com/ws

go 1.26

require (
	example.com/ws/engine v1.0.0
	example.com/wsx v1.0.0
	github.com/stretchr/testify v1.9.0
)

replace (
	example.com/ws/engine => ./src
	example.com/ws/engine/deep => ./deep
	example.com/other => ./other
)
`)
	inner := InnerModules(gomod)
	assert.Equal(t, []string{"example.com/ws/engine", "example.com/ws/engine/deep"}, inner)
	for imp, want := range map[string]string{
		"example.com/ws/engine":        "example.com/ws/engine",
		"example.com/ws/engine/rules":  "example.com/ws/engine",
		"example.com/ws/engine/deep/x": "example.com/ws/engine/deep",
		"example.com/ws/engineroom":    "",
		"example.com/ws/content":       "",
		"example.com/ws":               "",
	} {
		m, ok := InnerModule(imp, inner)
		assert.Equal(t, want, m, imp)
		assert.Equal(t, want != "", ok, imp)
	}
	assert.Nil(t, InnerModules([]byte("module example.com/ws\n\nrequire github.com/x/y v1.0.0\n")))
	assert.Nil(t, InnerModules([]byte("module (\n")))
	assert.Nil(t, InnerModules(nil))
}
