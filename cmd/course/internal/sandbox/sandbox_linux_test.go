package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// confined runs a shell script under a policy that lets it write beneath
// allowed alone, with args as $1..., and returns what it printed.
func confined(t *testing.T, allowed []string, script string, args ...string) string {
	t.Helper()
	if err := Available(); err != nil {
		t.Skip(err)
	}
	p, err := New(allowed...)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	var out strings.Builder
	cmd := exec.Command("sh", append([]string{"-c", script, "sh"}, args...)...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := p.Start(cmd); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	return out.String()
}

func TestAConfinedProcessWritesOnlyBeneathItsFolders(t *testing.T) {
	allowed, other := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "readable"), []byte("read\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := confined(t, []string{allowed}, `
mkdir "$1/d" && echo x > "$1/d/f" && mv "$1/d/f" "$1/g" && echo wrote
(echo y > "$2/h") 2>/dev/null || echo refused
echo z > /dev/null && echo devnull
cat "$2/readable"
`, allowed, other)
	if out != "wrote\nrefused\ndevnull\nread\n" {
		t.Errorf("the confined script printed %q", out)
	}
	if _, err := os.Stat(filepath.Join(allowed, "g")); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(filepath.Join(other, "h")); err == nil {
		t.Error("the confined script wrote outside its folder")
	}
	// The thread that started it was confined, not this process.
	if err := os.WriteFile(filepath.Join(other, "mine"), nil, 0o644); err != nil {
		t.Errorf("the test, which started the confined process, cannot write: %v", err)
	}
}

func TestAConfinedProcessCannotSignalOrTraceItsParent(t *testing.T) {
	if !Scoped() {
		t.Skip("Landlock here does not scope signals (ABI 6 or later, with the fix the errata list)")
	}
	out := confined(t, []string{t.TempDir()}, `
kill -0 $PPID 2>/dev/null && echo signalled || echo not signalled
readlink /proc/$PPID/fd/1 >/dev/null 2>&1 && echo traced || echo not traced
head -c1 /proc/$PPID/mem >/dev/null 2>&1 && echo memory read || echo memory not read
sh -c 'kill -0 $PPID' 2>/dev/null && echo its own child signalled
`)
	if out != "not signalled\nnot traced\nmemory not read\nits own child signalled\n" {
		t.Errorf("the confined script printed %q", out)
	}
}
