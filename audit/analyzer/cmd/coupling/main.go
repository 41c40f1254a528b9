// Command coupling runs the coupling audit's Analyzer on Go packages, the
// way go vet runs its checks: go run ./audit/analyzer/cmd/coupling ./engine/...
// It reports the same Go findings as `course coupling-audit`, for use in
// editors and other analysis drivers.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/systemic-game-design/course/audit/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
