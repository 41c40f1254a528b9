package expansion

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

const wantChanges = benchtree.Changed + benchtree.Added + benchtree.Removed

// BenchmarkExpansionCheck is the check on the large tree; compare with
// BenchmarkGitDiffAndUntracked, which runs git's own answer to the same
// question.
func BenchmarkExpansionCheck(b *testing.B) {
	dir := benchtree.Build(b)
	b.ResetTimer()
	for b.Loop() {
		res, err := Check(dir, "HEAD", []string{"engine"})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Changes) != wantChanges {
			b.Fatalf("%d changes, want %d: %v", len(res.Changes), wantChanges, res.Changes)
		}
	}
}

// BenchmarkGitDiffAndUntracked is `git diff --name-only HEAD -- engine` plus
// `git ls-files --others --exclude-standard -- engine` on the same tree.
func BenchmarkGitDiffAndUntracked(b *testing.B) {
	dir := benchtree.Build(b)
	run := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			b.Fatalf("git %s: %v", strings.Join(args, " "), err)
		}
		return string(out)
	}
	b.ResetTimer()
	for b.Loop() {
		diff := run("diff", "--name-only", "HEAD", "--", "engine")
		others := run("ls-files", "--others", "--exclude-standard", "--", "engine")
		if n := strings.Count(diff, "\n") + strings.Count(others, "\n"); n != wantChanges {
			b.Fatalf("%d changes, want %d", n, wantChanges)
		}
	}
}
