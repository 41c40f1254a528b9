package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/systemic-game-design/course/internal/jsonobject"
)

// Go's JSON reader, and every reader of a card or level file built on it
// (the loaders here, and a learner's engine calling json.Unmarshal), reads
// four kinds of text otherwise than its author sees it: a byte order mark
// is an "invalid character 'ï'", a byte that is not UTF-8 and an escape of
// half a surrogate pair become U+FFFD without a word, and of a key an
// object gives twice the last value wins without a word. checkText,
// checkKeys and checkEscapes refuse each by name before the schema is
// asked, so that the first problem a file reports is the real
// one and a file that loads means one thing to every reader.

// The byte order marks a file may start with.
var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// checkText refuses a file that starts with a byte order mark or holds a
// byte that is not UTF-8. A UTF-8 byte order mark is refused rather than
// skipped (RFC 8259 §8.1 allows either): a file the loaders read past one
// would still be refused by json.Unmarshal in the learner's own engine, so
// validate would pass a card file that the workspace's code cannot read.
// It costs one pass over the bytes (utf8.Valid) and allocates nothing
// unless the file is refused.
func checkText(kind, file string, raw []byte) *FileError {
	refuse := func(at, rule, mend string) *FileError {
		return &FileError{Kind: kind, File: file, Path: at, Rule: rule, Mend: mend}
	}
	switch {
	case bytes.HasPrefix(raw, bomUTF8):
		return refuse("", "starts with a byte order mark (EF BB BF)", "save the file as UTF-8 without one")
	case bytes.HasPrefix(raw, bomUTF16LE), bytes.HasPrefix(raw, bomUTF16BE):
		return refuse("", fmt.Sprintf("is UTF-16 (it starts with the byte order mark %X %X)", raw[0], raw[1]),
			"save the file as UTF-8 without a byte order mark")
	case utf8.Valid(raw):
		return nil
	}
	off := 0
	for off < len(raw) {
		r, n := utf8.DecodeRune(raw[off:])
		if r == utf8.RuneError && n == 1 {
			break
		}
		off += n
	}
	// Inside a string, the value's pointer; elsewhere (the file is not
	// JSON there) the offset, line and column alone say where.
	at, _ := jsonobject.PointerAt(raw, int64(off))
	line, col := jsonobject.LineColumn(raw, off)
	return refuse(at, fmt.Sprintf("byte 0x%02X at offset %d (line %d, column %d) is not UTF-8, which a JSON reader would turn into U+FFFD without a word",
		raw[off], off, line, col), "save the file as UTF-8")
}

// checkKeys refuses a file in which an object, at any depth, gives a key
// twice, naming the object (a JSON pointer), the key and both places. raw
// is JSON (the syntax is checked first). It reads the file once more,
// token by token, with Go's own reader (jsonobject.FirstDuplicate).
//
// Keys that differ only in case are compared only when fold is set: Go's
// reader would match both to one field, but the card and level schemas
// close every object (additionalProperties or unevaluatedProperties
// false) and spell their fields in lower case, so a key in another case is
// refused there as a field the schema does not know. The catalog has no
// schema, and its reader's unknown-field check matches without regard to
// case too: there, "cards" and "Cards" are one field given twice.
func checkKeys(kind, file string, raw []byte, fold bool) *FileError {
	find := jsonobject.FirstDuplicate
	if fold {
		find = jsonobject.FirstDuplicateFolded
	}
	d, found := find(raw)
	if !found {
		return nil
	}
	object := "this object"
	if d.Object == "" {
		object = "the top-level object"
	}
	l1, c1 := jsonobject.LineColumn(raw, int(d.First))
	l2, c2 := jsonobject.LineColumn(raw, int(d.Second))
	what := fmt.Sprintf("key %q appears twice", d.Key)
	if d.FirstKey != d.Key {
		what = fmt.Sprintf("keys %q and %q, one field to a JSON reader that matches keys without regard to case, appear", d.FirstKey, d.Key)
	}
	return &FileError{Kind: kind, File: file, Path: d.Object,
		Rule: fmt.Sprintf("%s in %s (line %d, column %d and line %d, column %d), and a JSON reader keeps only the last",
			what, object, l1, c1, l2, c2),
		Mend: "keep one of them"}
}

// checkEscapes refuses a string, at any depth, that holds a \u escape of
// half a UTF-16 surrogate pair without the other half (\ud800 alone, or
// \udc00 first): Go's reader turns it into U+FFFD without a word, as it
// does a byte that is not UTF-8, so "Z\ud800" and "Z\udc00" would load as
// one name. raw is JSON (the syntax is checked first). It is one pass over
// the bytes, and allocates nothing unless the file is refused.
func checkEscapes(kind, file string, raw []byte) *FileError {
	in := false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '"':
			in = !in
		case !in || c != '\\':
		case i+1 < len(raw) && raw[i+1] == 'u':
			r := hex4(raw[i+2:])
			switch {
			case r >= 0xD800 && r < 0xDC00:
				if i+7 < len(raw) && raw[i+6] == '\\' && raw[i+7] == 'u' {
					if lo := hex4(raw[i+8:]); lo >= 0xDC00 && lo < 0xE000 {
						i += 11 // the pair, whole
						continue
					}
				}
			case r >= 0xDC00 && r < 0xE000:
			default:
				i += 5
				continue
			}
			at, _ := jsonobject.PointerAt(raw, int64(i))
			line, col := jsonobject.LineColumn(raw, i)
			return &FileError{Kind: kind, File: file, Path: at,
				Rule: fmt.Sprintf("the escape %s at offset %d (line %d, column %d) is half of a UTF-16 surrogate pair without its other half, which a JSON reader would turn into U+FFFD without a word",
					raw[i:i+6], i, line, col),
				Mend: "write the character itself, or its whole pair of escapes (\\ud83d\\ude00 for U+1F600)"}
		default:
			i++ // the escaped character: a quote there ends no string
		}
	}
	return nil
}

// hex4 is the value of the four hexadecimal digits b starts with, or -1.
func hex4(b []byte) rune {
	if len(b) < 4 {
		return -1
	}
	v, err := strconv.ParseUint(string(b[:4]), 16, 16)
	if err != nil {
		return -1
	}
	return rune(v)
}

// CheckJSONText holds a content file's text to the rules above before it
// is read: checkText, then, if the text is JSON (its syntax is the
// reader's to report), checkKeys and checkEscapes. Keys are compared without regard to case
// for the catalog and the lexicon, which have no schema and are decoded
// into structs, where Go's reader matches a key to a field without regard
// to case: "words" then "Words" would load the second list alone. The
// loaders here and course dev check, which reads the repository's files
// with its own decoders, both hold files to it.
func CheckJSONText(kind, file string, raw []byte) *FileError {
	if fe := checkText(kind, file, raw); fe != nil {
		return fe
	}
	if !json.Valid(raw) {
		return nil
	}
	if fe := checkKeys(kind, file, raw, kind == KindCatalog || kind == KindLexicon); fe != nil {
		return fe
	}
	return checkEscapes(kind, file, raw)
}
