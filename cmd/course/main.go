// Command course is the systemic game design course's one tool: it makes a
// learner's workspace (init), copies modules into it (start-module), and
// checks the work (coupling-audit, expansion-check, check). See
// `course --help`.
package main

import (
	"os"

	"github.com/systemic-game-design/course/cmd/course/internal/cli"
	"github.com/systemic-game-design/course/cmd/course/internal/startheap"
)

func main() {
	startheap.Defer(64 << 20)
	os.Exit(cli.Main(os.Args[1:], cli.DefaultEnv()))
}
