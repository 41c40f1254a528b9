package driver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/systemic-game-design/course/cmd/course/internal/memlimit"
	"github.com/systemic-game-design/course/cmd/course/internal/procgroup"
	"github.com/systemic-game-design/course/cmd/course/internal/sandbox"
)

// maxReply is the longest reply line a client reads.
const maxReply = 16 << 20

// Timeout is how long a client waits for one reply before it gives the
// engine up (an endless loop in a learner's engine must not hang the screen).
const Timeout = 10 * time.Second

// StoppedError means the engine process ended or stopped answering; Why
// says how, with the last line it wrote on stderr when there is one.
type StoppedError struct{ Why string }

func (e *StoppedError) Error() string { return "the engine stopped: " + e.Why }

// UserError marks the error as the user's to mend: it is their engine
// that stopped.
func (e *StoppedError) UserError() bool { return true }

// Client speaks the protocol to one engine.
type Client struct {
	w       io.Writer
	lines   chan []byte
	done    chan struct{}
	closeFn func() error
	stderr  *tailBuffer
	timeout time.Duration
	// dump asks the engine process for its goroutines' stacks (SIGQUIT)
	// and ends it; dir is the workspace, whose files a stack names. Both
	// are unset for an engine that is no process of the learner's.
	dump func()
	dir  string
	// exited is closed once the engine process has ended (nil when that
	// is not watched): a process it started may hold the replies' pipe
	// open past its end.
	exited <-chan struct{}
	// ended says how the engine process ended, once its output has:
	// "it exited with status 3"; "" when that cannot be told.
	ended func() string
	dead  error
	once  sync.Once
	// memLimit is the memory limit the engine process runs under
	// (memlimit.Bound), 0 where none; overLimit says it had mapped more
	// before the limit came, and was ended for it.
	memLimit  uint64
	overLimit bool
	// readErr is why the replies stopped being read, if not their end.
	readErr error
}

// newClient reads r line by line in the background and checks the Hello.
func newClient(r io.Reader, w io.Writer, closeFn func() error, stderr *tailBuffer, dir string) (*Client, error) {
	c := reading(r, w, closeFn, stderr, dir)
	if err := c.greeted(); err != nil {
		return nil, err
	}
	return c, nil
}

// reading is a client that reads r line by line in the background, its
// Hello not read yet.
func reading(r io.Reader, w io.Writer, closeFn func() error, stderr *tailBuffer, dir string) *Client {
	c := &Client{w: w, lines: make(chan []byte, 1), done: make(chan struct{}), closeFn: closeFn, stderr: stderr, timeout: Timeout, dir: dir}
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), maxReply)
		for sc.Scan() {
			line := append([]byte(nil), sc.Bytes()...)
			select {
			case c.lines <- line:
			case <-c.done:
				return
			}
		}
		c.readErr = sc.Err() // read after lines is closed
		close(c.lines)
	}()
	return c
}

// greeted reads the Hello; a client that was not greeted is closed.
func (c *Client) greeted() error {
	line, err := c.read()
	if err != nil {
		_ = c.Close()
		return err
	}
	var h Hello
	if err := json.Unmarshal(line, &h); err != nil || h.Hello != "course-play" {
		_ = c.Close()
		return &StoppedError{Why: fmt.Sprintf("it did not greet with the course-play protocol (it wrote %q)", truncate(string(line), 80))}
	}
	if h.Protocol != Protocol {
		_ = c.Close()
		return &StoppedError{Why: fmt.Sprintf("it speaks protocol %d and this course binary speaks %d; rebuild it with `course play --workspace`", h.Protocol, Protocol)}
	}
	return nil
}

// Connect speaks the protocol over a pair of streams: replies are read from
// r, requests written to w, and closeFn (if any) runs on Close. It reads the
// Hello first.
func Connect(r io.Reader, w io.Writer, closeFn func() error) (*Client, error) {
	return newClient(r, w, closeFn, nil, "")
}

// Reference is a client of the reference engine, served in this process.
func Reference() *Client {
	reqR, reqW := io.Pipe()
	repR, repW := io.Pipe()
	go func() {
		err := Serve(reqR, repW)
		_ = repW.CloseWithError(err)
	}()
	c, err := newClient(repR, reqW, func() error {
		_ = repR.Close() // a reply being written is dropped
		return reqW.Close()
	}, nil, "")
	if err != nil {
		panic(fmt.Sprintf("the reference driver did not start: %v", err))
	}
	return c
}

