package templates

import (
	"bytes"
	"go/format"
	"io/fs"
	"strings"
	"testing"
)

// TestGoFilesAreGofmtClean: every Go file of the template is as gofmt writes
// it, so a learner's first `gofmt -l .` lists nothing of ours.
func TestGoFilesAreGofmtClean(t *testing.T) {
	n := 0
	err := fs.WalkDir(Files, Root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".go.tmpl") {
			return err
		}
		n++
		src, err := fs.ReadFile(Files, p)
		if err != nil {
			return err
		}
		out, err := format.Source(src)
		if err != nil {
			t.Errorf("%s does not parse as Go: %v", p, err)
		} else if !bytes.Equal(out, src) {
			t.Errorf("%s is not gofmt-clean: rename it to .go and run gofmt -w on it", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("the template has no Go files")
	}
}
