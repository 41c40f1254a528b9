package expansion

import (
	"testing"

	"github.com/systemic-game-design/course/audit/internal/benchtree"
)

const wantChanges = benchtree.Changed + benchtree.Added + benchtree.Removed

// BenchmarkExpansionCheck is the check on the large tree; compare with
// BenchmarkGitDiffAndUntracked is git's own answer on the same tree (see
// benchtree.GitDiffAndUntracked).
func BenchmarkGitDiffAndUntracked(b *testing.B) { benchtree.GitDiffAndUntracked(b) }