// ReplyFDEnv names the descriptor a driver program writes its replies to
// (3, the first past stderr), and RequestFDEnv the one it reads requests
// from (4); without them, stdout and stdin.
const (
	ReplyFDEnv   = "COURSE_PLAY_REPLY_FD"
	RequestFDEnv = "COURSE_PLAY_REQUEST_FD"
)

// memLimitFor is memlimit.For, which a test can replace.
var memLimitFor = memlimit.For

// engineWaitDelay is how long an ended engine's stderr is read after it
// ended.
const engineWaitDelay = 200 * time.Millisecond

// StartProcess runs a built driver program and speaks to it.
func StartProcess(ctx context.Context, program string, dir string) (*Client, error) {
	return startProcess(ctx, program, dir, Timeout)
}

// startProcess is StartProcess, giving the engine timeout to greet.
func startProcess(ctx context.Context, program string, dir string, timeout time.Duration) (*Client, error) {
	cmd := exec.CommandContext(ctx, program)
	cmd.Dir = dir
	// The engine is the learner's program: it runs in a session of its own
	// (no terminal to draw over play's screen through /dev/tty), and what
	// it leaves running ends with it. Once it has ended, its stderr is
	// read for a moment more, not for as long as a process it left behind
	// holds it open.
	procgroup.Own(cmd)
	cmd.WaitDelay = engineWaitDelay
	tail := &tailBuffer{}
	cmd.Stderr = tail
	var in io.WriteCloser
	var out io.ReadCloser
	var theirs []*os.File // the engine's ends of the pipes, closed here once it started
	var err error
	if runtime.GOOS == "windows" {
		// No descriptor past the standard three reaches a Windows
		// program: the requests come on stdin and the replies on
		// stdout, which main keeps from the engine's own prints once it
		// runs.
		if in, err = cmd.StdinPipe(); err != nil {
			return nil, fmt.Errorf("connect to the engine's input: %w", err)
		}
		if out, err = cmd.StdoutPipe(); err != nil {
			return nil, fmt.Errorf("connect to the engine's output: %w", err)
		}
	} else {
		// The requests and replies go on descriptors of their own, so
		// that nothing the engine writes to stdout (a print in an init
		// function, a logger made with os.Stdout before main ran, a
		// program it starts) is taken for a reply, and nothing it reads
		// from stdin (a pause for Enter) is a request taken from the
		// driver. Its stdin is empty.
		reqR, reqW, err := os.Pipe()
		if err != nil {
			return nil, fmt.Errorf("connect to the engine's input: %w", err)
		}
		repR, repW, err := os.Pipe()
		if err != nil {
			_, _ = reqR.Close(), reqW.Close()
			return nil, fmt.Errorf("connect to the engine's output: %w", err)
		}
		in, out, theirs = reqW, repR, []*os.File{repW, reqR}
		cmd.ExtraFiles = theirs
		cmd.Env = append(os.Environ(), ReplyFDEnv+"=3", RequestFDEnv+"=4")
		cmd.Stdout = tail
	}
	// What the engine prints (a learner's fmt.Println) is theirs to read:
	// kept, as far as OutputLimit, in OutputFile beside the program.
	// (A link there is removed, not written through.)
	output := filepath.Join(filepath.Dir(program), OutputFile)
	_ = os.Remove(output)
	if f, err := os.OpenFile(output, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644); err == nil {
		tail.file, tail.left = f, OutputLimit
	}
	// The engine is bounded in memory as a test binary is (package
	// memlimit): an engine that allocates without end ends itself, not
	// the machine's memory. For reads the program before it runs.
	limit := memLimitFor(program)
	cleanup, err := confined(cmd, dir, filepath.Dir(program))
	for _, f := range theirs {
		_ = f.Close() // the engine holds its own copies
	}
	overLimit := false
	if err == nil {
		// Set once it runs (os/exec runs nothing between fork and exec);
		// an engine that mapped past the limit before is ended now, and
		// its end tells why.
		overLimit, err = memlimit.Bound(cmd, limit)
	}
	if err != nil {
		_, _ = in.Close(), out.Close()
		tail.closeFile()
		cleanup()
		return nil, fmt.Errorf("start the engine %s: %w", program, err)
	}
	// waited is closed once the engine has ended. Wait runs at once when
	// the replies' pipe is this side's own, so that an engine that ends
	// can say how; a pipe from StdoutPipe would be closed under the
	// replies still to be read, so there it runs on Close.
	waited := make(chan struct{})
	engine := &engineProcess{cmd: cmd}
	wait := sync.OnceFunc(func() {
		go func() {
			_ = engine.wait()
			close(waited)
		}()
	})
	if theirs != nil {
		wait()
	}
	closeFn := func() error {
		_ = in.Close()
		defer out.Close()
		wait()
		select {
		case <-waited:
		case <-time.After(2 * time.Second):
			procgroup.Kill(cmd) // the wait goroutine is in cmd.Wait
			<-waited
		}
		procgroup.End(cmd) // what the engine left running
		tail.closeFile()
		cleanup()
		return nil
	}
	// The stacks are asked for and the end watched before the Hello is
	// read: an engine stuck in a package's init (a loop there) never
	// greets, and is given up with where it was, as a stuck move is.
	c := reading(out, in, closeFn, tail, dir)
	c.timeout = timeout
	c.memLimit, c.overLimit = limit, overLimit
	c.dump = func() { engine.askForStacks() }
	if theirs != nil {
		c.exited = waited
		c.ended = func() string {
			select {
			case <-waited:
				return howEnded(cmd.ProcessState)
			case <-time.After(engineWaitDelay + 100*time.Millisecond):
				return ""
			}
		}
	}
	if err := c.greeted(); err != nil {
		return nil, err
	}
	c.timeout = Timeout
	return c, nil
}

