//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"

	"github.com/systemic-game-design/course/internal/subpath"
)

// The kernel's Landlock calls, spoken through golang.org/x/sys/unix: a
// library for them (go-landlock) would bring in psx, whose cgo build
// wraps every thread the program creates for the sake of calls made on
// all threads at once, which a policy for one thread never makes.

// landlockVersion is the kernel's Landlock ABI version, or why it has none.
func landlockVersion() (int, error) {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	if errno != 0 {
		return 0, errno
	}
	return int(v), nil
}

// landlockErrata is the kernel's list of Landlock's mended bugs, a bit
// each; 0 where it keeps none.
func landlockErrata() uintptr {
	v, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_ERRATA)
	if errno != 0 {
		return 0
	}
	return v
}

// ruleset makes a ruleset that handles the rights in handled (and scopes
// what scoped names), with each of paths allowed the rights its entry
// gives, and returns its descriptor.
func ruleset(handled, scoped uint64, paths map[string]uint64) (int, error) {
	// Only the fields a policy sets are sent: a kernel takes a structure
	// shorter than its own (the rest zero), and the scopes only when they
	// are set, which they are only where the kernel has them (ABI 6).
	attr := unix.LandlockRulesetAttr{Handled_access_fs: handled, Scoped: scoped}
	size := unsafe.Offsetof(attr.Handled_access_fs) + unsafe.Sizeof(attr.Handled_access_fs)
	if scoped != 0 {
		size = unsafe.Offsetof(attr.Scoped) + unsafe.Sizeof(attr.Scoped)
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), size, 0)
	if errno != 0 {
		return -1, fmt.Errorf("making a Landlock ruleset: %w", errno)
	}
	for p, rights := range paths {
		if err := allowBeneath(int(fd), p, rights); err != nil {
			_ = syscall.Close(int(fd))
			return -1, err
		}
	}
	return int(fd), nil
}

// allowBeneath adds to the ruleset fd the rights beneath path (the file
// itself, for a file). A path whose rights are only to read is taken as
// it is, a link not followed (readableAround lists no link, and one put
// in an entry's place meanwhile must not lead the rule into a hidden
// folder), and one gone meanwhile has no rule; a folder to write in is
// followed to where it leads, as the caller names it.
func allowBeneath(fd int, path string, rights uint64) error {
	flags := unix.O_PATH | unix.O_CLOEXEC
	readOnly := rights&^readRights == 0
	if readOnly {
		flags |= unix.O_NOFOLLOW
	}
	dir, err := unix.Open(path, flags, 0)
	if readOnly && errors.Is(err, unix.ENOENT) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("opening %s for the tests' rules: %w", path, err)
	}
	defer unix.Close(dir)
	var st unix.Stat_t
	if readOnly && unix.Fstat(dir, &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK {
		return nil // a link put in place of an entry: judged where it leads
	}
	attr := unix.LandlockPathBeneathAttr{Allowed_access: rights, Parent_fd: int32(dir)}
	if _, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(fd), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&attr)), 0, 0, 0); errno != 0 {
		return fmt.Errorf("adding the tests' rule for %s: %w", path, errno)
	}
	return nil
}

// kernel is the ABI version of Landlock here, found once, or why it
// cannot confine the tests.
var kernel = sync.OnceValues(func() (abi int, err error) {
	abi, err = landlockVersion()
	if err != nil {
		return 0, fmt.Errorf("%w: the kernel has no Landlock, or it is not enabled (%w)", ErrUnavailable, err)
	}
	if abi < 2 {
		// Its first version refuses every rename between two folders,
		// which a test's own temporary files make.
		return 0, fmt.Errorf("%w: the kernel's Landlock is its first version, which refuses a test's renames between folders", ErrUnavailable)
	}
	// A seccomp filter (a container's) can refuse the call that puts the
	// domain in force while it lets the others by: tried on a thread that
	// then ends, it is found once here and not in every test's start.
	err = onThread(func() error {
		fd, err := ruleset(unix.LANDLOCK_ACCESS_FS_WRITE_FILE, 0, nil)
		if err != nil {
			return err
		}
		defer syscall.Close(fd)
		return confineThread(fd)
	})
	if err != nil {
		return 0, fmt.Errorf("%w: Landlock could not be put in force (%w)", ErrUnavailable, err)
	}
	return abi, nil
})

