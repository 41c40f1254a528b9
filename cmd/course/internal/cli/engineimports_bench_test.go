package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/audit/session"
	"github.com/systemic-game-design/course/cmd/course/internal/workspace"
	"github.com/systemic-game-design/course/internal/testws"
	"github.com/systemic-game-design/course/internal/usercache"
)

// BenchmarkCheckEngineListed is the listed-folders rule on a workspace
// whose harness imports an engine of 20 packages of 100 files each: what
// it adds to every audit and expansion-check there, the opening of the
// workspace's git view (which the check after it shares) included. "first" keeps nothing
// between runs (a machine that has never seen the files), "again" is a
// later run over files git's index vouches for, whose imports are kept.
func BenchmarkCheckEngineListed(b *testing.B) {
	files := map[string]string{}
	var imports []string
	for p := range 20 {
		imports = append(imports, fmt.Sprintf("\t_ %q\n", fmt.Sprintf("%s/engine/p%02d", testws.ModulePath, p)))
		for i := range 100 {
			files[fmt.Sprintf("engine/p%02d/f%03d.go", p, i)] = fmt.Sprintf("package p%02d\n\nimport \"fmt\"\n\nfunc F%d() { fmt.Println(%d) }\n%s", p, i, i, strings.Repeat("// a line of the engine\n", 40))
		}
	}
	files["harness/harness.go"] = "package harness\n\nimport (\n" + strings.Join(imports, "") + ")\n"
	dir := testws.New(b, files)
	testws.Git(b, dir, "init", "-q")
	testws.Git(b, dir, "add", ".")
	testws.Git(b, dir, "commit", "-q", "-m", "engine")
	ws, err := workspace.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, cache string }{{"first", "off"}, {"again", b.TempDir()}} {
		b.Run(c.name, func(b *testing.B) {
			b.Setenv(usercache.EnvVar, c.cache)
			run := func() {
				s, err := session.Open(dir)
				if err != nil {
					b.Fatal(err)
				}
				if err := checkEngineListed(ws, s); err != nil {
					b.Fatal(err)
				}
			}
			run()
			b.ReportAllocs()
			for b.Loop() {
				run()
			}
		})
	}
}