// whyEnded says how an engine whose output ended ended: its exit status
// when known, the line its stderr says most about it, and, for a crash,
// the learner's line the crashing goroutine was in.
func (c *Client) whyEnded() string {
	why := ""
	if c.ended != nil {
		why = c.ended()
	}
	if why == "" {
		why = "its output ended"
	}
	if c.stderr == nil {
		return why
	}
	if c.ended == nil {
		// give the process a moment to finish writing why
		time.Sleep(20 * time.Millisecond)
	}
	if memlimit.Ended(c.memLimit, c.overLimit, c.stderr.since(0)) {
		why = "it ran out of its memory limit of " + memlimit.Size(c.memLimit)
		if fn, at := crashFrame(c.stderr.since(0), c.dir); fn != "" {
			why += " (" + at + ", in " + fn + ")"
		}
		return why + "; " + memlimit.Mend
	}
	last := c.stderr.lastLine()
	if last == "" {
		if strings.HasPrefix(why, "it exited") {
			why += " and wrote nothing on stderr (an os.Exit in the engine?)"
		}
		return why
	}
	why += ": " + last
	if fn, at := crashFrame(c.stderr.since(0), c.dir); fn != "" {
		why += " (" + at + ", in " + fn + ")"
	}
	return why
}

// howEnded is how a process that ended did: "it exited with status 3",
// "it was stopped by signal: killed".
func howEnded(ps *os.ProcessState) string {
	switch {
	case ps == nil:
		return ""
	case ps.Exited():
		return fmt.Sprintf("it exited with status %d", ps.ExitCode())
	case ps.String() == "signal: killed":
		// play kills an engine only once it has given it up; a kill
		// before is most often the system's, out of memory
		return "it was killed (signal: killed), most often by the system when a program takes all its memory: does the engine allocate without end?"
	}
	return "it was stopped by " + ps.String()
}

// stacksWait is how long stuckIn waits for an engine asked for its stacks
// to write them and end.
const stacksWait = 5 * time.Second

// stuckIn says where an engine that did not answer is stuck: it asks the
// process for its stacks (which ends it), waits a moment for them, and
// finds the learner's function in the stack of the goroutine that called
// the harness. It is "" when that cannot be told.
func (c *Client) stuckIn() string {
	if c.dump == nil || c.stderr == nil {
		return ""
	}
	from := c.stderr.mark()
	c.dump()
	deadline := time.After(stacksWait)
	if c.exited != nil {
		// Closed once Wait has returned, which is after the engine's
		// stderr, the stacks included, has been read to its end: the
		// end of the replies' pipe can come first, and on a busy machine
		// the stacks were not all read a moment after it.
		select {
		case <-c.exited:
		case <-deadline:
		}
		return learnerFrame(c.stderr.since(from), c.dir)
	}
	for {
		select {
		case _, ok := <-c.lines:
			if ok {
				continue // a late reply, given up on
			}
		case <-deadline:
		}
		break
	}
	time.Sleep(50 * time.Millisecond) // the end of the stacks, after the output closed
	return learnerFrame(c.stderr.since(from), c.dir)
}