// Available is nil where the tests can be confined, and otherwise says
// why not, wrapping ErrUnavailable.
func Available() error {
	_, err := kernel()
	return err
}

// Scoped says whether a confined process is kept from signalling, and
// from reaching the abstract unix sockets of, processes outside its
// confinement (Landlock's ABI 6, with the fix to its signal scoping that
// the kernel's errata list).
func Scoped() bool {
	abi, err := kernel()
	if err != nil || abi < 6 {
		return false
	}
	return landlockErrata()&0x2 != 0
}

// writeRights is every right to change the file system that the kernel's
// Landlock can withhold. Reading, listing and running files are not among
// them, so those stay open everywhere; nor is ioctl on devices (ABI 5),
// which reading a device can need.
func writeRights(abi int) uint64 {
	rights := uint64(unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG | unix.LANDLOCK_ACCESS_FS_MAKE_SOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK | unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_REFER)
	if abi >= 3 {
		rights |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	return rights
}

// policy is a Landlock ruleset, made once and put in force on each thread
// that starts a confined process, with the filter that keeps it off the
// network where the system takes one (Offline).
type policy struct {
	fd      int
	network []bpf.RawInstruction
}

func newPolicy(writable, hidden []string) (policy, error) {
	abi, err := kernel()
	if err != nil {
		return policy{}, err
	}
	write := writeRights(abi)
	var scoped uint64
	if Scoped() {
		scoped = unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
	}
	handled, paths := write, map[string]uint64{}
	readable := readableAround(hidden)
	if readable != nil {
		handled |= readRights
		paths = readable
	}
	paths["/dev/null"] |= write & (unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE)
	for _, p := range writable {
		paths[p] |= write
		if readable != nil {
			paths[p] |= readRights
		}
	}
	fd, err := ruleset(handled, scoped, paths)
	if err != nil {
		return policy{}, fmt.Errorf("making the rules that confine the tests: %w", err)
	}
	network, _ := offline() // where there is none, the network stays open, as Offline says
	return policy{fd: fd, network: network}, nil
}

// readRights is reading a file and listing a folder: what a hidden
// folder withholds.
const readRights = uint64(unix.LANDLOCK_ACCESS_FS_READ_FILE | unix.LANDLOCK_ACCESS_FS_READ_DIR)

// readableAround is the rules that let a process read everything but the
// files beneath the hidden folders (nil when none of them is there).
// Landlock allows, it does not deny, so the rules name what is around
// them: every folder from the root down to a hidden one may be listed,
// and beneath every other entry of those folders, or in it for a file,
// everything may be read. Entries are taken as they are, links not
// followed: a link that leads into a hidden folder is judged where it
// leads; nor is an entry that is one of the folders on the way down (a
// bind mount of it), nor anything beside the way down in a folder the
// user cannot list. A folder that a mount shows at another path as well
// (a bind mount of it or of a folder above it, mountinfo says) is hidden
// at that path too, since a rule is the file's, not its path's. An entry
// made in one of those folders after the rules are made is not readable.
func readableAround(hidden []string) map[string]uint64 {
	onPath := map[string]bool{} // the hidden folders and the folders above them
	isHidden := map[string]bool{}
	mounts := readMounts()
	for _, h := range hidden {
		real, err := filepath.EvalSymlinks(h)
		if err != nil {
			continue // nothing there to hide
		}
		// The folder as every mount shows it: a bind mount of it, or of
		// a folder above it, is another way down to it.
		for _, p := range append([]string{real}, mounts.elsewhere(real)...) {
			isHidden[p] = true
			for d := p; ; d = filepath.Dir(d) {
				onPath[d] = true
				if d == filepath.Dir(d) {
					break
				}
			}
		}
	}
	if len(onPath) == 0 {
		return nil
	}
	// A rule is the file's, not its path's: an entry that is one of those
	// folders mounted again elsewhere (a bind mount of the root, say)
	// would let everything beneath it be read, the hidden folders too.
	type fileID struct{ dev, ino uint64 }
	idOf := func(p string) (fileID, bool) {
		var st unix.Stat_t
		if unix.Stat(p, &st) != nil {
			return fileID{}, false
		}
		return fileID{st.Dev, st.Ino}, true
	}
	around := map[fileID]bool{}
	for d := range onPath {
		if id, ok := idOf(d); ok {
			around[id] = true
		}
	}
	rules := map[string]uint64{}
	for d := range onPath {
		rules[d] |= unix.LANDLOCK_ACCESS_FS_READ_DIR
		if isHidden[d] {
			continue // its entries are what is hidden
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			// Gone, or not the user's to list (a /home of mode 711): what
			// lies beside the way down there stays unread, as it mostly
			// is to the user already.
			continue
		}
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			switch {
			case onPath[p], e.Type()&fs.ModeSymlink != 0:
			case e.IsDir():
				if id, ok := idOf(p); !ok || around[id] {
					continue
				}
				rules[p] |= readRights
			default:
				rules[p] |= unix.LANDLOCK_ACCESS_FS_READ_FILE
			}
		}
	}
	return rules
}

