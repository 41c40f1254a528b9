package grid

import (
	"bytes"
	"encoding/json"
	"math"
	"sync"
	"unicode/utf8"
)

// DecodeLevel reads a level file's text. For every input it gives exactly
// what
//
//	var d LevelDef
//	err := json.Unmarshal(data, &d)
//
// gives: the same LevelDef (reflect.DeepEqual: "[]" is an empty slice, an
// absent field or null a nil one) and the same error, message included.
//
// Decoding a level file with encoding/json costs several times what New
// then does with it, so the common shape is read by hand: one object of
// the known keys, spelled exactly and each at most once, with plain
// integers and strings without escapes, and other keys' values checked as
// strictly as encoding/json checks them and then skipped. On anything
// else (another spelling of a key, an escape, a float, a null where a
// value goes, deep nesting, an error) it hands the text to json.Unmarshal,
// so errors and the rare shapes are that function's own.
func DecodeLevel(data []byte) (LevelDef, error) {
	if d, ok := decodeLevelFast(data); ok {
		return d, nil
	}
	var d LevelDef
	err := json.Unmarshal(data, &d)
	return d, err
}

// maxSkipDepth bounds the nesting of the values the fast path skips; past
// it encoding/json (whose own limit is far deeper) decides.
const maxSkipDepth = 64

// decodeLevelFast is DecodeLevel's hand-written path: ok is false when it
// cannot be sure of json.Unmarshal's answer, and the result is then not to
// be used.
func decodeLevelFast(data []byte) (LevelDef, bool) {
	d := levelDecoders.Get().(*levelDecoder)
	defer d.release()
	d.data = data
	if !d.level() {
		return LevelDef{}, false
	}
	if d.space(); d.i != len(d.data) {
		return LevelDef{}, false
	}
	return d.build(), true
}

// levelDecoders keep their buffers from one level to the next, so that a
// level costs one allocation per slice of its LevelDef and one for all its
// strings, however many objects it has.
var levelDecoders = sync.Pool{New: func() any { return new(levelDecoder) }}

// A levelDecoder reads a level into its own buffers, which build copies
// into a LevelDef.
type levelDecoder struct {
	data []byte
	i    int

	width, height int
	arrays        int // the keys of objects, cards and hand that held an array (not null)
	objects       []levelElement
	cards         []levelElement
	hand          []textSpan
	text          []byte // every string read, one after another
}

// levelElement is an object or a card, its kind or card a span of text.
type levelElement struct {
	str  textSpan
	x, y int
}

type textSpan struct{ from, to int }

// maxKept bounds the elements and bytes a decoder keeps for the next
// level, so that one huge level does not hold its memory for good.
const maxKept = 1 << 14

func (d *levelDecoder) release() {
	if max(cap(d.objects), cap(d.cards), cap(d.hand), cap(d.text)/16) > maxKept {
		return
	}
	*d = levelDecoder{objects: d.objects[:0], cards: d.cards[:0], hand: d.hand[:0], text: d.text[:0]}
	levelDecoders.Put(d)
}

// build makes the LevelDef, its slices of the exact length.
func (d *levelDecoder) build() LevelDef {
	lv := LevelDef{Width: d.width, Height: d.height}
	text := string(d.text)
	if d.arrays&keyObjects != 0 {
		lv.Objects = make([]LevelObject, len(d.objects))
		for i, e := range d.objects {
			lv.Objects[i] = LevelObject{Kind: text[e.str.from:e.str.to], X: e.x, Y: e.y}
		}
	}
	if d.arrays&keyCards != 0 {
		lv.Cards = make([]LevelCard, len(d.cards))
		for i, e := range d.cards {
			lv.Cards[i] = LevelCard{Card: text[e.str.from:e.str.to], X: e.x, Y: e.y}
		}
	}
	if d.arrays&keyHand != 0 {
		lv.Hand = make([]string, len(d.hand))
		for i, s := range d.hand {
			lv.Hand[i] = text[s.from:s.to]
		}
	}
	return lv
}

// Keys of the level object and of its elements, by their bit in a set of
// keys seen.
const (
	keyWidth = 1 << iota
	keyHeight
	keyObjects
	keyCards
	keyHand
	keyKind
	keyCard
	keyX
	keyY
)

