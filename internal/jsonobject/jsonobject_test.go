package jsonobject

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMembersAreAsTheTextGivesThem(t *testing.T) {
	var keys, values []string
	for k, v := range Members([]byte(`{"a": 1, "A": [2], "a": {"b": 3}}`)) {
		keys, values = append(keys, k), append(values, string(v))
	}
	assert.Equal(t, []string{"a", "A", "a"}, keys)
	assert.Equal(t, []string{"1", "[2]", `{"b": 3}`}, values)

	for _, raw := range []string{`[1]`, ``, `"x"`} {
		for range Members([]byte(raw)) {
			t.Errorf("%q has no members", raw)
		}
	}
	var got []string
	for k := range Members([]byte(`{"a": 1, "b": }`)) {
		got = append(got, k)
	}
	assert.Equal(t, []string{"a"}, got, "up to the first member that does not read")
}

func TestFirstDuplicateIsAtAnyDepth(t *testing.T) {
	many := `{`
	for i := range 40 {
		many += fmt.Sprintf(`"k%d": %d, `, i, i)
	}
	many += `"k7": 0}`
	cases := []struct {
		name, raw string
		want      Duplicate
	}{
		{"top level", `{"a": 1, "b": 2, "a": 3}`, Duplicate{"", "a", "a", 1, 17}},
		{"nested", `{"a": {"b": [{"c": 1}, {"d": {"e": 1, "e": 2}}]}}`, Duplicate{"/a/b/1/d", "e", "e", 30, 38}},
		{"in an array's object", `[{"x": 1}, {"x": 1, "y": 2, "x": 3}]`, Duplicate{"/1", "x", "x", 12, 28}},
		{"after a closed object", `{"a": {"x": 1, "y": {"z": [1, 2]}}, "b": [], "a": 2}`, Duplicate{"", "a", "a", 1, 45}},
		{"a key escaped", `{"a/b~c": {"\u0078": 1, "x": 2}}`, Duplicate{"/a~1b~0c", "x", "x", 11, 24}},
		{"many keys", many, Duplicate{"", "k7", "k7", 64, 421}},
		{"up to what does not read", `{"a": 1, "a": 2, ]`, Duplicate{"", "a", "a", 1, 9}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, found := FirstDuplicate([]byte(c.raw))
			require.True(t, found)
			assert.Equal(t, c.want, got)
			assert.Equal(t, byte('"'), c.raw[got.First])
			assert.Equal(t, byte('"'), c.raw[got.Second])
		})
	}
	for _, raw := range []string{
		`{"a": 1, "A": 2, "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}`, // case differs; the same key in other objects
		`{"a": {"x": 1}, "b": {"x": 2}, "c": {"y": 1, "x": 3}}`,      // siblings do not share keys
		`["a", "a", {"a": "a"}]`, `"a"`, `1e999`, ``,
		`{"a": 1 "a": 2}`, `{"a": 1, ] "a": 2}`, // not JSON from there: the caller says so
	} {
		_, found := FirstDuplicate([]byte(raw))
		assert.False(t, found, raw)
	}
}

// Go's reader matches a key to a struct field without regard to case, so
// for a text decoded into a struct, keys that differ only in case are one
// field given twice; bytes.EqualFold's rules, the Kelvin sign and the long
// s among them.
func TestFirstDuplicateFoldedTakesCaseAsGoReadsIt(t *testing.T) {
	cases := []struct {
		name, raw string
		want      Duplicate
	}{
		{"top level", `{"cards": [1], "Cards": []}`, Duplicate{"", "Cards", "cards", 1, 15}},
		{"nested", `{"cards": [{"name": "a", "NAME": "b"}]}`, Duplicate{"/cards/0", "NAME", "name", 12, 25}},
		{"the Kelvin sign", `{"kind": 1, "\u212Aind": 2}`, Duplicate{"", "\u212Aind", "kind", 1, 12}},
		{"the long s", `{"spell": 1, "\u017Fpell": 2}`, Duplicate{"", "\u017Fpell", "spell", 1, 13}},
		{"exact, too", `{"a": 1, "a": 2}`, Duplicate{"", "a", "a", 1, 9}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, found := FirstDuplicateFolded([]byte(c.raw))
			require.True(t, found)
			assert.Equal(t, c.want.Object, got.Object)
			assert.Equal(t, c.want.FirstKey, got.FirstKey)
			assert.True(t, strings.EqualFold(got.Key, got.FirstKey), "%q and %q", got.Key, got.FirstKey)
			assert.Equal(t, c.want.First, got.First)
			assert.Equal(t, c.want.Second, got.Second)
		})
	}
	_, found := FirstDuplicateFolded([]byte(`{"a": 1, "b": 2, "c": {"a": 1}}`))
	assert.False(t, found)
	_, found = FirstDuplicate([]byte(`{"cards": [1], "Cards": []}`))
	assert.False(t, found, "unfolded, case makes two keys")
}

func TestPointerAtNamesTheValueOrKey(t *testing.T) {
	raw := `{"name": "Alpha", "clauses": [{"kind": "effect", "amount": 12}, true], "a/b": null}`
	for _, c := range []struct {
		at   string
		want string
	}{
		{`"Alpha"`, "/name"}, {`pha"`, "/name"}, {`"name"`, "/name"},
		{`"effect"`, "/clauses/0/kind"}, {`12`, "/clauses/0/amount"}, {`true`, "/clauses/1"},
		{`null`, "/a~1b"},
	} {
		got, found := PointerAt([]byte(raw), int64(strings.Index(raw, c.at)))
		assert.True(t, found, c.at)
		assert.Equal(t, c.want, got, c.at)
	}
	for _, at := range []string{`{"kind"`, `, true`, `: null`} {
		_, found := PointerAt([]byte(raw), int64(strings.Index(raw, at)))
		assert.False(t, found, "%q is in no value", at)
	}
	_, found := PointerAt([]byte(`{"a": 1, ]`), 9)
	assert.False(t, found, "past what reads")
}
