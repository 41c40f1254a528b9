package testws

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
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

func TestWithinGivesWhatTheCallReturns(t *testing.T) {
	if got := Within(t, time.Second, "waited", func() int { return 7 }); got != 7 {
		t.Errorf("Within gave %d, want 7", got)
	}
}

func TestWithinFailsACallThatDoesNotReturn(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	ft := &fatalRecorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { recover() }() // the recorder's Fatal ends the call as FailNow would
		Within(ft, 20*time.Millisecond, "the call waited", func() int { <-block; return 0 })
	}()
	<-done
	if ft.fatal != "the call waited" {
		t.Errorf("Within said %q, want %q", ft.fatal, "the call waited")
	}
}

// fatalRecorder keeps what Fatal says instead of failing the test.
type fatalRecorder struct {
	testing.TB
	fatal string
}

func (r *fatalRecorder) Helper() {}

func (r *fatalRecorder) Fatal(args ...any) {
	r.fatal = fmt.Sprint(args...)
	panic(r)
}

func TestCommittedCommitsEveryFileGiven(t *testing.T) {
	dir := Committed(t, map[string]string{"engine/a.go": "package engine\n", "notes.md": "notes\n"})
	if got := Git(t, dir, "ls-files"); got != "engine/a.go\nnotes.md" {
		t.Errorf("git tracks %q, want engine/a.go and notes.md", got)
	}
	if got := Git(t, dir, "status", "--porcelain"); got != "" {
		t.Errorf("left uncommitted: %q", got)
	}
}