// learnerFrame is where goroutine 1 (the driver's main, which calls the
// harness) was in a Go stack dump: "harness.(*Baba).Step
// (harness/baba.go:42)", or "" when no frame of it is the learner's.
func learnerFrame(dump, dir string) string {
	start := strings.Index(dump, "\ngoroutine 1 ")
	if start < 0 {
		if !strings.HasPrefix(dump, "goroutine 1 ") {
			return ""
		}
	} else {
		dump = dump[start+1:]
	}
	fn, at := frameIn(dump, dir)
	if fn == "" {
		return ""
	}
	return fn + " (" + at + ")"
}

// crashFrame is the learner's function and its file and line in the
// stack of the goroutine a crash report (a panic, a fatal error) shows
// first, the one that crashed.
func crashFrame(stderr, dir string) (fn, at string) {
	i := strings.Index(stderr, "panic: ")
	if j := strings.Index(stderr, "fatal error: "); i < 0 || j >= 0 && j < i {
		i = j
	}
	if i < 0 {
		return "", ""
	}
	j := strings.Index(stderr[i:], "\ngoroutine ")
	if j < 0 {
		return "", ""
	}
	return frameIn(stderr[i+j+1:], dir)
}

// frameIn is the first frame of the goroutine whose stack dump begins
// block (at its "goroutine N [...]:" line) in a file in dir but not in the
// driver's own folder: the function without its module path, and the
// file and line relative to dir.
func frameIn(block, dir string) (fn, at string) {
	if dir == "" {
		return "", ""
	}
	lines := strings.Split(block, "\n")
	own := filepath.Join(dir, Dir) + string(filepath.Separator)
	for i := 1; i+1 < len(lines); i++ {
		if lines[i] == "" {
			break // the end of the goroutine
		}
		if !strings.HasPrefix(lines[i+1], "\t") {
			continue
		}
		file, _, _ := strings.Cut(strings.TrimPrefix(lines[i+1], "\t"), " ")
		path, _, _ := strings.Cut(file, ":")
		if !strings.HasPrefix(path, dir+string(filepath.Separator)) || strings.HasPrefix(path, own) {
			continue
		}
		fn = lines[i]
		if open := strings.LastIndex(fn, "("); open > 0 && strings.HasSuffix(fn, ")") {
			fn = fn[:open] // the arguments
		}
		if slash := strings.LastIndex(fn, "/"); slash >= 0 {
			fn = fn[slash+1:] // the module path
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			rel = path
		}
		return fn, filepath.ToSlash(rel) + strings.TrimPrefix(file, path)
	}
	return "", ""
}

func (c *Client) read() ([]byte, error) {
	if c.dead != nil {
		return nil, c.dead
	}
	timer := time.NewTimer(c.timeout)
	defer timer.Stop()
	select {
	case line, ok := <-c.lines:
		if !ok {
			var why string
			if errors.Is(c.readErr, bufio.ErrTooLong) { // set before lines was closed
				why = fmt.Sprintf("it wrote a reply longer than %d MiB, more than any level's state needs: does a harness function (StackAt, ActiveRules, Hand, the log) return more each time it is called?", maxReply>>20)
			} else {
				why = c.whyEnded()
			}
			c.dead = &StoppedError{Why: why}
			return nil, c.dead
		}
		return line, nil
	case <-c.exited:
		// a reply written just before the end is still to be read
		select {
		case line, ok := <-c.lines:
			if ok {
				return line, nil
			}
		case <-time.After(100 * time.Millisecond):
		}
		c.dead = &StoppedError{Why: c.whyEnded()}
		return nil, c.dead
	case <-c.done:
		// closed while a reply was awaited (a screen quit while its
		// engine was busy): the reply, if it comes, is no one's
		c.dead = &StoppedError{Why: "it was closed while it worked"}
		return nil, c.dead
	case <-timer.C:
		why := fmt.Sprintf("it did not answer within %s", c.timeout)
		if in := c.stuckIn(); in != "" {
			why += "; it was running " + in + ": an endless loop, or a wait that never ends, there or below"
		}
		c.dead = &StoppedError{Why: why}
		return nil, c.dead
	}
}

func (c *Client) send(req Request) (Reply, error) {
	if c.dead != nil {
		return Reply{}, c.dead
	}
	line, err := json.Marshal(req)
	if err != nil {
		return Reply{}, fmt.Errorf("encode the request: %w", err)
	}
	if _, err := c.w.Write(append(line, '\n')); err != nil {
		c.dead = &StoppedError{Why: "it no longer reads its input"}
		return Reply{}, c.dead
	}
	raw, err := c.read()
	if err != nil {
		return Reply{}, err
	}
	var rep Reply
	if err := json.Unmarshal(raw, &rep); err != nil {
		c.dead = &StoppedError{Why: fmt.Sprintf("it wrote a line that is not a reply (%q)", truncate(string(raw), 80))}
		return Reply{}, c.dead
	}
	return rep, nil
}

