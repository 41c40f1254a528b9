package audit

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
	replaces := map[string]string{"example.com/rules": "./rules", "example.com/rules/deep": "../deep"}
	for imp, want := range map[string][2]string{
		"example.com/rules":          {"example.com/rules", "./rules"},
		"example.com/rules/a":        {"example.com/rules", "./rules"},
		"example.com/rules/deep/x":   {"example.com/rules/deep", "../deep"},
		"example.com/rulesx":         {},
		"fmt":                        {},
		"example.com/ws/engine/rule": {},
	} {
		m, dir, ok := LocalReplace(imp, replaces)
		assert.Equal(t, want[0] != "", ok, imp)
		assert.Equal(t, want, [2]string{m, dir}, imp)
	}
	_, _, ok := LocalReplace("example.com/rules", nil)
	assert.False(t, ok, "no replaces, nothing replaced")
}
