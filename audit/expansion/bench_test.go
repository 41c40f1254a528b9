package expansion

import (
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

const wantChanges = benchtree.Changed + benchtree.Added + benchtree.Removed

// BenchmarkExpansionCheck is the check on the large tree; compare with
// BenchmarkGitDiffAndUntracked, git's own answer to the same question.
func BenchmarkExpansionCheck(b *testing.B) {
	dir := benchtree.Build(b)
	benchtree.Repeats(b, func() {
		res, err := Check(dir, "HEAD", []string{"engine"})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Changes) != wantChanges {
			b.Fatalf("%d changes, want %d: %v", len(res.Changes), wantChanges, res.Changes)
		}
	})
}

// BenchmarkExpansionCheckFirstRun is the check's first run on the large
// tree: the user's cache folder is empty each time, so every folder is
// listed afresh, as on a machine that never ran it (an instructor's).
func BenchmarkExpansionCheckFirstRun(b *testing.B) {
	dir := benchtree.Build(b)
	benchtree.FirstRuns(b, func() {
		res, err := Check(dir, "HEAD", []string{"engine"})
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Changes) != wantChanges {
			b.Fatalf("%d changes, want %d: %v", len(res.Changes), wantChanges, res.Changes)
		}
	})
}

// BenchmarkExpansionCheckCommand runs `course expansion-check HEAD` on the
// large tree as a user does, the program's start-up included; it finds the
// tree's changes to the engine, so it exits 1.
func BenchmarkExpansionCheckCommand(b *testing.B) {
	benchtree.RunCourse(b, benchtree.Build(b), 1, "expansion-check", "HEAD")
}

// BenchmarkExpansionCheckCommandFirstRun is the command's first run on a
// machine, with the user cache empty.
func BenchmarkExpansionCheckCommandFirstRun(b *testing.B) {
	benchtree.RunCourseFirstRuns(b, benchtree.Build(b), 1, "expansion-check", "HEAD")
}

// BenchmarkGitDiffAndUntracked is git's own answer on the same tree (see
// benchtree.GitDiffAndUntracked).
func BenchmarkGitDiffAndUntracked(b *testing.B) { benchtree.GitDiffAndUntracked(b) }

// BenchmarkGitDiffAndUntrackedUnvouched is git's answer with an index that
// vouches for no file, the yardstick for a first run (see
// benchtree.GitDiffAndUntrackedUnvouched).
func BenchmarkGitDiffAndUntrackedUnvouched(b *testing.B) { benchtree.GitDiffAndUntrackedUnvouched(b) }
