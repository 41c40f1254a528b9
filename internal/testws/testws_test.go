package testws

import (
	"os"
	"path/filepath"
	"testing"
)

func TestNewWritesTheWorkspaceAndTheFilesGiven(t *testing.T) {
	dir := New(t, map[string]string{"tests/a_test.go": "package tests\n", "go.mod": "module example.com/other\n"})
	for rel, want := range map[string]string{
		".course.json": Config, "engine/doc.go": "// Package engine is empty.\npackage engine\n",
		"tests/a_test.go": "package tests\n", "go.mod": "module example.com/other\n",
	} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil || string(got) != want {
			t.Errorf("%s: %q, %v; want %q", rel, got, err, want)
		}
	}
}
