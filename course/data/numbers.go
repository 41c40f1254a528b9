package data

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/systemic-game-design/course/internal/jsonobject"
)

// numberText is the number at the JSON pointer at as raw writes it
// ("1e400", "9007199254740993"), or "" when no number stands there. A
// schema's verdict gives a number as a fraction, which for 1e400 is four
// hundred digits; the file's own spelling is the one its author can find.
func numberText(raw []byte, at string) string {
	for p, text := range jsonobject.Numbers(raw) {
		if p == at {
			return text
		}
	}
	return ""
}

// CheckWholeNumbers refuses the first number of raw that Go's JSON reader,
// the engine's and a learner's json.Unmarshal alike, will not read into an
// int: one written with a decimal point or an exponent (3.0, 1e2), which
// the schema takes for a whole number, and one beyond the engine's
// integers (a tile's x of 1e400, which no maximum of the schema bounds).
// Every number of a card or level file is a whole number; without this
// such a file passed the schema and then failed to decode, with a mend
// that said to follow the schema it follows.
//
// The loaders hold every card and level file to it after the schema; it
// is exported for a check that decodes a card file with a reader of its
// own (course dev check).
func CheckWholeNumbers(kind, file string, raw []byte) *FileError {
	for at, text := range jsonobject.Numbers(raw) {
		n, ok := plainInt(text)
		switch {
		case !ok:
			return &FileError{Kind: kind, File: file, Path: at,
				Rule: fmt.Sprintf("%s is beyond the whole numbers the engine reads, %d to %d", text, MinInt, MaxInt),
				Mend: "write a whole number in that range, in digits alone"}
		case strings.ContainsAny(text, ".eE"):
			return &FileError{Kind: kind, File: file, Path: at,
				Rule: fmt.Sprintf("%s is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number", text),
				Mend: fmt.Sprintf("write it as %d", n)}
		}
	}
	return nil
}

// plainInt is the value of a JSON number's text when it is a whole number
// the engine keeps (a 32-bit integer); an exponent too large to be one is
// not worked out.
func plainInt(text string) (int64, bool) {
	if n, err := strconv.ParseInt(text, 10, 32); err == nil {
		return n, true // digits alone, as nearly every number is
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		if strings.Trim(text[:i], "-0.") == "" {
			return 0, true // 0e999: no exponent makes it more than 0
		}
		if exp, err := strconv.Atoi(text[i+1:]); err != nil || exp > 32 || exp < -32 {
			return 0, false
		}
	}
	if len(text) > 64 {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(text)
	if !ok || !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	n := r.Num().Int64()
	if n < math.MinInt32 || n > math.MaxInt32 {
		return 0, false
	}
	return n, true
}

// gotText is the number a schema's verdict found at the pointer at, as raw
// writes it; got, the verdict's own value, only when raw has no number
// there.
func gotText(raw []byte, at string, got *big.Rat) string {
	if text := numberText(raw, at); text != "" {
		return text
	}
	return boundText(got)
}

// boundText is a schema's bound (a minimum or maximum) in digits, as a
// float when it is too large for that.
func boundText(r *big.Rat) string {
	if r.IsInt() && r.Num().BitLen() <= 64 {
		return r.Num().String()
	}
	f, _ := new(big.Float).SetRat(r).Float64()
	return fmt.Sprint(f)
}
