package sandbox

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

// confined runs a shell script under a policy that lets it write beneath
// allowed alone, with args as $1..., and returns what it printed.
func confined(t *testing.T, allowed []string, script string, args ...string) string {
	t.Helper()
	return confinedHiding(t, nil, allowed, script, args...)
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

// netProbe, set in a confined copy of this test binary's environment, has
// TestNetProbe try one way onto the network (or past the filter), and
// print what came of it.
const netProbe = "SANDBOX_NET_PROBE"

// TestNetProbe is not a test of its own: run by a confined copy of this
// binary (netProbe set, with the address of a listener in
// SANDBOX_NET_ADDR), it says what the system let it do.
func TestNetProbe(t *testing.T) {
	addr := os.Getenv("SANDBOX_NET_ADDR")
	say := func(what string, err error) {
		if err != nil {
			fmt.Printf("%s: refused %v\n", what, errors.Is(err, syscall.EACCES))
			return
		}
		fmt.Printf("%s: done\n", what)
	}
	switch os.Getenv(netProbe) {
	case "":
		t.Skip("run by TestAConfinedProcessIsOffTheNetwork alone")
	case "tcp":
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err == nil {
			c.Close()
		}
		say("tcp", err)
	case "mptcp":
		d := net.Dialer{Timeout: 5 * time.Second}
		d.SetMultipathTCP(true)
		c, err := d.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		say("mptcp", err)
	case "udp":
		c, err := net.Dial("udp", addr)
		if err == nil {
			_, err = c.Write([]byte("x"))
			c.Close()
		}
		say("udp", err)
	case "listen":
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err == nil {
			l.Close()
		}
		say("listen", err)
	case "uring":
		var params [120]byte
		fd, _, errno := unix.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params)), 0)
		var err error
		if errno != 0 {
			err = errno
		} else {
			unix.Close(int(fd))
		}
		say("uring", err)
	case "unix":
		c, err := net.Dial("unix", os.Getenv("SANDBOX_NET_SOCKET"))
		if err == nil {
			c.Close()
		}
		say("unix", err)
	case "socketpair":
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err == nil {
			unix.Close(fds[0])
			unix.Close(fds[1])
		}
		say("socketpair", err)
	case "x32":
		// getpid by the x32 numbering: a call the filter does not read as
		// this architecture's ends the process.
		_, _, errno := unix.Syscall(0x40000000|unix.SYS_GETPID, 0, 0, 0)
		fmt.Println("x32: survived", errno)
	}
}

// A confined test can read what the user can; off the network, what it
// read cannot leave: it reaches no listener (here, this test's own, on the
// loopback and on a unix socket with a path, as an ssh agent's is) by TCP,
// MPTCP (which Landlock's TCP rights let by), UDP or a unix socket,
// listens on no port, and has no io_uring to open a socket with; a pair of
// sockets joined to each other alone still works, and a system call by
// another numbering ends it.
func TestAConfinedProcessIsOffTheNetwork(t *testing.T) {
	if err := Available(); err != nil {
		t.Skip(err)
	}
	if !Offline() {
		_, err := offline()
		t.Skip(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skip("no loopback to listen on:", err)
	}
	defer l.Close()
	dir := t.TempDir()
	agent, err := net.Listen("unix", filepath.Join(t.TempDir(), "agent.sock"))
	require.NoError(t, err)
	defer agent.Close()
	p, err := New(dir)
	require.NoError(t, err)
	defer p.Close()
	probe := func(what string) (string, error) {
		var out strings.Builder
		cmd := exec.Command(os.Args[0], "-test.run=^TestNetProbe$")
		cmd.Env = append(os.Environ(), netProbe+"="+what, "SANDBOX_NET_ADDR="+l.Addr().String(), "SANDBOX_NET_SOCKET="+agent.Addr().String())
		cmd.Stdout, cmd.Stderr = &out, &out
		require.NoError(t, p.Start(cmd))
		err := cmd.Wait()
		return out.String(), err
	}
	for _, way := range []string{"tcp", "mptcp", "udp", "listen", "uring", "unix"} {
		out, err := probe(way)
		require.NoError(t, err, out)
		assert.Contains(t, out, way+": refused true\n")
	}
	out, err := probe("socketpair")
	require.NoError(t, err, out)
	assert.Contains(t, out, "socketpair: done\n")
	out, err = probe("x32")
	assert.NotContains(t, out, "survived")
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit, out)
	assert.Equal(t, syscall.SIGSYS, exit.Sys().(syscall.WaitStatus).Signal())
	// This process, which started them, is not confined.
	c, err := net.Dial("tcp", l.Addr().String())
	require.NoError(t, err)
	c.Close()
}

