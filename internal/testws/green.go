package testws

import (
	"embed"
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/systemic-game-design/course/templates"
)

//go:embed green/*.txtar
var green embed.FS

// Green writes into the workspace at dir (one course init made, with the
// module path modulePath; the files are written for the template's,
// templates.DefaultModulePath) the engine, content and harness files that make
// a module's tests pass: green/NN.txtar, for the modules a test needs
// finished (an Expansion Drop starts only from a module whose tests pass).
// green/NNx.txtar is module NN's drop done, written over green/NN.txtar.
func Green(t testing.TB, dir, module, modulePath string) {
	t.Helper()
	files, err := GreenFiles(module, modulePath)
	if err != nil {
		t.Fatal(err)
	}
	Write(t, dir, files)
}

// GreenFiles is what Green writes, by path in the workspace.
func GreenFiles(module, modulePath string) (map[string]string, error) {
	raw, err := green.ReadFile("green/" + module + ".txtar")
	if err != nil {
		return nil, fmt.Errorf("no green files for module %q: %w", module, err)
	}
	files := map[string]string{}
	for _, f := range txtar.Parse(raw).Files {
		files[f.Name] = strings.ReplaceAll(string(f.Data), templates.DefaultModulePath+"/", modulePath+"/")
	}
	return files, nil
}
