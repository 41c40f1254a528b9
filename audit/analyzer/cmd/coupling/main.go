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
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/systemic-game-design/course/audit/analyzer"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "-V=full" {
		if err := printVersion(os.Stdout); err != nil {
			fmt.Fprintf(os.Stderr, "coupling: %v\n", err)
			os.Exit(1)
		}
		return
	}
	singlechecker.Main(analyzer.Analyzer)
}

// printVersion answers -V=full, which go vet asks once per run: the go
// command keeps each package's verdict under the id it reads there, with
// the package's files. The id is this executable's hash, as x/tools gives
// it, and also the analyzer's CacheKey for the workspace go vet runs in,
// since the verdict depends on the modules the workspace has started, its
// .course.json and COURSE_CONTENT's catalog, which are not the package's
// files: without it, a module started after a clean run would be answered
// from the cache.
func printVersion(w io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fmt.Errorf("reading %s for its id: %w", exe, err)
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	fmt.Fprintf(h, "\x00%s", analyzer.CacheKey(dir))
	_, err = fmt.Fprintf(w, "coupling version devel buildID=%x\n", h.Sum(nil))
	return err
}
