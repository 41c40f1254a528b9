// Command coupling runs the coupling audit's Analyzer the way go vet runs
// its checks. In a learner's workspace:
//
//	go vet -vettool=$(which coupling) ./...
//
// reports each place a file under the workspace's engineDirs names a card or
// a grid noun, and nothing for tests/ or harness/. On its own it takes
// package patterns: go run ./audit/analyzer/cmd/coupling ./engine/...
// The names are the course catalog built in, or
// $COURSE_CONTENT/course/catalog.json when COURSE_CONTENT is set.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/systemic-game-design/course/audit/analyzer"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
