package gotest

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// DefaultOutputLimit is how much of each test's output a result keeps:
// the last 64 KiB, which holds a panic's trace and the last assertions.
const DefaultOutputLimit = 64 << 10

// tail keeps the last limit bytes written to it, in time linear in what is
// written, and counts what it dropped.
type tail struct {
	buf   []byte
	limit int
	total int64
}

func (t *tail) Write(p []byte) {
	t.total += int64(len(p))
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.limit {
		n := copy(t.buf, t.buf[len(t.buf)-t.limit:])
		t.buf = t.buf[:n]
	}
}

// text is what is kept, starting at a line when anything was dropped, and
// how many bytes were dropped before it. A panic (or a fatal error) whose
// line began after output with no line end is kept from its message on:
// cut at the next line, the trace would be left without what it traces.
func (t *tail) text() (string, int64) {
	b := t.buf
	if len(b) > t.limit {
		b = b[len(b)-t.limit:]
	}
	if int64(len(b)) < t.total {
		if i := bytes.IndexByte(b, '\n'); i >= 0 && i < len(b)-1 {
			first := b[:i]
			switch j := max(bytes.LastIndex(first, []byte("panic: ")), bytes.LastIndex(first, []byte("fatal error: "))); {
			case j >= 0:
				b = b[j:]
			default:
				b = b[i+1:]
			}
		}
	}
	return string(b), t.total - int64(len(b))
}

// running is one top-level test as the stream tells it.
type running struct {
	name    string
	out     tail
	outcome Outcome // "" until its result line
	paused  bool    // waiting (t.Parallel) to go on: it has not really run yet
	forged  bool    // it has more than one result line: it printed one itself
}

// reader reads the output of a test binary run with -test.v=test2json:
// the testing package frames its own lines (=== RUN, --- PASS, ...) with a
// ^V byte, so a test's output can never be mistaken for them. Everything
// else is output of the test named last.
type reader struct {
	// nonce is the key a verdict line must be signed with to count (""
	// when the binary prints none); code is that verdict's exit code,
	// verdict whether there was one, and records whether the binary could
	// sign each test's end, which ended holds (see verdict.go).
	nonce   string
	verdict bool
	code    int
	records bool
	ended   map[string]Outcome
	limit   int
	tests   map[string]*running
	order   []string
	current string // the top-level test that output belongs to now
	pkg     tail   // output outside any test
	onStart func(name string)
	onEnd   func(r *running)
}

func newReader(limit int) *reader {
	return &reader{limit: limit, tests: map[string]*running{}, pkg: tail{limit: limit}}
}

// read consumes the stream until it ends.
func (r *reader) read(in io.Reader) error {
	br := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			r.feed(line)
		}
		switch err {
		case nil, bufio.ErrBufferFull:
		case io.EOF:
			return nil
		default:
			return err
		}
	}
}

const frame = 0x16 // ^V

func (r *reader) feed(line []byte) {
	i := bytes.IndexByte(line, frame)
	if i < 0 {
		r.output(line)
		return
	}
	if i > 0 {
		r.output(line[:i])
	}
	if !r.marker(strings.TrimRight(string(line[i+1:]), "\r\n")) {
		r.output(line[i+1:])
	}
}

func (r *reader) output(b []byte) {
	if t := r.tests[r.current]; t != nil {
		t.out.Write(b)
		return
	}
	r.pkg.Write(b)
}

func top(name string) string {
	t, _, _ := strings.Cut(name, "/")
	return t
}

// marker handles one framed line; it reports whether it was one.
func (r *reader) marker(m string) bool {
	verb, rest, ok := strings.Cut(m, " ")
	if !ok {
		return m == "PASS" || m == "FAIL"
	}
	switch verb {
	case verdictVerb, resultVerb:
		// Only a line the nonce's owner signed counts; any other is a
		// test's output, kept as such.
		words := strings.Split(rest, " ")
		if r.nonce == "" || len(words) != 3 {
			return false
		}
		mac := verdictMAC(r.nonce, verb, words[0], words[1])
		if !hmac.Equal([]byte(mac), []byte(words[2])) {
			return false
		}
		if verb == resultVerb {
			o := map[string]Outcome{"pass": Pass, "fail": Fail, "skip": Skip, "foreign": foreign}[words[1]]
			if o == "" {
				return false
			}
			if r.ended == nil {
				r.ended = map[string]Outcome{}
			}
			r.ended[words[0]] = o
			return true
		}
		n, err := strconv.Atoi(words[0])
		if err != nil {
			return false
		}
		r.verdict, r.code, r.records = true, n, words[1] == "1"
		return true
	case "===":
		kind, name, _ := strings.Cut(rest, " ")
		name = strings.TrimSpace(name)
		switch kind {
		case "RUN":
			t := top(name)
			if r.tests[t] == nil {
				r.tests[t] = &running{name: t, out: tail{limit: r.limit}}
				r.order = append(r.order, t)
				if r.onStart != nil {
					r.onStart(t)
				}
			}
			r.current = t
		case "CONT", "NAME":
			r.current = top(name)
			if t := r.tests[name]; t != nil && kind == "CONT" {
				t.paused = false
			}
		case "PAUSE":
			if t := r.tests[name]; t != nil {
				t.paused = true
			}
		default:
			return false
		}
		return true
	case "---":
		kind, name, _ := strings.Cut(rest, " ")
		var o Outcome
		switch kind {
		case "PASS:":
			o = Pass
		case "FAIL:":
			o = Fail
		case "SKIP:":
			o = Skip
		default:
			return false
		}
		name = strings.TrimSpace(name)
		if i := strings.LastIndex(name, " ("); i >= 0 {
			name = name[:i]
		}
		t := r.tests[top(name)]
		if t == nil {
			return false
		}
		if name != t.name {
			// A subtest's verdict says which subtest failed: keep it.
			t.out.Write([]byte(m + "\n"))
			return true
		}
		r.current = t.name
		switch {
		case t.outcome == "":
			t.outcome = o
			if r.onEnd != nil {
				r.onEnd(t)
			}
		case t.outcome != Fail:
			// The testing package gives a test one result line; a second
			// was printed by the test itself, and whichever came first,
			// the run is no pass.
			t.outcome, t.forged = Fail, true
		}
		return true
	}
	return false
}

var (
	timeoutPanic = regexp.MustCompile(`(?m)^panic: test timed out after `)
	crashLine    = regexp.MustCompile(`(?m)^(fatal error: .*|panic: .*|runtime: .*|SIG[A-Z]+: .*)$`)
)

// runningAtTimeout is the tests the testing package lists as running when
// its alarm went off.
func runningAtTimeout(out string) []string {
	i := strings.Index(out, "running tests:\n")
	if i < 0 {
		return nil
	}
	var names []string
	for _, l := range strings.Split(out[i+len("running tests:\n"):], "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			break
		}
		if j := strings.LastIndex(l, " ("); j >= 0 {
			l = l[:j]
		}
		names = append(names, top(l))
	}
	return names
}

// cause is the line that says why a binary died: the runtime's fatal error,
// an unrecovered panic, or "" when it says nothing.
func cause(out string) string {
	var first string
	for _, m := range crashLine.FindAllString(out, -1) {
		if strings.HasPrefix(m, "fatal error: ") {
			return m
		}
		if first == "" && !strings.HasPrefix(m, "runtime: ") {
			first = m
		}
	}
	return strings.TrimSuffix(strings.TrimSuffix(first, " [recovered]"), " [recovered, repanicked]")
}