// Do sends one request and returns its reply. A reply with Choose set asks
// for an Answer before the request's own reply comes.
func (c *Client) Do(req Request) (Reply, error) { return c.send(req) }

// Answer answers a Choose and returns the next reply.
func (c *Client) Answer(choice string) (Reply, error) {
	return c.send(Request{Answer: &choice})
}

// DoAll sends a request and answers every Choose with pick; tests and
// replays use it.
func (c *Client) DoAll(req Request, pick func(Choose) string) (Reply, error) {
	rep, err := c.Do(req)
	for err == nil && rep.Choose != nil {
		rep, err = c.Answer(pick(*rep.Choose))
	}
	return rep, err
}

// Close ends the engine.
func (c *Client) Close() error {
	var err error
	c.once.Do(func() {
		close(c.done)
		if c.closeFn != nil {
			err = c.closeFn()
		}
	})
	return err
}

// Dead is the error that stopped the client, or nil.
func (c *Client) Dead() error { return c.dead }

// IsStopped says whether err means the engine is gone.
func IsStopped(err error) bool {
	var s *StoppedError
	return errors.As(err, &s)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// OutputFile is the file, beside a workspace's driver program, that keeps
// what the engine wrote on stdout and stderr in its last run, up to
// OutputLimit bytes.
const (
	OutputFile  = "output.txt"
	OutputLimit = 8 << 20
)

// tailBuffer keeps the end of what a process writes on stderr, enough
// for a goroutine dump of a small program, and copies the first left
// bytes of it to file, if any.
type tailBuffer struct {
	mu      sync.Mutex
	buf     []byte
	dropped int // bytes written before buf's first
	file    *os.File
	left    int
}

// closeFile closes the copy, once the process has ended.
func (t *tailBuffer) closeFile() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file != nil {
		_ = t.file.Close()
		t.file = nil
	}
}

const (
	tailMax  = 128 << 10
	tailKeep = 64 << 10
)

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.file != nil && t.left > 0 {
		n := min(len(p), t.left)
		t.left -= n
		_, _ = t.file.Write(p[:n]) // a copy for the learner, at best
		if t.left == 0 {
			_, _ = fmt.Fprintf(t.file, "\n[course play: the rest is left out, past %d MiB]\n", OutputLimit>>20)
		}
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > tailMax {
		cut := len(t.buf) - tailKeep
		t.dropped += cut
		t.buf = t.buf[:copy(t.buf, t.buf[cut:])]
	}
	return len(p), nil
}

// mark is how much has been written so far, for since.
func (t *tailBuffer) mark() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped + len(t.buf)
}

// since is what is kept of what was written after mark.
func (t *tailBuffer) since(mark int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	i := max(mark-t.dropped, 0)
	return string(t.buf[i:])
}

// lastLine is the first line of a panic's report if there is one (what a
// crashed Go program says first), else the last non-empty line.
func (t *tailBuffer) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(string(bytes.TrimSpace(t.buf)), "\n")
	for _, l := range lines {
		if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "runtime: ") {
			return strings.TrimSpace(l)
		}
	}
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(lines[i]); s != "" {
			return s
		}
	}
	return ""
}

// confined starts the engine (cmd) as check runs a learner's tests, where
// the system can (package sandbox): it writes only beneath the workspace
// (dir) and its own temporary folder (its TMPDIR, in the driver's folder
// driverDir, removed by cleanup), opens no socket, signals nothing
// outside it, and reads nothing in course's cache folder. An instructor
// who plays a learner's level runs the learner's code, which could
// otherwise read the key that signs a check's result, or change any file
// of the instructor's. Where nothing confines it, it starts as any
// program does.
func confined(cmd *exec.Cmd, dir, driverDir string) (cleanup func(), err error) {
	cleanup = func() {}
	if sandbox.Available() != nil {
		return cleanup, cmd.Start()
	}
	tmp, err := os.MkdirTemp(driverDir, "tmp-")
	if err != nil {
		return cleanup, fmt.Errorf("making the engine's temporary folder: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(tmp) }
	p, err := sandbox.NewHiding(sandbox.CacheToHide(driverDir, dir), dir, tmp)
	if err != nil {
		return cleanup, fmt.Errorf("confining the engine: %w", err)
	}
	defer p.Close() // the engine stays confined
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	return cleanup, p.Start(cmd)
}
