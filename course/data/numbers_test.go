package data

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A number is named as the file writes it, and one that the schema takes
// but Go's JSON reader will not read into an int is refused at its place
// with the spelling that mends it, not as a file that "does not decode"
// and should follow the schema it follows.
func TestLoadersNameANumberAsTheFileWritesIt(t *testing.T) {
	card := func(cost, amount string) string {
		return fmt.Sprintf(`{"name": "A", "type": "minion", "cost": %s, "attack": 1, "health": 1, "text": "",
		 "clauses": [{"kind": "trigger", "trigger": "battlecry"}, {"kind": "effect", "effect": "damage", "amount": %s, "target": "allMinions"}]}`, cost, amount)
	}
	level := func(width, x string) string {
		return fmt.Sprintf(`{"width": %s, "height": 1, "objects": [{"kind": "baba", "x": %s, "y": 0}]}`, width, x)
	}
	for _, c := range []struct {
		name, kind, json, path, err string
	}{
		{"a cost of 1e400", KindCard, card("1e400", "1"), "/cost",
			"cards/a.json at /cost: 1e400 is more than 2147483647, the largest the engine keeps; use a value of at most 2147483647"},
		{"a cost of 2^53+1", KindCard, card("9007199254740993", "1"), "/cost",
			"cards/a.json at /cost: 9007199254740993 is more than 2147483647, the largest the engine keeps; use a value of at most 2147483647"},
		{"a cost of -1e1000", KindCard, card("-1e1000", "1"), "/cost",
			"cards/a.json at /cost: -1e1000 is less than 0, the least allowed here; use a value of at least 0"},
		{"a cost of 1.0", KindCard, card("1.0", "1"), "/cost",
			"cards/a.json at /cost: 1.0 is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number; write it as 1"},
		{"an amount of 20e-1", KindCard, card("1", "20e-1"), "/clauses/1/amount",
			"cards/a.json at /clauses/1/amount: 20e-1 is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number; write it as 2"},
		{"a width of 1e400", KindLevel, level("1e400", "0"), "/width",
			"levels/a.json at /width: 1e400 is more than 64, the largest allowed here; use a value of at most 64"},
		{"a width of 2^53+1", KindLevel, level("9007199254740993", "0"), "/width",
			"levels/a.json at /width: 9007199254740993 is more than 64, the largest allowed here; use a value of at most 64"},
		{"a width of 0", KindLevel, level("0", "0"), "/width",
			"levels/a.json at /width: 0 is less than 1, the least allowed here; use a value of at least 1"},
		{"a width of 3.0", KindLevel, level("3.0", "0"), "/width",
			"levels/a.json at /width: 3.0 is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number; write it as 3"},
		{"an x of 1e400", KindLevel, level("3", "1e400"), "/objects/0/x",
			"levels/a.json at /objects/0/x: 1e400 is beyond the whole numbers the engine reads, -2147483648 to 2147483647; write a whole number in that range, in digits alone"},
		{"an x of 2^64", KindLevel, level("3", "18446744073709551616"), "/objects/0/x",
			"levels/a.json at /objects/0/x: 18446744073709551616 is beyond the whole numbers the engine reads, -2147483648 to 2147483647; write a whole number in that range, in digits alone"},
		{"an x of 0e999", KindLevel, level("3", "0e999"), "/objects/0/x",
			"levels/a.json at /objects/0/x: 0e999 is written with a decimal point or an exponent, which Go's JSON reader does not read as a whole number; write it as 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var err error
			if c.kind == KindCard {
				_, err = embedded(t).ParseCard("cards/a.json", []byte(c.json))
			} else {
				_, err = embedded(t).ParseLevel("levels/a.json", []byte(c.json))
			}
			var fe *FileError
			require.ErrorAs(t, err, &fe)
			assert.Equal(t, c.path, fe.Path)
			assert.Equal(t, c.err, err.Error())
		})
	}
}

// -0 is 0 to Go's reader as to the schema: nothing to refuse.
func TestLoadersTakeMinusZero(t *testing.T) {
	_, err := embedded(t).ParseLevel("levels/a.json", []byte(`{"width": 3, "height": 1, "objects": [{"kind": "baba", "x": -0, "y": 0}]}`))
	assert.NoError(t, err)
}
