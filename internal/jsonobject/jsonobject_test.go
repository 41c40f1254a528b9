package jsonobject

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