// confinedHiding is confined, with folders the script may not read
// (hidden; none where it is nil, as New has it).
func confinedHiding(t *testing.T, hidden, allowed []string, script string, args ...string) string {
	t.Helper()
	if err := Available(); err != nil {
		t.Skip(err)
	}
	p, err := NewHiding(hidden, allowed...)
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

// A hidden folder's files cannot be read, by their path or through a
// link or /proc, though the folder can be listed; everything around it
// can, and so can a writable folder inside it.
func TestAConfinedProcessReadsNothingInAHiddenFolder(t *testing.T) {
	root := t.TempDir()
	hidden := filepath.Join(root, "cache")
	ws := filepath.Join(hidden, "ws")
	beside := filepath.Join(root, "beside")
	for _, d := range []string{ws, beside} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(hidden, "key"), []byte("secret\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(ws, "mine"), []byte("mine\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(beside, "open"), []byte("open\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(root, "top"), []byte("top\n"), 0o644))
	require.NoError(t, os.Symlink(filepath.Join(hidden, "key"), filepath.Join(beside, "link")))
	out := confinedHiding(t, []string{hidden}, []string{ws}, `
cat "$1/key" 2>/dev/null || echo refused
cat "$2/link" 2>/dev/null || echo refused through a link
cat "/proc/self/root$1/key" 2>/dev/null || echo refused through /proc
ln "$1/key" "$3/hard" 2>/dev/null || echo no hard link
ls "$1" | tr '\n' ' '; echo
cat "$3/mine" "$2/open" "$4/top"
head -c 0 /etc/passwd && echo etc
`, hidden, beside, ws, root)
	assert.Equal(t, "refused\nrefused through a link\nrefused through /proc\nno hard link\nkey ws \nmine\nopen\ntop\netc\n", out)
}

// A folder around a hidden one mounted again beside it (a bind mount of
// the root, as some containers have) lets nothing be read beneath the
// hidden folder, which a rule for it would: a rule is the file's, not
// its path's.
func TestABindMountDoesNotUncoverAHiddenFolder(t *testing.T) {
	root := t.TempDir()
	hidden, alias := filepath.Join(root, "cache"), filepath.Join(root, "alias")
	require.NoError(t, os.Mkdir(hidden, 0o755))
	require.NoError(t, os.Mkdir(alias, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(hidden, "key"), []byte("secret\n"), 0o600))
	bindMount(t, root, alias)
	out := confinedHiding(t, []string{hidden}, nil, `
cat "$1/cache/key" 2>/dev/null || echo refused
cat "$1/alias/cache/key" 2>/dev/null || echo refused through the mount
`, root)
	assert.Equal(t, "refused\nrefused through the mount\n", out)
}

// A folder above a hidden one mounted again deeper down beside it is
// another way down to it: nothing is read beneath it that way either.
func TestABindMountDeeperDownDoesNotUncoverAHiddenFolder(t *testing.T) {
	root := t.TempDir()
	hidden, deep := filepath.Join(root, "cache"), filepath.Join(root, "beside", "deep")
	require.NoError(t, os.Mkdir(hidden, 0o755))
	require.NoError(t, os.MkdirAll(deep, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(hidden, "key"), []byte("secret\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(root, "beside", "open"), []byte("open\n"), 0o644))
	bindMount(t, root, deep)
	out := confinedHiding(t, []string{hidden}, nil, `
cat "$1/cache/key" 2>/dev/null || echo refused
cat "$1/beside/deep/cache/key" 2>/dev/null || echo refused through the mount
cat "$1/beside/open" "$1/beside/deep/beside/open"
`, root)
	assert.Equal(t, "refused\nrefused through the mount\nopen\nopen\n", out)
}

// bindMount shows the folder from at at as well, until the test ends; the
// test is skipped where no bind mount can be made (not root, say).
func bindMount(t *testing.T, from, at string) {
	t.Helper()
	if err := unix.Mount(from, at, "", unix.MS_BIND, ""); err != nil {
		t.Skipf("no bind mount here: %v", err)
	}
	t.Cleanup(func() { _ = unix.Unmount(at, unix.MNT_DETACH) })
}

func TestElsewhereFindsEveryMountOfAFolderAbove(t *testing.T) {
	table := mountTable{
		{dev: "8:1", root: "/", at: "/"},
		{dev: "0:5", root: "/", at: "/proc"},
		{dev: "8:1", root: "/home", at: "/mnt/homes"},
		{dev: "8:1", root: "/home/l/.cache", at: "/srv/cache"},
		{dev: "8:1", root: "/var", at: "/mnt/var"},
		{dev: "8:2", root: "/", at: "/data"},
		{dev: "8:2", root: "/x", at: "/mnt/my dir"},
	}
	assert.ElementsMatch(t, []string{"/mnt/homes/l/.cache/course", "/srv/cache/course"}, table.elsewhere("/home/l/.cache/course"))
	assert.Empty(t, table.elsewhere("/proc/self"))
	assert.Equal(t, []string{"/mnt/my dir/y"}, table.elsewhere("/data/x/y"))
	assert.Equal(t, "/mnt/my dir", unescapeMount(`/mnt/my\040dir`))
	assert.Equal(t, `a\b`, unescapeMount(`a\b`))
}