type levelKey struct {
	name string
	bit  int
}

var (
	levelKeys  = []levelKey{{"width", keyWidth}, {"height", keyHeight}, {"objects", keyObjects}, {"cards", keyCards}, {"hand", keyHand}}
	objectKeys = []levelKey{{"kind", keyKind}, {"x", keyX}, {"y", keyY}}
	cardKeys   = []levelKey{{"card", keyCard}, {"x", keyX}, {"y", keyY}}
)

func (d *levelDecoder) space() {
	i, data := d.i, d.data
	for i < len(data) && data[i] <= ' ' && (data[i] == ' ' || data[i] == '\n' || data[i] == '\t' || data[i] == '\r') {
		i++
	}
	d.i = i
}

// next skips white space and reports the byte after it, 0 at the end
// (which no valid JSON has there either).
func (d *levelDecoder) next() byte {
	d.space()
	if d.i < len(d.data) {
		return d.data[d.i]
	}
	return 0
}

func (d *levelDecoder) consume(c byte) bool {
	if d.next() != c {
		return false
	}
	d.i++
	return true
}

// members reads an object's members up to its closing brace, the opening
// one already read: for each it reads the key and the colon and calls
// member, which reads the value. A key that is not one of keys is skipped
// with its value, unless encoding/json, which matches keys without regard
// to case, would take it for one of keys; such a key, one with an escape
// and one of keys seen a second time (encoding/json would decode the
// second value over the first) are left to encoding/json.
func (d *levelDecoder) members(keys []levelKey, depth int, member func(bit int) bool) bool {
	seen := 0
	return d.list('}', func() bool {
		if d.next() != '"' {
			return false
		}
		key, _, ok := d.plainString()
		if !ok || !d.consume(':') {
			return false
		}
		bit := 0
		for _, k := range keys {
			if len(key) == len(k.name) && key[0] == k.name[0] && string(key) == k.name {
				bit = k.bit
				break
			}
		}
		if bit == 0 {
			for _, k := range keys {
				if bytes.EqualFold(key, []byte(k.name)) {
					return false
				}
			}
		}
		switch {
		case bit == 0:
			d.space()
			return d.skip(depth)
		case seen&bit != 0:
			return false
		default:
			seen |= bit
			d.space()
			return member(bit)
		}
	})
}

// list reads the items of an object or an array, its opening brace or
// bracket already read, up to and with close: none, or item after item
// with a comma between. item reads one (an object's member, an array's
// element) from the white space before it.
func (d *levelDecoder) list(close byte, item func() bool) bool {
	if d.next() == close {
		d.i++
		return true
	}
	for {
		if !item() {
			return false
		}
		switch d.next() {
		case ',':
			d.i++
		case close:
			d.i++
			return true
		default:
			return false
		}
	}
}

func (d *levelDecoder) level() bool {
	if !d.consume('{') {
		return false
	}
	return d.members(levelKeys, 1, func(bit int) bool {
		var ok bool
		switch bit {
		case keyWidth:
			d.width, ok = d.int()
		case keyHeight:
			d.height, ok = d.int()
		case keyObjects:
			ok = d.elements(bit, objectKeys, keyKind, &d.objects)
		case keyCards:
			ok = d.elements(bit, cardKeys, keyCard, &d.cards)
		case keyHand:
			ok = d.array(bit, func() bool {
				s, ok := d.string()
				d.hand = append(d.hand, s)
				return ok
			})
		}
		return ok
	})
}

// array reads the array of the level's key field, whose elements elem
// reads, after the white space before each. null is no array, as
// encoding/json reads it (the slice stays nil), and [] an empty one.
func (d *levelDecoder) array(field int, elem func() bool) bool {
	if d.literal("null") {
		return true
	}
	if !d.consume('[') {
		return false
	}
	d.arrays |= field
	return d.list(']', func() bool {
		d.space()
		return elem()
	})
}

// elements reads the objects or the cards (the level's key field), each
// element an object of keys, name being the key of its string.
func (d *levelDecoder) elements(field int, keys []levelKey, name int, into *[]levelElement) bool {
	return d.array(field, func() bool {
		var e levelElement
		if !d.consume('{') {
			return false
		}
		ok := d.members(keys, 3, func(bit int) bool {
			var ok bool
			switch bit {
			case name:
				e.str, ok = d.string()
			case keyX:
				e.x, ok = d.int()
			case keyY:
				e.y, ok = d.int()
			}
			return ok
		})
		*into = append(*into, e)
		return ok
	})
}

