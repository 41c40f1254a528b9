// Package jsonobject reads a JSON object's members as the text gives them:
// in its order, a key that appears twice twice, in the case it is written.
// Go's JSON reader cannot tell those apart (it matches keys without regard
// to case and keeps the last of two), and a check that a file means one
// thing must see them. Members yields one object's members;
// FirstDuplicate finds a key given twice by any object of a text,
// PointerAt the JSON pointer of the value at a byte offset, and Numbers
// each number of a text as it is written, LineColumn where a byte stands.
package jsonobject

import (
	"bytes"
	"encoding/json"
	"iter"
	"unicode/utf8"
)

// Members yields each member of the JSON object raw holds, key and value,
// and stops at the first that does not read; nothing if raw holds no
// object.
func Members(raw []byte) iter.Seq2[string, json.RawMessage] {
	return func(yield func(string, json.RawMessage) bool) {
		dec := json.NewDecoder(bytes.NewReader(raw))
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return
		}
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return
			}
			var v json.RawMessage
			if dec.Decode(&v) != nil {
				return
			}
			if k, _ := t.(string); !yield(k, v) {
				return
			}
		}
	}
}

// LineColumn is where the byte at offset off of raw stands, both counted
// from 1: the line, and the column in characters (a byte that is not UTF-8
// counts as one). An offset past the end is the end's place.
func LineColumn(raw []byte, off int) (line, col int) {
	before := raw[:max(0, min(off, len(raw)))]
	start := bytes.LastIndexByte(before, '\n') + 1
	return bytes.Count(before, []byte("\n")) + 1, utf8.RuneCount(before[start:]) + 1
}
