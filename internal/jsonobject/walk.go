package jsonobject

import (
	"bytes"
	"encoding/json"
	"iter"
	"strconv"
	"strings"
	"unicode"
)

// Duplicate is a key that one object of a JSON text gives twice.
type Duplicate struct {
	Object        string // the object's JSON pointer, "" for the top-level value
	Key           string // the second key as Go's reader decodes it, escapes read
	FirstKey      string // the first, the same as Key unless case was folded
	First, Second int64  // where each of the two keys starts: its opening quote's byte offset
}

// FirstDuplicate reads the JSON text raw once and returns the first key
// that an object, at any depth, gives twice; found is false when no object
// does up to where raw stops reading as JSON (its syntax is the caller's
// to report). Keys are the same when Go's reader decodes them to the same
// string ("a" and "\u0061"); keys that differ in case are not.
func FirstDuplicate(raw []byte) (d Duplicate, found bool) {
	return firstDuplicate(raw, func(k string) string { return k })
}

// FirstDuplicateFolded is FirstDuplicate with keys that differ only in
// case taken as the same ("cards" and "Cards"), as Go's reader takes them
// when it matches a key to a struct field: for a text decoded into a
// struct, where two such keys are two values for one field and the last
// wins.
func FirstDuplicateFolded(raw []byte) (d Duplicate, found bool) {
	return firstDuplicate(raw, foldKey)
}

func firstDuplicate(raw []byte, norm func(string) string) (d Duplicate, found bool) {
	w := newWalker(raw)
	for w.next() {
		if !w.isKey {
			continue
		}
		f := &w.stack[len(w.stack)-1]
		if first, dup := f.add(norm(w.key), w.key, w.start); dup {
			return Duplicate{Object: w.pointer(len(w.stack) - 1), Key: w.key, FirstKey: first.key, First: first.start, Second: w.start}, true
		}
	}
	return Duplicate{}, false
}

// foldKey is the same string for two keys exactly when bytes.EqualFold
// says they are equal, the comparison Go's reader matches a key to a
// field by: each rune is the smallest of its simple case folding orbit,
// so that "K", "k" and the Kelvin sign (U+212A) are one.
func foldKey(k string) string {
	return strings.Map(func(r rune) rune {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		return least
	}, k)
}

// PointerAt is the JSON pointer of the value of raw whose text holds the
// byte at offset, or of the member whose key does; found is false when
// that byte is in no string, number or literal, or raw does not read up
// to it.
func PointerAt(raw []byte, offset int64) (pointer string, found bool) {
	w := newWalker(raw)
	for w.next() {
		if w.start > offset {
			return "", false
		}
		if w.end > offset && (w.isKey || w.isScalar) {
			return w.pointer(len(w.stack)), true
		}
	}
	return "", false
}

// smallObject is how many keys an object's frame compares one by one
// before it keeps them in a map: the course's objects have a handful of
// keys, for which a short slice is cheaper than a map, and an object with
// thousands still costs time linear in its size.
const smallObject = 16

// frame is one object or array the walker is inside, and the member or
// element it is reading.
type frame struct {
	object bool
	keyed  bool              // object: its key is read, its value is next
	key    string            // object: the key of the member being read
	index  int               // array: the index of the element being read
	seen   []member          // object: its keys so far, while there are few
	many   map[string]member // object: the same by norm, past smallObject keys
}

// member is a key an object gave: as compared, as written, and where it
// starts.
type member struct {
	norm, key string
	start     int64
}

// add records the key as written, which starts at start, under norm (the
// key as compared) in an object's frame, and returns the key that came
// first if the object gave one the same under norm before.
func (f *frame) add(norm, written string, start int64) (first member, dup bool) {
	if f.many != nil {
		if first, dup = f.many[norm]; !dup {
			f.many[norm] = member{norm, written, start}
		}
		return first, dup
	}
	for _, m := range f.seen {
		if m.norm == norm {
			return m, true
		}
	}
	if len(f.seen) < smallObject {
		if f.seen == nil {
			f.seen = make([]member, 0, smallObject)
		}
		f.seen = append(f.seen, member{norm, written, start})
		return member{}, false
	}
	f.many = make(map[string]member, 4*smallObject)
	for _, m := range f.seen {
		f.many[m.norm] = m
	}
	f.many[norm] = member{norm, written, start}
	return member{}, false
}