// int reads an integer as encoding/json writes one into an int: no
// fraction, no exponent, and in range (encoding/json refuses one that is
// not).
func (d *levelDecoder) int() (int, bool) {
	i, data := d.i, d.data
	neg := i < len(data) && data[i] == '-'
	if neg {
		i++
	}
	limit := uint64(math.MaxInt)
	if neg {
		limit++
	}
	var u uint64
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case i < len(data) && '1' <= data[i] && data[i] <= '9':
		for ; i < len(data) && '0' <= data[i] && data[i] <= '9'; i++ {
			digit := uint64(data[i] - '0')
			if u > (limit-digit)/10 {
				return 0, false
			}
			u = u*10 + digit
		}
	default:
		return 0, false
	}
	d.i = i
	if neg {
		// two's complement: -u in uint64 is the int -u, math.MinInt included
		return int(-u), true
	}
	return int(u), true
}

// string reads a string value, plain (see plainString) and valid UTF-8
// (encoding/json would mend it otherwise), into text.
func (d *levelDecoder) string() (textSpan, bool) {
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		return textSpan{}, false
	}
	b, ascii, ok := d.plainString()
	if !ok || !ascii && !utf8.Valid(b) {
		return textSpan{}, false
	}
	from := len(d.text)
	d.text = append(d.text, b...)
	return textSpan{from, len(d.text)}, true
}

// plainString reads a string with no escape and no control byte (which
// JSON forbids) from its opening quote, and gives its bytes and whether
// they are all ASCII.
func (d *levelDecoder) plainString() (b []byte, ascii, ok bool) {
	data := d.data
	start := d.i + 1
	var or byte
	for i := start; i < len(data); i++ {
		c := data[i]
		if c == '"' {
			d.i = i + 1
			return data[start:i], or < utf8.RuneSelf, true
		}
		if c == '\\' || c < 0x20 {
			return nil, false, false
		}
		or |= c
	}
	return nil, false, false
}

func (d *levelDecoder) literal(word string) bool {
	if !bytes.HasPrefix(d.data[d.i:], []byte(word)) {
		return false
	}
	d.i += len(word)
	return true
}

// skip reads a value that no field takes, as strictly as encoding/json
// checks one, at depth the nesting of the object or array holding it.
func (d *levelDecoder) skip(depth int) bool {
	if d.i >= len(d.data) {
		return false
	}
	switch c := d.data[d.i]; {
	case c == '"':
		return d.skipString()
	case c == '{':
		if depth >= maxSkipDepth {
			return false
		}
		d.i++
		return d.list('}', func() bool {
			if d.next() != '"' || !d.skipString() || !d.consume(':') {
				return false
			}
			d.space()
			return d.skip(depth + 1)
		})
	case c == '[':
		if depth >= maxSkipDepth {
			return false
		}
		d.i++
		return d.list(']', func() bool {
			d.space()
			return d.skip(depth + 1)
		})
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		return d.skipNumber()
	}
	return false
}

// skipString reads any valid string from its opening quote: escapes and
// invalid UTF-8 (which encoding/json mends) included.
func (d *levelDecoder) skipString() bool {
	data := d.data
	for i := d.i + 1; i < len(data); i++ {
		switch c := data[i]; {
		case c == '"':
			d.i = i + 1
			return true
		case c < 0x20:
			return false
		case c == '\\':
			i++
			if i >= len(data) {
				return false
			}
			switch data[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(data) {
					return false
				}
				for _, h := range data[i+1 : i+5] {
					if !isHex(h) {
						return false
					}
				}
				i += 4
			default:
				return false
			}
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// skipNumber reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?.
func (d *levelDecoder) skipNumber() bool {
	data, i := d.data, d.i
	digits := func() bool {
		start := i
		for i < len(data) && '0' <= data[i] && data[i] <= '9' {
			i++
		}
		return i > start
	}
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case !digits():
		return false
	}
	if i < len(data) && data[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	d.i = i
	return true
}
