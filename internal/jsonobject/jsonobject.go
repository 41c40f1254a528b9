// Package jsonobject reads a JSON object's members as the text gives them:
// in its order, a key that appears twice twice, in the case it is written.
// Go's JSON reader cannot tell those apart (it matches keys without regard
// to case and keeps the last of two), and a check that a file means one
// thing must see them. Members yields one object's members;
// FirstDuplicate finds a key given twice by any object of a text,
// PointerAt the JSON pointer of the value at a byte offset, and Numbers
// each number of a text as it is written.
package jsonobject

import (
	"bytes"
	"encoding/json"
	"iter"
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