// walker reads a JSON text with Go's own reader (no second tokenizer to
// keep in step with it), keeping the objects and arrays it is inside. Keys
// and brackets are read as tokens; a string, number or literal value is
// skipped with Decode into skipValue, which keeps nothing, as Token would
// decode it into a new interface value only to drop it. The frames' key
// slices are reused from one object to the next, so a walk allocates
// little beyond the keys' strings.
type walker struct {
	raw   []byte
	dec   *json.Decoder
	stack []frame

	// The token just read: where its text starts and ends, whether it is a
	// key (then key holds it) or a string, number or literal value.
	start, end      int64
	isKey, isScalar bool
	key             string
}

// skipValue reads any JSON value and keeps nothing of it.
type skipValue struct{}

func (*skipValue) UnmarshalJSON([]byte) error { return nil }

func newWalker(raw []byte) *walker {
	// Card and level files nest three deep at most.
	return &walker{raw: raw, dec: json.NewDecoder(bytes.NewReader(raw)), stack: make([]frame, 0, 4)}
}

// next reads the next key, bracket or value; false at the end of the text
// or at the first thing that does not read.
func (w *walker) next() bool {
	// The frame whose member or element the last scalar or closed object
	// or array was moves on to the next one only now, so that pointer sees
	// a value's own index or key until the next token is read.
	if w.isScalar {
		w.valueDone()
	}
	// Between the last token and the next there is only white space and
	// the ',' and ':' the reader consumes on its own; the first other
	// byte says what comes.
	w.start = w.dec.InputOffset()
	for w.start < int64(len(w.raw)) && strings.IndexByte(" \t\r\n,:", w.raw[w.start]) >= 0 {
		w.start++
	}
	if w.start == int64(len(w.raw)) {
		return false
	}
	w.isKey, w.isScalar = false, false
	n := len(w.stack)
	keyNext := n > 0 && w.stack[n-1].object && !w.stack[n-1].keyed
	if c := w.raw[w.start]; !keyNext && strings.IndexByte("{}[]", c) < 0 {
		var v skipValue
		if w.dec.Decode(&v) != nil {
			return false
		}
		w.end = w.dec.InputOffset()
		w.isScalar = true
		return true
	}
	tok, err := w.dec.Token()
	if err != nil {
		return false
	}
	w.end = w.dec.InputOffset()
	switch tok {
	case json.Delim('{'), json.Delim('['):
		w.push(tok == json.Delim('{'))
		return true
	case json.Delim('}'), json.Delim(']'):
		w.stack = w.stack[:n-1]
		w.valueDone()
		return true
	}
	key, ok := tok.(string)
	if !ok || !keyNext {
		return false // Token refuses a key where none may stand; this is not reached
	}
	f := &w.stack[n-1]
	f.key = key
	f.keyed = true
	w.isKey, w.key = true, f.key
	return true
}

// push enters an object or an array, reusing the slices of the frame that
// last stood at its depth.
func (w *walker) push(object bool) {
	if len(w.stack) < cap(w.stack) {
		w.stack = w.stack[:len(w.stack)+1]
	} else {
		w.stack = append(w.stack, frame{})
	}
	f := &w.stack[len(w.stack)-1]
	*f = frame{object: object, seen: f.seen[:0]}
}

// valueDone moves the innermost frame past the value just read.
func (w *walker) valueDone() {
	if n := len(w.stack); n > 0 {
		f := &w.stack[n-1]
		if f.object {
			f.keyed = false
		} else {
			f.index++
		}
	}
}

// pointerEscape writes a key as a JSON pointer's segment: "~" as "~0",
// "/" as "~1".
var pointerEscape = strings.NewReplacer("~", "~0", "/", "~1")

// pointer is the JSON pointer (RFC 6901) through the members and elements
// the first depth frames are reading: pointer(len(stack)-1) is the
// innermost object or array's own, pointer(len(stack)) the value's inside
// it.
func (w *walker) pointer(depth int) string {
	var b strings.Builder
	for _, f := range w.stack[:depth] {
		b.WriteByte('/')
		if f.object {
			b.WriteString(pointerEscape.Replace(f.key))
		} else {
			b.WriteString(strconv.Itoa(f.index))
		}
	}
	return b.String()
}

// Numbers yields each number of the JSON text raw, in the order the text
// gives them, with its JSON pointer and its text as written ("1e400",
// "3.0"), and stops where raw stops reading as JSON.
func Numbers(raw []byte) iter.Seq2[string, string] {
	return func(yield func(pointer, text string) bool) {
		w := newWalker(raw)
		for w.next() {
			if !w.isScalar {
				continue
			}
			if c := w.raw[w.start]; c != '-' && (c < '0' || c > '9') {
				continue
			}
			if !yield(w.pointer(len(w.stack)), string(w.raw[w.start:w.end])) {
				return
			}
		}
	}
}