func (p policy) start(cmd *exec.Cmd) error {
	// The thread ends as soon as cmd has started: it shares the domain
	// with cmd, which may therefore signal or trace it, and through it
	// course, for as long as it lives. A child outlives the thread that
	// started it, reparented to another of course's threads, where
	// cmd.Wait finds it.
	return onThread(func() error {
		if err := confineThread(p.fd); err != nil {
			return fmt.Errorf("confining the tests: %w", err)
		}
		if p.network != nil {
			if err := refuseNetwork(p.network); err != nil {
				return fmt.Errorf("confining the tests: %w", err)
			}
		}
		return cmd.Start()
	})
}

func (p policy) close() error { return syscall.Close(p.fd) }

// confineThread puts the ruleset in force on the calling thread alone
// (no LANDLOCK_RESTRICT_SELF_TSYNC: course's other threads stay free).
// No new privileges is the kernel's condition for that, and it too holds
// for the thread and what it starts.
func confineThread(fd int) error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("setting no new privileges: %w", err)
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(fd), 0, 0); errno != 0 {
		return fmt.Errorf("putting Landlock's rules in force: %w", errno)
	}
	return nil
}

// onThread runs f on a thread of its own that ends with it, for what f
// does to the thread. That is never the main thread: its credentials are
// the process's in the kernel's checks of a signal or ptrace aimed at the
// process's id (and in /proc), and the runtime never ends it, so a
// confined main thread would leave course itself within reach of every
// confined test. While one goroutine holds the main thread, another
// cannot run there.
func onThread(f func() error) error {
	done := make(chan error, 1)
	run := func() {
		runtime.LockOSThread()
		if unix.Gettid() == unix.Getpid() {
			// Held until f's goroutine has a thread of its own, then let go.
			moved := make(chan struct{})
			go func() {
				runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
				close(moved)
				done <- f()
			}()
			<-moved
			runtime.UnlockOSThread()
			return
		}
		// Never unlocked: the thread ends with the goroutine.
		done <- f()
	}
	go run()
	return <-done
}

// mount is a line of /proc/self/mountinfo: which file system (its device
// number), the folder of it that is mounted, and where.
type mount struct{ dev, root, at string }

type mountTable []mount

// readMounts is the process's mounts, none when they cannot be read.
func readMounts() mountTable {
	raw, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return nil
	}
	var t mountTable
	for line := range strings.Lines(string(raw)) {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		t = append(t, mount{dev: f[2], root: unescapeMount(f[3]), at: unescapeMount(f[4])})
	}
	return t
}

// unescapeMount undoes mountinfo's octal escapes (a space is \040).
func unescapeMount(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// elsewhere is every other path at which a mount shows the folder p (a
// real path): where a mount of its file system has p, or a folder above
// it, as its root.
func (t mountTable) elsewhere(p string) []string {
	// p's own mount is the last one at the longest mount point above it.
	own := -1
	for i, m := range t {
		if subpath.In(m.at, p) && (own < 0 || len(m.at) >= len(t[own].at)) {
			own = i
		}
	}
	if own < 0 {
		return nil
	}
	rest, _ := subpath.Rel(t[own].at, p)
	inFS := filepath.Join(t[own].root, rest) // p within its file system
	var out []string
	for i, m := range t {
		if i == own || m.dev != t[own].dev {
			continue
		}
		if below, ok := subpath.Rel(m.root, inFS); ok {
			if alt := filepath.Join(m.at, below); alt != p {
				out = append(out, alt)
			}
		}
	}
	return out
}
