package devcheck

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkDevCheck is dev check's file checks (--no-tests) over the
// repository's own course: every module's lesson, scenarios and tests,
// the reference, the catalog and the template's stubs, each read and
// parsed once a run.
func BenchmarkDevCheck(b *testing.B) {
	repo, err := filepath.Abs("../../../..")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		rep, err := Check(context.Background(), Options{Repo: repo})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Problems) > 0 {
			b.Fatalf("the repository's course has %d problem(s), the first %s", len(rep.Problems), rep.Problems[0])
		}
	}
}
